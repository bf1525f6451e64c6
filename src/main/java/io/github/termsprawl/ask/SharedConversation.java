package io.github.termsprawl.ask;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.Store;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * A received shared node's conversation, read from its turn files (docs/sharing.md): it has no transcript, so
 * each turn file is one message, its whole body (text, thinking, tool calls and results as the turn file
 * wrote them, already redacted) one text block, its role and time from its front matter.
 */
final class SharedConversation {
    /** The store an entry made by {@link #entry} names: no store's id. */
    static final String STORE = "shared";

    private SharedConversation() {}

    /** An index entry that stands for the shared node {@code id} (its folder), or null when there is none. */
    static TranscriptIndex.Entry entry(ProjectLayout layout, String id) {
        if (!NodeId.isSafe(id)) {
            return null;
        }
        Path dir = layout.sharedDir().resolve(id);
        return Files.isDirectory(dir.resolve("history"), LinkOption.NOFOLLOW_LINKS)
                ? new TranscriptIndex.Entry(dir, STORE, null)
                : null;
    }

    static Conversation load(Path dir) {
        String[] names = dir.resolve("history").toFile().list();
        TreeMap<Integer, String> turns = new TreeMap<>();
        for (String name : names == null ? new String[0] : names) {
            int dash = name.indexOf('-', 5);
            if (name.startsWith("turn-") && name.endsWith(".md") && dash > 5) {
                try {
                    turns.put(Integer.parseInt(name.substring(5, dash)), name);
                } catch (NumberFormatException e) {
                    // not a turn file
                }
            }
        }
        List<Message> messages = new ArrayList<>();
        for (String name : turns.values()) {
            byte[] bytes = AtomicFiles.readPlain(dir.resolve("history").resolve(name));
            if (bytes != null) {
                messages.add(message(name, new String(bytes, StandardCharsets.UTF_8)));
            }
        }
        Store store = Store.of(field(manifest(dir), "\"store\": \""));
        return new Conversation(messages, 0, 0, 0, store == null ? Store.CLAUDE : store, dir, null);
    }

    private static Message message(String name, String file) {
        String roleId = name.substring(name.indexOf('-', 5) + 1, name.length() - 3);
        Role role = Role.USER;
        for (Role r : Role.values()) {
            if (r.id().equals(roleId)) {
                role = r;
            }
        }
        int end = file.startsWith("---\n") ? file.indexOf("\n---\n", 3) : -1;
        String front = end < 0 ? "" : file.substring(0, end + 1);
        String body = end < 0 ? file : file.substring(end + 5).stripLeading();
        Instant time = null;
        String t = field(front, "\ntime: ");
        try {
            time = t == null ? null : Instant.parse(t);
        } catch (RuntimeException e) {
            // no time
        }
        return new Message(
                role, List.of(new Block.Text(body, false)), time, field(front, "\nid: "), null, null, Set.of());
    }

    private static String manifest(Path dir) {
        byte[] b = AtomicFiles.readPlain(dir.resolve("manifest.json"));
        return b == null ? "" : new String(b, StandardCharsets.UTF_8);
    }

    /** The rest of the line after {@code key}, up to a closing quote when the key ends in one. */
    private static String field(String text, String key) {
        int at = text.indexOf(key);
        if (at < 0) {
            return null;
        }
        int from = at + key.length();
        int end = key.endsWith("\"") ? text.indexOf('"', from) : text.indexOf('\n', from);
        return end < 0 ? text.substring(from) : text.substring(from, end);
    }
}
