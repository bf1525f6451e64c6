package io.github.termsprawl.redact;

import java.util.Locale;
import java.util.Set;

/**
 * What stands for a secret without being one, as the scanners' allowlists keep it (docs/redaction.md,
 * "Allowlist"): the vendors' published sample keys, masked or templated values, placeholder words.
 */
final class Placeholders {
    private Placeholders() {}

    static final String MARKER = "[redacted:";

    /** Google's documented sample keys (Firebase SDK samples), which scanners allow by name. */
    private static final Set<String> SAMPLE_KEYS =
            Set.of(("AIzaSyabcdefghijklmnopqrstuvwxyz1234567 AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs"
                            + " AIzaSyCkEhVjf3pduRDt6d1yKOMitrUEke8agEM AIzaSyDMAScliyLx7F0NPDEJi1QmyCgHIAODrlU"
                            + " AIzaSyD3asb-2pEZVqMkmL6M9N6nHZRR_znhrh0 AIzayDNSXIbFmlXbIE6mCzDLQAqITYefhixbX4A"
                            + " AIzaSyAdOS2zB6NCsk1pCdZ4-P6GBdi_UUPwX7c AIzaSyASWm6HmTMdYWpgMnjRBjxcQ9CKctWmLd4"
                            + " AIzaSyANUvH9H9BsUccjsu2pCmEkOPjjaXeDQgY AIzaSyA5_iVawFQ8ABuTZNUdcwERLJv_a_p4wtM"
                            + " AIzaSyA4UrcGxgwQFTfaI3no3t7Lt1sjmdnP5sQ AIzaSyDSb51JiIcB6OJpwwMicseKRhhrOq1cS7g"
                            + " AIzaSyBF2RrAIm4a0mO64EShQfqfd2AFnzAvvuU AIzaSyBcE-OOIbhjyR83gm4r2MFCu4MJmprNXsw"
                            + " AIzaSyB8qGxt4ec15vitgn44duC5ucxaOi4FmqE AIzaSyA8vmApnrHNFE0bApF4hoZ11srVL_n0nvY")
                    .split(" "));

    private static final String[] MASK_WORDS =
            ("example your_ your- yourtoken yourkey yoursecret _here -here placeholder redacted dummy"
                            + " sample changeme replace_me replaceme insert_ put_your 1234567890abcdef ... … < > {{ }}"
                            + " ${")
                    .split(" ");

    /** A vendor-format token that is a documented sample or a masked one ({@code hf_xxxx…}). */
    static boolean maskedToken(String token) {
        if (SAMPLE_KEYS.contains(token)) {
            return true;
        }
        if (letterRun(token) >= 6) {
            return true;
        }
        if (token.contains("xxxx") || token.contains("XXXX") || sequence(token)) {
            return true;
        }
        String t = token.toLowerCase(Locale.ROOT);
        for (String w : MASK_WORDS) {
            if (t.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /** The longest run of one repeated character that is not a digit (ids inside tokens repeat digits). */
    private static int letterRun(String s) {
        int best = 0;
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            run = Character.isDigit(c) ? 0 : i > 0 && c == s.charAt(i - 1) ? run + 1 : 1;
            best = Math.max(best, run);
        }
        return best;
    }

    /** Six lower case letters in alphabet order ({@code klmnop}): typed, not random. */
    static boolean sequence(String s) {
        int letters = 1;
        for (int i = 1; i < s.length(); i++) {
            char a = s.charAt(i - 1);
            char b = s.charAt(i);
            boolean next = b == a + 1;
            letters = next && b >= 'a' && b <= 'z' && a >= 'a' ? letters + 1 : 1;
            if (letters >= 6) {
                return true;
            }
        }
        return false;
    }

    private static final Set<String> WORDS =
            Set.of(("change_me change-me changeit changethis dummy fake none null nil undefined true false"
                            + " todo tbd redacted secret secrets password passwd pass pwd pw token api_key apikey"
                            + " api-key key test testing username user admin root default empty hidden masked required"
                            + " optional string str value foo bar baz foobar qwerty letmein mypassword mysecret mytoken"
                            + " yourpassword secret123 password123 password1 p@ssw0rd pa55word s3cr3t xxx abc123 123456"
                            + " 12345678 bearer basic env auto inherit sensitive **** <redacted> na n/a tbc")
                    .split(" "));

    /**
     * A value that only stands for a secret: empty, a reference ({@code $X}, {@code ${X}}, {@code %X%},
     * {@code <...>}, <code>{{...}}</code>), elided ({@code sk-...}), masked ({@code ****}), one character
     * repeated, all capitals and underscores ({@code YOUR_TOKEN}), a placeholder word, or a redaction.
     */
    static boolean placeholder(String value) {
        if (value.isEmpty()) {
            return true;
        }
        char first = value.charAt(0);
        if (SAMPLE_KEYS.contains(value)
                || "$<{[".indexOf(first) >= 0
                || (first == '%' && value.endsWith("%"))
                || value.startsWith(MARKER)
                || value.contains("...")
                || value.contains("…")) {
            return true;
        }
        if (value.contains("${") || value.contains("{{") || value.contains("$(") || value.contains("[redacted")) {
            return true;
        }
        if (Entropy.longestRun(value) == value.length() || constantName(value)) {
            return true;
        }
        if (value.length() >= 8 && Entropy.longestRun(value) >= Math.min(8, Math.max(5, value.length() / 2))) {
            return true;
        }
        String v = value.toLowerCase(Locale.ROOT);
        return WORDS.contains(v)
                || v.startsWith("your")
                || v.startsWith("replace")
                || v.startsWith("insert")
                || v.startsWith("enter")
                || v.startsWith("my-")
                || v.startsWith("my_")
                || v.endsWith("_here")
                || v.endsWith("-here")
                || v.contains("example")
                || v.contains("placeholder")
                || v.contains("redacted")
                || v.contains("changeme")
                || v.contains("xxxx")
                || v.contains("dummy")
                || v.contains("<your")
                || v.contains("your_")
                || v.contains("your-");
    }

    /** Upper case letters, digits and underscores only, with an underscore: a name ({@code YOUR_TOKEN}), not a value. */
    private static boolean constantName(String value) {
        boolean letter = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                letter = true;
            } else if (c != '_' && !(c >= '0' && c <= '9' && i > 0)) {
                return false;
            }
        }
        return letter && (value.indexOf('_') > 0 || value.length() <= 12);
    }
}
