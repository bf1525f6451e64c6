package io.github.termsprawl.edits;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The files a shell command changes with an obvious writer, kind {@code shell} (docs/touches.md, "Shell commands"):
 * {@code sed -i}, {@code rm}, {@code mv}, {@code cp} (its target), a {@code >} or {@code >>} redirection,
 * {@code git checkout -- <file>}, {@code git restore <file>}; an {@code apply_patch} envelope inside the command
 * counts as the patch says. Nothing else is guessed: no variables, globs, {@code cd} or subshells are followed.
 */
public final class ShellTouches {
    private ShellTouches() {}

    private static final Set<String> SEPARATORS = Set.of(";", "&&", "||", "|", "&", "\n");
    private static final Set<String> SINKS = Set.of("/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty");

    /** The files {@code command} changes, in order (a file once per command); empty when none is plain. */
    public static List<FileTouch> of(String command) {
        if (command == null) {
            return List.of();
        }
        List<FileTouch> patch = PatchTouches.of(command);
        if (patch != null) {
            return patch;
        }
        List<FileTouch> out = new ArrayList<>();
        List<String> words = new ArrayList<>();
        for (String token : tokens(withoutHereDocuments(command))) {
            if (SEPARATORS.contains(token)) {
                simple(words, command, out);
                words.clear();
            } else {
                words.add(token);
            }
        }
        simple(words, command, out);
        return out;
    }

    private static final java.util.regex.Pattern HERE =
            java.util.regex.Pattern.compile("<<-?\\s*['\"]?([A-Za-z_][A-Za-z0-9_]*)['\"]?");

    /** {@code command} without the bodies of its here-documents: their lines are input, not commands. */
    static String withoutHereDocuments(String command) {
        java.util.regex.Matcher m = HERE.matcher(command);
        StringBuilder out = new StringBuilder();
        int from = 0;
        while (m.find(from)) {
            int eol = command.indexOf('\n', m.end());
            if (eol < 0) {
                break;
            }
            out.append(command, from, eol + 1);
            int line = eol + 1;
            int end = command.length();
            while (line < command.length()) {
                int next = command.indexOf('\n', line);
                next = next < 0 ? command.length() : next;
                if (command.substring(line, next).strip().equals(m.group(1))) {
                    end = Math.min(command.length(), next);
                    break;
                }
                line = next + 1;
            }
            from = end;
        }
        return out.append(command, Math.min(from, command.length()), command.length())
                .toString();
    }

