package io.github.termsprawl.store;

/**
 * What one full read of a transcript saw: {@code records} parsed, {@code turns} of prose in the whole
 * session (the view prints the last of them), and {@code unknown} records of a type the reader does not
 * know (skipped, never fatal: a non-zero count is how format drift shows up). {@code problem} is null, or
 * why the transcript could not be read at all (then the counts are zero).
 */
public record ReadStats(String store, long records, long turns, long unknown, String problem) {
    public ReadStats(String store, long records, long turns, long unknown) {
        this(store, records, turns, unknown, null);
    }

    /** A transcript that could not be read at all, and why. */
    public static ReadStats unreadable(Store store, String why) {
        return new ReadStats(store.id(), 0, 0, 0, why);
    }

    /** {@code store=<store> records=<n> turns=<t> unknown=<u>}, or {@code store=<store> unreadable: <why>}. */
    public String describe() {
        if (problem != null) {
            return "store=" + store + " unreadable: " + problem;
        }
        return "store=" + store + " records=" + records + " turns=" + turns + " unknown=" + unknown;
    }

    /** Counts as a reader goes. */
    public static final class Counter {
        long records;
        public long turns;
        long unknown;

        public void record(boolean known) {
            records++;
            if (!known) {
                unknown++;
            }
        }

        /** Adds another counter's counts to these. */
        public void add(Counter other) {
            records += other.records;
            turns += other.turns;
            unknown += other.unknown;
        }

        public ReadStats of(Store store) {
            return new ReadStats(store.id(), records, turns, unknown);
        }
    }
}
