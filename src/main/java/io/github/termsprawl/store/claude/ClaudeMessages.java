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

    private static final int SYNTHETIC = 1 << Message.Flag.SYNTHETIC.ordinal();

    private ClaudeMessages() {}

    /** The conversation of a branch: user, assistant and attachment records as messages, system and progress left out. */
    static List<Message> of(ClaudeRecords records, int[] chain) {
        Built built = built(records, chain);
        List<Message> out = new ArrayList<>(built.size());
        for (int k = 0; k < built.size(); k++) {
            out.add(built.message(k));
        }
        return out;
    }

    /**
     * The messages of a branch, each with the records it was made of, in order (none for a {@link
     * Message.Flag#SYNTHETIC} result): read again under another projection and merged, they give the same message,
     * cut to its blocks. {@link #message} makes one.
     */
    static final class Built {
        final ClaudeRecords records;
        private final List<Made> messages;

        private Built(ClaudeRecords records, List<Made> messages) {
            this.records = records;
            this.messages = messages;
        }

        int size() {
            return messages.size();
        }

        /** How many records message {@code k} is made of. */
        int count(int k) {
            return messages.get(k).recs.size();
        }

        /** Its {@code j}th record. */
        int record(int k, int j) {
            return messages.get(k).recs.get(j);
        }

        Role role(int k) {
            Made m = messages.get(k);
            return (m.flags & SYNTHETIC) != 0 ? Role.TOOL : records.role(m.first);
        }

        boolean has(int k, Message.Flag f) {
            return (messages.get(k).flags & (1 << f.ordinal())) != 0;
        }

        /** Its blocks, in order. */
        List<Block> blocks(int k) {
            return messages.get(k).blocks(records);
        }

        /** Message {@code k}, as the records it was made of merged give it. */
        Message message(int k) {
            Made m = messages.get(k);
            Message f = records.message(m.first);
            if ((m.flags & SYNTHETIC) != 0) {
                return new Message(
                        Role.TOOL, m.own, f.timestamp(), null, f.id(), f.source(), EnumSet.of(Message.Flag.SYNTHETIC));
            }
            if (m.recs.size() == 1 && m.own == null) {
                return f;
            }
            return new Message(
                    f.role(),
                    m.blocks(records),
                    f.timestamp(),
                    f.id(),
                    f.parentId(),
                    f.source(),
                    ClaudeRecords.flagSet(m.flags));
        }
    }

    /**
     * A message as it is made: its first record (its role, time, ids and place are the message's; a made-up
     * result's, its call's), its flags, its records, its blocks when they are not its records' in order (a made-up
     * result's, a cut message's), and whether it is, so far, an assistant message of blank text only.
     */
    private static final class Made {
        final int first;
        int flags;
        final List<Integer> recs = new ArrayList<>(1);
        List<Block> own;
        boolean blank;

        Made(int first, int flags) {
            this.first = first;
            this.flags = flags;
        }

        List<Block> blocks(ClaudeRecords s) {
            if (own != null) {
                return own;
            }
            if (recs.size() == 1) {
                return s.blocks(recs.get(0));
            }
            List<Block> all = new ArrayList<>();
            for (int r : recs) {
                all.addAll(s.blocks(r));
            }
            return all;
        }
    }

    /** A message of record {@code r}. */
    private static Made add(ClaudeRecords s, List<Made> out, int r) {
        Made m = new Made(r, s.flags(r));
        m.recs.add(r);
        m.blank = s.role(r) == Role.ASSISTANT && blankTexts(s.blocks(r));
        out.add(m);
        return m;
    }

    /** {@code r}'s blocks after message {@code m}'s; its flags too unless it is an attachment (whose are its own). */
    private static void merge(ClaudeRecords s, Made m, int r) {
        m.recs.add(r);
        if (!s.isAttachment(r)) {
            m.flags |= s.flags(r);
        }
        m.blank &= blankTexts(s.blocks(r));
    }

    private static boolean blankTexts(List<Block> blocks) {
        for (Block b : blocks) {
            if (!(b instanceof Block.Text t) || !t.text().isBlank()) {
                return false;
            }
        }
        return true;
    }

    /** {@link #of}, each message with its records. */
    static Built built(ClaudeRecords s, int[] chain) {
        List<Made> out = new ArrayList<>();
        Made lastAssistant = null;
        int lastId = -1;
        boolean userSince = false;
        for (int r : chain) {
            int type = s.type(r);
            if (type == ClaudeRecords.OTHER) {
                continue; // system and progress records link the tree but say nothing to the model
            }
            if (!s.hasMessage(r)) {
                continue;
            }
            Made host = s.isAttachment(r) ? foldTarget(out) : null;
            if (host != null) {
                // what the harness attaches (its environment, listings, a snapshot of the prompt, a hook's
                // context…) belongs to the turn it follows, not a turn of its own (docs/stores.md, "Harness
                // attachments")
                merge(s, host, r);
                continue;
            }
            if (type == ClaudeRecords.ASSISTANT) {
                int id = s.messageId(r);
                // rule 4: lines of one response with no user record between them are one message
                if (lastAssistant != null && id >= 0 && id == lastId && !userSince) {
                    merge(s, lastAssistant, r);
                } else {
                    lastAssistant = add(s, out, r);
                    lastId = id;
                }
                userSince = false;
            } else {
                userSince |= type == ClaudeRecords.USER;
                add(s, out, r);
            }
        }
        // blank assistant messages go; the rest are the messages, in order
        out.removeIf(m -> m.blank);
        dropTrailingThinking(s, out);
        return new Built(s, withInterruptedResults(s, out));
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
        return isAttachment(ClaudeRecords.flags(m.flags()), m.blocks());
    }

    /** {@link #isAttachment(Message)} of a message's flags (bits of {@link Message.Flag#ordinal}) and blocks. */
    static boolean isAttachment(int flags, List<Block> blocks) {
        if ((flags & (1 << Message.Flag.META.ordinal())) == 0 || blocks.isEmpty()) {
            return false;
        }
        for (Block b : blocks) {
            if (!(b instanceof Block.Attachment)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The message a harness attachment folds into: the last one of the branch so far that stays (not a blank
     * assistant message, which goes), or null at a window's start, where the attachment stays a message of its own.
     */
    private static Made foldTarget(List<Made> out) {
        for (int k = out.size() - 1; k >= 0; k--) {
            if (!out.get(k).blank) {
                return out.get(k);
            }
        }
        return null;
    }

    /** The API rejects a conversation whose last message ends in thinking. */
    private static void dropTrailingThinking(ClaudeRecords s, List<Made> out) {
        Made m = out.isEmpty() ? null : out.get(out.size() - 1);
        if (m == null || s.role(m.first) != Role.ASSISTANT) {
            return;
        }
        List<Block> blocks = new ArrayList<>(m.blocks(s));
        int size = blocks.size();
        // the thinking before attachments folded in at the end ends the message as the API sees it
        int end = blocks.size();
        while (end > 0 && blocks.get(end - 1) instanceof Block.Attachment a && a.harness()) {
            end--;
        }
        while (end > 0 && blocks.get(end - 1) instanceof Block.Thinking) {
            blocks.remove(--end);
        }
        if (blocks.size() == size) {
            return;
        }
        if (blocks.isEmpty()) {
            out.remove(out.size() - 1);
        } else {
            m.own = List.copyOf(blocks);
        }
    }

    /** Rule 7: a call that never got a result (the session was interrupted) gets an error result, right after it. */
    private static List<Made> withInterruptedResults(ClaudeRecords s, List<Made> kept) {
        Set<String> answered = new HashSet<>();
        for (Made m : kept) {
            for (Block block : m.blocks(s)) {
                if (block instanceof Block.ToolResult r && r.callId() != null) {
                    answered.add(r.callId());
                }
            }
        }
        List<Made> out = new ArrayList<>(kept.size());
        for (Made m : kept) {
            out.add(m);
            if (s.role(m.first) != Role.ASSISTANT) {
                continue;
            }
            List<Block> missing = new ArrayList<>();
            for (Block block : m.blocks(s)) {
                if (block instanceof Block.ToolCall c && c.id() != null && answered.add(c.id())) {
                    missing.add(new Block.ToolResult(c.id(), INTERRUPTED, true));
                }
            }
            if (!missing.isEmpty()) {
                Made result = new Made(m.first, SYNTHETIC);
                result.own = List.copyOf(missing);
                out.add(result);
            }
        }
        return out;
    }
}
