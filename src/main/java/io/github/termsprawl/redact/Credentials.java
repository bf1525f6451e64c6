package io.github.termsprawl.redact;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Credentials with a fixed place rather than a fixed shape (docs/redaction.md): the password of a URL
 * ({@code postgres://user:pw@host}), the value of an {@code Authorization} header ({@code Basic},
 * {@code Bearer}, {@code token}, …), the password of {@code curl -u user:pw}, and of {@code mysql -pPW} /
 * {@code sshpass -p PW}. The user name, the scheme and the header name stay.
 */
final class Credentials {
    private Credentials() {}

    /** {@code scheme://user:password@host}: the password goes. */
    static int url(Scan scan, int at, Rule rule) {
        String text = scan.text;
        int s = at - 1;
        while (s >= 0 && (Character.isLetterOrDigit(text.charAt(s)) || "+.-".indexOf(text.charAt(s)) >= 0)) {
            s--;
        }
        if (s == at - 1) {
            return -1;
        }
        int from = at + 3;
        int stop = Math.min(text.length(), from + 512);
        int colon = -1;
        int atSign = -1;
        int i = from;
        for (; i < stop; i++) {
            char c = text.charAt(i);
            if (c == '/'
                    || c == '"'
                    || c == '\''
                    || c == '`'
                    || c == '<'
                    || c == '>'
                    || c == '\\'
                    || Character.isWhitespace(c)) {
                break;
            }
            if (c == ':' && colon < 0) {
                colon = i;
            } else if (c == '@') {
                atSign = i;
            }
        }
        if (colon < 0 || atSign < colon || atSign + 1 >= text.length() || !hostStart(text.charAt(atSign + 1))) {
            return colon < 0 ? i : -1;
        }
        String user = text.substring(from, colon);
        String password = text.substring(colon + 1, atSign);
        if (password.isEmpty()
                || Placeholders.placeholder(password)
                || Placeholders.placeholder(user + ":" + password)
                || password.startsWith("[")
                || password.startsWith("%7B")
                || password.startsWith("{")) {
            return atSign;
        }
        scan.add(colon + 1, atSign, rule.kind, rule.index);
        return atSign;
    }

    private static boolean hostStart(char c) {
        return Character.isLetterOrDigit(c) || c == '[' || c == '_';
    }

    private static final String[] SCHEMES =
            ("basic bearer token api-token apikey bot jwt oauth digest sso-key key splunk"
                            + " klaviyo-api-key ssws aws4-hmac-sha256")
                    .split(" ");

    /** {@code Authorization: <scheme> <credentials>} (also quoted, as JSON, or escaped): the credentials go. */
    static int authorization(Scan scan, int at, Rule rule) {
        String text = scan.text;
        int i = at + "authorization".length();
        int stop = Math.min(text.length(), i + 24);
        // the separator: quotes, escapes, spaces, then ':' or '=' (or '",' of a header list), then the same again
        int sep = -1;
        while (i < stop) {
            char c = text.charAt(i);
            if (c == ':' || c == '=' || c == ',') {
                if (sep >= 0) {
                    break;
                }
                sep = i;
            } else if (!(c == '"' || c == '\'' || c == '\\' || c == ' ' || c == '\t' || c == '`')) {
                break;
            }
            i++;
        }
        if (sep < 0) {
            return -1;
        }
        if (i + 1 < text.length()
                && text.charAt(i) == 'f'
                && (text.charAt(i + 1) == '"' || text.charAt(i + 1) == '\'')) {
            return -1; // a Python f-string: a template, not a value
        }
        String scheme = null;
        for (String s : SCHEMES) {
            if (text.regionMatches(true, i, s, 0, s.length())
                    && i + s.length() < text.length()
                    && text.charAt(i + s.length()) == ' ') {
                scheme = s;
                break;
            }
        }
        int start = i;
        if (scheme != null) {
            start = i + scheme.length();
            while (start < text.length() && text.charAt(start) == ' ') {
                start++;
            }
        }
        int end = credentialEnd(text, start);
        String value = text.substring(start, end);
        if (end - start < (scheme == null ? 16 : 4) || Placeholders.placeholder(value) || templated(value)) {
            return end;
        }
        if ("basic".equals(scheme)) {
            if (decodable(value) ? basicPair(value) : Entropy.bits(value) >= 3) {
                scan.add(start, end, "basic-auth", rule.index);
            }
        } else if (scheme != null || Entropy.bits(value) >= 3) {
            scan.add(start, end, rule.kind, rule.index);
        }
        return end;
    }

    /** {@code Bearer <token>} outside an Authorization header: a long random token only. */
    static int bearer(Scan scan, int at, Rule rule) {
        String text = scan.text;
        int start = at + "bearer".length();
        if (start >= text.length() || text.charAt(start) != ' ' || !KeywordScan.wordStart(text, at)) {
            return -1;
        }
        while (start < text.length() && text.charAt(start) == ' ') {
            start++;
        }
        int end = credentialEnd(text, start);
        String value = text.substring(start, end);
        if (value.length() < 20
                || Entropy.bits(value) < 3.5
                || ((Entropy.mask(value) & 4) == 0 && (Entropy.mask(value) & 3) != 3)
                || Placeholders.placeholder(value)
                || Placeholders.maskedToken(value)) {
            return end;
        }
        scan.add(start, end, rule.kind, rule.index);
        return end;
    }

    private static boolean templated(String value) {
        return value.startsWith("{") || value.startsWith("$") || value.startsWith("%") || value.startsWith("+");
    }

    private static int credentialEnd(String text, int start) {
        int end = start;
        int stop = Math.min(text.length(), start + 4096);
        while (end < stop) {
            char c = text.charAt(end);
            if (Character.isLetterOrDigit(c) || "._~+/=-:@".indexOf(c) >= 0) {
                end++;
            } else {
                break;
            }
        }
        while (end > start && (text.charAt(end - 1) == '.' || text.charAt(end - 1) == ':')) {
            end--;
        }
        return end;
    }

    private static boolean decodable(String value) {
        try {
            Base64.getDecoder().decode(value);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Whether a {@code Basic} value decodes to {@code user:password}. */
    static boolean basicPair(String value) {
        try {
            String s = new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8);
            int colon = s.indexOf(':');
            return colon >= 0 && colon < s.length() - 1;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** {@code curl … -u user:pw} or {@code --user user:pw} on the command's line (or its continuations). */
    static int curl(Scan scan, int at, Rule rule) {
        String text = scan.text;
        int stop = commandEnd(text, at);
        for (int i = at + 4; i < stop; i++) {
            char c = text.charAt(i);
            if (c != '-' || (text.charAt(i - 1) != ' ' && text.charAt(i - 1) != '\t')) {
                continue;
            }
            int v;
            if (text.startsWith("-u", i) && i + 2 < stop && " \t'\"".indexOf(text.charAt(i + 2)) >= 0) {
                v = i + 2;
            } else if (text.startsWith("--user", i) && i + 6 < stop && " \t=".indexOf(text.charAt(i + 6)) >= 0) {
                v = i + 6;
            } else {
                continue;
            }
            while (v < stop && (text.charAt(v) == ' ' || text.charAt(v) == '=' || text.charAt(v) == '\t')) {
                v++;
            }
            int end = v;
            boolean quoted = false;
            while (end < stop) {
                char d = text.charAt(end);
                if (d == '"' || d == '\'') {
                    if (!quoted && text.indexOf(d, end + 1) < 0 || !quoted && text.indexOf(d, end + 1) >= stop) {
                        break; // a quote that closes nothing here: the end of a JSON string around the command
                    }
                    quoted = !quoted;
                } else if (d == '\\'
                        && end + 1 < stop
                        && (text.charAt(end + 1) == '"' || text.charAt(end + 1) == '\'')) {
                    quoted = !quoted;
                    end++;
                } else if (!quoted && (d == ' ' || d == '\t' || d == '\\')) {
                    break;
                }
                end++;
            }
            int colon = text.indexOf(':', v);
            if (colon < 0 || colon >= end) {
                return end;
            }
            int us = trimStart(text, v, colon);
            int ue = trimEnd(text, us, colon);
            int ps = trimStart(text, colon + 1, end);
            int pe = trimEnd(text, ps, end);
            String user = text.substring(us, ue);
            String password = text.substring(ps, pe);
            if (password.isEmpty() && user.length() >= 8 && ValueShape.secretLike(user, true)) {
                scan.add(us, ue, "basic-auth", rule.index); // -u "token:": the user name is the secret
                return end;
            }
            if (password.length() < 3
                    || Placeholders.placeholder(password)
                    || password.startsWith("$")
                    || Placeholders.placeholder(user) && user.startsWith("$")
                    || user.contains("{")
                    || Placeholders.placeholder(user + "-" + password)) {
                return end;
            }
            scan.add(ps, pe, "basic-auth", rule.index);
            return end;
        }
        return stop;
    }

    private static int trimStart(String text, int from, int to) {
        while (from < to && "\"'\\".indexOf(text.charAt(from)) >= 0) {
            from++;
        }
        return from;
    }

    private static int trimEnd(String text, int from, int to) {
        while (to > from && "\"'\\".indexOf(text.charAt(to - 1)) >= 0) {
            to--;
        }
        return to;
    }

    /** {@code mysql … -pPASSWORD}, {@code sshpass -p PASSWORD}: the password goes. */
    static int mysql(Scan scan, int at, Rule rule) {
        String text = scan.text;
        boolean sshpass = text.regionMatches(true, at, "sshpass", 0, 7);
        int stop = commandEnd(text, at);
        for (int i = at + 5; i + 2 < stop; i++) {
            if (text.charAt(i) != '-' || text.charAt(i + 1) != 'p' || text.charAt(i - 1) != ' ') {
                continue;
            }
            int v = i + 2;
            if (sshpass) {
                if (text.charAt(v) != ' ') {
                    continue;
                }
                while (v < stop && text.charAt(v) == ' ') {
                    v++;
                }
            }
            int end = v;
            boolean quoted = v < stop && (text.charAt(v) == '\'' || text.charAt(v) == '"');
            if (quoted) {
                char q = text.charAt(v);
                v++;
                end = text.indexOf(q, v);
                if (end < 0 || end > stop) {
                    return stop;
                }
            } else {
                while (end < stop && " \t\\;&|".indexOf(text.charAt(end)) < 0) {
                    end++;
                }
            }
            String password = text.substring(v, end);
            if (password.length() >= 3 && !Placeholders.placeholder(password) && !password.contains("$")) {
                scan.add(v, end, "secret-assignment", rule.index);
            }
            return end;
        }
        return stop;
    }

    /** The end of a command line: a newline (plain or escaped) not continued by a backslash, at most 2000 chars. */
    private static int commandEnd(String text, int at) {
        int stop = Math.min(text.length(), at + 2000);
        for (int i = at; i < stop; i++) {
            char c = text.charAt(i);
            if (c == '\n' && !(i > 0 && text.charAt(i - 1) == '\\')) {
                return i;
            }
            if (c == '\\' && i + 1 < stop && text.charAt(i + 1) == 'n') {
                // JSON text: "\\\n" is a continued line, "\n" its end
                if (!(i >= 2 && text.charAt(i - 1) == '\\' && text.charAt(i - 2) == '\\')) {
                    return i;
                }
            }
        }
        return stop;
    }
}
