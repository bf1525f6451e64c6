package io.github.termsprawl.ask;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.SessionReaders;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.claude.ClaudeFinder;
import io.github.termsprawl.store.claude.ClaudeSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads a target's conversation from the session model, numbered as the turn files are (docs/files.md, "Turn files"): for
 * Claude Code every compaction window's live branch, oldest first, one after the other; for every other
 * store the messages of {@link SessionReader#walk} in order. A Claude file is read once however many of
 * its windows are asked.
 */
final class SessionLoader {
    private final TranscriptReaders readers;
    private final Map<Path, List<ClaudeSession.Window>> windows = new ConcurrentHashMap<>();

    SessionLoader(TranscriptReaders readers) {
        this.readers = readers;
    }

    Store storeOf(TranscriptIndex.Entry entry) {
        return readers.storeOf(entry);
    }

    /** The windows of a Claude Code transcript, oldest first. */
    List<ClaudeSession.Window> windows(Path file) {
        return windows.computeIfAbsent(file, f -> new ClaudeSession().windows(f));
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
        if (store == Store.CLAUDE) {
            return claude(target, entry);
        }
        if (target.window() > 0) {
            throw new AskException(target.label() + " is a " + store.id() + " session: only Claude Code sessions"
                    + " are asked window by window. Ask the node itself instead.");
        }
        SessionReader reader =
                SessionReaders.reader(store, store == Store.OPENCODE ? readers.openCodeDatabases() : null);
        if (reader == null) {
            throw new AskException(target.label() + " is a " + store.id() + " session, whose transcripts cannot be"
                    + " asked: they keep no tool results, times or ids.");
        }
        List<Message> all = new ArrayList<>();
        reader.walk(entry, new MessageVisitor() {
            @Override
            public boolean visit(Message message) {
                all.add(message);
                return true;
            }
        });
        return new Conversation(all, 0, 0, 0, store, entry.path(), null);
    }

    private Conversation claude(Target target, TranscriptIndex.Entry entry) throws AskException {
        List<ClaudeSession.Window> all = windows(entry.path());
        int n = all.size();
        if (n == 0) {
            return new Conversation(List.of(), 0, 0, 0, Store.CLAUDE, entry.path(), sessionId(entry));
        }
        int window = target.window() == 0 ? n : target.window();
        if (window > n) {
            throw new AskException(target.label() + " has " + n + " windows, not " + window + ".");
        }
        int first = 0;
        for (int w = 0; w < window - 1; w++) {
            first += all.get(w).messages().size();
        }
        return new Conversation(
                all.get(window - 1).messages(), first, window, n, Store.CLAUDE, entry.path(), sessionId(entry));
    }

    /** The id {@code claude --resume} takes: the entry's, else the file's name when it is one. */
    static String sessionId(TranscriptIndex.Entry entry) {
        if (entry.session() != null && ClaudeFinder.isSessionId(entry.session())) {
            return entry.session();
        }
        String name = entry.path().getFileName() == null
                ? ""
                : entry.path().getFileName().toString();
        String base = name.endsWith(".jsonl") ? name.substring(0, name.length() - 6) : name;
        return ClaudeFinder.isSessionId(base) ? base : null;
    }
}
