package io.github.termsprawl.view;

import io.github.termsprawl.core.ControlChars;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import java.util.ArrayList;
import java.util.List;

/**
 * The turns of the live view (docs/context.md, "The live view"): the store's own live turns
 * ({@code SessionReader.liveTurns}), or the file view's where they are the same, cut to the view's limits, with no
 * escape sequence of the transcript's left to reach a terminal.
 */
public final class LiveTurns {
    private LiveTurns() {}

    static PeerTurns lastTurns(TranscriptReaders readers, TranscriptIndex.Entry entry, TurnLimits limits) {
        SessionReader reader = readers.sessionReader(readers.storeOf(entry));
        List<Turn> live = reader == null ? null : reader.liveTurns(entry, limits);
        if (live == null) { // the file view's turns: the tail read gives them fast
            PeerTurns prose = readers.lastTurns(entry, limits);
            return new PeerTurns(stripped(prose.turns(), null), prose.refusal()); // cut by the tail read
        }
        return PeerTurns.of(stripped(live, limits));
    }

    /** The turns with escapes stripped, then cut to {@code limits} (null: already cut). */
    private static List<Turn> stripped(List<Turn> turns, TurnLimits limits) {
        List<Turn> out = new ArrayList<>(turns.size());
        for (Turn t : turns) {
            Turn clean = new Turn(t.role(), ControlChars.strip(t.text()));
            out.add(limits == null ? clean : limits.cut(clean));
        }
        return out;
    }

    /** For stats: {@code  windows=<n> branches=<abandoned leaves>} of a Claude transcript, else empty. */
    static String shape(TranscriptReaders readers, TranscriptIndex.Entry entry) {
        SessionReader reader = readers.sessionReader(readers.storeOf(entry));
        return reader == null ? "" : reader.liveShape(entry);
    }
}
