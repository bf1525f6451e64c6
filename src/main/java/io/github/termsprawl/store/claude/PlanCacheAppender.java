package io.github.termsprawl.store.claude;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.jsonl.CompactJsonBytes;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Appends records to a plan cache ({@link ClaudePlanCache}) from a size on (anything past it is cut off first),
 * each as a line {@code {"o": offset, "l": line, "r": record}}, its fields packed ({@link PlanRecordCodec}) and
 * its parent first. Two rules keep a record's line short, both read back by {@link ClaudePlanCache#records}: a
 * parent that is the record just before in the cache is written {@code "P":1}, and a link (the record folded
 * records leave, {@link ClaudePlanTree}) shares its line with the record read from the same line that hangs off
 * it ({@code "k"}: the link), which then writes no parent (docs/files.md, "What a folder was made from").
 */
final class PlanCacheAppender implements Closeable {
    private static final byte[] LINE_START = ascii("{\"o\":");
    private static final byte[] LINE = ascii(",\"l\":");
    private static final byte[] RECORD = ascii(",\"r\":");
    private static final byte[] LINK = ascii(",\"k\":");
    private static final byte[] LINE_END = ascii("}\n");
    private static final byte[] PREVIOUS = ascii("\"P\":" + PlanRecordCodec.PREVIOUS);
    private static final String PARENT = "parentUuid";

    private final FileChannel channel;
    private final CompactJsonBytes pending = new CompactJsonBytes();
    private final CompactJsonBytes scratch = new CompactJsonBytes();
    private final CompactJsonBytes parent = new CompactJsonBytes();
    private final CompactJsonBytes linkJson = new CompactJsonBytes();
    /** The bytes before {@link #pending}: the cache's size at its last flush (for one kept nowhere, what it had). */
    private long flushed;
    /** The uuid of the last record this appender wrote, or null (the lines before it may say another). */
    private String previous;
    /** A link not yet written ({@link #link}): its line's {@code "k"} value, place and uuid; null when none. */
    private byte[] link;

    private long linkOffset;
    private long linkLine;
    private String linkUuid;

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

    /** Keeps a record given as a tree; where its line starts in the cache. */
    long append(long offset, long line, Map<String, Object> record) throws IOException {
        scratch.clear();
        scratch.value(PlanRecordCodec.packWithoutParent(record));
        return append(offset, line, record, scratch.bytes(), scratch.size());
    }

    /**
     * Keeps {@code record}, given also as the compact JSON of {@link PlanRecordCodec#packWithoutParent} of it
     * ({@code rest[0, length)}, made on another thread); where its line starts in the cache.
     */
    long append(long offset, long line, Map<String, Object> record, byte[] rest, int length) throws IOException {
        byte[] k = null;
        boolean offLink =
                link != null && offset == linkOffset && line == linkLine && linkUuid.equals(record.get(PARENT));
        if (offLink) {
            k = link;
            link = null;
        } else {
            endLink();
        }
        parent.clear();
        if (!offLink) {
            parent(record);
        }
        long at = line(offset, line, k, rest, length);
        previous = record.get("uuid") instanceof String u ? u : previous;
        return at;
    }

    /**
     * Keeps a link record (a {@link ClaudePlanCache#LINK_TYPE} record with {@code "link": true}, no other type or
     * flag but what it is given): written when the next record is, on that one's line when it hangs off the link.
     * Where its line starts in the cache.
     */
    long link(long offset, long line, Map<String, Object> record) throws IOException {
        endLink();
        Map<String, Object> fields = new LinkedHashMap<>(record);
        if (!ClaudePlanCache.LINK_TYPE.equals(fields.remove("type"))
                || !Boolean.TRUE.equals(fields.remove("link"))
                || !(fields.get("uuid") instanceof String uuid)) {
            throw new IllegalArgumentException("not a link record: " + record.keySet());
        }
        parent.clear();
        parent(fields);
        scratch.clear();
        scratch.value(PlanRecordCodec.packWithoutParent(fields));
        linkJson.clear();
        object(linkJson, scratch.bytes(), scratch.size());
        link = Arrays.copyOf(linkJson.bytes(), linkJson.size());
        linkOffset = offset;
        linkLine = line;
        linkUuid = uuid;
        previous = uuid; // the next line is the link's
        return flushed + pending.size();
    }

    /** Writes a link kept by {@link #link} on a line of its own: no record took it. */
    private void endLink() throws IOException {
        if (link != null) {
            byte[] k = link;
            link = null;
            parent.clear();
            line(linkOffset, linkLine, k, null, 0);
        }
    }

    /** {@link #parent} made the parent's field of {@code record}: nothing when it has none. */
    private void parent(Map<String, Object> record) {
        if (!record.containsKey(PARENT)) {
            return;
        }
        Object p = record.get(PARENT);
        if (p instanceof String s && s.equals(previous)) {
            parent.raw(PREVIOUS, 0, PREVIOUS.length);
            return;
        }
        String packed = PlanRecordCodec.packedUuid(p);
        parent.ascii(packed != null ? "\"P\":" : "\"" + PARENT + "\":");
        parent.value(packed != null ? packed : p);
    }

    /** {@code {parent, fields…}}: the object {@code rest} holds, with {@link #parent} its first field. */
    private void object(CompactJsonBytes out, byte[] rest, int length) {
        if (parent.size() == 0) {
            out.raw(rest, 0, length);
            return;
        }
        out.ascii("{");
        out.raw(parent.bytes(), 0, parent.size());
        if (length > 2) { // rest is "{…}": its fields after the parent's
            out.ascii(",");
        }
        out.raw(rest, 1, length);
    }

    private long line(long offset, long line, byte[] k, byte[] rest, int length) throws IOException {
        long at = flushed + pending.size();
        pending.raw(LINE_START, 0, LINE_START.length);
        pending.ascii(Long.toString(offset));
        pending.raw(LINE, 0, LINE.length);
        pending.ascii(Long.toString(line));
        if (k != null) {
            pending.raw(LINK, 0, LINK.length);
            pending.raw(k, 0, k.length);
        }
        if (rest != null) {
            pending.raw(RECORD, 0, RECORD.length);
            object(pending, rest, length);
        }
        pending.raw(LINE_END, 0, LINE_END.length);
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
        endLink();
        flush();
        return flushed;
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
