package io.github.termsprawl.store.codex;

import io.github.termsprawl.store.Turn;
import java.nio.file.Path;
import java.util.List;

/**
 * The file view's turns of a whole rollout, for the conformance kit: Codex's file view chooses from the copies of
 * its prose on the UI channels too, which the session walk leaves out (docs/stores.md).
 */
public final class CodexWhole {
    private CodexWhole() {}

    public static List<Turn> prose(Path file) {
        return new CodexSession().whole(file).turns();
    }
}
