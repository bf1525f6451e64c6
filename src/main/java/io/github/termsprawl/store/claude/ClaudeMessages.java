package io.github.termsprawl.store.claude;

import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Role;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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
     * cut to its blocks. Held as a few ints a message; {@link #message} makes one.
     */
    static final class Built {
        final ClaudeRecords records;
        private int size;
        /** Each message's first record: its role, time, ids and place are the message's (a made-up result's, its call's). */
        private int[] first;

        private int[] flags;
        /** Where each message's records start in {@link #recs}; the last entry its end. */
        private int[] start;

        private int[] recs;
        /** The blocks of a message that are not its records' in order: a made-up result's, a cut message's. */
        private final Map<Integer, List<Block>> blocks;

        private Built(
                ClaudeRecords records,
                int size,
                int[] first,
                int[] flags,
                int[] start,
                int[] recs,
                Map<Integer, List<Block>> blocks) {
            this.records = records;
            this.size = size;
            this.first = first;
            this.flags = flags;
            this.start = start;
            this.recs = recs;
            this.blocks = blocks;
        }

        int size() {
            return size;
        }

        /** How many records message {@code k} is made of. */
        int count(int k) {
            return start[k + 1] - start[k];
        }

        /** Its {@code j}th record. */
        int record(int k, int j) {
            return recs[start[k] + j];
        }

        Role role(int k) {
            return (flags[k] & SYNTHETIC) != 0 ? Role.TOOL : records.role(first[k]);
        }

        boolean has(int k, Message.Flag f) {
            return (flags[k] & (1 << f.ordinal())) != 0;
        }

        /** Its blocks, in order. */
        List<Block> blocks(int k) {
            List<Block> own = blocks.get(k);
            if (own != null) {
                return own;
            }
            if (count(k) == 1) {
                return records.blocks(record(k, 0));
            }
            List<Block> all = new ArrayList<>();
            for (int j = 0; j < count(k); j++) {
                all.addAll(records.blocks(record(k, j)));
            }
            return all;
        }

        /** Message {@code k}, as the records it was made of merged give it. */
        Message message(int k) {
            Message f = records.message(first[k]);
            if ((flags[k] & SYNTHETIC) != 0) {
                return new Message(
                        Role.TOOL,
                        blocks.get(k),
                        f.timestamp(),
                        null,
                        f.id(),
                        f.source(),
                        EnumSet.of(Message.Flag.SYNTHETIC));
            }
            if (count(k) == 1 && !blocks.containsKey(k)) {
                return f;
            }
            return new Message(
                    f.role(),
                    blocks(k),
                    f.timestamp(),
                    f.id(),
                    f.parentId(),
                    f.source(),
                    ClaudeRecords.flagSet(flags[k]));
        }

        /** Lets go of the room grown for messages not made. */
        private Built trimmed() {
            first = Arrays.copyOf(first, size);
            flags = Arrays.copyOf(flags, size);
            start = Arrays.copyOf(start, size + 1);
            recs = Arrays.copyOf(recs, start[size]);
            return this;
        }
    }

    /**
     * The messages as they are made: each a list of records linked through {@link #next}, and whether it is, so
     * far, an assistant message of blank text only.
     */
    private static final class Making {
        final ClaudeRecords s;
        int size;
        int[] first = new int[16];
        int[] flags = new int[16];
        int[] head = new int[16];
        int[] tail = new int[16];
        boolean[] blank = new boolean[16];
        /** Record links: the record of each, and the next link of its message (-1: the last). */
        int[] linkRec = new int[16];

        int[] linkNext = new int[16];
        int links;

        Making(ClaudeRecords s) {
            this.s = s;
        }

        int add(int r) {
            if (size == first.length) {
                int n = size + (size >> 1) + 16;
                first = Arrays.copyOf(first, n);
                flags = Arrays.copyOf(flags, n);
                head = Arrays.copyOf(head, n);
                tail = Arrays.copyOf(tail, n);
                blank = Arrays.copyOf(blank, n);
            }
            int k = size++;
            first[k] = r;
            flags[k] = s.flags(r);
            int l = link(r);
            head[k] = l;
            tail[k] = l;
            blank[k] = s.role(r) == Role.ASSISTANT && blankTexts(s.blocks(r));
            return k;
        }

        /** {@code r}'s blocks after message {@code k}'s; its flags too unless it is an attachment (whose are its own). */
        void merge(int k, int r) {
            int l = link(r);
            linkNext[tail[k]] = l;
            tail[k] = l;
            if (!s.isAttachment(r)) {
                flags[k] |= s.flags(r);
            }
            blank[k] &= blankTexts(s.blocks(r));
        }

        private int link(int r) {
            if (links == linkRec.length) {
                int n = links + (links >> 1) + 16;
                linkRec = Arrays.copyOf(linkRec, n);
                linkNext = Arrays.copyOf(linkNext, n);
            }
            linkRec[links] = r;
            linkNext[links] = -1;
            return links++;
        }
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
        Making out = new Making(s);
        int lastAssistant = -1;
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
            int host = s.isAttachment(r) ? foldTarget(out) : -1;
            if (host >= 0) {
                // what the harness attaches (its environment, listings, a snapshot of the prompt, a hook's
                // context…) belongs to the turn it follows, not a turn of its own (docs/stores.md, "Harness
                // attachments")
                out.merge(host, r);
                continue;
            }
            if (type == ClaudeRecords.ASSISTANT) {
                int id = s.messageId(r);
                // rule 4: lines of one response with no user record between them are one message
                if (lastAssistant >= 0 && id >= 0 && id == lastId && !userSince) {
                    out.merge(lastAssistant, r);
                } else {
                    lastAssistant = out.add(r);
                    lastId = id;
                }
                userSince = false;
            } else {
                userSince |= type == ClaudeRecords.USER;
                out.add(r);
            }
        }
        // blank assistant messages go; the rest are the messages, in order
        IntList kept = new IntList();
        for (int k = 0; k < out.size; k++) {
            if (!out.blank[k]) {
                kept.add(k);
            }
        }
        Map<Integer, List<Block>> own = new HashMap<>();
        dropTrailingThinking(out, kept, own);
        return withInterruptedResults(out, kept, own);
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
    private static int foldTarget(Making out) {
        for (int k = out.size - 1; k >= 0; k--) {
            if (!out.blank[k]) {
                return k;
            }
        }
        return -1;
    }

    /** Message {@code k}'s blocks, in order. */
    private static List<Block> blocksOf(Making out, int k, Map<Integer, List<Block>> own) {
        List<Block> cut = own.get(k);
        if (cut != null) {
            return cut;
        }
        List<Block> all = new ArrayList<>();
        for (int l = out.head[k]; l >= 0; l = out.linkNext[l]) {
            all.addAll(out.s.blocks(out.linkRec[l]));
        }
        return all;
    }

    /** The API rejects a conversation whose last message ends in thinking. */
    private static void dropTrailingThinking(Making out, IntList kept, Map<Integer, List<Block>> own) {
        int last = kept.size() - 1;
        if (last < 0 || out.s.role(out.first[kept.get(last)]) != Role.ASSISTANT) {
            return;
        }
        int k = kept.get(last);
        List<Block> blocks = blocksOf(out, k, own);
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
            kept.removeLast();
        } else {
            own.put(k, List.copyOf(blocks));
        }
    }

    /** Rule 7: a call that never got a result (the session was interrupted) gets an error result, right after it. */
    private static Built withInterruptedResults(Making out, IntList kept, Map<Integer, List<Block>> own) {
        ClaudeRecords s = out.s;
        Set<String> answered = new HashSet<>();
        for (int i = 0; i < kept.size(); i++) {
            int k = kept.get(i);
            for (Block block : blocksOf(out, k, own)) {
                if (block instanceof Block.ToolResult r && r.callId() != null) {
                    answered.add(r.callId());
                }
            }
        }
        int n = kept.size();
        int[] first = new int[n + 16];
        int[] flags = new int[n + 16];
        int[] start = new int[n + 17];
        int[] recs = new int[out.links];
        Map<Integer, List<Block>> blocks = new HashMap<>();
        int size = 0;
        int at = 0;
        for (int i = 0; i < kept.size(); i++) {
            int k = kept.get(i);
            if (size + 1 >= first.length) {
                first = Arrays.copyOf(first, size + (size >> 1) + 16);
                flags = Arrays.copyOf(flags, first.length);
                start = Arrays.copyOf(start, first.length + 1);
            }
            first[size] = out.first[k];
            flags[size] = out.flags[k];
            start[size] = at;
            for (int l = out.head[k]; l >= 0; l = out.linkNext[l]) {
                recs[at++] = out.linkRec[l];
            }
            List<Block> cut = own.get(k);
            if (cut != null) {
                blocks.put(size, cut);
            }
            size++;
            if (s.role(out.first[k]) != Role.ASSISTANT) {
                continue;
            }
            List<Block> missing = new ArrayList<>();
            for (Block block : blocksOf(out, k, own)) {
                if (block instanceof Block.ToolCall c && c.id() != null && answered.add(c.id())) {
                    missing.add(new Block.ToolResult(c.id(), INTERRUPTED, true));
                }
            }
            if (!missing.isEmpty()) {
                if (size + 1 >= first.length) {
                    first = Arrays.copyOf(first, size + (size >> 1) + 16);
                    flags = Arrays.copyOf(flags, first.length);
                    start = Arrays.copyOf(start, first.length + 1);
                }
                first[size] = out.first[k];
                flags[size] = SYNTHETIC;
                start[size] = at;
                blocks.put(size, List.copyOf(missing));
                size++;
            }
        }
        start[size] = at;
        return new Built(s, size, first, flags, start, recs, blocks).trimmed();
    }
}
