package io.github.termsprawl.session;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.termsprawl.transcript.StoreFixtures;
import java.nio.file.Path;

/** The corpus files the session tests read. */
public final class SessionCorpus {
    private SessionCorpus() {}

    /** {@code ../shared/corpus/<relative>}, or the calling test is skipped when {@code ../shared} is not there. */
    public static Path file(String relative) {
        Path corpus = StoreFixtures.corpus();
        assumeTrue(corpus != null, "no ../shared/corpus");
        return corpus.resolve(relative);
    }
}
