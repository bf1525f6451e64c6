package io.github.termsprawl.redact;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether the name of an assignment says it holds a secret, and which kind (docs/redaction.md,
 * "Assignments"): a secret word (password, passwd, pwd, secret, token, credentials, auth, an api/access/
 * private/client… key) ends the name or is followed only by words such as {@code _value}, {@code _prod};
 * words that make it a count, a name, a path or a flag ({@code max_tokens}, {@code token_type},
 * {@code password_file}, {@code use_token}) keep it out. A vendor's name in it names the kind.
 */
final class SecretNames {
    private SecretNames() {}

    private static final String[] STRONG =
            ("password passwd passphrase secret token apikey accesskey secretkey privatekey"
                            + " credentials credential")
                    .split(" ");

    private static final Set<String> EXACT =
            Set.of("pass", "pwd", "pw", "auth", "creds", "contrasena", "passwort", "secrete");

    private static final Set<String> KEY_QUALIFIERS =
            Set.of(("api access secret private priv client auth service account db database encryption"
                            + " encrypt signing sign master license licence app consumer session webhook subscription"
                            + " admin sas shared storage hmac jwt deploy integration server write read ingest ingestion"
                            + " management developer dev prod live test user cipher aes crypto openai anthropic x mgmt"
                            + " ibm iam cloud")
                    .split(" "));

    private static final Set<String> DENY =
            Set.of(("tokens tokenizer type name names url uri path file filename dir count length len size"
                            + " limit limits max min num expiry expires expire expiration exp ttl timeout endpoint"
                            + " header prefix suffix format policy hash hashed digest field label hint required require"
                            + " enabled enable disabled mode provider strategy usage id ids index idx position pos kind"
                            + " ref var variable regex pattern placeholder example template input output budget"
                            + " estimate estimated total counter rotation lifetime version algorithm alg scope scopes"
                            + " audience issuer location store manager helper generator validator strength rule rules"
                            + " cost price rate source is has use should show hide toggle bos eos pad unk sep cls mask"
                            + " special stop vocab embedding page cursor next prev last first refresh_interval interval"
                            + " error errors description desc title help doc docs prompt schema validation visible"
                            + " visibility icon button input_tokens cache cached list map arn env_var envvar command"
                            + " cmd script key_id keyid fingerprint bits salt rounds iterations timestamp time date at"
                            + " created updated expired valid invalid missing check verify verified public pub csrf"
                            + " xsrf link sizes uploaded upload tag summary stats info authenticity fake dummy mock"
                            + " mocked wrong bad nonmatching non jsonwebtoken sample")
                    .split(" "));

    /** The kind for a secret held by this name, or null when the name does not say "secret". */
    static String kind(String rawName) {
        String suffix = suffix(rawName);
        if (suffix == null) {
            return null;
        }
        String lower = rawName.toLowerCase(Locale.ROOT);
        if (lower.startsWith("x-") && rawName.indexOf('-', 2) > 0) {
            return "api-key-header";
        }
        String vendor = Vendors.of(lower);
        return vendor == null ? "secret-assignment" : vendor + "-" + suffix;
    }

    /** The kind's suffix ({@code password}, {@code token}, …) when the name says "secret", else null. */
    /** A name's judgement, kept: a transcript repeats its names (keys, tokens, authors) hundreds of times. */
    private static final java.util.Map<String, String> JUDGED = new java.util.concurrent.ConcurrentHashMap<>();

    private static final String NONE = "";

    private static final int JUDGED_MAX = 4096;

    static String suffix(String rawName) {
        String known = JUDGED.get(rawName);
        if (known != null) {
            return known == NONE ? null : known;
        }
        String judged = judge(rawName);
        if (JUDGED.size() < JUDGED_MAX) { // bounded: memory never grows with the text
            JUDGED.put(rawName, judged == null ? NONE : judged);
        }
        return judged;
    }

    private static String judge(String rawName) {
        List<String> words = words(rawName);
        int secret = -1;
        String suffix = null;
        for (int j = 0; j < words.size(); j++) {
            String w = words.get(j);
            if (DENY.contains(w)) {
                return null;
            }
            String s = secretWord(w, j > 0 ? words.get(j - 1) : null);
            if (s != null) {
                secret = j;
                suffix = s;
            }
        }
        if (secret < 0) {
            return null;
        }
        if (words.size() - secret > 5) {
            return null; // the secret word is far from the end: a phrase, not a name
        }
        return suffix;
    }

    /** The kind's suffix if the word is a secret word here ({@code key} only after a qualifier), else null. */
    private static String secretWord(String w, String previous) {
        if (EXACT.contains(w) && !(w.equals("pass") && previous == null)) {
            return switch (w) {
                case "auth" -> "token";
                case "creds" -> "credentials";
                case "secrete" -> "secret";
                default -> "password";
            };
        }
        for (String s : STRONG) {
            if (w.endsWith(s)) {
                return suffixOf(s);
            }
        }
        if (w.endsWith("pwd") && w.length() > 3) {
            return "password";
        }
        if (w.equals("key")
                && previous != null
                && (KEY_QUALIFIERS.contains(previous) || Vendors.of(previous) != null)) {
            return previous.equals("secret") ? "secret" : "api-key";
        }
        return null;
    }

    private static String suffixOf(String s) {
        return switch (s) {
            case "password", "passwd", "passphrase" -> "password";
            case "secret", "secretkey" -> "secret";
            case "token" -> "token";
            case "credentials", "credential" -> "credentials";
            default -> "api-key";
        };
    }

    /** The name's words in lower case: split at {@code _ - . $ @}, at lower-to-upper case changes. */
    static List<String> words(String name) {
        List<String> out = new ArrayList<>(6);
        StringBuilder w = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                flush(out, w);
                continue;
            }
            if (Character.isUpperCase(c) && i > 0 && Character.isLowerCase(name.charAt(i - 1))) {
                flush(out, w);
            }
            w.append(Character.toLowerCase(c));
        }
        flush(out, w);
        return out;
    }

    private static void flush(List<String> out, StringBuilder w) {
        int end = w.length();
        while (end > 1 && Character.isDigit(w.charAt(end - 1))) {
            end--; // token2, password1: the number is not part of the word
        }
        w.setLength(end);
        if (w.length() > 0) {
            out.add(w.toString());
            w.setLength(0);
        }
    }
}
