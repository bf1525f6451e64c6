package io.github.termsprawl.touch;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The files one node changed in its session (docs/touches.md): every tool call of the whole session through its
 * store's touch rule, with the call's result, its time and its turn number; a relative path is the session's, taken
 * from the working directory the store records ({@link MessageVisitor#directory}), else from the project's root. Turn N is the N-th message as the turn
 * files number them (docs/files.md): for Claude Code the live branch of each compaction window, so a call found
 * only off it is kept, marked rewound, without a turn; for the other stores every message of a whole read.
 */
public final class SessionTouches {
    /**
     * @param calls     the tool calls read
     * @param malformed editing calls skipped because their input names no file
     * @param outside   files dropped because they are outside the project
     */
    public record Stats(int calls, int malformed, int outside) {}

    public record Result(List<TouchEvent> events, Stats stats) {}

    private SessionTouches() {}

    /** The node's touches in session order, or an empty result for a store without a rule (a whole read). */
    public static Result read(
            String node, TranscriptIndex.Entry entry, Store store, ProjectPaths paths, TranscriptReaders readers) {
        TouchRule rule = Agents.capability(store, TouchRule.class);
        SessionReader reader = readers.sessionReader(store);
        if (rule == null || reader == null) {
            return new Result(List.of(), new Stats(0, 0, 0));
        }
        Collector c = new Collector(node, rule, paths, reader.callTurns(entry));
        reader.walk(entry, c);
        return c.result();
    }

    /**
     * Takes a walk's messages and makes their touches; continued across reads of a growing file ({@link
     * TouchIndex}): it holds the events so far, the calls still waiting for a result, and the message count.
     */
    static final class Collector implements MessageVisitor {
        private final String node;
        private final TouchRule rule;
        private final ProjectPaths paths;
        private final Map<String, Integer> liveTurns;
        final List<TouchEvent> events = new ArrayList<>();
        /** Calls without a result yet: their events' indexes. */
        final Map<String, List<Integer>> waiting = new HashMap<>();
        /** The events whose call a sidechain record makes (a subagent's): off the live branch, they are not rewound. */
        final BitSet sidechain = new BitSet();

        int calls;
        int malformed;
        int outside;
        int messages;
        /** Stops the walk at the first message of a line starting at or past it (a line still being written). */
        long end = Long.MAX_VALUE;
        /**
         * The session's working directory as the walk last named it, or null while none is known: a relative path
         * of a call is taken from it, else from the project's root (docs/touches.md, "Paths").
         */
        String directory;

        Collector(String node, TouchRule rule, ProjectPaths paths, Map<String, Integer> liveTurns) {
            this.node = node;
            this.rule = rule;
            this.paths = paths;
            this.liveTurns = liveTurns;
        }

        /**
         * Continues from {@code events} (session order, {@code side} the sidechain ones), {@code waitingEvents} (the
         * indexes of those whose call has no result yet) and an earlier read's stats.
         */
        void resume(
                List<TouchEvent> earlier,
                BitSet side,
                List<Integer> waitingEvents,
                Stats stats,
                int messageCount,
                String dir) {
            events.addAll(earlier);
            sidechain.or(side);
            for (int i : waitingEvents) {
                waiting.computeIfAbsent(events.get(i).callId(), k -> new ArrayList<>())
                        .add(i);
            }
            calls = stats.calls();
            malformed = stats.malformed();
            outside = stats.outside();
            messages = messageCount;
            directory = dir; // the lines read on may name none before their first call
        }

        @Override
        public void directory(String dir) {
            if (dir != null && !dir.isEmpty()) {
                directory = dir;
            }
        }

        @Override
        public boolean visit(Message m) {
            if (m.source() instanceof io.github.termsprawl.store.Source.Line l && l.offset() >= end) {
                return false;
            }
            int number = messages++;
            for (Block b : m.blocks()) {
                if (b instanceof Block.ToolResult r && r.callId() != null) {
                    List<Integer> at = waiting.remove(r.callId());
                    if (at != null) {
                        for (int i : at) {
                            TouchEvent e = events.get(i);
                            events.set(
                                    i,
                                    new TouchEvent(
                                            e.node(),
                                            e.path(),
                                            e.kind(),
                                            e.command(),
                                            e.time(),
                                            e.turn(),
                                            !r.error(),
                                            e.rewound(),
                                            e.callId()));
                        }
                    }
                } else if (b instanceof Block.ToolCall call) {
                    calls++;
                    List<FileTouch> touches = rule.touches(call);
                    if (touches == null) {
                        malformed++;
                        continue;
                    }
                    Integer turn = number;
                    boolean rewound = false;
                    if (liveTurns != null) {
                        turn = call.id() == null ? null : liveTurns.get(call.id());
                        rewound = turn == null && !m.has(Message.Flag.SIDECHAIN);
                    }
                    for (FileTouch t : touches) {
                        String rel = paths.relative(t.path(), directory);
                        if (rel == null) {
                            outside++;
                            continue;
                        }
                        if (call.id() != null) {
                            waiting.computeIfAbsent(call.id(), k -> new ArrayList<>())
                                    .add(events.size());
                        }
                        sidechain.set(events.size(), m.has(Message.Flag.SIDECHAIN));
                        events.add(new TouchEvent(
                                node, rel, t.kind(), t.command(), m.timestamp(), turn, false, rewound, call.id()));
                    }
                }
            }
            return true;
        }

        /** The indexes of the events whose call has no result yet, in order. */
        List<Integer> waitingEvents() {
            List<Integer> out = new ArrayList<>();
            for (List<Integer> at : waiting.values()) {
                out.addAll(at);
            }
            out.sort(null);
            return out;
        }

        Result result() {
            return new Result(List.copyOf(events), new Stats(calls, malformed, outside));
        }
    }
}
