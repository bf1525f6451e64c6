package io.github.termsprawl.view;

import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.transcript.Turn;
import io.github.termsprawl.transcript.TurnLimits;
import java.util.List;

/** The exact output layout of SPEC §7. */
public final class LinkedContextFormat {
    /** SPEC §6: the last 40 turns of each peer, each cut to 2000 UTF-16 code units. */
    public static final TurnLimits LIMITS = new TurnLimits(40, 2000);

    static final String BLOCK_SEPARATOR = "\n---\n";
    private static final byte[] SEPARATOR_UTF8 = {'\n', '-', '-', '-', '\n'};

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

    /**
     * {@link #document} as the bytes to print ({@link Utf8Output}), encoded block by block: the encoder
     * then runs as many short calls, which the JIT compiles early, not as one long interpreted loop
     * over the whole text. The same bytes, as a surrogate pair never spans the ASCII between blocks.
     */
    public static byte[] documentUtf8(List<String> blocks) {
        if (blocks.isEmpty()) {
            return new byte[0];
        }
        byte[][] encoded = new byte[blocks.size()][];
        int length = (blocks.size() - 1) * SEPARATOR_UTF8.length + 1;
        for (int i = 0; i < encoded.length; i++) {
            encoded[i] = Utf8Output.encode(blocks.get(i));
            length += encoded[i].length;
        }
        byte[] out = new byte[length];
        int at = 0;
        for (int i = 0; i < encoded.length; i++) {
            if (i > 0) {
                System.arraycopy(SEPARATOR_UTF8, 0, out, at, SEPARATOR_UTF8.length);
                at += SEPARATOR_UTF8.length;
            }
            System.arraycopy(encoded[i], 0, out, at, encoded[i].length);
            at += encoded[i].length;
        }
        out[at] = '\n';
        return out;
    }
}
