package io.github.termsprawl.store.claude;

import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A live branch's records as the messages Claude Code would send (rules 4 and 7 of docs/context.md's live view). */
final class ClaudeMessages {
    static final String INTERRUPTED = "[Tool execution interrupted]";

    private ClaudeMessages() {}

    /** The conversation of a branch: user, assistant and attachment records as messages, system and progress left out. */
    static List<Message> of(List<ClaudeRecord> chain, String file) {
        List<Message> out = new ArrayList<>();
        for (Built b : built(chain, file)) {
            out.add(b.message);
        }
        return out;
    }

    /**
     * A message of a branch with the records it was made of, in order (none for a {@link Message.Flag#SYNTHETIC}
     * result): read again under another projection and merged, they give the same message, cut to its blocks.
     */
    static final class Built {
        final Message message;
        final List<ClaudeRecord> records;

        Built(Message message, List<ClaudeRecord> records) {
            this.message = message;
            this.records = records;
        }
    }

    /** {@link #of}, each message with its records. */
    static List<Built> built(List<ClaudeRecord> chain, String file) {
        List<Built> out = new ArrayList<>();
        int lastAssistant = -1;
        String lastId = null;
        boolean userSince = false;
        for (ClaudeRecord r : chain) {
            if (!r.isConversation() && !r.type.equals("attachment")) {
                continue; // system and progress records link the tree but say nothing to the model
            }
            Message m = r.message(file);
            if (m == null) {
                continue;
            }
            if (r.type.equals("assistant")) {
                String id = r.messageId();
                // rule 4: lines of one response with no user record between them are one message
                if (lastAssistant >= 0 && id != null && id.equals(lastId) && !userSince) {
                    Built first = out.get(lastAssistant);
                    first.records.add(r);
                    out.set(lastAssistant, new Built(merge(first.message, m), first.records));
                } else {
                    out.add(new Built(m, new ArrayList<>(List.of(r))));
                    lastAssistant = out.size() - 1;
                    lastId = id;
                }
                userSince = false;
            } else {
                userSince |= r.type.equals("user");
                out.add(new Built(m, new ArrayList<>(List.of(r))));
            }
        }
        for (int i = out.size() - 1; i >= 0; i--) {
            if (isBlankAssistant(out.get(i).message)) {
                out.remove(i);
            }
        }
        dropTrailingThinking(out);
        return withInterruptedResults(out);
    }

    static Message merge(Message first, Message next) {
        List<Block> blocks = new ArrayList<>(first.blocks());
        blocks.addAll(next.blocks());
        Set<Message.Flag> flags = EnumSet.noneOf(Message.Flag.class);
        flags.addAll(first.flags());
        flags.addAll(next.flags());
        return new Message(
                first.role(), blocks, first.timestamp(), first.id(), first.parentId(), first.source(), flags);
    }

    /** An assistant message of nothing but white space (or nothing at all). */
    private static boolean isBlankAssistant(Message m) {
        if (m.role() != Role.ASSISTANT) {
            return false;
        }
        for (Block b : m.blocks()) {
            if (!(b instanceof Block.Text t) || !t.text().isBlank()) {
                return false;
            }
        }
        return true;
    }

    /** The API rejects a conversation whose last message ends in thinking. */
    private static void dropTrailingThinking(List<Built> out) {
        int last = out.size() - 1;
        if (last < 0 || out.get(last).message.role() != Role.ASSISTANT) {
            return;
        }
        Message m = out.get(last).message;
        List<Block> blocks = new ArrayList<>(m.blocks());
        while (!blocks.isEmpty() && blocks.get(blocks.size() - 1) instanceof Block.Thinking) {
            blocks.remove(blocks.size() - 1);
        }
        if (blocks.size() == m.blocks().size()) {
            return;
        }
        if (blocks.isEmpty()) {
            out.remove(last);
        } else {
            out.set(
                    last,
                    new Built(
                            new Message(m.role(), blocks, m.timestamp(), m.id(), m.parentId(), m.source(), m.flags()),
                            out.get(last).records));
        }
    }

    /** Rule 7: a call that never got a result (the session was interrupted) gets an error result, right after it. */
    private static List<Built> withInterruptedResults(List<Built> messages) {
        Set<String> answered = new HashSet<>();
        for (Built b : messages) {
            for (Block block : b.message.blocks()) {
                if (block instanceof Block.ToolResult r && r.callId() != null) {
                    answered.add(r.callId());
                }
            }
        }
        List<Built> out = new ArrayList<>();
        for (Built b : messages) {
            out.add(b);
            Message m = b.message;
            if (m.role() != Role.ASSISTANT) {
                continue;
            }
            List<Block> missing = new ArrayList<>();
            for (Block block : m.blocks()) {
                if (block instanceof Block.ToolCall c && c.id() != null && answered.add(c.id())) {
                    missing.add(new Block.ToolResult(c.id(), INTERRUPTED, true));
                }
            }
            if (!missing.isEmpty()) {
                out.add(new Built(
                        new Message(
                                Role.TOOL,
                                missing,
                                m.timestamp(),
                                null,
                                m.id(),
                                m.source(),
                                EnumSet.of(Message.Flag.SYNTHETIC)),
                        List.of()));
            }
        }
        return out;
    }
}
