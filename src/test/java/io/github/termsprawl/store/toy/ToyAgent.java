package io.github.termsprawl.store.toy;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.JsonlMessages;
import io.github.termsprawl.store.JsonlTurns;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.Messages;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Role;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Source;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import io.github.termsprawl.store.WalkStats;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A sixth store that no agent writes: one JSON line per message, {@code {"toy": "user"|"assistant"|"note", "text":
 * …}}. It proves what adding a store takes (docs/stores.md; CONTRIBUTING, "A new store"): this one class, and the
 * agent in a list of agents; the conformance kit then runs over it like over every listed store.
 */
public final class ToyAgent implements Agent {
    public static final Store TOY = Store.named("toy");

    private static final JsonProjection KEYS = JsonProjection.whole("toy", "text", "id");

    /** The one conversion of a record to a message: a note is the harness's. */
    static Message message(Map<String, Object> record, Source source) {
        if (!(record.get("toy") instanceof String kind) || !(record.get("text") instanceof String text)) {
            return null;
        }
        Role role = kind.equals("user") ? Role.USER : kind.equals("assistant") ? Role.ASSISTANT : Role.SYSTEM;
        String id = record.get("id") instanceof String s ? s : null;
        return Messages.of(role, List.of(new Block.Text(text, false)), null, id, null, source, null);
    }

    /** The one prose projection: a user's or an assistant's text, when not empty. */
    static Turn prose(Message m) {
        Turn t = Messages.prose(m);
        return t == null || t.text().isEmpty() ? null : t;
    }

    private static boolean known(Map<String, Object> record) {
        return record.get("toy") instanceof String kind
                && Set.of("user", "assistant", "note").contains(kind);
    }

    @Override
    public Store store() {
        return TOY;
    }

    @Override
    public StoreReader transcript(Context context) {
        JsonlTail tail = context.tail();
        JsonlTurns.TurnRule rule = r -> {
            Message m = message(r, null);
            return m == null ? null : prose(m);
        };
        return new StoreReader() {
            @Override
            public Store store() {
                return TOY;
            }

            @Override
            public PeerTurns lastTurns(TranscriptIndex.Entry entry, TurnLimits limits) {
                return PeerTurns.of(JsonlTurns.last(tail, entry.path(), KEYS, null, limits, rule));
            }

            @Override
            public ReadStats stats(TranscriptIndex.Entry entry) {
                return JsonlTurns.stats(tail, entry.path(), KEYS, TOY, ToyAgent::known, rule);
            }

            @Override
            public boolean proves(Map<String, Object> record) {
                return known(record);
            }

            @Override
            public Set<String> proofKeys() {
                return Set.of("toy");
            }

            @Override
            public List<String> proofNeedles() {
                return List.of("\"toy\"");
            }
        };
    }

    @Override
    public SessionReader session(Context context) {
        JsonlMessages.Rule rule = new JsonlMessages.Rule() {
            @Override
            public List<Message> messages(Map<String, Object> record, Source.Line source) {
                Message m = message(record, source);
                return m == null ? List.of() : List.of(m);
            }

            @Override
            public boolean isKnown(Map<String, Object> record) {
                return known(record);
            }
        };
        return new SessionReader() {
            @Override
            public WalkStats walk(TranscriptIndex.Entry entry, MessageVisitor visitor) {
                return JsonlMessages.walk(entry.path(), KEYS, rule, visitor);
            }

            @Override
            public List<Turn> prose(List<Message> messages) {
                return SessionReader.each(messages, ToyAgent::prose);
            }
        };
    }
}
