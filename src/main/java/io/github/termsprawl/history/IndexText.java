package io.github.termsprawl.history;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The {@code index.md} of a folder: what it was read from, then one line per turn, compactions marked. */
final class IndexText {
    private IndexText() {}

    /**
     * @param agent  the subagent the folder holds, or null for the node's own session
     * @param folder the folder, its turns all added (the ones still rendering are waited for)
     * @param agents one line per subagent folder (the node's folder only), or empty
     */
    static byte[] of(NodeJob job, String agent, String source, TurnFolder folder, List<String> agents)
            throws IOException {
        folder.turns(); // every turn in its place
        int turns = folder.size();
        StringBuilder head = new StringBuilder(256);
        head.append("# termsprawl history of ").append(job.node());
        if (agent != null) {
            head.append(", subagent ").append(agent);
        }
        head.append("\n\n" + turns + (turns == 1 ? " turn" : " turns") + " of the "
                + job.store().id() + " session "
                + TurnMarkdown.oneLine(String.valueOf(job.session())) + ", read from " + TurnMarkdown.oneLine(source)
                + ".\nTurn N is turn-NNNN-<role>.md beside this file. One line per turn: number, role, time, first"
                + " line.\n\n");
        StringBuilder tail = new StringBuilder();
        if (!agents.isEmpty()) {
            tail.append("\n## subagents\n\n");
            for (String a : agents) {
                tail.append(a).append('\n');
            }
        }
        if (agent == null && !job.sessions().isEmpty()) {
            tail.append("\n## earlier sessions\n\n");
            for (String s : job.sessions()) {
                tail.append(s).append('\n');
            }
        }
        // counted first, then written into an array of that size: a long session's index is tens of MB, made once
        Exact counted = new Exact(-1);
        write(counted, head.toString());
        folder.indexLines(counted);
        write(counted, tail.toString());
        Exact out = new Exact(counted.counted());
        write(out, head.toString());
        folder.indexLines(out);
        write(out, tail.toString());
        return out.exact();
    }

    /**
     * Bytes made in two passes: one that only counts ({@code size} -1), then one into an array of exactly that
     * size, which is the file's bytes (no copy, no doubling).
     */
    static final class Exact extends ByteArrayOutputStream {
        private final boolean counting;
        private long counted;

        Exact(long size) {
            super(size < 0 ? 0 : checked(size));
            counting = size < 0;
        }

        private static int checked(long size) {
            if (size > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("a file of " + size + " bytes is more than one array holds");
            }
            return (int) size;
        }

        @Override
        public void write(int b) {
            if (counting) {
                counted++;
            } else {
                super.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (counting) {
                counted += len;
            } else {
                super.write(b, off, len);
            }
        }

        long counted() {
            return counted;
        }

        /** What was written: the buffer itself when it is exactly full. */
        byte[] exact() {
            return count == buf.length ? buf : toByteArray();
        }
    }

    /** One turn's line, after its window's marker when it is the first of a window after the first. */
    static int line(ByteArrayOutputStream out, FolderState.Turn t, int window) {
        marker(out, t.window(), window);
        write(out, t.indexLine());
        out.write('\n');
        return t.window();
    }

    /** The marker before a turn of window {@code w} that follows one of window {@code before}, if one is due. */
    static void marker(ByteArrayOutputStream out, int w, int before) {
        if (w > 0 && w != before) {
            write(out, "== compaction: window " + (w + 1) + " starts here ==\n");
        }
    }

    private static void write(ByteArrayOutputStream out, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.write(bytes, 0, bytes.length);
    }
}
