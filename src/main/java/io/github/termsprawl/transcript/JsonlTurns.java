package io.github.termsprawl.transcript;

import io.github.termsprawl.jsonl.ByteNeedles;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlTail;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The last turns of a JSONL transcript in which each record is at most one turn, read backwards until
 * the limit is reached. The result equals a full forward read keeping the last turns.
 */
final class JsonlTurns {
    /** A record's turn, or null when it prints nothing. */
    interface TurnRule {
        Turn toTurn(Map<String, Object> record);
    }

    /** A record's drift status: whether its type is one the reader knows. */
    interface KnownRule {
        boolean isKnown(Map<String, Object> record);
    }

    /** Stats only ask whether a record has prose: a streamed long line keeps this much of each string. */
    private static final int STATS_STRING_CAP = 2001;

    private JsonlTurns() {}

    /** The turns in file order; empty when the file cannot be read. */
    static List<Turn> last(
            JsonlTail tail,
            Path file,
            JsonProjection projection,
            ByteNeedles needles,
            TurnLimits limits,
            TurnRule rule) {
        ArrayDeque<Turn> turns = new ArrayDeque<>();
        if (limits.maxTurns() <= 0) {
            return List.of();
        }
        JsonlTail.Visitor collect = new JsonlTail.Visitor() { // a class, not a lambda: no bootstrap at start
                    @Override
                    public boolean visit(Map<String, Object> record) {
                        Turn turn = rule.toTurn(record);
                        if (turn != null) {
                            turns.addFirst(limits.cut(turn));
                        }
                        return turns.size() < limits.maxTurns();
                    }
                };
        return tail.walk(file, projection, needles, limits.stringCap(), collect) ? new ArrayList<>(turns) : List.of();
    }

    /** A full read counting records, unknown ones and turns (for stats; no limit applies). */
    static ReadStats stats(
            JsonlTail tail, Path file, JsonProjection projection, Store store, KnownRule known, TurnRule rule) {
        return stats(tail, file, projection, store, known, rule, null);
    }

    /** As above, also handing every record to {@code also} (which sees the whole file). */
    static ReadStats stats(
            JsonlTail tail,
            Path file,
            JsonProjection projection,
            Store store,
            KnownRule known,
            TurnRule rule,
            JsonlTail.Visitor also) {
        ReadStats.Counter count = new ReadStats.Counter();
        tail.walk(file, projection, null, STATS_STRING_CAP, record -> {
            count.record(known.isKnown(record));
            if (rule != null && rule.toTurn(record) != null) {
                count.turns++;
            }
            if (also != null) {
                also.visit(record);
            }
            return true;
        });
        return count.of(store);
    }
}
