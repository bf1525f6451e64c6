package io.github.termsprawl.store.claude;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.jsonl.CompactJsonBytes;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Appends records to a plan cache ({@link ClaudePlanCache}) from a size on (anything past it is cut off first),
 * each as a line {@code {"o": offset, "l": line, "r": record}}, the record's parent its first field: a record's
 * other fields may be written ahead, on the thread that parsed its line ({@link #withoutParent}), while its parent
 * is only known once the plan has merged it (a parent folded into a closed group, {@link ClaudePlanTree}).
 */
final class PlanCacheAppender implements Closeable {
    private static final String PARENT = "parentUuid";

    private final FileChannel channel;
    private final CompactJsonBytes pending = new CompactJsonBytes();
    private final CompactJsonBytes scratch = new CompactJsonBytes();
    /** The bytes before {@link #pending}: the cache's size at its last flush (for one kept nowhere, what it had). */
    private long flushed;

    /**
     * On a cache in a folder its caller checked ({@code AtomicFiles.confinedFolder}); with {@code cache} null, on no
     * file: what is appended is dropped (a plan made once, as ask makes it).
     */
    PlanCacheAppender(Path cache, long from) throws IOException {
        if (cache == null) {
            channel = null;
            return;
        }
        FileChannel c = AtomicFiles.appendChannel(cache, from);
        if (c == null) {
            throw new IOException(cache + " changed while it was read: run again");
        }
        channel = c;
        flushed = c.position();
    }

    /** {@code record} without its parent: what {@link #append(long, long, Map, byte[], int)} is given as JSON. */
    static Map<String, Object> withoutParent(Map<String, Object> record) {
        if (!record.containsKey(PARENT)) {
            return record;
        }
        Map<String, Object> out = new LinkedHashMap<>(record);
        out.remove(PARENT);
        return out;
    }

    /** Keeps a record given as a tree; where its line starts in the cache. */
    long append(long offset, long line, Map<String, Object> record) throws IOException {
        scratch.clear();
        scratch.value(withoutParent(record));
        return append(offset, line, record, scratch.bytes(), scratch.size());
    }

    /**
     * Keeps {@code record}, given also as the compact JSON of {@link #withoutParent} of it ({@code rest[0, length)},
     * made on another thread); where its line starts in the cache.
     */
    long append(long offset, long line, Map<String, Object> record, byte[] rest, int length) throws IOException {
        long at = flushed + pending.size();
        pending.ascii("{\"o\":" + offset + ",\"l\":" + line + ",\"r\":{");
        Object parent = record.get(PARENT);
        if (parent != null) {
            pending.ascii("\"" + PARENT + "\":");
            pending.value(parent);
            if (length > 2) { // rest is "{…}": its fields after the parent's
                pending.ascii(",");
            }
        }
        pending.raw(rest, 1, length); // its closing brace ends "r"
        pending.ascii("}\n");
        if (pending.size() > 1 << 20) {
            flush();
        }
        return at;
    }

    private void flush() throws IOException {
        flushed += pending.size();
        if (channel == null) {
            pending.clear();
            return;
        }
        ByteBuffer bytes = ByteBuffer.wrap(pending.bytes(), 0, pending.size());
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
        pending.clear();
    }

    /** The size of the cache with everything appended. */
    long size() throws IOException {
        flush();
        return flushed;
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }
}
