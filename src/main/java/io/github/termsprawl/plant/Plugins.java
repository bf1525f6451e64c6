package io.github.termsprawl.plant;

import io.github.termsprawl.store.Agent.Wiring;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The plugin files planted whole (OpenCode, pi): the text the agent's package ships as a resource. */
final class Plugins {
    private Plugins() {}

    static String text(Wiring wiring) {
        try (InputStream in = Wiring.class.getResourceAsStream(wiring.plugin())) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + wiring.plugin()); // a broken build
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
