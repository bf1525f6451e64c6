package io.github.termsprawl.redact;

/**
 * A value given to a name that says "secret", in every shape a transcript holds (docs/redaction.md,
 * "Assignments"): {@code NAME=value}, {@code name = "value"}, YAML {@code name: value}, JSON
 * {@code "name": "value"}, {@code name := "v"} (and {@code ::=}, {@code ?=}, {@code .=}, {@code =>}),
 * {@code --password value}, XML {@code <password>v</password>}, {@code setProperty("NAME", "v")}, in plain
 * or JSON-escaped text. The name is judged by SecretNames, the value by ValueShape; the name, the operator
 * and the quotes stay.
 */
final class Assignment {
    private Assignment() {}

    private static final int MAX_VALUE = 1000;

    static int detect(Scan scan, int at, Rule rule) {
        String text = scan.text;
        int n = text.length();
        int ns = at;
        while (ns > 0 && at - ns < 60 && nameChar(text.charAt(ns - 1))) {
            ns--;
        }
        int ne = at;
        while (ne < n && ne - at < 60 && nameChar(text.charAt(ne))) {
            ne++;
        }
        if (ns > 0 && text.charAt(ns - 1) == '\\' && ns + 1 < ne && "ntr".indexOf(text.charAt(ns)) >= 0) {
            ns++; // "\nNAME=" in JSON text: the n belongs to the escape
        }
        while (ne > ns && (text.charAt(ne - 1) == '.' || text.charAt(ne - 1) == '-')) {
            ne--;
        }
        if (ne <= ns) {
            return -1;
        }
        String name = text.substring(ns, ne);
        if (SecretNames.suffix(name) == null) {
            return ne;
        }
        char before = ns > 0 ? text.charAt(ns - 1) : '\n';
        boolean xml = before == '<';
        boolean quotedName = before == '"' || before == '\'' || before == '`';
        boolean flag = name.startsWith("-");
        int p = ne;
        if (quotedName) {
            while (p < n && text.charAt(p) == '\\') {
                p++;
            }
            if (p < n && text.charAt(p) == before) {
                p++;
            } else {
                p = ne;
            }
            if (p < n && text.charAt(p) == ']') {
                p++; // ENV["NAME"] = …
            }
        }
        if (xml) {
            return p < n && text.charAt(p) == '>' ? value(scan, rule, name, p + 1, Op.XML) : ne;
        }
        int spaced = skipSpaces(text, p);
        if (spaced < n && text.charAt(spaced) == ':') {
            int typed = skipType(text, spaced);
            if (typed > spaced) {
                spaced = typed; // name: str = "value"
            }
        }
        Op op = operator(text, spaced, quotedName);
        if (op == null && !quotedName && spaced > p) {
            int q = skipType(text, spaced);
            if (q > spaced) {
                op = operator(text, q, false);
                spaced = q;
                if (op != Op.EQUALS) {
                    op = null;
                }
            }
        }
        if (op == null && quotedName && text.startsWith("value=", spaced)) {
            op = Op.EQUALS; // <add key="Password" value="…"/>
            spaced += 5;
        }
        if (op == null
                && !flag
                && spaced > p
                && spaced < n
                && (text.charAt(spaced) == '"' || text.charAt(spaced) == '\'')) {
            return value(scan, rule, name, spaced, Op.BARE); // password "value";
        }
        if (op == null) {
            int literal = literalBefore(text, ns);
            if (literal >= 0) {
                return Math.max(ne, value(scan, rule, name, literal, Op.COMPARE)); // "value" == password
            }
        }
        if (op == null && !flag && spaced > p && spaced < n && afterConfigSet(text, ns)) {
            return value(scan, rule, name, spaced, Op.SPACE); // aws configure set aws_session_token value
        }
        if (op == null && flag && spaced > p && spaced < n) {
            op = Op.SPACE; // --password value
            return value(scan, rule, name, spaced, op);
        }
        if (op == null) {
            return ne;
        }
        boolean tight =
                op == Op.COLON && !quotedName && spaced + 1 < n && " \t\"'\\".indexOf(text.charAt(spaced + 1)) < 0;
        if (op == Op.COMMA && !quotedName) {
            return ne;
        }
        return value(scan, rule, name, spaced + op.length(text, spaced), tight ? Op.TIGHT : op);
    }

