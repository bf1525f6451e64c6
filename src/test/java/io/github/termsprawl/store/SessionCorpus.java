package io.github.termsprawl.store;

import io.github.termsprawl.core.SharedFolder;
import java.nio.file.Path;

/** The corpus files the session tests read. */
public final class SessionCorpus {
    private SessionCorpus() {}

    /** {@code corpus/<relative>} of the shared folder; the calling test is skipped when it is not there. */
    public static Path file(String relative) {
        return SharedFolder.corpus().resolve(relative);
    }
}
