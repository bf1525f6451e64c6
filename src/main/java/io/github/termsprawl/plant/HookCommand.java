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

    /** The folder {@link #fromSessionFolder} finds, as its launcher's arguments name it. */
    static final String FOUND = "\"$d\"";

    /** What {@link #fromSessionFolder} runs once the project is found, before the launcher. */
    private static final String EXEC = " exec ";

    /**
     * A command that runs launcher {@code name} of the nearest folder, from the hook's working folder up, that holds
     * it, with {@code args} (where {@link #FOUND} names that folder), and does nothing when none does. For an agent
     * that runs its hooks in the session's folder and sets no variable naming the project (Codex 0.171: its project's
     * {@code .codex/} is read from a module folder of the repository too, but the hook runs in the module folder).
     * Its own {@code sh}, so the user's login shell (which the agent runs it with) may be any.
     */
    static String fromSessionFolder(String name, String args) {
        return "sh -c '" + finding(name) + EXEC + launcher(name) + args + "'";
    }

    /** The search of {@link #fromSessionFolder} up to its {@code exec}. */
    private static String finding(String name) {
        return "d=$PWD; until [ -x " + launcher(name)
                + " ] || [ -z \"$d\" ]; do d=${d%/*}; done; [ -n \"$d\" ] || exit 0;";
    }

    private static String launcher(String name) {
        return "\"$d" + BIN + name + "\"";
    }

    /**
     * The command's words, those of the launcher's call when it is {@link #fromSessionFolder}'s (any other
     * {@code sh -c} is the user's), or null.
     */
    private static List<String> call(String command) {
        List<String> words = words(command);
        if (words == null
                || words.size() != 3
                || !words.get(0).equals("sh")
                || !words.get(1).equals("-c")) {
            return words;
        }
        String script = words.get(2);
        int exec = script.indexOf(';' + EXEC);
        if (exec < 0) {
            return null;
        }
        List<String> inner = words(script.substring(exec + 1 + EXEC.length()));
        if (inner == null || inner.isEmpty()) {
            return null;
        }
        String launcher = inner.get(0);
        String name = launcher.substring(launcher.lastIndexOf('/') + 1);
        return script.substring(0, exec + 1).equals(finding(name)) && launcher.equals("$d" + BIN + name) ? inner : null;
    }

    /** Whether {@code command} runs {@code termsprawl-record} for {@code agent} and nothing else. */
    static boolean isRecord(String command, String agent) {
        List<String> words = call(command);
        return words != null
                && !words.isEmpty()
                && words.get(0).endsWith(BIN + Discovery.RECORD)
                && words.size() == agentWords(words, 1, agent);
    }

    /**
     * Whether {@code command} is the guard of {@code agent} in one of its modes:
     * {@code --hook [--agent <agent>] --cwd <dir> [--guard <mode>]}.
     */
    static boolean isGuard(String command, String agent) {
        List<String> words = call(command);
        int i = afterCwd(words, Discovery.TOUCHES, agent);
        return i >= 0
                && (words.size() == i
                        || (words.size() == i + 2
                                && words.get(i).equals("--guard")
                                && HookSettings.GUARDS.contains(words.get(i + 1))
                                && !words.get(i + 1).equals("off")));
    }

    /**
     * Where the words after {@code <launcher> --hook [--agent <agent>] --cwd <dir>} begin, or -1 when the words are
     * not that call of {@code launcher}.
     */
    private static int afterCwd(List<String> words, String launcher, String agent) {
        if (words == null
                || words.size() < 2
                || !words.get(0).endsWith(BIN + launcher)
                || !words.get(1).equals("--hook")) {
            return -1;
        }
        int i = agentWords(words, 2, agent);
        return i < 0 || words.size() < i + 2 || !words.get(i).equals("--cwd") ? -1 : i + 2;
    }

    /** Whether {@code command} is the note's hook of {@code agent}: {@code --hook [--agent <agent>] --cwd <dir>}. */
    static boolean isPrompt(String command, String agent) {
        List<String> words = call(command);
        int i = afterCwd(words, Discovery.CONTEXT, agent);
        return i >= 0 && words.size() == i;
    }

    /** The mode of a guard's command: its {@code --guard}, else the default. */
    static String guardOf(String command) {
        List<String> words = call(command);
        int n = words == null ? 0 : words.size();
        return n >= 2 && words.get(n - 2).equals("--guard") ? words.get(n - 1) : HookSettings.DEFAULT_GUARD;
    }

    /**
     * Where the words after {@code --agent <agent>} at {@code at} begin: {@code at + 2}, or {@code at} when Claude
     * Code's command names no agent (as planted before agents were told apart); -1 when another agent is named.
     */
    private static int agentWords(List<String> words, int at, String agent) {
        if (words.size() >= at + 2 && words.get(at).equals("--agent")) {
            return words.get(at + 1).equals(agent) ? at + 2 : -1;
        }
        return agent.equals(io.github.termsprawl.registry.Agents.DEFAULT.store().id()) ? at : -1;
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
