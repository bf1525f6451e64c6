package io.github.termsprawl.store.codex;

import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Wiring;
import io.github.termsprawl.store.MessageVisitor;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import java.nio.file.Path;
import java.util.Map;

/** Codex CLI: its rollout files (docs/stores.md). */
public final class CodexAgent implements Agent {
    @Override
    public Store store() {
        return Store.CODEX;
    }

    @Override
    public StoreReader transcript(Context context) {
        return new CodexTranscript(context.tail());
    }

    @Override
    public SessionReader session(Context context) {
        return new CodexSession();
    }

    @Override
    public SessionFinder finder(Map<String, String> env, Path home) {
        return CodexFinder.fromEnvironment(env, home);
    }

    @Override
    public String examplePath() {
        return "~/.codex/sessions/YYYY/MM/DD/rollout-<...>.jsonl";
    }

    @Override
    public <C> C capability(Class<C> type) {
        return Agent.first(type, GROWING, CodexTouches.RULE, WIRING, TRUST);
    }

    /**
     * Every message is one line's once a walk has seen the model transcript ({@code response_item} records);
     * before, the UI prose of the whole file may stand in for it, so a later read starts again from the top.
     */
    private static final GrowingLog GROWING = new GrowingLog() {
        @Override
        public boolean walkFrom(Path file, long offset, long line, boolean kept, MessageVisitor visitor) {
            return new CodexSession()
                    .walkFrom(file, offset, line, kept, visitor)
                    .modelTranscript();
        }

        @Override
        public boolean resumes(boolean kept) {
            return kept;
        }
    };

    /**
     * Its hooks (docs/agents.md, "Wired through each agent's hooks"): Codex sets no variable naming the project and
     * runs a hook in the session's folder, which may be a module folder below the project (Codex 0.171 reads the
     * {@code .codex/} folders from the repository's root down to it), so the commands find the project from there up.
     */
    static final Wiring WIRING = new Wiring(
            ".codex/hooks.json",
            false,
            ".",
            new Wiring.Event("SessionStart", null),
            new Wiring.Event("PreToolUse", null),
            new Wiring.Event("UserPromptSubmit", null),
            false,
            null,
            "trust the project and its hooks in Codex (it asks when it starts there; each hook is trusted by its"
                    + " hash in ~/.codex/config.toml)");

    private static final Wiring.Trust TRUST = new CodexHookTrust();
}
