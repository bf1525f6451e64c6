package io.github.termsprawl.store.gemini;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.store.Agent.Wiring;
import io.github.termsprawl.store.AgentFolders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * Whether Gemini CLI will run a project's hooks: it runs them in a trusted folder only, by its
 * {@code trustedFolders.json} (the project or a folder above it) or {@code GEMINI_CLI_TRUST_WORKSPACE=true}.
 */
final class GeminiHookTrust implements Wiring.Trust {
    /** No list of a person's folders is bigger: past this, it is not read. */
    static final long MAX_READ = 1 << 20;

    @Override
    public String untrusted(Path root, Map<String, String> env, Path home) {
        return trusts(root, env, home)
                ? null
                : "Gemini CLI runs them only in a trusted folder: " + GeminiAgent.WIRING.trust();
    }

    static boolean trusts(Path root, Map<String, String> env, Path home) {
        if ("true".equals(AgentFolders.env(env, "GEMINI_CLI_TRUST_WORKSPACE"))) {
            return true;
        }
        String configured = AgentFolders.env(env, "GEMINI_CLI_HOME");
        Path dir = (configured != null ? AgentFolders.folder(configured, home) : home).resolve(".gemini");
        byte[] bytes = AtomicFiles.readPlain(dir.resolve("trustedFolders.json"), MAX_READ);
        Map<String, Object> folders;
        try {
            folders = bytes == null ? null : Json.asObject(Json.parse(new String(bytes, StandardCharsets.UTF_8)));
        } catch (IOException | RuntimeException e) {
            return false;
        }
        if (folders == null) {
            return false;
        }
        for (Map.Entry<String, Object> e : folders.entrySet()) {
            Path p;
            try {
                p = Path.of(e.getKey()).toAbsolutePath().normalize();
            } catch (RuntimeException bad) {
                continue;
            }
            if ("TRUST_FOLDER".equals(e.getValue()) && root.startsWith(p)) {
                return true;
            }
            if ("TRUST_PARENT".equals(e.getValue()) && p.getParent() != null && root.startsWith(p.getParent())) {
                return true;
            }
        }
        return false;
    }
}
