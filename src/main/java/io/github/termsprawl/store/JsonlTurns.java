package io.github.termsprawl.store;

import io.github.termsprawl.jsonl.ByteNeedles;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.jsonl.JsonlHead;
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
public final class JsonlTurns {
    /** A record's turn, or null when it prints nothing. */
    public interface TurnRule {
        Turn toTurn(Map<String, Object> record);
    }

    /** A record's drift status: whether its type is one the reader knows. */
    public interface KnownRule {
        boolean isKnown(Map<String, Object> record);
    }

    private JsonlTurns() {}

    /** The turns in file order; empty when the file cannot be read. */
    public static List<Turn> last(
            JsonlTail tail,
            Path file,
            JsonProjection projection,
            ByteNeedles needles,
            TurnLimits limits,
            TurnRule rule) {
        return last(tail, file, null, projection, needles, limits, rule);
    }

    /** As above; {@code wholeFile}, when not null, holds the whole file already read, and is walked instead. */
    public static List<Turn> last(
            JsonlTail tail,
            Path file,
            JsonlHead.Head wholeFile,
            JsonProjection projection,
            ByteNeedles needles,
            TurnLimits limits,
            TurnRule rule) {
        if (limits.maxTurns() <= 0) {
            return List.of();
        }
        Collector collect = new Collector(limits, rule);
        boolean read = wholeFile != null
                ? tail.walk(wholeFile, projection, needles, limits.stringCap(), collect)
                : tail.walk(file, projection, needles, limits.stringCap(), collect);
        return read ? collect.turns() : List.of();
    }

    /** Keeps the turns met walking backwards, until there are enough. A class, not a lambda: no bootstrap at start. */
    private static final class Collector implements JsonlTail.Visitor {
        private final ArrayDeque<Turn> turns = new ArrayDeque<>();
        private final TurnLimits limits;
        private final TurnRule rule;

        Collector(TurnLimits limits, TurnRule rule) {
            this.limits = limits;
            this.rule = rule;
        }

        @Override
        public boolean visit(Map<String, Object> record) {
            Turn turn = rule.toTurn(record);
            if (turn != null) {
                turns.addFirst(limits.cut(turn));
            }
            return turns.size() < limits.maxTurns();
        }

        List<Turn> turns() {
            return new ArrayList<>(turns);
        }
    }

    /** A full read counting records, unknown ones and turns (for stats; no limit applies). */
    public static ReadStats stats(
            JsonlTail tail, Path file, JsonProjection projection, Store store, KnownRule known, TurnRule rule) {
        return stats(tail, file, projection, store, known, rule, null);
    }

    /** As above, also handing every record to {@code also} (which sees the whole file). */
    public static ReadStats stats(
            JsonlTail tail,
            Path file,
            JsonProjection projection,
            Store store,
            KnownRule known,
            TurnRule rule,
            JsonlTail.Visitor also) {
        ReadStats.Counter count = new ReadStats.Counter();
        tail.walk(file, projection, null, ReadLimits.STATS_STRING_CAP, record -> {
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
