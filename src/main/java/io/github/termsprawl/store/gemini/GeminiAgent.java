package io.github.termsprawl.store.gemini;

import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Wiring;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import java.nio.file.Path;
import java.util.Map;

/** Gemini CLI: its chat files, JSONL or one JSON document (docs/stores.md). */
public final class GeminiAgent implements Agent {
    @Override
    public Store store() {
        return Store.GEMINI;
    }

    @Override
    public StoreReader transcript(Context context) {
        return new GeminiTranscript();
    }

    @Override
    public SessionReader session(Context context) {
        return new GeminiSession();
    }

    @Override
    public SessionFinder finder(Map<String, String> env, Path home) {
        return GeminiFinder.fromEnvironment(env, home);
    }

    @Override
    public String examplePath() {
        return "~/.gemini/tmp/<project>/chats/session-<...>.jsonl";
    }

    @Override
    public <C> C capability(Class<C> type) {
        return Agent.first(type, GeminiTouches.RULE, WIRING, TRUST);
    }

    /**
     * Its hooks (docs/agents.md, "Wired through each agent's hooks"). The project is named by the variable the CLI
     * sets for a hook, {@code ${GEMINI_PROJECT_DIR}} in braces: Gemini CLI 0.61 replaces the plain
     * {@code $GEMINI_PROJECT_DIR} in a command's text by the folder already quoted for the shell, which inside our
     * double quotes named {@code '/home/me/my project'} with its quotes: no such file, and every edit was refused
     * with that error (Gemini CLI refuses the tool when its hook prints something and exits with neither 0 nor 1; 2
     * is how a hook refuses on purpose). The shell expands the braced form itself, whatever the folder's name holds.
     */
    static final Wiring WIRING = new Wiring(
            ".gemini/settings.json",
            false,
            "\"${GEMINI_PROJECT_DIR}\"",
            new Wiring.Event("SessionStart", "*"),
            new Wiring.Event("BeforeTool", "write_file|replace|edit|smart_edit|run_shell_command"),
            new Wiring.Event("BeforeAgent", "*"),
            true,
            null,
            "trust the project folder in Gemini CLI (it asks at its first start there; or set"
                    + " GEMINI_CLI_TRUST_WORKSPACE=true), and approve its project hooks when it lists them");

    private static final Wiring.Trust TRUST = new GeminiHookTrust();
}
