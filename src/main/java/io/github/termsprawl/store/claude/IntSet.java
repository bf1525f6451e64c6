package io.github.termsprawl.store.claude;

/**
 * A set of ints, open addressing (0 kept apart): the uuids an earlier read folded, as String hashes, which
 * {@link ClaudePlanTree} asks of every record read after (a record that names one plans again from the first line).
 */
final class IntSet {
    private int[] keys = new int[64];
    private int size;
    private boolean zero;

    void add(int v) {
        if (v == 0) {
            zero = true;
            return;
        }
        if (2 * (size + 1) > keys.length) {
            int[] old = keys;
            keys = new int[old.length * 2];
            size = 0;
            for (int k : old) {
                if (k != 0) {
                    add(k);
                }
            }
        }
        int mask = keys.length - 1;
        for (int i = mix(v) & mask; ; i = (i + 1) & mask) {
            if (keys[i] == v) {
                return;
            }
            if (keys[i] == 0) {
                keys[i] = v;
                size++;
                return;
            }
        }
    }

    boolean contains(int v) {
        if (v == 0) {
            return zero;
        }
        int mask = keys.length - 1;
        for (int i = mix(v) & mask; ; i = (i + 1) & mask) {
            if (keys[i] == v) {
                return true;
            }
            if (keys[i] == 0) {
                return false;
            }
        }
    }

    void addTo(IntList out) {
        if (zero) {
            out.add(0);
        }
        for (int k : keys) {
            if (k != 0) {
                out.add(k);
            }
        }
    }

    private static int mix(int v) {
        int h = v * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