    private enum Op {
        EQUALS,
        COLON,
        COMMA,
        XML,
        SPACE,
        COMPARE,
        BARE,
        TIGHT;

        int length(String text, int at) {
            int i = at;
            while (i < text.length() && ":?.=>,!".indexOf(text.charAt(i)) >= 0 && i - at < 4) {
                i++;
            }
            return i - at;
        }
    }

    /** The operator at {@code i}: {@code = := ::= :::= ?= .= =>} (not {@code == != =~}), {@code :}, {@code ,}. */
    private static Op operator(String text, int i, boolean quotedName) {
        int n = text.length();
        if (i >= n) {
            return null;
        }
        char c = text.charAt(i);
        char next = i + 1 < n ? text.charAt(i + 1) : '\0';
        switch (c) {
            case '=':
                if (next == '=') {
                    return Op.COMPARE;
                }
                return next == '~' ? null : Op.EQUALS;
            case '!':
                return next == '=' ? Op.COMPARE : null;
            case ':':
                int j = i;
                while (j < n && text.charAt(j) == ':' && j - i < 3) {
                    j++;
                }
                if (j < n && text.charAt(j) == '=') {
                    return text.startsWith("==", j) ? null : Op.EQUALS;
                }
                return j == i + 1 && next != '/' ? Op.COLON : null;
            case '?':
            case '.':
            case '+':
                return next == '=' && c != '+' ? Op.EQUALS : null;
            case ',':
                return quotedName ? Op.COMMA : null;
            default:
                return null;
        }
    }

    /**
     * Whether the word holding the name at {@code ns} is the key of a {@code config set} command:
     * {@code aws configure set NAME value}, {@code npm config set NAME value}, {@code git config --global NAME value}
     * (docs/redaction.md, "Secrets in pairs and commands"). Looks back over at most four words on the line.
     */
    private static boolean afterConfigSet(String text, int ns) {
        int i = ns;
        for (int k = 0; i > 0 && k < 200 && !blank(text.charAt(i - 1)); k++) {
            i--; // the start of the key's word: //registry.npmjs.org/:_authToken
        }
        for (int words = 0; words < 4; words++) {
            int end = i;
            while (end > 0 && (text.charAt(end - 1) == ' ' || text.charAt(end - 1) == '\t')) {
                end--;
            }
            if (end == i || end == 0) {
                return false;
            }
            int start = end;
            while (start > 0 && end - start < 40 && !blank(text.charAt(start - 1))) {
                start--;
            }
            String word = text.substring(start, end);
            if (word.equals("config") || word.equals("configure")) {
                return true;
            }
            if (!word.equals("set") && !word.startsWith("-")) {
                return false;
            }
            i = start;
        }
        return false;
    }

    private static boolean blank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    /** Go's {@code var name string = …}, Python's {@code name: str = …}: the type between name and '='. */
    private static int skipType(String text, int i) {
        int j = i;
        if (j < text.length() && text.charAt(j) == ':') {
            j = skipSpaces(text, j + 1);
        }
        int start = j;
        while (j < text.length()
                && j - start < 24
                && (Character.isLetterOrDigit(text.charAt(j)) || "_[]*.<>?".indexOf(text.charAt(j)) >= 0)) {
            j++;
        }
        if (j == start) {
            return i;
        }
        j = skipSpaces(text, j);
        return j < text.length() && text.charAt(j) == '=' ? j : i;
    }