    private static void simple(List<String> words, String command, List<FileTouch> out) {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            String target = null;
            if ((w.equals(">") || w.equals(">>") || w.equals("1>") || w.equals("1>>") || w.equals(">|"))
                    && i + 1 < words.size()) {
                target = words.get(++i);
            } else if (w.startsWith(">>") && w.length() > 2) {
                target = w.substring(2);
            } else if (w.startsWith(">") && w.length() > 1 && w.charAt(1) != '&') {
                target = w.substring(1);
            } else if (w.matches("[0-9]?>&[0-9-]*")) {
                continue; // fd duplication
            } else if (w.matches("[2-9]>>?")) {
                i++; // another stream to a file (2> log): not the file the command means to write
                continue;
            } else if (w.equals("<") && i + 1 < words.size()) {
                i++;
                continue;
            } else if (w.startsWith("<<")) {
                break; // a here-document: its body is no argument
            } else {
                args.add(w);
            }
            if (target != null) {
                plain(target, command, out);
            }
        }
        while (!args.isEmpty()
                && (args.get(0).matches("[A-Za-z_][A-Za-z0-9_]*=.*")
                        || args.get(0).equals("sudo"))) {
            args.remove(0);
        }
        if (args.isEmpty()) {
            return;
        }
        String program = args.get(0);
        List<String> rest = args.subList(1, args.size());
        switch (program) {
            case "rm", "mv", "unlink" -> operands(rest, command, out);
            case "cp" -> {
                List<String> ops = operandList(rest);
                if (ops.size() >= 2) {
                    plain(ops.get(ops.size() - 1), command, out);
                }
            }
            case "sed" -> sed(rest, command, out);
            case "git" -> git(rest, command, out);
            default -> {}
        }
    }

    private static void sed(List<String> rest, String command, List<FileTouch> out) {
        boolean inPlace = false;
        boolean script = false;
        boolean options = true;
        List<String> operands = new ArrayList<>();
        for (int i = 0; i < rest.size(); i++) {
            String a = rest.get(i);
            if (!options || !a.startsWith("-") || a.equals("-")) {
                operands.add(a);
            } else if (a.equals("--")) {
                options = false;
            } else if (a.equals("--expression") || a.equals("--file")) {
                script = true;
                i++;
            } else if (a.startsWith("--expression=") || a.startsWith("--file=")) {
                script = true;
            } else if (a.equals("--in-place") || a.startsWith("--in-place=")) {
                inPlace = true;
            } else if (!a.startsWith("--")) {
                for (int k = 1; k < a.length(); k++) {
                    char f = a.charAt(k);
                    if (f == 'i') {
                        inPlace = true;
                        break; // the rest is the backup suffix
                    }
                    if (f == 'e' || f == 'f') {
                        script = true;
                        if (k == a.length() - 1) {
                            i++;
                        }
                        break;
                    }
                }
            }
        }
        if (!inPlace) {
            return;
        }
        for (int i = script ? 0 : 1; i < operands.size(); i++) {
            plain(operands.get(i), command, out);
        }
    }

    private static void git(List<String> rest, String command, List<FileTouch> out) {
        if (rest.isEmpty()) {
            return;
        }
        if (rest.get(0).equals("checkout")) {
            int dashes = rest.indexOf("--");
            if (dashes > 0) {
                for (String a : rest.subList(dashes + 1, rest.size())) {
                    plain(a, command, out);
                }
            }
        } else if (rest.get(0).equals("restore")) {
            List<String> args = rest.subList(1, rest.size());
            boolean options = true;
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (options && a.equals("--")) {
                    options = false;
                } else if (options && (a.equals("-s") || a.equals("--source"))) {
                    i++;
                } else if (!options || !a.startsWith("-")) {
                    plain(a, command, out);
                }
            }
        }
    }

    private static List<String> operandList(List<String> rest) {
        List<String> ops = new ArrayList<>();
        boolean options = true;
        for (String a : rest) {
            if (options && a.equals("--")) {
                options = false;
            } else if (!options || !a.startsWith("-") || a.equals("-")) {
                ops.add(a);
            }
        }
        return ops;
    }

    private static void operands(List<String> rest, String command, List<FileTouch> out) {
        for (String a : operandList(rest)) {
            plain(a, command, out);
        }
    }

    /** Adds {@code word} when it is a plain path: no variable, glob, substitution or home to expand. */
    private static void plain(String word, String command, List<FileTouch> out) {
        if (word.isEmpty() || SINKS.contains(word) || word.startsWith("~") || word.startsWith("-")) {
            return;
        }
        for (int i = 0; i < word.length(); i++) {
            if ("$`*?[{".indexOf(word.charAt(i)) >= 0) {
                return;
            }
        }
        for (FileTouch t : out) {
            if (t.path().equals(word)) {
                return;
            }
        }
        out.add(new FileTouch(word, FileTouch.Kind.SHELL, command));
    }

    /**
     * Words and operators, quotes removed ({@code '…'} literal, {@code "…"} with backslash escapes); a quoted
     * {@code $} stays, so a quoted variable is still not a plain path. A {@code #} starting a word comments out the
     * rest of the line.
     */
    static List<String> tokens(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'') {
                int end = s.indexOf('\'', i + 1);
                end = end < 0 ? s.length() : end;
                w.append(s, i + 1, end);
                i = end;
                inWord = true;
            } else if (c == '"') {
                int j = i + 1;
                for (; j < s.length() && s.charAt(j) != '"'; j++) {
                    if (s.charAt(j) == '\\' && j + 1 < s.length()) {
                        j++;
                    }
                    w.append(s.charAt(j));
                }
                i = j;
                inWord = true;
            } else if (c == '\\' && i + 1 < s.length()) {
                if (s.charAt(i + 1) != '\n') {
                    w.append(s.charAt(i + 1));
                    inWord = true;
                }
                i++;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                inWord = flush(out, w, inWord);
            } else if (c == '#' && !inWord) {
                while (i + 1 < s.length() && s.charAt(i + 1) != '\n') {
                    i++;
                }
            } else if (c == '\n' || c == ';' || c == '|' || c == '&' || c == '(' || c == ')') {
                boolean fd = c == '&' && w.length() > 0 && w.charAt(w.length() - 1) == '>';
                if (fd) { // 2>&1: one word
                    w.append(c);
                    continue;
                }
                inWord = flush(out, w, inWord);
                if ((c == '&' || c == '|') && i + 1 < s.length() && s.charAt(i + 1) == c) {
                    out.add(String.valueOf(c) + c);
                    i++;
                } else if (c == '(' || c == ')') {
                    out.add(";");
                } else {
                    out.add(String.valueOf(c));
                }
            } else if (c == '>' || c == '<') {
                boolean digit = inWord && w.length() == 1 && Character.isDigit(w.charAt(0));
                if (!digit) {
                    inWord = flush(out, w, inWord);
                }
                w.append(c);
                if (i + 1 < s.length() && (s.charAt(i + 1) == c || c == '>' && s.charAt(i + 1) == '|')) {
                    w.append(s.charAt(++i));
                }
                if (i + 1 < s.length() && s.charAt(i + 1) == '&') {
                    w.append(s.charAt(++i));
                    while (i + 1 < s.length() && (Character.isDigit(s.charAt(i + 1)) || s.charAt(i + 1) == '-')) {
                        w.append(s.charAt(++i));
                    }
                }
                inWord = flush(out, w, true);
            } else {
                w.append(c);
                inWord = true;
            }
        }
        flush(out, w, inWord);
        return out;
    }

    private static boolean flush(List<String> out, StringBuilder w, boolean inWord) {
        if (inWord || w.length() > 0) {
            out.add(w.toString());
            w.setLength(0);
        }
        return false;
    }
}
