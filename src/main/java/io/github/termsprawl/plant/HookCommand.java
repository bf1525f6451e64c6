package io.github.termsprawl.plant;

import java.util.ArrayList;
import java.util.List;

/**
 * A hook's command read as the shell's words, to tell the hooks {@code discover} planted from a user's own
 * (docs/goals.md, "remove"): ours is the planted script alone, or the guard with exactly its arguments, however
 * the project's path is quoted; a script whose name merely starts like ours ({@code termsprawl-recorder-backup.sh}),
 * another argument or a second command is the user's.
 */
final class HookCommand {
    private static final String BIN = "/.termsprawl/bin/";

    private HookCommand() {}

    /** Whether {@code command} runs {@code termsprawl-record} and nothing else. */
    static boolean isRecord(String command) {
        List<String> words = words(command);
        return words != null && words.size() == 1 && words.get(0).endsWith(BIN + Discovery.RECORD);
    }

    /** Whether {@code command} is the guard of one of its modes: {@code --hook --cwd <dir> [--guard <mode>]}. */
    static boolean isGuard(String command) {
        List<String> words = words(command);
        if (words == null || (words.size() != 4 && words.size() != 6)) {
            return false;
        }
        boolean base = words.get(0).endsWith(BIN + Discovery.TOUCHES)
                && words.get(1).equals("--hook")
                && words.get(2).equals("--cwd");
        return base
                && (words.size() == 4
                        || (words.get(4).equals("--guard")
                                && ClaudeHookSettings.GUARDS.contains(words.get(5))
                                && !words.get(5).equals("off")));
    }

    /**
     * The words with their quotes taken off, or null when the command holds more than words: an operator
     * ({@code ; & | < >}), a line end, a backslash or a quote left open.
     */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\n' || c == '\\') {
                    return null;
                } else {
                    word.append(c);
                }
            } else if (c == ' ' || c == '\t') {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if (";&|<>\n\r\\`".indexOf(c) >= 0) {
                return null;
            } else {
                if (word == null) {
                    word = new StringBuilder();
                }
                if (c == '"' || c == '\'') {
                    quote = c;
                } else {
                    word.append(c);
                }
            }
        }
        if (quote != 0) {
            return null;
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }
}
