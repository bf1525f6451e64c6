package io.github.termsprawl.core;

import java.nio.file.Path;
import java.util.Set;

/**
 * cursor-agent's JSONL is refused, not read: it holds the prompt, the prose and bare tool calls, with no
 * tool results, timestamps, ids or version. Printed beside a complete transcript it looks like a broken
 * reader; printing nothing would claim nothing happened.
 */
public final class CursorTranscript {
    public static final String REFUSAL = "cursor-agent transcripts record prompts, prose and bare tool calls but no"
            + " tool results, timestamps or ids, so they cannot show what the agent did";
    static final Set<String> KEYS = Set.of("role", "type", "message");

    private CursorTranscript() {}

    /** Records are counted (a line with a role, or {@code turn_ended}, is known); turns are 0: nothing prints. */
    public static ReadStats stats(JsonlTail tail, Path file) {
        ReadStats.Counter count = new ReadStats.Counter();
        tail.scan(file, KEYS, r -> count.record(r.get("role") instanceof String || "turn_ended".equals(r.get("type"))));
        return count.of(Store.CURSOR);
    }
}
