package io.github.termsprawl.store;

/** Where a message was read, so that a view can cite it. */
public sealed interface Source {
    /** A cite such as {@code /p/s.jsonl:12} or {@code message:msg_1}. */
    String cite();

    /**
     * A line of a file: its number counting from 1, or 0 when the file was read backwards from the end
     * and the lines before were never counted; its byte offset is always known.
     */
    record Line(String file, long line, long offset) implements Source {
        @Override
        public String cite() {
            return line > 0 ? file + ":" + line : file + "@" + offset;
        }
    }

    /** A row of a database table (or a file of a store that keeps one file per record). */
    record Row(String table, String id) implements Source {
        @Override
        public String cite() {
            return table + ":" + id;
        }
    }
}
