package io.github.termsprawl.store;

import io.github.termsprawl.jsonl.Json;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** The stores' timestamps as instants: ISO-8601 text, or a number of milliseconds since 1970. */
public final class Timestamps {
    private Timestamps() {}

    /** The instant, or null when the value is missing or not a time. */
    public static Instant parse(Object value) {
        if (value instanceof String s) {
            Instant fast = utc(s);
            if (fast != null) {
                return fast;
            }
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

    /**
     * {@code YYYY-MM-DDTHH:MM:SS[.fraction]Z}, what every store writes, without the formatter (a whole session
     * has one per record); null for any other text, which the formatter then reads.
     */
    public static Instant utc(String s) {
        int n = s.length();
        if (n < 20
                || n > 30
                || s.charAt(n - 1) != 'Z'
                || s.charAt(4) != '-'
                || s.charAt(7) != '-'
                || s.charAt(10) != 'T'
                || s.charAt(13) != ':'
                || s.charAt(16) != ':') {
            return null;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 2);
        int day = digits(s, 8, 2);
        int hour = digits(s, 11, 2);
        int minute = digits(s, 14, 2);
        int second = digits(s, 17, 2);
        if (year < 0
                || month < 1
                || month > 12
                || day < 1
                || day > 28 && day > lengthOfMonth(year, month)
                || hour < 0
                || hour > 23
                || minute < 0
                || minute > 59
                || second < 0
                || second > 59) {
            return null;
        }
        int nanos = 0;
        if (n > 20) {
            int digits = n - 21;
            if (s.charAt(19) != '.' || digits < 1 || digits > 9) {
                return null;
            }
            int fraction = digits(s, 20, digits);
            if (fraction < 0) {
                return null;
            }
            nanos = fraction;
            for (int i = digits; i < 9; i++) {
                nanos *= 10;
            }
        }
        long days = java.time.LocalDate.of(year, month, day).toEpochDay();
        return Instant.ofEpochSecond(days * 86400 + hour * 3600L + minute * 60L + second, nanos);
    }

    private static int digits(String s, int from, int count) {
        int v = 0;
        for (int i = from; i < from + count; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static int lengthOfMonth(int year, int month) {
        return java.time.YearMonth.of(year, month).lengthOfMonth();
    }
}
