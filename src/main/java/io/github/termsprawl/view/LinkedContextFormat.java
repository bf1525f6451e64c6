package io.github.termsprawl.view;

import io.github.termsprawl.transcript.Turn;
import io.github.termsprawl.transcript.TurnLimits;
import java.util.List;

/** The exact output layout of SPEC §7. */
public final class LinkedContextFormat {
    /** SPEC §6: the last 40 turns of each peer, each cut to 2000 UTF-16 code units. */
    public static final TurnLimits LIMITS = new TurnLimits(40, 2000);

    static final String BLOCK_SEPARATOR = "\n---\n";

    private LinkedContextFormat() {}

    public static String block(String peerId, String title, List<Turn> turns) {
        StringBuilder out = new StringBuilder("# linked context from ")
                .append(title)
                .append(" (")
                .append(peerId)
                .append(')');
        for (Turn turn : turns) {
            out.append("\n## ").append(turn.role()).append('\n').append(turn.text());
        }
        return out.toString();
    }

    /** The blocks joined by {@code \n---\n} plus one final newline; empty when there is no block. */
    public static String document(List<String> blocks) {
        return blocks.isEmpty() ? "" : String.join(BLOCK_SEPARATOR, blocks) + "\n";
    }
}
