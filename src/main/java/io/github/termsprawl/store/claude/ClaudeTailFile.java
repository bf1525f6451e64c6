package io.github.termsprawl.store.claude;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.StateCaps;
import io.github.termsprawl.jsonl.CompactJsonBytes;
import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.store.ReadLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The file a {@link ClaudeTail} is kept in ({@code .plan-tail}): a header line with the cache it goes with,
 * the length and a CRC of the rest; four lines of hashes ({@link SortedHashes}), of the window's uuids without the
 * folded ones, which are read from the lines of the plan cache the fifth line names ({@link Folds}); then lines as the plan
 * cache has them ({@code {"o": offset, "l": line, "r": record}}), the first of them the subagent scan and the
 * calls the branch must keep answering ({@code "o": -1}), the others the tail's records. A file that does not
 * read, is cut short or was made for another cache is no tail.
 */
final class ClaudeTailFile {
    private static final String MAGIC = "termsprawl-claude-tail 4";

    private ClaudeTailFile() {}

    /** The tail kept for {@code key} in {@code file}, or null when there is none for it (or it does not read). */
    static ClaudeTail read(Path file, ClaudeTail.PlanCacheKey key, boolean scanned) {
        byte[] bytes = AtomicFiles.readPlain(file, StateCaps.TAIL);
        if (bytes == null) {
            return null;
        }
        try {
            int[] at = {0};
            if (!line(bytes, at).equals(MAGIC)) {
                return null;
            }
            String[] h = line(bytes, at).split(" ");
            // what follows the header is whole and as written: a tail cut short by a copy would plan wrong
            if (h.length != 11
                    || Long.parseLong(h[9]) != bytes.length - at[0]
                    || Long.parseLong(h[10], 16) != crc(bytes, at[0], bytes.length - at[0])
                    || Long.parseLong(h[0]) != key.planBytes()
                    || Long.parseLong(h[1]) != key.offset()
                    || Long.parseLong(h[2]) != key.lines()
                    || !h[3].equals(key.redact() ? "1" : "0")
                    || !h[4].equals(scanned ? "1" : "0")) {
                return null;
            }
            int[] uuids = SortedHashes.decode(line(bytes, at));
            int[] outside = SortedHashes.decode(line(bytes, at));
            int[] answered = SortedHashes.decode(line(bytes, at));
            int[] synthesized = SortedHashes.decode(line(bytes, at));
            Folds folds = folds(file, line(bytes, at), key.planBytes());
            if (folds == null) {
                return null;
            }
            uuids = ClaudeTail.union(uuids, folds.hashes());
            List<ClaudeRecord> records = new ArrayList<>();
            String[] session = {null};
            Map<String, String> linked = new LinkedHashMap<>();
            Set<String> needed = new java.util.LinkedHashSet<>();
            boolean read = ClaudePlanCache.read(file, at[0], bytes.length, new ClaudePlanCache.Visitor() {
                @Override
                public void record(long at, long offset, long line, Map<String, Object> record) {
                    if (offset < 0) {
                        // a plan without a subagent scan keeps no session: JSON null, no string
                        session[0] = record.get("session") instanceof String s ? s : null;
                        if (record.get("needed") instanceof List<?> ids) {
                            for (Object id : ids) {
                                needed.add((String) id);
                            }
                        }
                        if (record.get("linked") instanceof List<?> pairs) {
                            for (Object p : pairs) {
                                List<?> pair = (List<?>) p;
                                linked.put((String) pair.get(0), (String) pair.get(1));
                            }
                        }
                        return;
                    }
                    ClaudeRecord r = ClaudeRecord.of(record, offset, line);
                    if (r == null) {
                        throw new IllegalStateException("a kept record without uuid");
                    }
                    records.add(r);
                }
            });
            if (!read || records.isEmpty()) {
                return null;
            }
            return new ClaudeTail(
                    key,
                    scanned,
                    Integer.parseInt(h[5]),
                    Integer.parseInt(h[6]),
                    ClaudeTail.Mode.valueOf(h[7]),
                    instant(h[8]),
                    uuids,
                    outside,
                    answered,
                    synthesized,
                    needed,
                    session[0],
                    linked,
                    records,
                    folds);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** {@code -}, or seconds and nanoseconds of the epoch ({@code 1767225600.5}). */
    private static Instant instant(String text) {
        if (text.equals("-")) {
            return null;
        }
        int dot = text.indexOf('.');
        return Instant.ofEpochSecond(Long.parseLong(text.substring(0, dot)), Long.parseLong(text.substring(dot + 1)));
    }

    /** Writes the tail through a temp file and a rename; none ({@code t} null) removes the one there. */
    static void write(ClaudeTail t, Path file) throws IOException {
        if (t == null) {
            Files.deleteIfExists(file);
            return;
        }
        CompactJsonBytes out = new CompactJsonBytes();
        for (int[] set : new int[][] {
            ClaudeTail.without(t.uuids(), t.folds().hashes()), t.outsideIds(), t.answered(), t.synthesized()
        }) {
            out.ascii(SortedHashes.encode(set));
            out.ascii("\n");
        }
        StringBuilder lines = new StringBuilder();
        for (long at : t.folds().lines()) {
            lines.append(lines.length() == 0 ? "" : " ").append(at);
        }
        out.ascii(lines.append('\n').toString());
        List<Object> pairs = new ArrayList<>();
        for (Map.Entry<String, String> e : t.linked().entrySet()) {
            pairs.add(Arrays.asList(e.getKey(), e.getValue()));
        }
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("session", t.sessionId());
        state.put("linked", pairs);
        state.put("needed", new ArrayList<Object>(t.needed()));
        line(out, -1, -1, state); // first: what is no record of the tail
        for (ClaudeRecord r : t.records()) {
            Map<String, Object> record = r.record;
            if (r.time != null && !(record.get("timestamp") instanceof String)) {
                // a plan keeps a user record's time in the record only (ClaudePlanReader): written back here
                record = new LinkedHashMap<>(record);
                record.put("timestamp", r.time.toString());
            }
            line(out, r.offset, r.line, record);
        }
        byte[] header = (MAGIC + "\n" + t.key().planBytes() + " " + t.key().offset() + " "
                        + t.key().lines() + " "
                        + (t.key().redact() ? 1 : 0) + " "
                        + (t.scanned() ? 1 : 0) + " " + t.stable() + " " + t.window() + " " + t.mode() + " "
                        + (t.other() == null
                                ? "-"
                                : t.other().getEpochSecond() + "." + t.other().getNano()) + " "
                        + out.size()
                        + " " + Long.toHexString(crc(out.bytes(), 0, out.size())) + "\n")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] all = Arrays.copyOf(header, header.length + out.size());
        System.arraycopy(out.bytes(), 0, all, header.length, out.size());
        AtomicFiles.replace(file, all);
    }

    private static long crc(byte[] bytes, int from, int length) {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(bytes, from, length);
        return crc.getValue();
    }

    private static void line(CompactJsonBytes out, long offset, long line, Map<String, Object> record) {
        out.ascii("{\"o\":" + offset + ",\"l\":" + line + ",\"r\":");
        out.value(record);
        out.ascii("}\n");
    }

    private static String line(byte[] bytes, int[] at) {
        int from = at[0];
        int end = from;
        while (bytes[end] != '\n') {
            end++;
        }
        at[0] = end + 1;
        return new String(bytes, from, end - from, StandardCharsets.US_ASCII);
    }

    /**
     * The hashes the {@code "folds"} lines of the plan cache at the places {@code text} lists hold (in order, each
     * before {@code planBytes}, the cache the tail was made for), read in one pass; null when one does not read.
     */
    private static Folds folds(Path tailFile, String text, long planBytes) throws IOException {
        if (text.isEmpty()) {
            return Folds.NONE;
        }
        Path cache = ClaudeTail.cacheOf(tailFile);
        if (!AtomicFiles.holds(cache, planBytes)) {
            return null; // read as the plan reads it: a plain file with one name, as long as the tail's key says
        }
        String[] places = text.split(" ");
        long[] lines = new long[places.length];
        IntList hashes = new IntList();
        try (ForwardLineReader reader = ForwardLineReader.open(cache)) {
            for (int i = 0; i < places.length; i++) {
                lines[i] = Long.parseLong(places[i]);
                if (lines[i] < (i == 0 ? 0 : lines[i - 1] + 1) || lines[i] >= planBytes) {
                    return null;
                }
                reader.seek(lines[i], 1);
                Map<String, Object> kept = reader.next() && reader.lineStart() == lines[i]
                        ? reader.record(JsonProjection.ALL, ReadLimits.STRING_CAP)
                        : null;
                Map<String, Object> record = kept == null ? null : Json.asObject(kept.get("r"));
                if (record == null || !(record.get("folds") instanceof String ids)) {
                    return null;
                }
                for (int h : SortedHashes.decode(ids)) {
                    hashes.add(h);
                }
            }
        }
        return new Folds(hashes.sorted(), lines);
    }
}
