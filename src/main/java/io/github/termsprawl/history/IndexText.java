package io.github.termsprawl.history;

import java.util.List;

/** The {@code index.md} of a folder: what it was read from, then one line per turn, compactions marked. */
final class IndexText {
    private IndexText() {}

    /**
     * @param agent  the subagent the folder holds, or null for the node's own session
     * @param agents one line per subagent folder (the node's folder only), or empty
     */
    static String of(NodeJob job, String agent, String source, List<FolderState.Turn> turns, List<String> agents) {
        StringBuilder out = new StringBuilder(64 + turns.size() * 80);
        out.append("# termsprawl history of ").append(job.node());
        if (agent != null) {
            out.append(", subagent ").append(agent);
        }
        out.append("\n\n")
                .append(turns.size())
                .append(turns.size() == 1 ? " turn" : " turns")
                .append(" of the ")
                .append(job.store().id())
                .append(" session ")
                .append(TurnMarkdown.oneLine(String.valueOf(job.session())))
                .append(", read from ")
                .append(TurnMarkdown.oneLine(source))
                .append(".\nTurn N is turn-NNNN-<role>.md beside this file. One line per turn: number, role, time,"
                        + " first line.\n\n");
        int window = -1;
        for (FolderState.Turn t : turns) {
            if (t.window() > 0 && t.window() != window) {
                out.append("== compaction: window ").append(t.window() + 1).append(" starts here ==\n");
            }
            window = t.window();
            out.append(t.indexLine()).append('\n');
        }
        if (!agents.isEmpty()) {
            out.append("\n## subagents\n\n");
            for (String a : agents) {
                out.append(a).append('\n');
            }
        }
        return out.toString();
    }
}
