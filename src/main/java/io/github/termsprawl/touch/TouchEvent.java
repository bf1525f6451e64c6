package io.github.termsprawl.touch;

import io.github.termsprawl.edits.FileTouch;
import java.time.Instant;

/**
 * A file a node changed (docs/touches.md): the path relative to the project ({@code /} separated, case folded on a
 * case-insensitive file system), the kind, the shell command for kind {@code shell}, when (null when the store gives
 * no time), the turn number of the node's turn files (null for a call on a rewound branch, which has none), whether
 * the call's result came back without an error, and whether the call is off the live branch (Claude Code).
 */
public record TouchEvent(
        String node,
        String path,
        FileTouch.Kind kind,
        String command,
        Instant time,
        Integer turn,
        boolean success,
        boolean rewound,
        String callId) {

    /** {@code text} as it may be printed on one line: control characters (a newline too) as {@code \n}, {@code \x1b}. */
    public static String escaped(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\\';
            if (control && out == null) {
                out = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (out == null) {
                continue;
            }
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (control) {
                        out.append(String.format("\\x%02x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out == null ? text : out.toString();
    }
}
