package io.github.termsprawl.store;

import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.JsonProjection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A forward walk over a JSONL store whose records each give zero or more messages. */
public final class JsonlMessages {
    /** One record's messages (empty for bookkeeping), and whether its type is known. */
    public interface Rule {
        List<Message> messages(Map<String, Object> record, Source.Line source);

        boolean isKnown(Map<String, Object> record);

        /** The working directory the record names for the session from here on, or null ({@link MessageVisitor#directory}). */
        default String directory(Map<String, Object> record) {
            return null;
        }
    }

    private JsonlMessages() {}

    public static WalkStats walk(Path file, JsonProjection projection, Rule rule, MessageVisitor visitor) {
        return walk(file, 0, 1, projection, rule, visitor);
    }

    /** The walk from the line that starts at {@code offset} (numbered {@code line}), a line start of an earlier walk. */
    public static WalkStats walk(
            Path file, long offset, long line, JsonProjection projection, Rule rule, MessageVisitor visitor) {
        long records = 0;
        long unknown = 0;
        long unreadable = 0;
        long messages = 0;
        if (file.toFile().isFile()) {
            try (ForwardLineReader lines = ForwardLineReader.open(file)) {
                if (offset > 0) {
                    lines.seek(offset, line);
                }
                walk:
                while (lines.next()) {
                    Map<String, Object> record = lines.record(projection, ReadLimits.STRING_CAP);
                    if (record == null) {
                        unreadable += lines.length() > 0 ? 1 : 0;
                        continue;
                    }
                    records++;
                    unknown += rule.isKnown(record) ? 0 : 1;
                    Source.Line source = new Source.Line(file.toString(), lines.lineNumber(), lines.lineStart());
                    String dir = rule.directory(record);
                    if (dir != null) {
                        visitor.directory(dir);
                    }
                    for (Message m : rule.messages(record, source)) {
                        messages++;
                        if (!visitor.visit(m)) {
                            break walk;
                        }
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                // what was read stands
            }
        }
        return new WalkStats(records, unknown, unreadable, messages);
    }
}
