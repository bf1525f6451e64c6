package io.github.termsprawl.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.codex.CodexWhole;
import java.util.ArrayList;
import java.util.List;

/**
 * The conformance kit every store passes (CONTRIBUTING, "Fast path equals full path"): the context command's tail
 * walk gives the last N prose turns of the store's whole-session walk, by its one prose projection over the
 * messages it chooses from, with the view's limits and a small N, with the usual buffers and small ones.
 */
public final class StoreConformance {
    /** The view's limits, and a small N, so the tail walk's early stop is exercised. */
    public static final List<TurnLimits> LIMITS = List.of(StoreFixtures.LIMITS, new TurnLimits(3, 2000));

    private StoreConformance() {}

    public static void assertSamePaths(
            TranscriptReaders readers,
            TranscriptReaders smallBuffers,
            Store store,
            TranscriptIndex.Entry entry,
            String what) {
        SessionReader reader = readers.sessionReader(store);
        List<Turn> whole;
        if (store == Store.CODEX) {
            whole = CodexWhole.prose(entry.path());
        } else {
            List<Message> all = new ArrayList<>();
            reader.walk(entry, all::add);
            whole = reader.prose(all);
        }
        for (TurnLimits limits : LIMITS) {
            List<Turn> expected = new ArrayList<>();
            for (Turn t : whole.subList(Math.max(0, whole.size() - limits.maxTurns()), whole.size())) {
                expected.add(limits.cut(t));
            }
            for (TranscriptReaders tail : List.of(readers, smallBuffers)) {
                PeerTurns fast = tail.lastTurns(entry, limits);
                String where = what + " (last " + limits.maxTurns() + (tail == readers ? ")" : ", small buffers)");
                assertNull(fast.refusal(), what);
                assertEquals(show(expected), show(fast.turns()), where);
                assertEquals(expected, fast.turns(), where);
            }
        }
    }

    /** Turns one per line, texts shortened, so that a failure shows where the two paths part. */
    private static String show(List<Turn> turns) {
        StringBuilder out = new StringBuilder();
        for (Turn t : turns) {
            String text = t.text().length() > 60
                    ? t.text().substring(0, 60) + "…(" + t.text().length() + ")"
                    : t.text();
            out.append(t.role()).append(": ").append(text.replace("\n", "\\n")).append('\n');
        }
        return out.toString();
    }
}
