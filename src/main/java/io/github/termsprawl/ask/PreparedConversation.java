package io.github.termsprawl.ask;

import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.store.Message;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A conversation converted as it is read, holding no more of it than a request of at most {@code maxTokens}
 * could take (docs/ask.md, "Too large"). Once the whole is over that budget (every fit then cuts and clears),
 * a part longer than any fit lets one be is kept as the head a cut keeps; a result any fit clears (eight newer
 * ones follow it, and the conversation is over the budget before it is cleared, every part as small as a fit
 * leaves it) is kept cleared; and a turn that the newer ones alone, as small as any fit leaves them, push out of
 * the budget is let go, only counted. A request built from it is the one built from the whole conversation, for
 * any fit down to a quarter of {@code maxTokens} (a fit shrinks by what the last estimate was over; a retry after
 * the API's count by a tenth or three).
 *
 * <p>A class of its own, beside {@link RequestBuilder} (which builds a request from it as from a conversation read
 * whole), because it is what keeps {@code ask} from holding a session whole (docs/ask.md, "Too large", Memory).
 */
final class PreparedConversation {
    final long maxTokens;
    final Parts parts = new Parts();
    private final RequestMessages converter;
    private final RequestMessages.Converted state = new RequestMessages.Converted();
    private final java.util.ArrayDeque<Slot> slots = new java.util.ArrayDeque<>();
    /** The uncleared results, oldest first: {item, index of the part}. */
    private final java.util.ArrayDeque<Object[]> pending = new java.util.ArrayDeque<>();

    private final long budget;
    private final long cap;
    /** What a cut leaves of a part at the least, for any fit down to a quarter of the budget. */
    private final long least;

    private long total;
    private boolean over;
    /** The whole conversation as small as a fit can make it before a result is cleared: parts, results cleared. */
    private long leastParts;

    private long clearedResults;
    private long pendingResults;
    /** The kept turns as small as any fit leaves them (every result as cleared). */
    private long floor;

    private int omitted;
    private int omittedResults;
    private final List<Long> omittedBig = new ArrayList<>();

    PreparedConversation(RequestMessages converter, long maxTokens) {
        this.converter = converter;
        this.maxTokens = maxTokens;
        this.budget = Math.max(1, maxTokens) * Sizes.BYTES_PER_TOKEN;
        this.cap = Math.max(4000, budget / 4);
        this.least = Math.max(4000, budget / 16) - 200;
    }

    /** The next message of the conversation, turn {@code turn}. */
    void add(Message m, int turn) {
        ApiMessage item = converter.convert(m, turn, state);
        long turnFloor = 0; // the turn as small as any fit leaves it
        if (item != null) {
            total += item.size();
            for (int i = 0; i < item.parts.size(); i++) {
                ApiMessage.Part p = item.parts.get(i);
                if (p instanceof ApiMessage.ToolResult r) {
                    turnFloor += RequestBuilder.cleared(r, -1).size();
                    pendingResults += Math.min(p.size(), least);
                    pending.addLast(new Object[] {item, i});
                } else {
                    turnFloor += Math.min(p.size(), least);
                    leastParts += Math.min(p.size(), least);
                }
            }
            floor += turnFloor;
        }
        slots.addLast(new Slot(light(m), item, turnFloor));
        if (!over && total > budget) {
            over = true;
            for (Slot s : slots) {
                shorten(s.item);
            }
        } else if (over) {
            shorten(item);
        }
        clear();
        while (slots.size() > 1 && floor - slots.peekFirst().floor > budget) {
            drop(slots.pollFirst());
        }
    }

    /** Keeps each part longer than any fit lets one be as the head a cut keeps, and what it was. */
    private void shorten(ApiMessage item) {
        if (item == null) {
            return;
        }
        for (int i = 0; i < item.parts.size(); i++) {
            ApiMessage.Part p = item.parts.get(i);
            if (p.size() <= cap || parts.shortened.containsKey(p) || parts.cleared.containsKey(p)) {
                continue;
            }
            long chars = parts.chars(p);
            int keep = (int) Math.min(chars, cap);
            ApiMessage.Part head;
            if (p instanceof ApiMessage.Text t) {
                head = new ApiMessage.Text(t.text().substring(0, keep));
            } else if (p instanceof ApiMessage.ToolResult r) {
                head = new ApiMessage.ToolResult(r.id(), r.content().substring(0, keep), r.error());
            } else {
                ApiMessage.ToolUse u = (ApiMessage.ToolUse) p;
                head = new ApiMessage.ToolUse(u.id(), u.name(), Map.of(), 0);
                parts.json.put(head, parts.json(u).substring(0, keep));
            }
            parts.shortened.put(head, new long[] {chars, p.size()});
            item.parts.set(i, head);
        }
    }

    /** Clears the oldest results any fit clears (see the class comment), as the fit would. */
    private void clear() {
        while (over && pending.size() > RequestBuilder.KEEP_RECENT_RESULTS) {
            Object[] q = pending.peekFirst();
            ApiMessage item = (ApiMessage) q[0];
            int i = (Integer) q[1];
            ApiMessage.ToolResult r = (ApiMessage.ToolResult) item.parts.get(i);
            if (leastParts + clearedResults + pendingResults <= budget) {
                return; // a fit may stop clearing before this one
            }
            pending.pollFirst();
            clearAt(item, i, r);
        }
    }

    private void clearAt(ApiMessage item, int i, ApiMessage.ToolResult r) {
        pendingResults -= Math.min(parts.size(r), least);
        ApiMessage.ToolResult done = RequestBuilder.cleared(r, parts.chars(r) - Parts.markerLength(r.content()));
        clearedResults += done.size();
        parts.cleared.put(done, parts.size(r));
        parts.shortened.remove(r);
        item.parts.set(i, done);
    }

    private void drop(Slot s) {
        floor -= s.floor;
        omitted++;
        if (s.item == null) {
            return;
        }
        for (int i = 0; i < s.item.parts.size(); i++) {
            ApiMessage.Part p = s.item.parts.get(i);
            if (parts.size(p) > 4000) {
                omittedBig.add(parts.size(p));
            }
            if (p instanceof ApiMessage.ToolResult r) {
                omittedResults++;
                if (!parts.cleared.containsKey(r)) {
                    clearAt(s.item, i, r); // older than what is kept: every fit clears it
                }
            }
        }
        for (java.util.Iterator<Object[]> it = pending.iterator(); it.hasNext(); ) {
            if (it.next()[0] == s.item) {
                it.remove();
            }
        }
        parts.forget(s.item);
    }

    /** The bytes of the kept turns' parts: what the conversation holds of the session's text. */
    long held() {
        long n = 0;
        for (Slot s : slots) {
            if (s.item != null) {
                for (ApiMessage.Part p : s.item.parts) {
                    n += p.size();
                }
            }
        }
        return n;
    }

    /** Whether turns were let go: then every fit cuts, clears and drops from the front. */
    boolean over() {
        return omitted > 0;
    }

    /** How many parts of the turns let go a cut at {@code cap} would have cut. */
    int omittedOver(long cap) {
        int n = 0;
        for (long size : omittedBig) {
            n += size > cap ? 1 : 0;
        }
        return n;
    }

    /** How many results of the turns let go any fit clears: all but those among the last eight. */
    int omittedCleared(List<ApiMessage> items) {
        int keptResults = 0;
        for (ApiMessage m : items) {
            for (ApiMessage.Part p : m.parts) {
                keptResults += p instanceof ApiMessage.ToolResult ? 1 : 0;
            }
        }
        return Math.max(0, omittedResults - Math.max(0, RequestBuilder.KEEP_RECENT_RESULTS - keptResults));
    }

    /** The kept turns' request messages, each a copy a fit may change. */
    List<ApiMessage> items() {
        List<ApiMessage> out = new ArrayList<>();
        for (Slot s : slots) {
            if (s.item != null) {
                out.add(new ApiMessage(s.item.role, s.item.parts, s.item.turn));
            }
        }
        return out;
    }

    /** The conversation: the turns kept (their messages without blocks, for citations), after those let go. */
    Conversation conversation(Conversation whole) {
        List<Message> messages = new ArrayList<>();
        for (Slot s : slots) {
            messages.add(s.message);
        }
        return new Conversation(
                messages,
                whole.firstTurn(),
                omitted,
                whole.window(),
                whole.windows(),
                whole.store(),
                whole.file(),
                whole.sessionId(),
                this);
    }

    /**
     * A turn kept: its message without its blocks (they are in {@code item}), its request message or null, and its
     * size as small as any fit leaves it.
     */
    private record Slot(Message message, ApiMessage item, long floor) {}

    private static Message light(Message m) {
        return new Message(m.role(), List.of(), m.timestamp(), m.id(), m.parentId(), m.source(), m.flags());
    }

    /**
     * What the parts of a conversation read as it streams ({@link PreparedConversation}) were before it was made to fit: a part
     * kept only as the head any budget would cut it to (its characters and size then), a result cleared as it was
     * read (its size before), a part cut here (its characters before). By identity: the parts are the ones made.
     */
    static final class Parts {
        private final Map<ApiMessage.Part, long[]> shortened = new IdentityHashMap<>();
        private final Map<ApiMessage.Part, Long> cleared = new IdentityHashMap<>();
        private final Map<ApiMessage.Part, Long> cut = new IdentityHashMap<>();
        private final Map<ApiMessage.Part, String> json = new IdentityHashMap<>();

        /** A part's size before any fit: as read, before it was kept short or cleared. */
        long size(ApiMessage.Part p) {
            long[] s = shortened.get(p);
            if (s != null) {
                return s[1];
            }
            Long c = cleared.get(p);
            return c != null ? c : p.size();
        }

        /** Lets go of what is known of a turn's parts (the turn was let go). */
        void forget(ApiMessage item) {
            for (ApiMessage.Part p : item.parts) {
                shortened.remove(p);
                cleared.remove(p);
                json.remove(p);
            }
        }

        long size(ApiMessage m) {
            long size = 32;
            for (ApiMessage.Part p : m.parts) {
                size += size(p);
            }
            return size;
        }

        /** The characters of a text, result or call's JSON, before it was kept short. */
        long chars(ApiMessage.Part p) {
            long[] s = shortened.get(p);
            if (s != null) {
                return s[0];
            }
            if (p instanceof ApiMessage.Text t) {
                return t.text().length();
            }
            if (p instanceof ApiMessage.ToolResult r) {
                return r.content().length();
            }
            return json((ApiMessage.ToolUse) p).length();
        }

        /** A call's arguments as the text a cut keeps the head of. */
        String json(ApiMessage.ToolUse u) {
            String kept = json.get(u);
            return kept != null ? kept : JsonWriter.compact(u.input());
        }

        /** A result's characters without its marker before a cut or as read; -1: those it has. */
        long originalChars(ApiMessage.ToolResult r) {
            Long before = cut.get(r);
            return before != null ? before - markerLength(r.content()) : -1;
        }

        /** The size a result had before it was cleared as it was read; -1 for any other part. */
        long clearedSize(ApiMessage.Part p) {
            Long s = cleared.get(p);
            return s == null ? -1 : s;
        }

        void cut(ApiMessage.Part p, long chars) {
            cut.put(p, chars);
        }

        static int markerLength(String content) {
            if (content.startsWith("[turn ")) {
                int end = content.indexOf("] ");
                if (end > 0) {
                    return end + 2;
                }
            }
            return 0;
        }
    }
}
