package io.github.termsprawl.redact;

/**
 * Whether the value of a named assignment looks like a secret rather than code, a path, a number or a
 * word (docs/redaction.md, "Assignments"). The name has already said "secret"; this is the shape test.
 */
final class ValueShape {
    private ValueShape() {}

    /**
     * @param value the value, without its quotes
     * @param quoted whether it was quoted (an unquoted value followed by code has been refused before)
     */
    static boolean secretLike(String value, boolean quoted) {
        int n = value.length();
        if (n < 4 || n > 1000 || Placeholders.placeholder(value)) {
            return false;
        }
        if (notASecret(value) || (!quoted && dotted(value)) || yamlTag(value)) {
            return false;
        }
        int mask = Entropy.mask(value);
        int classes = Integer.bitCount(mask);
        if (mask == Entropy.DIGIT) {
            return n >= 6 && Entropy.bits(value) >= (n >= 14 ? 2.2 : 2.5) && (n <= 10 || n >= 14);
        }
        if (randomLetters(value)) {
            return true;
        }
        if (words(value) || camelWords(value) || identifier(value)) {
            return false;
        }
        if (!quoted && (mask & (Entropy.DIGIT | Entropy.OTHER)) == 0 && n < 16) {
            return false; // an identifier in code, such as isLiteLLM
        }
        if (n >= 6 && classes >= 2) {
            return true;
        }
        if (classes >= 3) {
            return true;
        }
        // one case of letters only: random only when long and varied
        return n >= 16 && Entropy.bits(value) >= 3.5;
    }

    /** Code, paths, URLs, hashes of lockfiles, numbers with units, versions: never a secret value. */
    static boolean notASecret(String v) {
        char first = v.charAt(0);
        if (first == '/' || first == '~' || first == '.' || first == '@' || first == '&') {
            return true;
        }
        if (v.length() > 2 && v.charAt(1) == ':' && (v.charAt(2) == '\\' || v.charAt(2) == '/')) {
            return true; // C:\ or C:/
        }
        if (v.contains("://")
                || v.startsWith("sha512-")
                || v.startsWith("sha384-")
                || v.startsWith("sha256-")
                || v.startsWith("sha1-")) {
            return true;
        }
        if (v.startsWith("data:")
                || v.startsWith("file:")
                || v.startsWith("env:")
                || v.startsWith("vault:")
                || v.startsWith("secret:")
                || v.startsWith("op://")
                || v.startsWith("arn:")) {
            return true;
        }
        if (v.indexOf('(') >= 0 && v.indexOf(')') > v.indexOf('(')) {
            return true;
        }
        return version(v) || timeUuid(v);
    }

