package io.github.termsprawl.plant;

/** The texts that tell an agent the context command exists (docs/planted.md, "The markers"), and the AGENTS.md upsert. */
public final class DiscoveryMarkers {
    public static final String OPEN = "<!-- termsprawl:context-links -->";
    public static final String CLOSE = "<!-- /termsprawl:context-links -->";
    public static final String COMMAND = ".termsprawl/bin/termsprawl-context --cwd . --self \"$TERMSPRAWL_NODE_ID\"";

    /** Who else changed a file, as an agent without Claude Code's edit hook runs it (docs/touches.md). */
    public static final String TOUCHES_COMMAND =
            ".termsprawl/bin/termsprawl-touches --cwd . --self \"$TERMSPRAWL_NODE_ID\" --file <path>";

    /** The managed block of {@code .termsprawl/AGENTS.md}: seven lines, no trailing newline. */
    public static final String BLOCK = OPEN + "\n"
            + "Linked agent context: run\n"
            + "`" + COMMAND + "`\n"
            + "to print peer transcripts. Only read what that command prints.\n"
            + "Before you edit a file another agent may be working on, run\n"
            + "`" + TOUCHES_COMMAND + "`.\n"
            + CLOSE;

    /** {@code .claude/skills/termsprawl-context/SKILL.md}, byte for byte. */
    public static final String SKILL = "---\n"
            + "name: termsprawl-context\n"
            + "description: When you need another termsprawl agent's conversation.\n"
            + "---\n"
            + "# termsprawl context\n"
            + "\n"
            + "Run `" + COMMAND + "`\n"
            + "to print the recent turns of agents linked to this node. Only read what\n"
            + "that command prints.\n";

    /** The history command as an agent runs it. */
    public static final String HISTORY_COMMAND = ".termsprawl/bin/termsprawl-history --cwd .";

    /**
     * {@code .claude/skills/termsprawl-history/SKILL.md}: when the recent turns are not enough, the whole
     * sessions as files to grep.
     */
    public static final String HISTORY_SKILL = "---\n"
            + "name: termsprawl-history\n"
            + "description: When you need what a termsprawl agent (this one or a linked peer) said or did"
            + " earlier than its recent turns, such as a decision, an exact error, a command's output or a patch.\n"
            + "---\n"
            + "# termsprawl history\n"
            + "\n"
            + "Run `" + HISTORY_COMMAND + "` to write every node's whole session as\n"
            + "files, one per turn, under `.termsprawl/history/<nodeId>/`\n"
            + "(`turn-NNNN-<role>.md` and `index.md`, one line per turn; Claude Code's\n"
            + "subagents under `agents/<agentId>/`, earlier sessions, before a `/clear`,\n"
            + "under `sessions/<session>/`). It prints each node's `index.md`.\n"
            + "Then grep them, e.g. `grep -rn \"NullPointerException\" .termsprawl/history/`,\n"
            + "and read the turns you need. Add `--node <nodeId>` for one node, `--list`\n"
            + "to print every turn file, `--show <n>` to print turn n. Secrets are\n"
            + "redacted. Your own node is `$TERMSPRAWL_NODE_ID`.\n";

    /** The ask command as an agent runs it, with {@code <peer>} and the question to fill in. */
    public static final String ASK_COMMAND =
            ".termsprawl/bin/termsprawl-ask --cwd . --self \"$TERMSPRAWL_NODE_ID\" --node <peer> \"<question>\"";

    /** {@code .claude/skills/termsprawl-ask/SKILL.md}: when to ask a session rather than read its recent turns. */
    public static final String ASK_SKILL = "---\n"
            + "name: termsprawl-ask\n"
            + "description: When you need to know what another termsprawl agent did or decided and its recent"
            + " turns (termsprawl-context) do not show it, e.g. a choice made before its last compaction.\n"
            + "---\n"
            + "# termsprawl ask\n"
            + "\n"
            + "Run `" + ASK_COMMAND + "`\n"
            + "to have a model answer from that agent's whole session (tool calls and results included), citing\n"
            + "the turns it used; `--peers` instead of `--node <peer>` asks every linked agent, `--json` gives a\n"
            + "structured answer. Each question costs tokens: read termsprawl-context first, ask when it does not\n"
            + "hold the answer. An answer marked as having no context means that session does not know.\n";

    private DiscoveryMarkers() {}

    /**
     * Puts {@link #BLOCK} into {@code text}, keeping the prose around it. Stray markers are deleted
     * rather than kept as prose, which is what makes {@code upsert(upsert(x)) == upsert(x)} for every x.
     */
    public static String upsert(String text) {
        String[] around = around(text);
        String before = around[0];
        String after = around[1];
        StringBuilder out = new StringBuilder();
        if (!before.isEmpty()) {
            out.append(before).append("\n\n");
        }
        out.append(BLOCK);
        if (!after.isEmpty()) {
            out.append("\n\n").append(after);
        }
        return out.append('\n').toString();
    }

    /**
     * {@code text} without the managed block (and any stray marker), the prose around it kept as {@link #upsert}
     * keeps it: {@code remove(upsert(x))} is {@code x}'s prose. A text with no marker is returned as it is.
     */
    public static String remove(String text) {
        if (!text.contains(OPEN) && !text.contains(CLOSE)) {
            return text;
        }
        String[] around = around(text);
        String before = around[0];
        String after = around[1];
        String joined = before.isEmpty() || after.isEmpty() ? before + after : before + "\n\n" + after;
        return joined.isEmpty() ? "" : joined + "\n";
    }

    /** The prose before the managed block and after it, each without markers (all of it before when none). */
    private static String[] around(String text) {
        String before = text;
        String after = "";
        int open = text.indexOf(OPEN);
        if (open >= 0) {
            int close = text.indexOf(CLOSE, open + OPEN.length());
            if (close >= 0) {
                before = text.substring(0, open);
                after = text.substring(close + CLOSE.length());
            }
        }
        return new String[] {
            withoutMarkers(before).stripTrailing(), withoutMarkers(after).strip()
        };
    }

    /** Deleting one marker can join two halves into a new one, so repeat until none is left. */
    static String withoutMarkers(String text) {
        String current = text;
        while (true) {
            String next = current.replace(OPEN, "").replace(CLOSE, "");
            if (next.equals(current)) {
                return current;
            }
            current = next;
        }
    }
}
