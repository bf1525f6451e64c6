package io.github.termsprawl.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.plant.Discovery;
import io.github.termsprawl.plant.Removal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * An agent's configuration file in a project, as its user had it (or none), through {@code discover} and
 * {@code remove} as the goals run them ({@link Discovery}, {@link Removal}): remove must leave it byte for byte as it
 * was, and no file or folder where there was none (issue 40, "Done when").
 */
final class WiredConfig {
    private final Path root;
    private final Path file;
    private final byte[] before;

    private WiredConfig(Path root, Path file, byte[] before) {
        this.root = root;
        this.file = file;
        this.before = before;
    }

    /** {@code <tmp>/project} with {@code rel} holding {@code text}, or no such file when null. */
    static WiredConfig of(Path tmp, String rel, String text) throws IOException {
        Path root = Files.createDirectories(tmp.resolve("project")).toRealPath();
        Path file = root.resolve(rel);
        if (text != null) {
            AgentRun.write(file, text);
        }
        return new WiredConfig(root, file, text == null ? null : text.getBytes(StandardCharsets.UTF_8));
    }

    /** Runs discover; returns the file it left. */
    String discover() throws IOException, UserErrorException {
        new Discovery(new ProjectLayout(root), AgentProject.CALL).discover();
        assertTrue(Files.isRegularFile(file), file + " planted");
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** Runs remove (keeping the data, as the goal does by default) and asserts the file is as it was. */
    void removeAndAssertAsBefore() throws IOException, UserErrorException {
        new Removal(new ProjectLayout(root)).remove(false, null);
        if (before == null) {
            assertFalse(Files.exists(file, LinkOption.NOFOLLOW_LINKS), file + " left behind");
            assertFalse(Files.exists(file.getParent(), LinkOption.NOFOLLOW_LINKS), file.getParent() + " left behind");
        } else {
            byte[] after = Files.readAllBytes(file);
            assertArrayEquals(
                    before,
                    after,
                    () -> "before:\n" + new String(before, StandardCharsets.UTF_8) + "\nafter:\n"
                            + new String(after, StandardCharsets.UTF_8));
        }
    }
}
