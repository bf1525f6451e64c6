package io.github.termsprawl.jsonl;

/**
 * The longest run of one ASCII byte in UTF-8 bytes: a Markdown fence must be longer than any run of backticks in
 * what it fences. In UTF-8 an ASCII byte is only ever that character, never part of another, so the count holds for
 * the text the bytes encode. Once the process reads big files the search goes eight bytes a step ({@link WordScan};
 * a turn file's text is searched here after it is encoded, not char by char in its String).
 */
public final class ByteRuns {
    private ByteRuns() {}

    /** How many {@code c} the longest run of them in {@code b} holds; 0 when there is none. */
    public static int longest(byte[] b, byte c) {
        boolean words = JsonBytes.usesWordScan();
        int n = b.length;
        int longest = 0;
        for (int at = JsonBytes.indexOf(b, 0, n, c, words); at >= 0; at = JsonBytes.indexOf(b, at, n, c, words)) {
            int start = at;
            while (at < n && b[at] == c) {
                at++;
            }
            longest = Math.max(longest, at - start);
        }
        return longest;
    }
}
