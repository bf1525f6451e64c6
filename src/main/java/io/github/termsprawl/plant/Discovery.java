package io.github.termsprawl.plant;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.ProjectLayout;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Plants and verifies what an agent needs to find and run the context command: the §9 markers and the
 * §10/§11 {@code .termsprawl/bin/} files. {@link #discover()} writes only files whose bytes differ;
 * {@link #check()} names each file that is missing or stale.
 */
public final class Discovery {
    public static final String CONTEXT = "termsprawl-context";
    public static final String RECORD = "termsprawl-record";

    /** A file check found wrong: {@code problem} is {@code missing} or {@code stale}. */
    public record Finding(Path path, String problem) {}

    private final ProjectLayout layout;

    public Discovery(ProjectLayout layout) {
        this.layout = layout;
    }

    /** Every planted file with the bytes it must hold now (AGENTS.md keeps the user's prose). */
    public List<PlantedFile> plan() throws IOException {
        List<PlantedFile> files = new ArrayList<>();
        files.add(text(layout.agentsMd(), DiscoveryMarkers.upsert(readOrEmpty(layout.agentsMd())), false));
        files.add(text(layout.skillMd(), DiscoveryMarkers.SKILL, false));
        Path bin = layout.binDir();
        String contextPurpose = "prints the recent turns of the agents linked to a node (--cwd <dir> --self <nodeId>)";
        String recordPurpose =
                "Claude Code SessionStart hook; records the session's transcript for $TERMSPRAWL_NODE_ID";
        files.add(text(bin.resolve(CONTEXT), Launchers.sh(CONTEXT, CommandJar.CONTEXT_MAIN, contextPurpose), true));
        files.add(text(
                bin.resolve(CONTEXT + ".cmd"), Launchers.cmd(CONTEXT, CommandJar.CONTEXT_MAIN, contextPurpose), false));
        files.add(text(bin.resolve(RECORD), Launchers.sh(RECORD, CommandJar.RECORD_MAIN, recordPurpose), true));
        files.add(text(
                bin.resolve(RECORD + ".cmd"), Launchers.cmd(RECORD, CommandJar.RECORD_MAIN, recordPurpose), false));
        files.add(new PlantedFile(bin.resolve(Launchers.JAR), CommandJar.build(), false));
        files.add(new PlantedFile(bin.resolve(Launchers.SQLITE_JAR), CommandJar.sqliteJar(), false));
        // the class-data archive and sqlite's unpacked native library belong to one machine: never commit them
        files.add(text(bin.resolve(".gitignore"), Launchers.ARCHIVE + "\nlib/.native/\n", false));
        return files;
    }

    private static PlantedFile text(Path path, String text, boolean executable) {
        return new PlantedFile(path, text.getBytes(StandardCharsets.UTF_8), executable);
    }

    private static String readOrEmpty(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return "";
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            // rewriting it would replace the user's bytes: stop and say so
            throw new IOException(
                    file + " is not valid UTF-8, so its prose cannot be kept;"
                            + " fix its encoding or delete it, then run 'mvn termsprawl:discover' again",
                    e);
        }
    }

    /** Writes what differs; returns the files written (empty: everything was up to date). */
    public List<Path> discover() throws IOException {
        List<Path> written = new ArrayList<>();
        List<PlantedFile> plan = plan();
        for (PlantedFile f : plan) {
            AtomicFiles.insideProject(layout.cwd(), f.path()); // a linked folder stops us before any write
        }
        for (PlantedFile f : plan) {
            if (AtomicFiles.writeIfChanged(layout.cwd(), f.path(), f.bytes(), f.executable())) {
                written.add(f.path());
            }
        }
        return written;
    }

    /** Each planted file that is missing or differs from what {@link #discover()} would write. */
    public List<Finding> check() throws IOException {
        List<Finding> findings = new ArrayList<>();
        for (PlantedFile f : plan()) {
            if (!f.isCurrent()) {
                findings.add(new Finding(f.path(), Files.exists(f.path()) ? "stale" : "missing"));
            }
        }
        return findings;
    }
}
