package io.github.termsprawl.store.claude;

/**
 * uuid hashes to flags and a group, open addressing: {@link ClaudePlanTree}'s one table of the uuids it has seen, by
 * a 64-bit hash and never as a String, so that a record folded costs a hash, not a record (docs/files.md, "What a
 * folder was made from").
 */
final class LongTable {
    long[] keys = new long[1024];
    byte[] flags = new byte[1024];
    /** For a folded record or a link: its group; null until there is one (a session of no such record). */
    int[] group;
    /** For a folded record or a link: the hash of the parent its line names (0: none); null as {@link #group}. */
    long[] origin;

    private int size;

    /** Makes the columns of folded records and links, before the first is written. */
    void folds() {
        if (group == null) {
            group = new int[keys.length];
            origin = new long[keys.length];
        }
    }

    int find(long h) {
        int mask = keys.length - 1;
        for (int i = (int) (h ^ (h >>> 32)) & mask; ; i = (i + 1) & mask) {
            if (keys[i] == h) {
                return i;
            }
            if (keys[i] == 0) {
                return -1;
            }
        }
    }

    /** The slot of {@code h}, made (flags 0) when it had none. */
    int put(long h) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        for (int i = (int) (h ^ (h >>> 32)) & mask; ; i = (i + 1) & mask) {
            if (keys[i] == h) {
                return i;
            }
            if (keys[i] == 0) {
                keys[i] = h;
                size++;
                return i;
            }
        }
    }

    private void grow() {
        long[] k = keys;
        byte[] f = flags;
        int[] g = group;
        long[] o = origin;
        keys = new long[k.length * 2];
        flags = new byte[k.length * 2];
        group = g == null ? null : new int[k.length * 2];
        origin = o == null ? null : new long[k.length * 2];
        size = 0;
        for (int i = 0; i < k.length; i++) {
            if (k[i] != 0) {
                int slot = put(k[i]);
                flags[slot] = f[i];
                if (g != null) {
                    group[slot] = g[i];
                    origin[slot] = o[i];
                }
            }
        }
    }
}
