package io.github.termsprawl.store.pi;

import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Wiring;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreReader;
import java.nio.file.Path;
import java.util.Map;

/** pi: its session files (docs/stores.md). */
public final class PiAgent implements Agent {
    @Override
    public Store store() {
        return Store.PI;
    }

    @Override
    public StoreReader transcript(Context context) {
        return new PiTranscript(context.tail());
    }

    @Override
    public SessionReader session(Context context) {
        return new PiSession();
    }

    @Override
    public SessionFinder finder(Map<String, String> env, Path home) {
        return PiFinder.fromEnvironment(env, home);
    }

    @Override
    public String examplePath() {
        return "~/.pi/agent/sessions/--<cwd>--/<time>_<uuid>.jsonl";
    }

    @Override
    public <C> C capability(Class<C> type) {
        if (type == GrowingLog.class) {
            return type.cast(GROWING);
        }
        return Agent.first(type, PiTouches.RULE, WIRING);
    }

    /** Each pi message is one line. */
    private static final GrowingLog GROWING = new GrowingLog() {
        @Override
        public boolean walkFrom(
                java.nio.file.Path file,
                long offset,
                long line,
                boolean kept,
                io.github.termsprawl.store.MessageVisitor visitor) {
            new PiSession().walkFrom(file, offset, line, visitor);
            return false;
        }
    };

    /** Its hooks (docs/agents.md, "Wired through each agent's hooks"). */
    static final Wiring WIRING = new Wiring(
            ".pi/extensions/termsprawl.ts",
            false,
            null,
            null,
            null,
            null,
            false,
            "/io/github/termsprawl/store/pi/termsprawl.ts",
            null);
}