    /**
     * A version 1 UUID ({@code 6ba7b810-9dad-11d1-…}) of a time since 1990: a time and a node's address, made to be
     * unique, not to be guessed; a token that is a UUID is a random one (version 4).
     */
    private static boolean timeUuid(String v) {
        if (v.length() != 36 || v.charAt(14) != '1' || "89abAB".indexOf(v.charAt(19)) < 0) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = v.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            if (dash != (c == '-') || (!dash && Character.digit(c, 16) < 0)) {
                return false;
            }
        }
        // its time, in 100 ns since 1582-10-15, falls in the years UUIDs are made: random hex seldom does
        long time = Long.parseLong(v.substring(15, 18), 16) << 48
                | Long.parseLong(v.substring(9, 13), 16) << 32
                | Long.parseLong(v.substring(0, 8), 16);
        double year = 1582.79 + time / 315_569_520_000_000.0;
        return year >= 1990 && year < 2100;
    }

    /** {@code !Ref Name}, {@code !!str}: a YAML tag, not a value. */
    private static boolean yamlTag(String v) {
        if (v.charAt(0) != '!') {
            return false;
        }
        for (int i = 1; i < v.length(); i++) {
            char c = v.charAt(i);
            if (!(Character.isLetter(c) || c == '!')) {
                return false;
            }
        }
        return true;
    }

    /** {@code settings.SECRET_KEY}, {@code process.env.TOKEN}: a reference in code (letters in every part). */
    private static boolean dotted(String v) {
        int dots = 0;
        boolean start = true;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '.') {
                if (start) {
                    return false;
                }
                dots++;
                start = true;
            } else if (start) {
                if (!(Character.isLetter(c) || c == '_' || c == '$')) {
                    return false;
                }
                start = false;
            } else if (!(Character.isLetter(c) || c == '_' || c == '$')) {
                return false;
            }
        }
        return dots > 0 && !start;
    }

    /** {@code 1.2.3}, {@code v2.0.1-beta}. */
    private static boolean version(String v) {
        int i = v.charAt(0) == 'v' ? 1 : 0;
        int digits = 0;
        int dots = 0;
        for (; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == '.') {
                dots++;
            } else {
                break;
            }
        }
        return dots >= 1 && digits >= 2 && i >= v.length() - 8 && dots + digits == i - (v.charAt(0) == 'v' ? 1 : 0);
    }

    /** Lower case words joined by {@code -}, {@code _}, {@code .} or spaces: a name or a phrase, not a secret. */
    private static boolean words(String v) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (!((c >= 'a' && c <= 'z') || c == '-' || c == '_' || c == ' ' || c == '.')) {
                return false;
            }
        }
        return true;
    }

    /**
     * Lower case letters only, long, varied and poor in vowels: random, not a word (words have about 40%
     * vowels, random letters about 20%).
     */
    private static boolean randomLetters(String v) {
        if (v.length() < 12) {
            return false;
        }
        int vowels = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < 'a' || c > 'z') {
                return false;
            }
            if ("aeiou".indexOf(c) >= 0) {
                vowels++;
            }
        }
        return vowels * 10 < v.length() * 3 && Entropy.bits(v) >= 3;
    }

    /**
     * A name in code: two or more words in camel or snake case, joined by {@code _} or a capital
     * ({@code TestEnsureAuthForService_NoHelperIsNoOp}, {@code refresh_access_token_v2}, {@code readUInt16},
     * {@code DELETED_runMode}). Each word is letters with a vowel, or an odd one: an acronym ({@code ID}, up to
     * five capitals; a capital word between underscores is a word), an abbreviation of up to three letters
     * without a vowel ({@code Msg}), one letter; one word in three at most is odd, and a lower case abbreviation of
     * two or three letters that starts a camel case name ({@code rgbTo256}, {@code msgCount}) is not counted, nor
     * are its letters in the share of vowels. Digits: one run of up to four, at a word's end. A test, class or
     * method named in an agent's prose is not a secret value (docs/redaction.md, "Assignments"); random characters
     * fail at a long word without a vowel, a word glued after digits, digits in two places, many odd words, or
     * fewer vowels than one letter in four.
     */
    static boolean identifier(String v) {
        int n = v.length();
        int words = 0;
        int letters = 0;
        int odd = 0;
        int digitRuns = 0;
        int abbreviation = 0;
        boolean separated = false;
        int i = 0;
        while (i < n) {
            char c = v.charAt(i);
            if (c == '_') {
                i++;
                continue;
            }
            int start = i;
            if (start > 0 && lower(c) && v.charAt(start - 1) != '_') {
                return false; // a lower case word right after digits: random, not a name
            }
            separated |= words > 0 && (upper(c) || v.charAt(i - 1) == '_');
            if (upper(c)) {
                int caps = i;
                while (caps < n && upper(v.charAt(caps))) {
                    caps++;
                }
                if (caps - start == 1) {
                    i = caps;
                    while (i < n && lower(v.charAt(i))) {
                        i++;
                    }
                } else if (caps < n && lower(v.charAt(caps))) {
                    i = caps - 1; // an acronym ends before the capital that starts the next word: HTTPClient, OAuth
                } else {
                    i = caps;
                }
            } else if (lower(c)) {
                while (i < n && lower(v.charAt(i))) {
                    i++;
                }
            } else if (!(c >= '0' && c <= '9' && start > 0 && v.charAt(start - 1) == '_')) {
                return false;
            }
            int lettersEnd = i;
            while (i < n && v.charAt(i) >= '0' && v.charAt(i) <= '9') {
                i++;
            }
            int kind = word(v, start, lettersEnd);
            if (i > lettersEnd && (i - lettersEnd > 4 || ++digitRuns > 1)) {
                return false;
            }
            if (lettersEnd - start > 15 || kind < 0) {
                return false;
            }
            if (start == 0
                    && kind == 1
                    && lettersEnd >= 2
                    && lower(c)
                    && lettersEnd == i
                    && i < n
                    && upper(v.charAt(i))) {
                abbreviation = lettersEnd; // rgbTo256, msgCount: a lower case abbreviation that starts a camel name
            } else {
                odd += kind;
            }
            words++;
            letters += lettersEnd - start;
        }
        return separated
                && letters >= 5
                && letters * 2 >= words * 5
                && odd * 3 <= words
                && (vowels(v) - vowels(v.substring(0, abbreviation))) * 4 >= letters - abbreviation;
    }

    /** 0 for a word, 1 for an odd one (an acronym, an abbreviation, one letter), -1 for neither. */
    private static int word(String v, int start, int end) {
        if (end - start <= 1) {
            return end == start ? 0 : 1; // digits after a _, or one letter (_v2)
        }
        boolean vowel = false;
        for (int i = start; i < end; i++) {
            vowel |= "aeiouyAEIOUY".indexOf(v.charAt(i)) >= 0;
        }
        if (upper(v.charAt(end - 1))) {
            // all capitals: a short acronym, or a word standing alone between underscores (DELETED_)
            boolean alone = (start == 0 || v.charAt(start - 1) == '_') && (end == v.length() || v.charAt(end) == '_');
            return alone && vowel ? 0 : end - start <= 5 ? 1 : -1;
        }
        return vowel ? 0 : end - start <= 3 ? 1 : -1;
    }

    private static boolean upper(char c) {
        return c >= 'A' && c <= 'Z';
    }

    private static boolean lower(char c) {
        return c >= 'a' && c <= 'z';
    }

    /** How many of a, e, i, o, u (any case) the value has: words have two in five letters, random ones one in five. */
    private static int vowels(String v) {
        int count = 0;
        for (int i = 0; i < v.length(); i++) {
            count += "aeiouAEIOU".indexOf(v.charAt(i)) >= 0 ? 1 : 0;
        }
        return count;
    }

    /** {@code SecretName}, {@code getToken}: words in camel case. */
    private static boolean camelWords(String v) {
        int upper = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                if (i > 0 && Character.isUpperCase(v.charAt(i - 1))) {
                    return false;
                }
                upper++;
            } else if (!(c >= 'a' && c <= 'z')) {
                return false;
            }
        }
        return upper <= Math.max(1, v.length() / 4);
    }
}
