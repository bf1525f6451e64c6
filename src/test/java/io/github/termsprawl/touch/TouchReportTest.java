package io.github.termsprawl.touch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TouchReportTest {
    /** The hand-made time is Instant's own text, to the second, over the years an agent's clock can give. */
    @Test
    void timeIsInstantsTextToTheSecond() {
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            long seconds = random.nextLong() % 400_000_000_000L; // about 10,700 years either side of 1970
            Instant t = Instant.ofEpochSecond(seconds, random.nextInt(1_000_000_000));
            assertEquals(t.truncatedTo(ChronoUnit.SECONDS).toString(), TouchReport.time(t), t.toString());
        }
        assertEquals("1970-01-01T00:00:00Z", TouchReport.time(Instant.EPOCH));
        assertEquals("2026-12-31T23:59:59Z", TouchReport.time(Instant.parse("2026-12-31T23:59:59.999Z")));
        // the calendar's edges: century and 400-year leap rules, the days around them
        for (String edge : new String[] {
            "2000-02-29T12:00:00Z", "1900-02-28T23:59:59Z", "1900-03-01T00:00:00Z", "2100-03-01T00:00:00Z",
            "1600-02-29T00:00:00Z", "0000-03-01T00:00:00Z", "9999-12-31T23:59:59Z", "1969-12-31T23:59:59Z"
        }) {
            assertEquals(edge, TouchReport.time(Instant.parse(edge)));
        }
        assertEquals("-", TouchReport.time(null));
    }
}
