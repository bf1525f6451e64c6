package io.github.termsprawl.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TimestampsTest {
    @Test
    void theFastReadIsTheFormattersForEveryUtcTime() {
        Random r = new Random(12);
        for (int i = 0; i < 20_000; i++) {
            Instant t = Instant.ofEpochSecond(r.nextLong(-60_000_000_000L, 250_000_000_000L), r.nextInt(1_000_000_000));
            String text = t.toString();
            int digits = r.nextInt(10);
            if (text.length() > 20) { // cut the fraction to 0-9 digits, as stores write it
                int dot = text.indexOf('.');
                text = digits == 0
                        ? text.substring(0, dot) + "Z"
                        : text.substring(0, Math.min(text.length() - 1, dot + 1 + digits)) + "Z";
            }
            if (text.startsWith("-") || text.startsWith("+")) {
                assertNull(Timestamps.utc(text), text);
                continue;
            }
            assertEquals(Instant.parse(text), Timestamps.utc(text), text);
            assertEquals(Instant.parse(text), Timestamps.parse(text), text);
        }
    }

    @Test
    void anythingElseIsLeftToTheFormatter() {
        for (String odd : new String[] {
            "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:00:60Z",
            "2026-01-01T00:00:00.Z", "2026-01-01T00:00:00.1234567890Z", "2026-01-01T00:00:00+02:00",
                    "2026-01-01 00:00:00Z",
            "2026-01-0aT00:00:00Z"
        }) {
            assertNull(Timestamps.utc(odd), odd);
        }
        assertEquals(Instant.parse("2024-02-29T23:59:59.5Z"), Timestamps.utc("2024-02-29T23:59:59.5Z"));
        assertEquals(Instant.parse("2025-12-31T22:00:00Z"), Timestamps.parse("2026-01-01T00:00:00+02:00"));
        assertNull(Timestamps.parse("2026-02-29T00:00:00Z"));
    }
}
