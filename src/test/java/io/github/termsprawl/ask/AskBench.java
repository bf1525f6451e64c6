package io.github.termsprawl.ask;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Message;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.claude.ClaudePlanTestAccess;
import io.github.termsprawl.store.claude.ClaudeSession;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * For the benchmark (bench/ask.sh): how long building the request for a Claude Code transcript takes in one
 * JVM, first run (cold) and later runs, for its active window and, as the worst case, for all its windows as
 * one conversation. usage: AskBench FILE [RUNS]
 */
public final class AskBench {
    private AskBench() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        for (int run = 1; run <= runs; run++) {
            long t0 = System.nanoTime();
            Conversation active;
            try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
                active = new SessionLoader(readers, 0, true, false)
                        .load(new Target("big", "big", new TranscriptIndex.Entry(file, null, null), 0));
            }
            long t1 = System.nanoTime();
            RequestBuilder.Built built =
                    new RequestBuilder(true, false).build(active, "big", "Why?", Models.DEFAULT, 1_000_000 - 10_300);
            long t2 = System.nanoTime();
            List<Message> all = new ArrayList<>();
            for (ClaudeSession.Window w : ClaudePlanTestAccess.windows(file)) {
                all.addAll(w.messages());
            }
            Conversation whole = new Conversation(all, 0, 0, 0, Store.CLAUDE, file, null);
            long t3 = System.nanoTime();
            RequestBuilder.Built everything =
                    new RequestBuilder(true, false).build(whole, "big", "Why?", Models.DEFAULT, 1_000_000 - 10_300);
            long t4 = System.nanoTime();
            System.out.printf(
                    "run %d: active window (%s): read %d ms + build %d ms = %d ms, %d messages, %d bytes, ~%d tokens%n"
                            + "       all %d windows as one: read %d ms + build %d ms, %d messages, %d bytes, ~%d"
                            + " tokens, notes %s%n",
                    run,
                    active.describe(),
                    (t1 - t0) / 1_000_000,
                    (t2 - t1) / 1_000_000,
                    (t2 - t0) / 1_000_000,
                    built.messages(),
                    built.body().length,
                    built.estimatedTokens(),
                    active.windows(),
                    (t3 - t2) / 1_000_000,
                    (t4 - t3) / 1_000_000,
                    everything.messages(),
                    everything.body().length,
                    everything.estimatedTokens(),
                    everything.notes());
        }
    }
}
