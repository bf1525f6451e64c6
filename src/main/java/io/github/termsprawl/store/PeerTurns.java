package io.github.termsprawl.store;

import java.util.List;

/** The turns to print for one peer, or a refusal (the store cannot give a faithful view: nothing prints). */
public record PeerTurns(List<Turn> turns, String refusal) {
    public static PeerTurns of(List<Turn> turns) {
        return new PeerTurns(turns, null);
    }

    public static PeerTurns refused(String reason) {
        return new PeerTurns(List.of(), reason);
    }
}
