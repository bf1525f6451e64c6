package io.github.termsprawl.view;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.redact.Redactor;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.PeerTurns;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.store.Turn;
import io.github.termsprawl.store.TurnLimits;
import io.github.termsprawl.touch.PeerTouches;
import io.github.termsprawl.touch.TouchEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The note a node gets at each prompt (docs/context.md, "The note at each prompt"): what its linked peers did since
 * its previous prompt — per peer that did something, its id and agent, how many turns, the gist of what it was
 * last asked and the files it changed — within a budget, never the same news twice. What was told is kept per node
 * in {@code transcripts/<node>.told}; the files whose change means news, for the launcher to compare without Java,
 * in {@code transcripts/<node>.watch}.
 */
public final class PromptNote {
    /** The note's budget: bytes of UTF-8 and lines, whatever the number of peers (docs/context.md). */
    public static final int MAX_BYTES = 600;

    public static final int MAX_LINES = 8;
    /** The gist of a prompt: its first characters, on one line. */
    static final int GIST = 80;
    /** The turns looked at per peer: past this many new ones, the note says "N+". */
    static final TurnLimits LOOK = new TurnLimits(40, GIST + RedactedTurns.MARGIN);

    static final String TOLD = ".told";
    static final String WATCH = ".watch";

    private final ProjectLayout layout;
    private final String self;

    public PromptNote(ProjectLayout layout, String self) {
        this.layout = layout;
        this.self = self;
    }

