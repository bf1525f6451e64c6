package io.github.termsprawl.store;

import io.github.termsprawl.core.TranscriptIndex;
import java.util.List;
import java.util.Map;

/** What every store's session reader gives: every message in order, and the live branch. */
public interface SessionReader {
    /**
     * Every message of the session in the store's order, to {@code visitor}, one at a time (a whole file is
     * streamed, never held); never throws for a bad transcript.
     */
    WalkStats walk(TranscriptIndex.Entry entry, MessageVisitor visitor);

    /**
     * The messages the agent would send next: Claude Code's live branch of the last compaction window;
     * Codex's history since its last {@code compacted} record; OpenCode's from the last compaction of a v2
     * session on; by default the walk's (Gemini's messages after {@code $set} and {@code $rewindTo}, pi's in
     * file order).
     */
    default List<Message> live(TranscriptIndex.Entry entry) {
        List<Message> out = new java.util.ArrayList<>();
        walk(entry, out::add);
        return out;
    }

    /**
     * Whether {@link #live} is the walk (the default): then the live view is the file view's turns, which the
     * tail read gives without reading the whole session ({@code FastPathEqualsFullPathTest}).
     */
    default boolean liveIsWalk() {
        return true;
    }

    /**
     * The prose turns the context command's file view prints of these messages, in order: this store's one
     * projection of a message to a turn (docs/stores.md), proved equal to its tail walk by
     * {@code FastPathEqualsFullPathTest}. The live view of every store but Claude Code's (which has rules of its
     * own, docs/context.md) is this projection of {@link #live}.
     */
    List<Turn> prose(List<Message> messages);

    /**
     * The last {@code limits.maxTurns()} turns of the live view (docs/context.md, "The live view"), in order and
     * not yet cut, or null when the live view is the file view's turns (then the tail read gives them fast). By
     * default the store's prose rule over {@link #live}, a compaction's summary standing as a user turn: it is
     * what the model is sent in place of all that came before.
     */
    default List<Turn> liveTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
        return liveIsWalk() ? null : last(liveProse(this, live(entry)), limits);
    }

    /** The store's prose rule over live messages, a compaction's summary standing as a user turn. */
    static List<Turn> liveProse(SessionReader reader, List<Message> live) {
        List<Turn> out = new java.util.ArrayList<>();
        int from = 0;
        for (int i = 0; i <= live.size(); i++) {
            if (i == live.size() || live.get(i).has(Message.Flag.COMPACT_SUMMARY)) {
                out.addAll(reader.prose(live.subList(from, i)));
                if (i < live.size() && !live.get(i).text().isBlank()) {
                    out.add(new Turn("user", live.get(i).text()));
                }
                from = i + 1;
            }
        }
        return out;
    }

    /** The last {@code limits.maxTurns()} of the turns. */
    static List<Turn> last(List<Turn> turns, TurnLimits limits) {
        return turns.subList(Math.max(0, turns.size() - limits.maxTurns()), turns.size());
    }

    /** For the stats line of the live view: {@code  windows=<n> branches=<abandoned leaves>}, or empty. */
    default String liveShape(TranscriptIndex.Entry entry) {
        return "";
    }

    /**
     * Each tool call's id with the turn number of the message that makes it, for a store whose turns are not the
     * walk's order (Claude Code's live branches: docs/touches.md); null when they are (the default).
     */
    default Map<String, Integer> callTurns(TranscriptIndex.Entry entry) {
        return null;
    }

    /**
     * The sessions this one started (its subagents: OpenCode's child sessions, Gemini CLI's chats beside it),
     * each with the id it is kept under (docs/stores.md); none by default.
     */
    default List<Child> children(TranscriptIndex.Entry entry) {
        return List.of();
    }

    /** A session started by another: its id, its index entry, and the file to watch for change (or null). */
    record Child(String id, TranscriptIndex.Entry entry, java.nio.file.Path watched) {}

    /**
     * The files beside a transcript that hold part of the session, whose change is the session's (OpenCode's
     * write-ahead log); none by default.
     */
    default List<java.nio.file.Path> companions(java.nio.file.Path transcript) {
        return List.of();
    }

    /** {@link #prose(List)} for a store whose projection takes one message at a time. */
    static List<Turn> each(List<Message> messages, java.util.function.Function<Message, Turn> prose) {
        List<Turn> turns = new java.util.ArrayList<>();
        for (Message m : messages) {
            Turn t = prose.apply(m);
            if (t != null) {
                turns.add(t);
            }
        }
        return turns;
    }
}
