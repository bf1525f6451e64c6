package io.github.termsprawl.store.claude;

import java.util.Arrays;

/** A growable list of ints: the planner's records, branches and hashes are ints, never boxed. */
final class IntList {
    private int[] values;
    private int size;

    IntList() {
        values = new int[16];
    }

    /** A list that starts with {@code first}'s values. */
    IntList(int[] first) {
        values = Arrays.copyOf(first, Math.max(16, first.length + (first.length >> 1)));
        size = first.length;
    }

    void add(int v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size + (size >> 1) + 16);
        }
        values[size++] = v;
    }

    int get(int i) {
        return values[i];
    }

    int size() {
        return size;
    }

    int[] toArray() {
        return Arrays.copyOf(values, size);
    }

    /** Sorted, without repeats. */
    int[] sorted() {
        int[] all = toArray();
        Arrays.sort(all);
        int k = 0;
        for (int i = 0; i < all.length; i++) {
            if (k == 0 || all[k - 1] != all[i]) {
                all[k++] = all[i];
            }
        }
        return Arrays.copyOf(all, k);
    }
}
