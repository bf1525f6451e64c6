package io.github.termsprawl.view;

import io.github.termsprawl.core.Link;
import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.redact.Redactor;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.ReadStats;
import io.github.termsprawl.store.SessionReader;
import io.github.termsprawl.touch.Overlaps;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * One line per node (every node with an index entry or a link), for people and scripts alike:
 * {@code <id> store=<store> turns=<n> size=<bytes> modified=<UTC time> changed=<n> links=<ids> path=<path>}
 * ({@code changed}: how many files its session changed, docs/touches.md), or
 * {@code <id> store=<store> missing links=<ids> path=<path>} when the transcript is not there, or
 * {@code <id> unrecorded links=<ids>} when no transcript was recorded. {@code links} is {@code -} for
 * none; {@code path} comes last, so a path with spaces stays readable.
 */
public final class ProjectStatus {
    private final ProjectLayout layout;
    private final TranscriptReaders readers;

    public ProjectStatus(ProjectLayout layout, TranscriptReaders readers) {
        this.layout = layout;
        this.readers = readers;
    }

    /** The node ids: those with an entry and those named by a link. */
    public List<String> nodes() {
        TreeSet<String> ids = new TreeSet<>(new TranscriptIndex(layout).nodes());
        for (Link link : new Links(layout).list()) {
            ids.add(link.a());
            ids.add(link.b());
        }
        return new ArrayList<>(ids);
    }

    /** The lines, with secrets in them (a path is all that could hold one) redacted when {@code redact}. */
    public List<String> lines(boolean redact) {
        List<String> lines = lines();
        lines.replaceAll(line -> Redactor.redact(line, redact));
        return lines;
    }

    public List<String> lines() {
        TranscriptIndex index = new TranscriptIndex(layout);
        Links links = new Links(layout);
        List<String> lines = new ArrayList<>();
        for (String id : nodes()) {
            List<String> peers = links.peersOf(id);
            String linked = " links=" + (peers.isEmpty() ? "-" : String.join(",", peers));
            TranscriptIndex.Entry entry = index.read(id);
            if (entry == null) {
                lines.add(id + " unrecorded" + linked);
                continue;
            }
            String store = " store=" + readers.storeOf(entry).id();
            BasicFileAttributes file = attributes(entry.path());
            if (file == null) {
                lines.add(id + store + " missing" + linked + " path=" + entry.path());
                continue;
            }
            ReadStats stats = readers.stats(entry);
            // the files its session changed, as who-is-touching-what counts them (docs/touches.md)
            int changed = Overlaps.filesChanged(layout, id);
            // the session as it stands: with the files beside the transcript that hold part of it (OpenCode's
            // write-ahead log keeps its newest writes while the main file stays a few KB old: docs/goals.md)
            long size = file.size();
            java.time.Instant modified = file.lastModifiedTime().toInstant();
            SessionReader reader = readers.sessionReader(readers.storeOf(entry));
            for (Path companion : reader == null ? List.<Path>of() : reader.companions(entry.path())) {
                BasicFileAttributes a = attributes(companion);
                if (a != null && a.isRegularFile()) {
                    size += a.size();
                    modified = modified.isAfter(a.lastModifiedTime().toInstant())
                            ? modified
                            : a.lastModifiedTime().toInstant();
                }
            }
            lines.add(id + store + " turns=" + stats.turns() + " size=" + size + " modified="
                    + modified.truncatedTo(ChronoUnit.SECONDS) + " changed=" + changed + linked + " path="
                    + entry.path());
        }
        return lines;
    }

    private static BasicFileAttributes attributes(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
