package io.github.termsprawl.touch;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.edits.FileTouch;
import io.github.termsprawl.edits.TouchRule;
import io.github.termsprawl.registry.SessionReaders;
import io.github.termsprawl.registry.TouchRules;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.claude.ClaudeSession;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The files one node changed in its session (docs/touches.md): every tool call of the whole session through its
 * store's touch rule, with the call's result, its time and its turn number. Turn N is the N-th message as the turn
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

    /** The node's touches in session order, or an empty result for a store without a rule. */
    public static Result read(
            String node, TranscriptIndex.Entry entry, Store store, ProjectPaths paths, TranscriptReaders readers) {
        TouchRule rule = TouchRules.rule(store);
        SessionReader reader =
                SessionReaders.reader(store, store == Store.OPENCODE ? readers.openCodeDatabases() : null);
        if (rule == null || reader == null) {
            return new Result(List.of(), new Stats(0, 0, 0));
        }
        // Claude Code: the turn of each live call, the rest rewound (docs/context.md, "The live view")
        Map<String, Integer> liveTurns = store == Store.CLAUDE ? claudeTurns(entry) : null;
        Map<String, Boolean> failed = new HashMap<>();
        List<Object[]> pending = new ArrayList<>(); // {call id, touch, message, turn, rewound}
        int[] counts = new int[4]; // calls, malformed, outside, message number
        reader.walk(entry, new MessageVisitor() {
            @Override
            public boolean visit(Message m) {
                int number = counts[3]++;
                for (Block b : m.blocks()) {
                    if (b instanceof Block.ToolResult r && r.callId() != null) {
                        failed.put(r.callId(), r.error());
                    } else if (b instanceof Block.ToolCall call) {
                        counts[0]++;
                        List<FileTouch> touches = rule.touches(call);
                        if (touches == null) {
                            counts[1]++;
                            continue;
                        }
                        Integer turn = number;
                        boolean rewound = false;
                        if (liveTurns != null) {
                            turn = call.id() == null ? null : liveTurns.get(call.id());
                            rewound = turn == null && !m.has(Message.Flag.SIDECHAIN);
                        }
                        for (FileTouch t : touches) {
                            String rel = paths.relative(t.path());
                            if (rel == null) {
                                counts[2]++;
                            } else {
                                pending.add(new Object[] {call.id(), t, m, turn, rewound, rel});
                            }
                        }
                    }
                }
                return true;
            }
        });
        List<TouchEvent> events = new ArrayList<>(pending.size());
        for (Object[] p : pending) {
            String id = (String) p[0];
            FileTouch t = (FileTouch) p[1];
            Message m = (Message) p[2];
            Boolean error = id == null ? null : failed.get(id);
            events.add(new TouchEvent(
                    node,
                    (String) p[5],
                    t.kind(),
                    t.command(),
                    m.timestamp(),
                    (Integer) p[3],
                    Boolean.FALSE.equals(error),
                    (Boolean) p[4],
                    id));
        }
        return new Result(List.copyOf(events), new Stats(counts[0], counts[1], counts[2]));
    }

    /** Each call id on Claude Code's live branches, with the turn number of the message that makes it. */
    private static Map<String, Integer> claudeTurns(TranscriptIndex.Entry entry) {
        Map<String, Integer> turns = new HashMap<>();
        int n = 0;
        for (ClaudeSession.Window w : new ClaudeSession().windows(entry.path())) {
            for (Message m : w.messages()) {
                for (Block b : m.blocks()) {
                    if (b instanceof Block.ToolCall c && c.id() != null) {
                        turns.putIfAbsent(c.id(), n);
                    }
                }
                n++;
            }
        }
        return turns;
    }
}
