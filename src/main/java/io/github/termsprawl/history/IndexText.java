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
        head.append("\n\n")
                .append(turns)
                .append(turns == 1 ? " turn" : " turns")
                .append(" of the ")
                .append(job.store().id())
                .append(" session ")
                .append(TurnMarkdown.oneLine(String.valueOf(job.session())))
                .append(", read from ")
                .append(TurnMarkdown.oneLine(source))
                .append(".\nTurn N is turn-NNNN-<role>.md beside this file. One line per turn: number, role, time,"
                        + " first line.\n\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(256 + turns * 100);
        write(out, head.toString());
        folder.indexLines(out);
        if (!agents.isEmpty()) {
            StringBuilder tail = new StringBuilder("\n## subagents\n\n");
            for (String a : agents) {
                tail.append(a).append('\n');
            }
            write(out, tail.toString());
        }
        if (agent == null && !job.sessions().isEmpty()) {
            StringBuilder tail = new StringBuilder("\n## earlier sessions\n\n");
            for (String s : job.sessions()) {
                tail.append(s).append('\n');
            }
            write(out, tail.toString());
        }
        return out.toByteArray();
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
