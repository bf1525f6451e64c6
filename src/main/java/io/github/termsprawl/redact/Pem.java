package io.github.termsprawl.redact;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Private key blocks in every layout a transcript holds (docs/redaction.md, "private-key"): multi-line,
 * {@code \n}-escaped in JSON text, on one line with spaces, and cut before the END line by a truncated
 * tool output (then up to the end of the base64 body). A block whose body is a placeholder stays.
 */
final class Pem {
    private Pem() {}

    private static final Pattern BEGIN = Pattern.compile("-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----");
    private static final Pattern END = Pattern.compile("-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----");
    private static final int MAX = 1 << 15;

    static int detect(Scan scan, int at, Rule rule) {
        String text = scan.text;
        Matcher begin = BEGIN.matcher(text).region(at, Math.min(text.length(), at + 140));
        if (!begin.lookingAt()) {
            return -1;
        }
        int body = begin.end();
        int limit = Math.min(text.length(), body + MAX);
        int i = body;
        while (i < limit && (bodyChar(text.charAt(i)) || (text.charAt(i) == '-' && !text.startsWith("-----", i)))) {
            i++;
        }
        int end;
        if (text.startsWith("-----END", i)) {
            Matcher m = END.matcher(text).region(i, Math.min(text.length(), i + 140));
            end = m.lookingAt() ? m.end() : i;
        } else {
            end = cut(text, body, i);
        }
        String content = base64(text, body, end);
        if (content.length() < 24 || Entropy.bits(content) < 3.5 || placeholderBody(text, body, end)) {
            return end;
        }
        scan.add(at, end, rule.kind, rule.index);
        return end;
    }

    /** Base64, header lines ({@code Proc-Type: 4,ENCRYPTED}), whitespace and JSON escapes of line ends. */
    private static boolean bodyChar(char c) {
        return (c >= 'A' && c <= 'Z')
                || (c >= 'a' && c <= 'z')
                || (c >= '0' && c <= '9')
                || "+/= \t\r\n\\:,".indexOf(c) >= 0;
    }

    /**
     * A block cut before its END line: the body runs while its lines look like base64 lines (16 or more
     * characters, or a short last one ending in {@code =}); a short word after it is text, not key.
     */
    private static int cut(String text, int from, int to) {
        int end = from;
        int i = from;
        while (i < to) {
            while (i < to && separator(text, i)) {
                i += text.charAt(i) == '\\' ? 2 : 1;
            }
            int start = i;
            while (i < to && !separator(text, i)) {
                i++;
            }
            int length = i - start;
            if (length == 0) {
                break;
            }
            boolean header = text.substring(start, i).indexOf(':') >= 0
                    || text.substring(start, i).indexOf(',') >= 0;
            int next = i;
            while (next < to && separator(text, next)) {
                next += text.charAt(next) == '\\' ? 2 : 1;
            }
            if (length >= 16 || header || text.charAt(i - 1) == '=' || end == from || next >= to) {
                end = i;
            } else {
                break;
            }
        }
        return end;
    }

    private static boolean separator(String text, int i) {
        char c = text.charAt(i);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            return true;
        }
        return c == '\\' && i + 1 < text.length() && "nrt\\".indexOf(text.charAt(i + 1)) >= 0;
    }

    /** The base64 characters of the body, without escapes of line ends. */
    private static String base64(String text, int from, int to) {
        StringBuilder b = new StringBuilder(to - from);
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                while (i + 1 < to && text.charAt(i + 1) == '\\') {
                    i++;
                }
                if (i + 1 < to && "nrt".indexOf(text.charAt(i + 1)) >= 0) {
                    i++;
                }
                continue;
            }
            if (Character.isLetterOrDigit(c) || c == '+' || c == '/') {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static final String[] PLACEHOLDER_WORDS =
            ("xxxxx yourprivatekey yourkey privatekeyhere keyhere placeholder redacted example insert").split(" ");

    private static boolean placeholderBody(String text, int from, int to) {
        String body = base64(text, from, to).toLowerCase(java.util.Locale.ROOT);
        for (String w : PLACEHOLDER_WORDS) {
            if (body.contains(w)) {
                return true;
            }
        }
        return false;
    }
}
