package io.github.termsprawl.view;

import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.util.List;

/** The exact output layout of docs/context.md ("The output, byte for byte"). */
public final class LinkedContextFormat {
    /** docs/context.md, "The caps": the last 40 turns of each peer, each cut to 2000 UTF-16 code units. */
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

    /**
     * {@link #block} as the bytes to print ({@link Utf8Output}), encoded piece by piece: the same bytes,
     * as a surrogate pair never spans the ASCII between pieces, and the encoder runs as many short calls
     * (one per turn), which the JIT compiles early, not as one long interpreted loop over a large block.
     */
    public static byte[] blockUtf8(String peerId, String title, List<Turn> turns) {
        byte[][] pieces = new byte[1 + 2 * turns.size()][];
        pieces[0] = Utf8Output.encode("# linked context from " + title + " (" + peerId + ")");
        int length = pieces[0].length;
        for (int i = 0; i < turns.size(); i++) {
            Turn turn = turns.get(i);
            pieces[1 + 2 * i] = Utf8Output.encode("\n## " + turn.role() + "\n");
            pieces[2 + 2 * i] = Utf8Output.encode(turn.text());
            length += pieces[1 + 2 * i].length + pieces[2 + 2 * i].length;
        }
        byte[] out = new byte[length];
        int at = 0;
        for (byte[] piece : pieces) {
            System.arraycopy(piece, 0, out, at, piece.length);
            at += piece.length;
        }
        return out;
    }

    /** The blocks joined by {@code \n---\n} plus one final newline; empty when there is no block. */
    public static String document(List<String> blocks) {
        return blocks.isEmpty() ? "" : String.join(BLOCK_SEPARATOR, blocks) + "\n";
    }

    /**
     * {@link #document} as the bytes to print, from its blocks each already encoded ({@link #blockUtf8}):
     * the same bytes, as a surrogate pair never spans the ASCII between blocks.
     */
    public static byte[] documentUtf8(List<byte[]> encodedBlocks) {
        if (encodedBlocks.isEmpty()) {
            return new byte[0];
        }
        int length = (encodedBlocks.size() - 1) * SEPARATOR_UTF8.length + 1;
        for (byte[] block : encodedBlocks) {
            length += block.length;
        }
        byte[] out = new byte[length];
        int at = 0;
        for (int i = 0; i < encodedBlocks.size(); i++) {
            if (i > 0) {
                System.arraycopy(SEPARATOR_UTF8, 0, out, at, SEPARATOR_UTF8.length);
                at += SEPARATOR_UTF8.length;
            }
            byte[] block = encodedBlocks.get(i);
            System.arraycopy(block, 0, out, at, block.length);
            at += block.length;
        }
        out[at] = '\n';
        return out;
    }
}
