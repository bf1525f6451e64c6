package io.github.termsprawl.ask;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Windows.PlanCache;
import io.github.termsprawl.store.Agent.Windows.Planned;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a target's conversation from the session model, numbered as the turn files are (docs/files.md, "Turn files"): for
 * Claude Code every compaction window's live branch, oldest first, one after the other; for every other
 * store the messages of {@link SessionReader#walk} in order. A file kept in windows is planned once however many of
 * its windows are asked (its plan holds no text: {@link Agent.Windows}), and only the asked window's messages are read in
 * full. Given a budget, a conversation is read as it streams into a request of at most that many tokens
 * ({@link PreparedConversation}): what it holds does not grow with the session.
 */
final class SessionLoader {
    private final TranscriptReaders readers;
    private final long maxTokens;
    private final boolean redact;
    private final boolean attachments;

    /**
     * @param maxTokens the largest conversation budget a request will have; 0: read whole
     * @param attachments the harness's attachments go into the request too (docs/ask.md): a conversation read
     *     with a budget is converted as it is read, so it must know
     */
    SessionLoader(TranscriptReaders readers, long maxTokens, boolean redact, boolean attachments) {
        this.readers = readers;
        this.maxTokens = maxTokens;
        this.redact = redact;
        this.attachments = attachments;
    }

    /** How the entry's store keeps its sessions in windows, or null when it does not. */
    Agent.Windows windowsOf(TranscriptIndex.Entry entry) {
        Store store = readers.storeOf(entry);
        return store == null ? null : Agents.capability(store, Agent.Windows.class);
    }

    /**
     * The plan of a transcript's windows, oldest first (no text: each message read again in full). The
     * last one made is kept (a session's windows are asked one after the other), no more: a plan of a long session
     * is tens of MB.
     */
    List<Planned> plan(Agent.Windows windows, Path file) {
        synchronized (this) {
            if (file.equals(lastFile)) {
                return lastPlan;
            }
        }
        List<Planned> plan;
        try {
            plan = windows.plan(file, new PlanCache(null, 0, 0, 0, false), Files.size(file), false)
                    .messages();
        } catch (IOException e) {
            plan = List.of();
        }
        synchronized (this) {
            lastFile = file;
            lastPlan = plan;
        }
        return plan;
    }

    private Path lastFile;
    private List<Planned> lastPlan;

    /** How many compaction windows a transcript has, up to its last with a message. */
    int windowCount(Agent.Windows windows, Path file) {
        List<Planned> plan = plan(windows, file);
        return plan.isEmpty() ? 0 : plan.get(plan.size() - 1).window() + 1;
    }

    Conversation load(Target target) throws AskException {
        TranscriptIndex.Entry entry = target.entry();
        if (entry == null) {
            throw new AskException("No transcript is recorded for node " + target.node() + ". Record one (the"
                    + " record goal, or the SessionStart hook when the agent starts with TERMSPRAWL_NODE_ID set).");
        }
        if (SharedConversation.STORE.equals(entry.store())) {
            if (target.window() > 0) {
                throw new AskException(target.label() + " is a shared node: it is asked whole, not window by window.");
            }
            return SharedConversation.load(entry.path());
        }
        if (!Files.exists(entry.path())) {
            throw new AskException("The transcript of " + target.label() + " is missing: " + entry.path()
                    + ". Record the node's current transcript again.");
        }
        Store store = readers.storeOf(entry);
        Agent.Windows windows = store == null ? null : Agents.capability(store, Agent.Windows.class);
        if (windows != null) {
            return windowed(target, entry, store, windows);
        }
        if (target.window() > 0) {
            throw new AskException(target.label() + " is a " + store.id() + " session: only Claude Code sessions"
                    + " are asked window by window. Ask the node itself instead.");
        }
        SessionReader reader = readers.sessionReader(store);
        if (reader == null) {
            throw new AskException(target.label() + " is a " + store.id() + " session, whose transcripts cannot be"
                    + " asked: they keep no tool results, times or ids.");
        }
        Reading reading = new Reading(new Conversation(List.of(), 0, 0, 0, store, entry.path(), null));
        reader.walk(entry, new MessageVisitor() {
            @Override
            public boolean visit(Message message) {
                reading.add(message);
                return true;
            }
        });
        return reading.conversation();
    }

    private Conversation windowed(Target target, TranscriptIndex.Entry entry, Store store, Agent.Windows windows)
            throws AskException {
        List<Planned> plan = plan(windows, entry.path());
        int n = windowCount(windows, entry.path());
        String sessionId = sessionId(Agents.capability(store, Agent.SessionIds.class), entry);
        if (n == 0) {
            return new Conversation(List.of(), 0, 0, 0, store, entry.path(), sessionId);
        }
        int window = target.window() == 0 ? n : target.window();
        if (window > n) {
            throw new AskException(target.label() + " has " + n + " windows, not " + window + ".");
        }
        int first = 0;
        while (first < plan.size() && plan.get(first).window() < window - 1) {
            first++;
        }
        Reading reading = new Reading(new Conversation(List.of(), first, window, n, store, entry.path(), sessionId));
        try (ForwardLineReader lines = ForwardLineReader.open(entry.path())) {
            for (int i = first; i < plan.size() && plan.get(i).window() == window - 1; i++) {
                reading.add(windows.full(lines, plan.get(i)));
            }
        } catch (IOException e) {
            throw new AskException("The transcript of " + target.label() + " does not read: " + e.getMessage());
        }
        return reading.conversation();
    }

    /** A conversation as its messages come: all of them, or (given a budget) as a request takes them. */
    private final class Reading {
        private final Conversation base;
        private final List<Message> all = new ArrayList<>();
        private final PreparedConversation prepared;
        private int turn;

        Reading(Conversation base) {
            this.base = base;
            this.prepared = maxTokens > 0
                    ? new PreparedConversation(new RequestMessages(redact, attachments), maxTokens)
                    : null;
            this.turn = base.firstTurn();
        }

        void add(Message m) {
            if (prepared != null) {
                prepared.add(m, turn++);
            } else {
                all.add(m);
            }
        }

        Conversation conversation() {
            return prepared != null
                    ? prepared.conversation(base)
                    : new Conversation(
                            all,
                            base.firstTurn(),
                            base.window(),
                            base.windows(),
                            base.store(),
                            base.file(),
                            base.sessionId());
        }
    }

    /** The id {@code claude --resume} takes: the entry's, else the file's name when it is one; null without ids. */
    static String sessionId(Agent.SessionIds ids, TranscriptIndex.Entry entry) {
        if (ids == null) {
            return null;
        }
        if (entry.session() != null && ids.isId(entry.session())) {
            return entry.session();
        }
        String name = entry.path().getFileName() == null
                ? ""
                : entry.path().getFileName().toString();
        String base = name.endsWith(".jsonl") ? name.substring(0, name.length() - 6) : name;
        return ids.isId(base) ? base : null;
    }
}
