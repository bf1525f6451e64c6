package io.github.termsprawl.session;

import io.github.termsprawl.jsonl.Json;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** The stores' timestamps as instants: ISO-8601 text, or a number of milliseconds since 1970. */
final class Timestamps {
    private Timestamps() {}

    /** The instant, or null when the value is missing or not a time. */
    static Instant parse(Object value) {
        if (value instanceof String s) {
            try {
                return Instant.parse(s);
            } catch (DateTimeParseException e) {
                try {
                    return OffsetDateTime.parse(s).toInstant();
                } catch (DateTimeParseException e2) {
                    return null;
                }
            }
        }
        if (value instanceof Json.JsonNumber n) {
            double ms = n.value();
            return Double.isFinite(ms) && Math.abs(ms) < 1e16 ? Instant.ofEpochMilli((long) ms) : null;
        }
        return null;
    }
}
