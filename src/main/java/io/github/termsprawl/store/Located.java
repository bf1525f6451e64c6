package io.github.termsprawl.store;

import java.nio.file.Path;

/** What to record for a node: the transcript, and the store and session to write beside it (null: none). */
public record Located(Path path, String store, String session) {}
