package io.github.termsprawl.store;

import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import java.nio.file.Path;

/**
 * For the benchmark (bench/session.sh): walks a whole session and prints what it saw.
 * usage: WalkBench STORE FILE [SESSION]
 */
public final class WalkBench {
    private WalkBench() {}

    public static void main(String[] args) {
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), null)) {
            walk(readers, args);
        }
    }

    private static void walk(TranscriptReaders readers, String[] args) {
        Store store = Store.of(args[0]);
        TranscriptIndex.Entry entry =
                new TranscriptIndex.Entry(Path.of(args[1]), args[0], args.length > 2 ? args[2] : null);
        long[] blocks = {0};
        WalkStats stats = readers.sessionReader(store).walk(entry, new MessageVisitor() {
            @Override
            public boolean visit(Message m) {
                blocks[0] += m.blocks().size();
                return true;
            }
        });
        System.out.println(stats + " blocks=" + blocks[0]);
    }
}