    /** The note, or null when there is nothing new (or the node's first prompt: what it is told from then on). */
    public String note(Instant now) throws IOException {
        if (!NodeId.isSafe(self) || off(layout)) {
            return null;
        }
        Map<String, String[]> told = readTold();
        boolean first = told.isEmpty() && !Files.exists(file(TOLD));
        Map<String, String[]> next = new LinkedHashMap<>();
        Set<String> watch = new LinkedHashSet<>();
        List<String> lines = new ArrayList<>();
        TranscriptIndex index = new TranscriptIndex(layout);
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), layout.sqliteNativeDir())) {
            for (String peer : new Links(layout).peersOf(self)) {
                TranscriptIndex.Entry entry = index.read(peer);
                if (entry == null) {
                    continue;
                }
                watch.add(entry.path().toString());
                watch.add(entry.path() + "-wal"); // OpenCode's newest writes (docs/stores.md)
                PeerTurns turns = readers.lastTurns(entry, LOOK);
                List<Turn> list = turns.turns() == null ? List.of() : turns.turns();
                List<String> hashes = new ArrayList<>();
                for (Turn t : list) {
                    hashes.add(hash(t));
                }
                // the files it changed, newest first: those past the count told before are new
                List<String> changed = new ArrayList<>();
                for (PeerTouches.Peer p : PeerTouches.of(layout, List.of(peer), null, null)) {
                    for (TouchEvent e : p.touches()) {
                        changed.add(TouchEvent.escaped(e.path()));
                    }
                }
                String tail = String.join(",", hashes.subList(Math.max(0, hashes.size() - KEPT), hashes.size()));
                String[] now0 = {Long.toString(now.toEpochMilli()), Integer.toString(changed.size()), tail};
                String[] before = told.get(peer);
                next.put(peer, now0);
                if (first) {
                    continue;
                }
                int fresh = before == null ? hashes.size() : freshTurns(hashes, before[2]);
                int toldFiles = before == null ? 0 : Integer.parseInt(before[1]);
                Set<String> files = new LinkedHashSet<>(changed.subList(
                        0, Math.max(0, Math.min(changed.size(), changed.size() - toldFiles))));
                if (fresh == 0 && files.isEmpty()) {
                    continue;
                }
                List<Turn> news = list.subList(list.size() - Math.min(fresh, list.size()), list.size());
                long asked = news.stream().filter(t -> t.role().equals("user")).count();
                String gist = null;
                for (int i = news.size() - 1; i >= 0 && gist == null; i--) {
                    if (news.get(i).role().equals("user")) {
                        gist = gist(news.get(i).text());
                    }
                }
                Store store = readers.storeOf(entry);
                StringBuilder line = new StringBuilder("- ")
                        .append(peer)
                        .append(" (")
                        .append(store.id())
                        .append(")");
                if (fresh > 0) {
                    line.append(": ")
                            .append(Math.min(fresh, list.size()))
                            .append(fresh > list.size() ? "+" : "")
                            .append(fresh == 1 ? " turn" : " turns");
                }
                if (asked > 0 && gist != null) {
                    line.append("; last asked: \"").append(gist).append('"');
                }
                if (!files.isEmpty()) {
                    line.append(fresh > 0 ? "; changed " : ": changed ").append(String.join(", ", files));
                }
                lines.add(line.toString());
            }
        }
        writeState(next, watch, now);
        return first || lines.isEmpty() ? null : fit(lines);
    }

    /** Whether the project turned the notes off: {@code "notes": false} in {@code project.json} (docs/files.md). */
    static boolean off(ProjectLayout layout) {
        Map<String, Object> project =
                io.github.termsprawl.jsonl.Json.asObject(io.github.termsprawl.jsonl.Json.readFileOrNull(
                        layout.projectJson().toFile(), io.github.termsprawl.core.StateCaps.PROJECT));
        return project != null && Boolean.FALSE.equals(project.get("notes"));
    }

    /** The lines within the budget: a line cut to fit, and the peers left out counted. */
    String fit(List<String> peers) {
        String root = layout.cwd().toString();
        String head = "termsprawl: since your last prompt, linked agents did this:";
        String bin = root + "/.termsprawl/bin/";
        String tail = "More: " + bin + "termsprawl-context --cwd " + root + " --self " + self + "; who changed what: "
                + bin + "termsprawl-touches --cwd " + root + " --self " + self;
        int budget = MAX_BYTES - utf8(head) - utf8(tail) - 2;
        StringBuilder body = new StringBuilder();
        int shown = 0;
        for (String line : peers) {
            int room = budget - utf8(body.toString()) - 1 - 32; // keep room for "and N more"
            if (shown == MAX_LINES - 3 || room < 24) {
                break;
            }
            String cut = cutBytes(line, room);
            body.append('\n').append(cut);
            shown++;
        }
        if (shown < peers.size()) {
            body.append("\n- and ").append(peers.size() - shown).append(" more linked agents");
        }
        return head + body + "\n" + tail;
    }

    private static String cutBytes(String s, int max) {
        if (utf8(s) <= max) {
            return s;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i = s.offsetByCodePoints(i, 1)) {
            String c = new String(Character.toChars(s.codePointAt(i)));
            if (utf8(out.toString()) + utf8(c) + 3 > max) {
                break;
            }
            out.append(c);
        }
        return out + "...";
    }

    private static int utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** The start of a prompt, redacted, on one line, without control characters. */
    static String gist(String text) {
        String one = Redactor.redact(text).replaceAll("[\\p{Cntrl}\\s]+", " ").strip();
        return one.length() <= GIST
                ? one
                : one.substring(0, one.offsetByCodePoints(0, Math.min(GIST, one.codePointCount(0, one.length()))))
                        + "...";
    }

    /** The turns told before, by hash: the newest ones, to find where the news starts. */
    static final int KEPT = 5;

    /**
     * How many of the turns (by hash, oldest first) came after the ones told before ({@code told}, the last
     * {@link #KEPT} hashes then): the turns after the last place where the told ones end; more than all of them
     * ({@code size + 1}) when the told ones are no longer among them.
     */
    static int freshTurns(List<String> hashes, String told) {
        if (told.isEmpty()) {
            return hashes.size();
        }
        List<String> old = List.of(told.split(","));
        for (int end = hashes.size(); end >= old.size(); end--) {
            if (hashes.subList(end - old.size(), end).equals(old)) {
                return hashes.size() - end;
            }
        }
        // fewer turns than told (a rewind) or the told ones scrolled past: say all, marked as more
        return hashes.size() + 1;
    }

    private static String hash(Turn t) {
        return Integer.toHexString((t.role() + "\u0000" + t.text()).hashCode());
    }

    private Path file(String suffix) {
        return layout.transcriptsDir().resolve(self + suffix);
    }

    private Map<String, String[]> readTold() {
        Map<String, String[]> out = new LinkedHashMap<>();
        byte[] bytes = AtomicFiles.readConfined(layout.cwd(), file(TOLD), 64 << 10);
        if (bytes == null) {
            return out;
        }
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            String[] f = line.split("\t");
            if (f.length >= 3 && NodeId.isSafe(f[0]) && f[1].matches("[0-9]{1,18}") && f[2].matches("[0-9]{1,9}")) {
                out.put(f[0], new String[] {f[1], f[2], f.length > 3 ? f[3] : ""});
            }
        }
        return out;
    }

    /**
     * The state, and the told file's time set back two seconds: the launcher's comparison ({@code -nt}) may only
     * ever start Java more often, never miss a peer's write made while this ran.
     */
    private void writeState(Map<String, String[]> told, Set<String> watch, Instant now) throws IOException {
        StringBuilder t = new StringBuilder();
        told.forEach((peer, v) -> t.append(peer + "\t" + v[0] + "\t" + v[1] + "\t" + v[2] + "\n"));
        StringBuilder w = new StringBuilder();
        for (String path : watch) {
            if (!path.contains("\n")) {
                w.append(path).append('\n');
            }
        }
        AtomicFiles.writeIfChanged(layout.cwd(), file(WATCH), w.toString());
        AtomicFiles.writeIfChanged(layout.cwd(), file(TOLD), t.toString());
        try {
            Files.setLastModifiedTime(file(TOLD), FileTime.from(now.minusSeconds(2)));
        } catch (IOException e) {
            // the launcher then starts Java once more: never a missed note
        }
    }
}
