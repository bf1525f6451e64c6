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
            int host = isAttachment(m) ? foldTarget(out) : -1;
            if (host >= 0) {
                // what the harness attaches (its environment, listings, a snapshot of the prompt, a hook's
                // context…) belongs to the turn it follows, not a turn of its own (docs/stores.md, "Harness
                // attachments")
                Built into = out.get(host);
                into.records.add(r);
                out.set(host, new Built(merge(into.message, m), into.records));
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

    /**
     * {@code next}'s blocks after {@code first}'s: the lines of one split response, or an attachment folded into
     * the turn it follows (whose flags, such as meta, are the attachment's own and not the turn's).
     */
    static Message merge(Message first, Message next) {
        List<Block> blocks = new ArrayList<>(first.blocks());
        blocks.addAll(next.blocks());
        Set<Message.Flag> flags = EnumSet.noneOf(Message.Flag.class);
        flags.addAll(first.flags());
        if (!isAttachment(next)) {
            flags.addAll(next.flags());
        }
        return new Message(
                first.role(), blocks, first.timestamp(), first.id(), first.parentId(), first.source(), flags);
    }

    /** An attachment record's message that is no prompt of the person's (the harness's context: meta). */
    static boolean isAttachment(Message m) {
        if (!m.has(Message.Flag.META) || m.blocks().isEmpty()) {
            return false;
        }
        for (Block b : m.blocks()) {
            if (!(b instanceof Block.Attachment)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The message a harness attachment folds into: the last one of the branch so far that stays (not a blank
     * assistant message, which goes), or -1 at a window's start, where the attachment stays a message of its own.
     */
    private static int foldTarget(List<Built> out) {
        for (int i = out.size() - 1; i >= 0; i--) {
            if (!isBlankAssistant(out.get(i).message)) {
                return i;
            }
        }
        return -1;
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
        // the thinking before attachments folded in at the end ends the message as the API sees it
        int end = blocks.size();
        while (end > 0 && blocks.get(end - 1) instanceof Block.Attachment a && a.harness()) {
            end--;
        }
        while (end > 0 && blocks.get(end - 1) instanceof Block.Thinking) {
            blocks.remove(--end);
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
