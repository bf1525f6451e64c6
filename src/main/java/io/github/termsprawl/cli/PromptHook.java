package io.github.termsprawl.cli;

import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.jsonl.Deadline;
import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Wiring;
import io.github.termsprawl.view.PromptNote;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code termsprawl-context --hook [--agent <store>] --cwd <dir>}: the hook at each user prompt (docs/context.md,
 * "The note at each prompt"). Prints, as the agent's hook output, what the node's linked peers did since its previous
 * prompt; nothing when there is no news. Always exits 0, within {@link #BUDGET_NANOS}.
 */
final class PromptHook {
    /** The prompt waits for the note: past this, no note this time (the next prompt tells it). */
    static final long BUDGET_NANOS = 2_000_000_000L;

    private PromptHook() {}

    static int run(String[] args, Instant now, InputStream in, OutputStream out, String self) {
        try {
            String cwd = null;
            Agent agent = Agents.DEFAULT;
            for (int i = 1; i + 1 < args.length; i += 2) {
                switch (args[i]) {
                    case "--cwd" -> cwd = args[i + 1];
                    case "--agent" -> agent = Agents.named(args[i + 1]);
                    default -> {
                        return 0;
                    }
                }
            }
            if (!NodeId.isSafe(self) || agent == null || cwd == null) {
                return 0;
            }
            // the payload says nothing the note needs: read so the agent's write never fails, bounded
            HookInput.payload(in, TouchHook.MAX_INPUT, HookInput.WAIT_MS);
            String note;
            Deadline.set(System.nanoTime() + BUDGET_NANOS);
            try {
                note = new PromptNote(new ProjectLayout(Path.of(cwd).toAbsolutePath()), self).note(now);
            } finally {
                Deadline.clear();
            }
            if (note == null) {
                return 0;
            }
            Wiring wiring = agent.capability(Wiring.class);
            Map<String, Object> specific = new LinkedHashMap<>();
            specific.put(
                    "hookEventName",
                    wiring != null && wiring.prompt() != null ? wiring.prompt().name() : "UserPromptSubmit");
            specific.put("additionalContext", note);
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("hookSpecificOutput", specific);
            ContextCommand.write(out, Utf8Output.encode(JsonWriter.compact(root) + "\n"));
        } catch (RuntimeException | Error | java.io.IOException e) {
            // silent: the prompt goes on without a note
        }
        return 0;
    }
}
