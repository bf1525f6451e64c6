package io.github.termsprawl.transcript;

/**
 * What one full read of a transcript saw: {@code records} parsed, {@code turns} of prose in the whole
 * session (a view prints only the last {@link TurnLimits#maxTurns()}), and {@code unknown} records of a type the
 * reader does not know (skipped, never fatal: a non-zero count is how format drift shows up).
 */
public record ReadStats(String store, long records, long turns, long unknown) {
    /** {@code store=<store> records=<n> turns=<t> unknown=<u>}. */
    public String describe() {
        return "store=" + store + " records=" + records + " turns=" + turns + " unknown=" + unknown;
    }

    /** Counts as a reader goes. */
    static final class Counter {
        long records;
        long turns;
        long unknown;

        void record(boolean known) {
            records++;
            if (!known) {
                unknown++;
            }
        }

        ReadStats of(Store store) {
            return new ReadStats(store.id(), records, turns, unknown);
        }
    }
}
