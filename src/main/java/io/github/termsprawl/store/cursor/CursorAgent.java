package io.github.termsprawl.store.cursor;

import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;

/** cursor-agent: recognised, and refused (its transcripts hold no tool results, times or ids: docs/stores.md). */
public final class CursorAgent implements Agent {
    @Override
    public Store store() {
        return Store.CURSOR;
    }

    @Override
    public StoreReader transcript(Context context) {
        return new CursorTranscript(context.tail());
    }
}
