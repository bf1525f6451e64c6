package io.github.termsprawl.store.opencode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.StoreFixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenCodeLegacyTranscriptTest {
    @TempDir
    Path dir;

    private final TranscriptReaders readers = StoreFixtures.readers();

    private Path storage() throws Exception {
        Path s = dir.resolve("opencode").resolve("storage");
        StoreFixtures.write(
                s.resolve("session/prj/ses_a.json"),
                "{\"id\":\"ses_a\",\"directory\":\"/p\",\"title\":\"A\",\"time\":{\"created\":1,\"updated\":9}}");
        StoreFixtures.write(
                s.resolve("session/prj/ses_b.json"),
                "{\"id\":\"ses_b\",\"directory\":\"/p\",\"title\":\"B\",\"time\":{\"created\":1,\"updated\":5}}");
        StoreFixtures.write(
                s.resolve("message/ses_a/msg_2.json"),
                "{\"id\":\"msg_2\",\"sessionID\":\"ses_a\",\"role\":\"assistant\",\"time\":{\"created\":2000}}");
        StoreFixtures.write(
                s.resolve("message/ses_a/msg_1.json"),
                "{\"id\":\"msg_1\",\"sessionID\":\"ses_a\",\"role\":\"user\",\"time\":{\"created\":1000}}");
        StoreFixtures.write(
                s.resolve("message/ses_b/msg_9.json"),
                "{\"id\":\"msg_9\",\"sessionID\":\"ses_b\",\"role\":\"user\",\"time\":{\"created\":1500}}");
        StoreFixtures.write(
                s.resolve("part/msg_1/prt_1.json"),
                "{\"id\":\"prt_1\",\"messageID\":\"msg_1\",\"type\":\"text\",\"text\":\"hello\"}");
        StoreFixtures.write(
                s.resolve("part/msg_2/prt_3.json"),
                "{\"id\":\"prt_3\",\"messageID\":\"msg_2\",\"type\":\"text\",\"text\":\"done\"}");
        StoreFixtures.write(
                s.resolve("part/msg_2/prt_2.json"),
                "{\"id\":\"prt_2\",\"messageID\":\"msg_2\",\"type\":\"tool\",\"callID\":\"c\",\"tool\":\"bash\",\"state\":{\"status\":\"completed\",\"output\":\"x\"}}");
        StoreFixtures.write(
                s.resolve("part/msg_2/prt_4.json"),
                "{\"id\":\"prt_4\",\"messageID\":\"msg_2\",\"type\":\"text\",\"text\":\"auto\",\"synthetic\":true}");
        StoreFixtures.write(
                s.resolve("part/msg_9/prt_9.json"),
                "{\"id\":\"prt_9\",\"messageID\":\"msg_9\",\"type\":\"text\",\"text\":\"other session\"}");
        return s;
    }

    @Test
    void readsTheSessionFromTheStorageFolderOrItsParent() throws Exception {
        Path s = storage();
        for (Path path : new Path[] {s, s.getParent()}) {
            TranscriptIndex.Entry entry = StoreFixtures.entry(path, null, "ses_a");
            assertEquals(Store.OPENCODE, readers.storeOf(entry));
            assertEquals(
                    StoreFixtures.turns("user", "hello", "assistant", "done"),
                    readers.lastTurns(entry, StoreFixtures.LIMITS).turns());
            assertEquals(new ReadStats("opencode", 6, 2, 0), readers.stats(entry));
        }
    }

    @Test
    void oldestLayoutKeepsPartsFlat() throws Exception {
        Path s = dir.resolve("storage");
        StoreFixtures.write(s.resolve("session/prj/ses_x.json"), "{\"id\":\"ses_x\",\"directory\":\"/p\"}");
        StoreFixtures.write(
                s.resolve("message/ses_x/m1.json"), "{\"id\":\"m1\",\"role\":\"user\",\"time\":{\"created\":1}}");
        StoreFixtures.write(
                s.resolve("part/p1.json"), "{\"id\":\"p1\",\"messageID\":\"m1\",\"type\":\"text\",\"text\":\"flat\"}");
        assertEquals(
                StoreFixtures.turns("user", "flat"),
                readers.lastTurns(StoreFixtures.entry(s, "opencode", "ses_x"), StoreFixtures.LIMITS)
                        .turns());
    }

    @Test
    void aSessionIdCannotLeaveTheStorageFolder() throws Exception {
        Path s = storage();
        assertEquals(
                0,
                readers.lastTurns(StoreFixtures.entry(s, "opencode", ".."), StoreFixtures.LIMITS)
                        .turns()
                        .size());
        assertEquals(
                0,
                readers.lastTurns(StoreFixtures.entry(s, "opencode", null), StoreFixtures.LIMITS)
                        .turns()
                        .size());
    }
}
