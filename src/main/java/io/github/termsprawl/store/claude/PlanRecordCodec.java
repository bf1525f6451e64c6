package io.github.termsprawl.store.claude;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.store.Timestamps;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a record is written in the plan cache and its tail file: its uuid and parent's, when they are the lowercase
 * uuids Claude Code writes, as 22 characters of Base64 of their 16 bytes ({@code "U"}, {@code "P"}), and its time,
 * when it is written to the millisecond as Claude Code writes it, as milliseconds of the epoch ({@code "T"}). A
 * record that is mostly links and a time is about a third smaller so (docs/files.md, "What a folder was made from");
 * reading it back gives the same fields, and a record written otherwise (by an earlier version, or a value of
 * another shape) is read as it is. A parent that is the record just before in the cache is written {@code "P":1}
 * ({@link #PREVIOUS}; the cache's appender decides, {@link #unpack(Map, String)} is told which record that is).
 */
final class PlanRecordCodec {
    private PlanRecordCodec() {}

    private static final String UUID = "uuid";
    private static final String PARENT = "parentUuid";
    private static final String TIME = "timestamp";
    private static final String PACKED_UUID = "U";
    private static final String PACKED_PARENT = "P";
    private static final String PACKED_TIME = "T";

    /** What {@code "P"} holds for a parent that is the record just before in the cache. */
    static final int PREVIOUS = 1;

    /** {@code record} as the cache writes it: a copy with its uuids and time packed, or itself when none is. */
    static Map<String, Object> pack(Map<String, Object> record) {
        return pack(record, true);
    }

    /** {@link #pack}, without the parent (the cache's appender writes it, {@code "P"} first). */
    static Map<String, Object> packWithoutParent(Map<String, Object> record) {
        return pack(record, false);
    }

    private static Map<String, Object> pack(Map<String, Object> record, boolean withParent) {
        byte[] uuid = bytes(record.get(UUID));
        byte[] parent = withParent ? bytes(record.get(PARENT)) : null;
        long time = millis(record.get(TIME));
        if (uuid == null && parent == null && time == Long.MIN_VALUE && (withParent || !record.containsKey(PARENT))) {
            return record;
        }
        Map<String, Object> out = new LinkedHashMap<>(record.size() * 2);
        for (Map.Entry<String, Object> e : record.entrySet()) {
            String key = e.getKey();
            if (key.equals(PARENT) && !withParent) {
                continue;
            } else if (key.equals(UUID) && uuid != null) {
                out.put(PACKED_UUID, BASE64.encodeToString(uuid));
            } else if (key.equals(PARENT) && parent != null) {
                out.put(PACKED_PARENT, BASE64.encodeToString(parent));
            } else if (key.equals(TIME) && time != Long.MIN_VALUE) {
                out.put(PACKED_TIME, time);
            } else {
                out.put(key, e.getValue());
            }
        }
        return out;
    }

    /** The uuid of a record as the cache writes it, packed or not; null when it has none. */
    static String uuidOf(Map<String, Object> written) {
        Object packed = written.get(PACKED_UUID);
        if (packed != null) {
            return uuid(packed);
        }
        return written.get(UUID) instanceof String s ? s : null;
    }

    /** The packed form of a parent: 22 characters of Base64, or null when it is not a uuid pack writes so. */
    static String packedUuid(Object value) {
        byte[] b = bytes(value);
        return b == null ? null : BASE64.encodeToString(b);
    }

    /**
     * Gives {@code record} (read from the cache) its fields back as {@link #pack} found them; an
     * {@link IllegalArgumentException} when a packed one is not what pack writes (a cache that does not read).
     */
    static Map<String, Object> unpack(Map<String, Object> record) {
        return unpack(record, null);
    }

    /**
     * {@link #unpack(Map)}, {@code previous} the uuid of the record just before in the cache (null: none, or not
     * known), which a parent written {@code "P":1} is.
     */
    static Map<String, Object> unpack(Map<String, Object> record, String previous) {
        if (record.containsKey(PACKED_UUID)) {
            record.put(UUID, uuid(record.remove(PACKED_UUID)));
        }
        if (record.containsKey(PACKED_PARENT)) {
            Object p = record.remove(PACKED_PARENT);
            if (p instanceof Json.JsonNumber n && n.text().equals(Integer.toString(PREVIOUS))) {
                if (previous == null) {
                    throw new IllegalArgumentException("a parent named as the record before, with none before it");
                }
                record.put(PARENT, previous);
            } else {
                record.put(PARENT, uuid(p));
            }
        }
        if (record.containsKey(PACKED_TIME)) {
            Object t = record.remove(PACKED_TIME);
            if (!(t instanceof Json.JsonNumber n)) {
                throw new IllegalArgumentException("a packed time that is no number: " + t);
            }
            record.put(TIME, time(Long.parseLong(n.text()))); // a NumberFormatException is one too
        }
        return record;
    }

    private static final Base64.Encoder BASE64 = Base64.getUrlEncoder().withoutPadding();
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** The 16 bytes of a lowercase uuid ({@code 8-4-4-4-12} hex digits), or null when it is no such string. */
    static byte[] bytes(Object value) {
        if (!(value instanceof String s) || s.length() != 36) {
            return null;
        }
        byte[] out = new byte[16];
        int n = 0;
        for (int i = 0; i < 36; ) {
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (s.charAt(i) != '-') {
                    return null;
                }
                i++;
                continue;
            }
            int hi = digit(s.charAt(i));
            int lo = digit(s.charAt(i + 1));
            if (hi < 0 || lo < 0) {
                return null;
            }
            out[n++] = (byte) (hi << 4 | lo);
            i += 2;
        }
        return out;
    }

    private static int digit(char c) {
        return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    }

    private static String uuid(Object packed) {
        byte[] b = packed instanceof String s && s.length() == 22
                ? Base64.getUrlDecoder().decode(s)
                : null;
        if (b == null || b.length != 16) {
            throw new IllegalArgumentException("a packed uuid that is not 16 bytes of Base64: " + packed);
        }
        char[] out = new char[36];
        int n = 0;
        for (int i = 0; i < 16; i++) {
            if (i == 4 || i == 6 || i == 8 || i == 10) {
                out[n++] = '-';
            }
            out[n++] = HEX[(b[i] >> 4) & 0xf];
            out[n++] = HEX[b[i] & 0xf];
        }
        return new String(out);
    }

    /**
     * Milliseconds of the epoch of a time written {@code yyyy-MM-ddTHH:mm:ss.SSSZ} (years 1970 to 9999), or
     * {@link Long#MIN_VALUE} when it is written otherwise: only a time {@link #time} writes back the same is packed
     * (PlanRecordCodecTest checks every packed time comes back). Read as the stores' times are ({@link
     * Timestamps#utc}), which checks every field and the length of the month.
     */
    static long millis(Object value) {
        if (!(value instanceof String s) || s.length() != 24 || s.charAt(19) != '.') {
            return Long.MIN_VALUE;
        }
        Instant t = Timestamps.utc(s);
        return t == null || t.getEpochSecond() < 0 ? Long.MIN_VALUE : t.toEpochMilli();
    }

    /** {@code ms} written {@code yyyy-MM-ddTHH:mm:ss.SSSZ}. */
    static String time(long ms) {
        if (ms < 0 || ms >= 253_402_300_800_000L) { // 10000-01-01
            throw new IllegalArgumentException("a packed time out of range: " + ms);
        }
        LocalDate date = LocalDate.ofEpochDay(ms / 86_400_000L);
        int inDay = (int) (ms % 86_400_000L);
        char[] out = new char[24];
        put(out, 0, date.getYear(), 4);
        out[4] = '-';
        put(out, 5, date.getMonthValue(), 2);
        out[7] = '-';
        put(out, 8, date.getDayOfMonth(), 2);
        out[10] = 'T';
        put(out, 11, inDay / 3_600_000, 2);
        out[13] = ':';
        put(out, 14, inDay / 60_000 % 60, 2);
        out[16] = ':';
        put(out, 17, inDay / 1000 % 60, 2);
        out[19] = '.';
        put(out, 20, inDay % 1000, 3);
        out[23] = 'Z';
        return new String(out);
    }

    private static void put(char[] out, int at, int value, int digits) {
        for (int i = at + digits - 1; i >= at; i--) {
            out[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }
}
