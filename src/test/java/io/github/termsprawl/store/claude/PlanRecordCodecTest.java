package io.github.termsprawl.store.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.jsonl.CompactJsonBytes;
import io.github.termsprawl.jsonl.Json;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PlanRecordCodecTest {
    @Test
    void aRecordReadsBackWithTheFieldsItWasWrittenWith() throws Exception {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("parentUuid", "8c3b2f2e-5d1a-4f7e-9a0b-1c2d3e4f5a6b");
        record.put("type", "user");
        record.put("message", Map.of("content", "\u2026"));
        record.put("uuid", "00000000-0000-4000-8000-000000000003");
        record.put("timestamp", "2026-01-01T00:00:00.030Z");
        String original = json(record);
        String packed = json(PlanRecordCodec.pack(record));
        assertTrue(packed.length() < original.length() * 2 / 3, packed + " against " + original);
        Map<String, Object> back = PlanRecordCodec.unpack(Json.asObject(Json.parse(packed)));
        assertEquals(Json.parse(original), back);
    }

    @Test
    void onlyWhatComesBackTheSameIsPacked() {
        for (String time : new String[] {
            "2026-01-01T00:00:00Z", // no milliseconds
            "2026-02-30T00:00:00.000Z", // no such day
            "2023-02-29T00:00:00.000Z",
            "2100-02-29T00:00:00.000Z",
            "2026-04-31T00:00:00.000Z",
            "2026-01-01T24:00:00.000Z",
            "2026-01-01T-1:00:00.000Z",
            "1969-12-31T23:59:59.999Z",
            "2026-01-01T00:00:00.000+01:00",
            "2026-01-01 00:00:00.000Z"
        }) {
            Map<String, Object> record = new LinkedHashMap<>(Map.of("timestamp", time));
            assertSame(record, PlanRecordCodec.pack(record), time);
        }
        for (String uuid : new String[] {
            "8C3B2F2E-5D1A-4F7E-9A0B-1C2D3E4F5A6B", // upper case would come back lower
            "8c3b2f2e5d1a4f7e9a0b1c2d3e4f5a6b",
            "8c3b2f2e-5d1a-4f7e-9a0b-1c2d3e4f5a6b:leaf",
            "8c3b2f2e-5d1a-4f7e-9a0b-1c2d3e4f5a6g"
        }) {
            Map<String, Object> record = new LinkedHashMap<>(Map.of("uuid", uuid, "parentUuid", uuid));
            assertSame(record, PlanRecordCodec.pack(record), uuid);
        }
    }

    @Test
    void leapDaysArePacked() {
        for (String time : new String[] {"2024-02-29T12:00:00.000Z", "2000-02-29T23:59:59.999Z"}) {
            Map<String, Object> packed = PlanRecordCodec.pack(new LinkedHashMap<>(Map.of("timestamp", time)));
            assertEquals(Instant.parse(time).toEpochMilli(), packed.get("T"), time);
        }
    }

    @Test
    void everyUuidAndMillisecondComesBack() {
        Random random = new Random(3);
        for (int i = 0; i < 20_000; i++) {
            String uuid = new UUID(random.nextLong(), random.nextLong()).toString();
            long ms = (long) (random.nextDouble() * 253_402_300_799_999L);
            String time = Instant.ofEpochMilli(ms).toString(); // the JDK's writing: no fraction at .000
            Map<String, Object> record = new LinkedHashMap<>(Map.of("uuid", uuid, "timestamp", time));
            Map<String, Object> packed = PlanRecordCodec.pack(record);
            boolean millis = time.length() == 24;
            assertEquals(millis ? ms : null, packed.get("T") == null ? null : (Long) packed.get("T"), time);
            Map<String, Object> back = new LinkedHashMap<>();
            packed.forEach((k, v) -> back.put(k, v instanceof Long l ? new Json.JsonNumber(Long.toString(l)) : v));
            assertEquals(record, PlanRecordCodec.unpack(back), uuid + " " + time);
        }
    }

    @Test
    void aPackedFieldThatIsNotWhatPackWritesDoesNotRead() {
        for (Object[] bad : new Object[][] {
            {"U", "AAAA"},
            {"P", "!!!!!!!!!!!!!!!!!!!!!!"},
            {"T", "123"},
            {"T", new Json.JsonNumber("-1")},
            {"T", new Json.JsonNumber("1.5")},
            {"T", new Json.JsonNumber("253402300800000")},
            {"P", new Json.JsonNumber("1")}, // the record before, with none before it
            {"P", new Json.JsonNumber("2")}
        }) {
            Map<String, Object> record = new LinkedHashMap<>(Map.of((String) bad[0], bad[1]));
            assertThrows(IllegalArgumentException.class, () -> PlanRecordCodec.unpack(record), bad[0] + " " + bad[1]);
        }
    }

    @Test
    void aParentWrittenAsTheRecordBeforeIsThatRecordsUuid() {
        String before = "8f0c3b9e-57a5-4f26-b12d-d022ee4e51b7";
        Map<String, Object> record =
                new LinkedHashMap<>(Map.of("P", new Json.JsonNumber("1"), "U", "G07ynWa7QnOuXxMpe3PrtA"));
        Map<String, Object> back = PlanRecordCodec.unpack(record, before);
        assertEquals(before, back.get("parentUuid"));
        assertEquals("1b4ef29d-66bb-4273-ae5f-13297b73ebb4".length(), ((String) back.get("uuid")).length());
        assertEquals(2, back.size());
        // the parent is left for the cache's appender to write: none in what is packed
        Map<String, Object> full = new LinkedHashMap<>(Map.of("parentUuid", before, "uuid", before, "type", "user"));
        assertEquals(Map.of("U", "jww7nlelTyaxLdAi7k5Rtw", "type", "user"), PlanRecordCodec.packWithoutParent(full));
        Map<String, Object> plain = new LinkedHashMap<>(Map.of("parentUuid", "p1", "uuid", "u1"));
        assertEquals(
                Map.of("uuid", "u1"), PlanRecordCodec.packWithoutParent(plain), "nothing packed, the parent left out");
    }

    private static String json(Map<String, Object> record) {
        CompactJsonBytes out = new CompactJsonBytes();
        out.value(record);
        return new String(out.bytes(), 0, out.size(), StandardCharsets.UTF_8);
    }
}
