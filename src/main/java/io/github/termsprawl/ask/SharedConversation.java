package io.github.termsprawl.ask;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.SharedNode;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.Store;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A received shared node's conversation, read from its turn files (docs/sharing.md): it has no transcript, so
 * each turn file is one message, its whole body (text, thinking, tool calls and results as the turn file
 * wrote them, already redacted) one text block, its role and time from its front matter.
 */
final class SharedConversation {
    /** The store an entry made by {@link #entry} names: no store's id. */
    static final String STORE = "shared";
    /** How long git may take to read a shared node's turn files. */
    private static final long READ_MS = 60_000;

    private SharedConversation() {}

    /** An index entry that stands for the shared node {@code id} (its folder), or null when there is none. */
    static TranscriptIndex.Entry entry(ProjectLayout layout, String id) {
        SharedNode node = SharedNode.open(layout, id);
        return node != null && !node.turnFiles().isEmpty() ? new TranscriptIndex.Entry(node.dir(), STORE, null) : null;
    }

    /** Its turn files in turn order, one message each, read in one go (from the folder or git: core/SharedNode). */
    static Conversation load(Path dir) {
        Path project = io.github.termsprawl.core.AtomicFiles.projectOf(dir);
        SharedNode node = project == null
                ? null
                : SharedNode.open(new ProjectLayout(project), dir.getFileName().toString());
        List<Message> messages = new ArrayList<>();
        if (node != null) {
            Map<String, byte[]> files = node.readAll(node.turnFiles(), READ_MS);
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                String name = f.getKey().substring(f.getKey().lastIndexOf('/') + 1);
                messages.add(message(name, new String(f.getValue(), StandardCharsets.UTF_8)));
            }
        }
        byte[] manifest = node == null ? null : node.read("manifest.json", READ_MS);
        Store store =
                Store.of(field(manifest == null ? "" : new String(manifest, StandardCharsets.UTF_8), "\"store\": \""));
        return new Conversation(messages, 0, 0, 0, store == null ? Agents.DEFAULT.store() : store, dir, null);
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
