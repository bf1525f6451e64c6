package io.github.termsprawl.session;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A live branch's records as the messages Claude Code would send (rules 4 and 7 of the live branch). */
final class ClaudeMessages {
    static final String INTERRUPTED = "[Tool execution interrupted]";

    private ClaudeMessages() {}

    /** The conversation of a branch: user, assistant and attachment records as messages, system and progress left out. */
    static List<Message> of(List<ClaudeRecord> chain, String file) {
        List<Message> out = new ArrayList<>();
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
                    out.set(lastAssistant, merge(out.get(lastAssistant), m));
                } else {
                    out.add(m);
                    lastAssistant = out.size() - 1;
                    lastId = id;
                }
                userSince = false;
            } else {
                userSince |= r.type.equals("user");
                out.add(m);
            }
        }
        out.removeIf(ClaudeMessages::isBlankAssistant);
        dropTrailingThinking(out);
        return withInterruptedResults(out);
    }

    private static Message merge(Message first, Message next) {
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
    private static void dropTrailingThinking(List<Message> out) {
        int last = out.size() - 1;
        if (last < 0 || out.get(last).role() != Role.ASSISTANT) {
            return;
        }
        Message m = out.get(last);
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
            out.set(last, new Message(m.role(), blocks, m.timestamp(), m.id(), m.parentId(), m.source(), m.flags()));
        }
    }

    /** Rule 7: a call that never got a result (the session was interrupted) gets an error result, right after it. */
    private static List<Message> withInterruptedResults(List<Message> messages) {
        Set<String> answered = new HashSet<>();
        for (Message m : messages) {
            for (Block b : m.blocks()) {
                if (b instanceof Block.ToolResult r && r.callId() != null) {
                    answered.add(r.callId());
                }
            }
        }
        List<Message> out = new ArrayList<>();
        for (Message m : messages) {
            out.add(m);
            if (m.role() != Role.ASSISTANT) {
                continue;
            }
            List<Block> missing = new ArrayList<>();
            for (Block b : m.blocks()) {
                if (b instanceof Block.ToolCall c && c.id() != null && answered.add(c.id())) {
                    missing.add(new Block.ToolResult(c.id(), INTERRUPTED, true));
                }
            }
            if (!missing.isEmpty()) {
                out.add(new Message(
                        Role.TOOL,
                        missing,
                        m.timestamp(),
                        null,
                        m.id(),
                        m.source(),
                        EnumSet.of(Message.Flag.SYNTHETIC)));
            }
        }
        return out;
    }
}
