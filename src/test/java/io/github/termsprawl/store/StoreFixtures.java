package io.github.termsprawl.store;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Small transcript files written by the tests themselves. */
public final class StoreFixtures {
    /** The context view's caps (docs/context.md, "The caps"). */
    public static final TurnLimits LIMITS = new TurnLimits(40, 2000);

    /** The store of a file without {@code store} in its entry, as the context view decides it. */
    public static Store detect(Path file) {
        try (TranscriptReaders readers = readers()) {
            return readers.storeOf(entry(file, null, null));
        }
    }

    /** The readers the context view uses, with sqlite-jdbc's default native folder. */
    public static TranscriptReaders readers() {
        return new TranscriptReaders(new JsonlTail(), null);
    }

    private StoreFixtures() {}

    /** The lines joined with {@code \n}, plus a final newline. */
    public static Path jsonl(Path file, String... lines) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return file;
    }

    public static Path write(Path file, String text) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    public static TranscriptIndex.Entry entry(Path path, String store, String session) {
        return new TranscriptIndex.Entry(path, store, session);
    }

    public static List<Turn> turns(String... roleText) {
        Turn[] turns = new Turn[roleText.length / 2];
        for (int i = 0; i < turns.length; i++) {
            turns[i] = new Turn(roleText[2 * i], roleText[2 * i + 1]);
        }
        return List.of(turns);
    }
}
