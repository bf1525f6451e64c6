package io.github.termsprawl.core;

/**
 * The one owner of turn files' names (docs/files.md): {@code turn-0042-assistant.md}, the turn's number
 * zero-padded to four digits (more past 9999) and its role. Made here and read here, by the history folders,
 * their sharing and the commands that show a turn.
 */
public final class TurnFileName {
    private static final String PREFIX = "turn-";
    private static final String SUFFIX = ".md";

    private TurnFileName() {}

    /** {@code turn-<number>-<role>.md}. */
    public static String of(int turn, String role) {
        return PREFIX + number(turn) + "-" + role + SUFFIX;
    }

    /** The turn's number as names write it: zero-padded to four digits. */
    public static String number(int turn) {
        String n = Integer.toString(turn);
        return n.length() >= 4 ? n : "0000".substring(n.length()) + n;
    }

    /** What every turn file of turn {@code turn} starts with: {@code turn-<number>-}. */
    public static String prefix(int turn) {
        return PREFIX + number(turn) + "-";
    }

    /** Whether a file name (no folder) is a turn file's: what a stale turn is removed and a share counted by. */
    public static boolean is(String name) {
        return name.startsWith(PREFIX) && name.endsWith(SUFFIX) && name.indexOf('/') < 0 && name.indexOf('\\') < 0;
    }

    /** The number of a turn file's name ({@code turn-0012-user.md}: 12), or -1 when it is not one. */
    public static int turnNumber(String name) {
        int dash = name.indexOf('-', PREFIX.length());
        if (!is(name) || dash <= PREFIX.length()) {
            return -1;
        }
        try {
            return Integer.parseInt(name.substring(PREFIX.length(), dash));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The role of a turn file's name ({@code turn-0012-user.md}: {@code user}), or null when it is not one. */
    public static String roleOf(String name) {
        int dash = name.indexOf('-', PREFIX.length());
        return turnNumber(name) < 0 || dash + 1 > name.length() - SUFFIX.length()
                ? null
                : name.substring(dash + 1, name.length() - SUFFIX.length());
    }
}