    private static int skipSpaces(String text, int i) {
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    private static int value(Scan scan, Rule rule, String name, int from, Op op) {
        String text = scan.text;
        int n = text.length();
        int i = op == Op.SPACE ? from : skipSpaces(text, from);
        if (op == Op.XML) {
            i = skipBlank(text, i);
        }
        if (i >= n) {
            return i;
        }
        // a prefix of a Python string: f"…" (a template), b"…", r"…"
        if (i + 1 < n
                && "brufBRU".indexOf(text.charAt(i)) >= 0
                && (text.charAt(i + 1) == '"' || text.charAt(i + 1) == '\'')) {
            if (text.charAt(i) == 'f') {
                return i;
            }
            i++;
        }
        int slashes = 0;
        while (i + slashes < n && text.charAt(i + slashes) == '\\' && slashes < 8) {
            slashes++;
        }
        char q = i + slashes < n ? text.charAt(i + slashes) : '\0';
        int vs;
        int ve;
        boolean quoted = q == '"' || q == '\'' || (q == '`' && slashes == 0);
        if (quoted && op != Op.XML) {
            vs = i + slashes + 1;
            String close = "\\".repeat(slashes) + q;
            ve = vs;
            int limit = Math.min(n, vs + MAX_VALUE);
            while (ve < limit) {
                char c = text.charAt(ve);
                if (c == '\n') {
                    return ve;
                }
                if (text.startsWith(close, ve) && (slashes > 0 || ve == vs || text.charAt(ve - 1) != '\\')) {
                    break;
                }
                ve++;
            }
            if (ve >= limit) {
                return ve;
            }
            int after = skipSpaces(text, ve + close.length());
            if (after < n
                    && "+.%?[".indexOf(text.charAt(after)) >= 0
                    && after + 1 < n
                    && text.charAt(after + 1) != '.') {
                return ve; // a string in an expression: "Token usage " + x
            }
        } else if (op == Op.COMPARE || op == Op.BARE) {
            return i; // a comparison with a variable, or a word after a word
        } else if (slashes > 0 || (text.charAt(i) == '#' && op != Op.XML)) {
            return i; // an escape right after the operator, or a comment: a line end or a quote of another level
        } else {
            vs = i;
            ve = i;
            int limit = Math.min(n, vs + MAX_VALUE);
            String stops = op == Op.XML ? "<\"'\\\n\r" : " \t\r\n\"'`;,&|<>(){}[]\\";
            while (ve < limit && stops.indexOf(text.charAt(ve)) < 0) {
                ve++;
            }
            if (op == Op.XML) {
                while (ve > vs && Character.isWhitespace(text.charAt(ve - 1))) {
                    ve--;
                }
            } else if (ve < n && "([{".indexOf(text.charAt(ve)) >= 0) {
                return ve; // a call or an index: code
            } else if (op != Op.SPACE) {
                int after = skipSpaces(text, ve);
                if (after < n && after > ve && "?+|&*/%=!".indexOf(text.charAt(after)) >= 0) {
                    return ve; // an expression: code
                }
            }
            int close = skipBlank(text, ve);
            if (op == Op.XML && (close >= n || text.charAt(close) != '<')) {
                return ve;
            }
        }
        String value = text.substring(vs, ve);
        if (op == Op.TIGHT && (value.length() < 16 || quoted)) {
            return ve; // name:value without a space: only a long random value, not a:b of paths and times
        }
        if (q == '`' && quoted && value.indexOf(' ') >= 0) {
            return ve; // `command substitution`
        }
        if (ValueShape.secretLike(value, quoted) && !templated(value) && !RuleTable.ownPrefix(value)) {
            String kind = SecretNames.kind(name);
            if (!Vendors.notItsKey(kind, value)) {
                scan.add(vs, ve, kind, rule.index);
            }
        }
        return ve;
    }

    /** Where the quoted literal of {@code "value" == name} (or {@code !=}, {@code ===}) starts, or -1. */
    private static int literalBefore(String text, int ns) {
        int i = ns - 1;
        while (i >= 0 && text.charAt(i) == ' ') {
            i--;
        }
        int opEnd = i;
        while (i >= 0 && (text.charAt(i) == '=' || text.charAt(i) == '!') && opEnd - i < 3) {
            i--;
        }
        if (opEnd - i < 2 || text.charAt(opEnd) != '=') {
            return -1;
        }
        while (i >= 0 && text.charAt(i) == ' ') {
            i--;
        }
        if (i < 1 || (text.charAt(i) != '"' && text.charAt(i) != '\'')) {
            return -1;
        }
        char q = text.charAt(i);
        int open = text.lastIndexOf(q, i - 1);
        if (open < 0 || i - open > MAX_VALUE) {
            return -1;
        }
        while (open > 0 && text.charAt(open - 1) == '\\') {
            open--;
        }
        return open;
    }

    /** Spaces, line ends and their JSON escapes between an XML start tag and its text. */
    private static int skipBlank(String text, int i) {
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '\\' && i + 1 < text.length() && "nrt".indexOf(text.charAt(i + 1)) >= 0) {
                i += 2;
            } else {
                break;
            }
        }
        return i;
    }

    private static boolean templated(String value) {
        int open = value.indexOf('{');
        return open >= 0 && value.indexOf('}', open) > open;
    }

    private static boolean nameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "_.-".indexOf(c) >= 0;
    }
}
