package io.github.termsprawl.store;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The home folder the agents use: {@code $HOME}, as Claude Code, Codex, Gemini CLI, pi and OpenCode
 * read it, and Java's {@code user.home} only when {@code HOME} is unset (they differ under sudo, in
 * containers and in tests that move {@code HOME}).
 */
public final class UserHome {
    private UserHome() {}

    public static Path of(Map<String, String> env) {
        String home = SamePath.env(env, "HOME");
        if (home != null) {
            try {
                return Path.of(home).toAbsolutePath().normalize();
            } catch (InvalidPathException e) {
                // not a path on this system: fall back as if unset
            }
        }
        return Path.of(System.getProperty("user.home"));
    }
}
