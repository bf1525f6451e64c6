package io.github.termsprawl.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.cli.HookInput;
import io.github.termsprawl.cli.HookRecorder;
import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.history.History;
import io.github.termsprawl.plant.Discovery;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project as a cloned repository may carry it: links out of the project, hard links to outside files, FIFOs and
 * folders at every path a writer touches under {@code .termsprawl/} (and {@code .claude/}). Every writer runs
 * against it — history (a session with a subagent), discover's plant, the record hook, link and unlink, a goal's
 * output — and no file outside the project changes, and nothing hangs (docs/files.md, "What stays in the
 * project"). A writer may refuse (an IOException naming the link); it never writes through.
 */
class HostileProjectTest {
    @TempDir
    Path project;

    @TempDir
    Path outside;

    @TempDir
    Path home;

    final List<String> refusals = new ArrayList<>();

    /** Every file and folder under {@code dir}: its kind, and a file's SHA-256. */
    static Map<String, String> hashes(Path dir) throws IOException {
        Map<String, String> all = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.toList()) {
                String kind;
                if (Files.isSymbolicLink(p)) {
                    kind = "link " + Files.readSymbolicLink(p);
                } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    kind = "file " + sha(Files.readAllBytes(p));
                } else {
                    kind = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "folder" : "other";
                }
                all.put(dir.relativize(p).toString(), kind);
            }
        }
        return all;
    }

    /** The paths whose entry differs, each with what it was and what it is. */
    static Map<String, String> differences(Map<String, String> before, Map<String, String> after) {
        Map<String, String> diff = new TreeMap<>();
        for (String k : before.keySet()) {
            if (!before.get(k).equals(after.get(k))) {
                diff.put(k, before.get(k) + " -> " + after.get(k));
            }
        }
        for (String k : after.keySet()) {
            if (!before.containsKey(k)) {
                diff.put(k, "new " + after.get(k));
            }
        }
        return diff;
    }

    static String sha(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    Path victim(String name) throws IOException {
        return Files.writeString(outside.resolve(name), "precious " + name + "\n");
    }

    Path victimFolder(String name) throws IOException {
        Path dir = Files.createDirectories(outside.resolve(name));
        Files.createDirectories(dir.resolve("a77"));
        Files.createDirectories(dir.resolve("gone"));
        for (String f : List.of("turn-5000-user.md", "index.md", ".state", ".turns", ".plan", ".lock")) {
            Files.writeString(dir.resolve(f), "precious\n");
            Files.writeString(dir.resolve("a77").resolve(f), "precious\n");
            Files.writeString(dir.resolve("gone").resolve(f), "precious\n");
        }
        return dir;
    }

    void symlink(String rel, Path target) throws IOException {
        Path p = project.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.deleteIfExists(p);
        Files.createSymbolicLink(p, target);
    }

    void hardLink(String rel, Path target) throws IOException {
        Path p = project.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.deleteIfExists(p);
        Files.createLink(p, target);
    }

    boolean fifo(String rel) throws IOException {
        Path p = project.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.deleteIfExists(p);
        try {
            return new ProcessBuilder("mkfifo", p.toString()).start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            return false; // no mkfifo here: the other hostile files still count
        }
    }

    void folder(String rel) throws IOException {
        Files.createDirectories(project.resolve(rel).resolve("child"));
    }

    /** A session of two turns, with a subagent of two, recorded for {@code node}. */
    void session(String node) throws IOException {
        Path t = home.resolve(node + ".jsonl");
        Fixtures.write(
                t,
                "{\"type\":\"user\",\"uuid\":\"u1\",\"parentUuid\":null,\"timestamp\":\"2026-01-01T00:00:01Z\","
                        + "\"message\":{\"role\":\"user\",\"content\":\"hello\"}}\n"
                        + "{\"type\":\"assistant\",\"uuid\":\"a1\",\"parentUuid\":\"u1\",\"timestamp\":\"2026-01-01T00:00:02Z\","
                        + "\"message\":{\"id\":\"m1\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}}\n");
        Fixtures.write(
                home.resolve(node + "/subagents/agent-a77.jsonl"),
                "{\"type\":\"user\",\"isSidechain\":true,\"uuid\":\"x1\",\"parentUuid\":null,"
                        + "\"timestamp\":\"2026-01-01T00:00:01Z\",\"message\":{\"role\":\"user\",\"content\":\"find\"}}\n");
        Fixtures.index(project, node, t.toString());
    }

    /** Runs a writer: it completes, or refuses with an IOException (noted); anything else fails the test. */
    void run(String what, Writer writer) {
        try {
            writer.run();
        } catch (IOException e) {
            refusals.add(what + ": " + e.getMessage());
        } catch (Exception e) {
            throw new AssertionError(what + " failed with " + e, e);
        }
    }

    interface Writer {
        void run() throws Exception;
    }

    void build() throws IOException {
        String h = ".termsprawl/history/";
        long pid = ProcessHandle.current().pid();
        // a node whose folder holds hard links, links and FIFOs at every file a run writes, reads or appends to
        session("backend");
        hardLink(h + "backend/.plan", victim("plan"));
        hardLink(h + "backend/.turns", victim("turns"));
        hardLink(h + "backend/turn-0000-user.md", victim("turn0"));
        symlink(h + "backend/index.md", victim("index"));
        symlink(h + "backend/.lock", victim("lock"));
        symlink(h + "backend/turn-0001-assistant.md", victim("turn1"));
        for (String name : List.of("index.md", ".turns", ".state", ".plan-tail", "turn-0000-user.md")) {
            symlink(h + "backend/.tmp-" + pid + "-" + name, victim("tmp-" + name));
        }
        fifo(h + "backend/.state");
        fifo(h + "backend/.plan-tail");
        hardLink(h + "backend/agents/a77/.plan", victim("agent-plan"));
        symlink(h + "backend/agents/a77/index.md", victim("agent-index"));
        fifo(h + "backend/agents/a77/.state");
        // the state kept apart from the turn files (docs/files.md): the same traps there
        String hs = ".termsprawl/history-state/";
        fifo(hs + "backend/.state");
        symlink(hs + "backend/.lock", victim("state-lock"));
        hardLink(hs + "backend/.plan", victim("state-plan"));
        for (String name : List.of(".turns", ".state", ".plan-tail")) {
            symlink(hs + "backend/.tmp-" + pid + "-" + name, victim("state-tmp-" + name));
        }
        fifo(hs + "backend/agents/a77/.state");
        // a node whose agents/ leads out; one whose subagent folder does; one whose whole folder does
        session("agents");
        symlink(h + "agents/agents", victimFolder("agents-dir"));
        session("agent");
        symlink(h + "agent/agents/a77", victimFolder("agent-dir").resolve("a77"));
        session("whole");
        symlink(h + "whole", victimFolder("whole-dir"));
        // a node written for the first time (its subagent's folder, empty, is made whole beside it; the node's, which
        // holds agents/, file by file), beside what "killed" writers left there (a pid no process has): a staged
        // folder holding links and hard links out, one that is a link
        session("fresh");
        Files.createDirectories(project.resolve(h + "fresh/agents/a77"));
        String gone = ".tmp-" + 99_999_999L + "-";
        symlink(h + gone + "a/turn-0000-user.md", victim("staged-turn"));
        hardLink(h + gone + "a/index.md", victim("staged-index"));
        symlink(h + gone + "a/agents", victimFolder("staged-dir"));
        symlink(h + gone + "b", victimFolder("staged-link"));
        symlink(h + "fresh/agents/" + gone + "c", victimFolder("staged-agent"));
        // a node with a folder where its index goes, and one whose history/ itself is fine but whose entry is a FIFO
        session("folders");
        folder(h + "folders/index.md");
        folder(h + "folders/.turns");
        fifo(".termsprawl/transcripts/fifo.json");
        // the record hook's entries, the link store
        hardLink(".termsprawl/transcripts/rec.json", victim("rec"));
        symlink(".termsprawl/transcripts/away.json", victim("away"));
        folder(".termsprawl/transcripts/dir.json");
        hardLink(".termsprawl/links/a--b.json", victim("link-ab"));
        symlink(".termsprawl/links/c--d.json", victim("link-cd"));
        symlink(".termsprawl/links/e--f.json", victim("link-ef"));
        fifo(".termsprawl/links/g--h.json");
        // what discover plants
        hardLink(".termsprawl/AGENTS.md", victim("agents-md"));
        hardLink(".termsprawl/.gitignore", victim("gitignore"));
        hardLink(".termsprawl/bin/termsprawl-context", victim("launcher"));
        fifo(".termsprawl/bin/termsprawl-history");
        fifo(".termsprawl/.gitattributes");
        // a goal's output
        hardLink(".termsprawl/out.txt", victim("out"));
        symlink(".termsprawl/outdir", victimFolder("out-dir"));
    }

    @Test
    void noWriterChangesAFileOutsideTheProjectNorHangs() throws Exception {
        build();
        Map<String, String> before = hashes(outside);
        Map<String, String> transcripts = hashes(home);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            ProjectLayout layout = new ProjectLayout(project);
            for (int pass = 0; pass < 2; pass++) { // a second pass: what the first left is safe too
                try (History history = new History(layout, true)) {
                    for (String node : history.nodes()) {
                        run("history " + node, () -> history.update(node));
                    }
                }
                run("discover", () -> new Discovery(layout, "mvn termsprawl:discover").discover());
                for (String node : List.of("rec", "away", "dir", "fifo")) {
                    HookRecorder.record(
                            node, new HookInput(home.resolve("backend.jsonl").toString(), null, null), project);
                }
                run("record", () -> new TranscriptIndex(layout).record("rec", "/t/x.jsonl", null, null));
                Links links = new Links(layout);
                for (String[] pair :
                        List.of(new String[] {"a", "b"}, new String[] {"c", "d"}, new String[] {"g", "h"})) {
                    Links.Result r = links.add(pair[0], pair[1]);
                    if (!r.ok()) {
                        refusals.add("link " + pair[0] + " " + pair[1] + ": " + r.message());
                    }
                }
                run("unlink", () -> links.remove("e", "f"));
                run("unlink", () -> links.remove("g", "h"));
                run("output", () -> AbstractTermsprawlMojo.printData(project, "data\n", ".termsprawl/out.txt"));
                run("output", () -> AbstractTermsprawlMojo.printData(project, "data\n", ".termsprawl/outdir/x.txt"));
            }
        });
        assertEquals(Map.of(), differences(before, hashes(outside)), "no file outside the project changed");
        assertEquals(Map.of(), differences(transcripts, hashes(home)), "the transcripts are only read");
        // what was refused was refused for the link on its way
        for (String r : refusals) {
            assertTrue(r.contains("link") || r.contains("folder") || r.contains("outside"), r);
        }
        // where a run went through, what it keeps is plain files of the folder
        Path backend = project.resolve(".termsprawl/history/backend");
        for (String name :
                List.of("index.md", ".turns", ".state", ".plan", "turn-0000-user.md", "turn-0001-assistant.md")) {
            Path f = name.startsWith(".")
                    ? project.resolve(".termsprawl/history-state/backend").resolve(name)
                    : backend.resolve(name);
            assertTrue(Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS), name);
            assertEquals(1, ((Number) Files.getAttribute(f, "unix:nlink", LinkOption.NOFOLLOW_LINKS)).intValue(), name);
        }
        assertEquals("data\n", Files.readString(project.resolve(".termsprawl/out.txt")));
        // the first write went through, and what gone writers staged beside it is gone, links removed themselves
        Path fresh = project.resolve(".termsprawl/history/fresh");
        assertEquals(
                List.of("a77"), Arrays.asList(fresh.resolve("agents").toFile().list()));
        for (Path f : List.of(fresh.resolve("index.md"), fresh.resolve("agents/a77/turn-0000-user.md"))) {
            assertTrue(Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS), f.toString());
        }
        for (String left : project.resolve(".termsprawl/history").toFile().list()) {
            assertFalse(left.startsWith(".tmp-"), left);
        }
    }
}
