package io.github.termsprawl.store.claude;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.StateCaps;
import io.github.termsprawl.jsonl.ForwardLineReader;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonProjection;
import io.github.termsprawl.redact.Redactor;
import io.github.termsprawl.store.ReadLimits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The records a plan of a Claude Code transcript is made from, kept in a file of their own so that a
 * transcript that grew is read only from where the last read stopped: one line per record, {@code {"o":
 * offset, "l": line, "r": record}} ({@link PlanCacheAppender}), the record as {@link ClaudePlanReader#PROSE_AND_LINKS} reads it with the arguments of every
 * tool call dropped but a subagent call's prompt, and its texts redacted when asked ({@link #keepable}). The
 * file only grows; what a killed run appended past the size its caller kept is cut off before the next append.
 */
final class ClaudePlanCache {
    private ClaudePlanCache() {}

    /** One kept record: where its line starts in the cache ({@code at}), and the transcript line it was read from. */
    interface Visitor {
        void record(long at, long offset, long line, Map<String, Object> record);
    }

    /** The records of the first {@code bytes} of {@code cache}; false when it holds fewer bytes (then none are given). */
    static boolean read(Path cache, long bytes, Visitor visitor) {
        if (bytes <= 0 || bytes > StateCaps.PLAN_CACHE || !AtomicFiles.holds(cache, bytes)) {
            return false; // none, cut short, or past its sane size: made again (docs/files.md, "Sane sizes")
        }
        // a big cache is parsed in two halves at once (the parse of a cold JVM is most of a small update)
        long split = bytes >= SPLIT_BYTES && Runtime.getRuntime().availableProcessors() > 1
                ? lineStartPast(cache, bytes / 2, bytes)
                : -1;
        if (split < 0) {
            return read(cache, 0, bytes, visitor);
        }
        List<Kept> second = new ArrayList<>();
        boolean[] secondRead = {false};
        Thread other = new Thread(
                () -> secondRead[0] = read(
                        cache,
                        split,
                        bytes,
                        (at, offset, line, record) -> second.add(new Kept(at, offset, line, record))),
                "termsprawl-plan-cache-reader");
        other.setDaemon(true);
        other.start();
        boolean firstRead = read(cache, 0, split, visitor);
        try {
            other.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        if (!firstRead || !secondRead[0]) {
            return false;
        }
        for (Kept k : second) {
            visitor.record(k.at(), k.offset(), k.line(), k.record());
        }
        return true;
    }

    /** A record the second half's reader gave, until the first half's are given. */
    private record Kept(long at, long offset, long line, Map<String, Object> record) {}

    /**
     * A cache at least this big is read in two halves (a session of about 40 MB): below it, a second thread costs
     * about what it saves (measured on a 10 MB session's cache of 1 MB).
     */
    static final long SPLIT_BYTES = 4L << 20;

    /** The records of the lines that start in {@code [from, to)} of the cache ({@code from} a line start). */
    static boolean read(Path cache, long from, long to, Visitor visitor) {
        try (ForwardLineReader lines = ForwardLineReader.open(cache)) {
            lines.seek(from, 1);
            while (lines.next() && lines.lineStart() < to) {
                Map<String, Object> kept = lines.record(JsonProjection.ALL, ReadLimits.STRING_CAP);
                Map<String, Object> record = kept == null ? null : Json.asObject(kept.get("r"));
                if (record == null
                        || !(kept.get("o") instanceof Json.JsonNumber o)
                        || !(kept.get("l") instanceof Json.JsonNumber l)) {
                    return false;
                }
                visitor.record(lines.lineStart(), Long.parseLong(o.text()), Long.parseLong(l.text()), record);
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return true;
    }

    /** The type of every link record (ClaudePlanTree): the kind of record a link stands for. */
    static final String LINK_TYPE = "progress";

    /** Where a second reader of the first {@code bytes} takes over past {@code at}: a line start; -1 when none. */
    private static long lineStartPast(Path cache, long at, long bytes) {
        try (ForwardLineReader lines = ForwardLineReader.open(cache)) {
            lines.seek(at, 1);
            if (!lines.next() || !lines.next()) { // the rest of the line at, then a whole line
                return -1;
            }
            return lines.lineStart() < bytes ? lines.lineStart() : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * What every text of a kept record becomes: a plan needs of a text only whether it is blank (an assistant
     * message of blank text is no message), and the turn files read each turn again in full (docs/files.md,
     * "What a folder was made from"). So neither the cache nor a plan in memory holds the session's text.
     */
    static final String TEXT = "\u2026";

    /** {@code text} as a plan keeps it: empty when blank, else {@link #TEXT}. */
    static String light(String text) {
        return text.isBlank() ? "" : TEXT;
    }

    /**
     * Makes a record fit to keep: of its texts only whether each is blank ({@link #TEXT}); of its tool calls only
     * what a plan and the subagent scan read (a {@code Task} or {@code Agent} call's prompt, no other argument),
     * redacted with {@code redact} ({@link Redactor}); of its other fields only what the branch rules and the scan
     * read (a time only for the user and assistant records that can end a branch, a flag only when set, the link
     * fields only when they name a subagent). The prompt of an inline subagent's first record is kept: the scan
     * matches it with the call that started it.
     */
    static void keepable(Map<String, Object> record, boolean redact) {
        Object type = record.get("type");
        boolean conversation = "user".equals(type) || "assistant".equals(type);
        if (!conversation) {
            record.remove("timestamp"); // only a user or assistant record is a branch's end (rule 1)
        }
        for (String flag : new String[] {"isSidechain", "isMeta", "isCompactSummary", "isApiErrorMessage"}) {
            if (record.containsKey(flag) && !Boolean.TRUE.equals(record.get(flag))) {
                record.remove(flag);
            }
        }
        if (record.containsKey("parentUuid") && record.get("parentUuid") == null) {
            record.remove("parentUuid");
        }
        if (!ClaudeRecord.isBoundary(record)) {
            record.remove("subtype");
            record.remove("compactMetadata");
        }
        Map<String, Object> data = Json.asObject(record.get("data"));
        if (data != null && !("agent_progress".equals(data.get("type")) && data.get("agentId") instanceof String)) {
            record.remove("data");
            record.remove("parentToolUseID");
        } else if (data == null) {
            record.remove("parentToolUseID");
        }
        Map<String, Object> result = Json.asObject(record.get("toolUseResult"));
        if (record.containsKey("toolUseResult") && (result == null || !(result.get("agentId") instanceof String))) {
            record.remove("toolUseResult");
        }
        Map<String, Object> message = Json.asObject(record.get("message"));
        boolean inlineRoot = ClaudeSubagents.isInlineRoot(record);
        Map<String, Object> attachment = Json.asObject(record.get("attachment"));
        if (attachment != null && attachment.get("prompt") instanceof String prompt) {
            attachment.put("prompt", light(prompt));
        }
        if (message != null && !"<synthetic>".equals(message.get("model"))) {
            message.remove("model");
        }
        if (message != null && message.get("content") instanceof String text) {
            message.put("content", inlineRoot ? (redact ? Redactor.redact(text) : text) : light(text));
        }
        if (message == null || !(message.get("content") instanceof List<?> parts)) {
            return;
        }
        for (Object part : parts) {
            Map<String, Object> p = Json.asObject(part);
            if (p == null) {
                continue;
            }
            if (p.get("text") instanceof String text) {
                p.put("text", inlineRoot ? (redact ? Redactor.redact(text) : text) : light(text));
            }
            if (p.get("is_error") != null && !Boolean.TRUE.equals(p.get("is_error"))) {
                p.remove("is_error");
            }
            if (!p.containsKey("input")) {
                continue;
            }
            Map<String, Object> input = Json.asObject(p.get("input"));
            if (ClaudeSubagents.isSubagentCall(p.get("name"))
                    && input != null
                    && input.get("prompt") instanceof String prompt) {
                p.put("input", Map.of("prompt", redact ? Redactor.redact(prompt) : prompt));
            } else {
                p.remove("input");
            }
        }
    }
}
