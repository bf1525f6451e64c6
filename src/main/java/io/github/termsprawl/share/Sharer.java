package io.github.termsprawl.share;

import io.github.termsprawl.core.Git;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.history.History;
import io.github.termsprawl.jsonl.JsonlTail;
import io.github.termsprawl.registry.TranscriptReaders;
import io.github.termsprawl.store.Store;
import io.github.termsprawl.touch.SharedTouches;
import io.github.termsprawl.view.LinkedContext;
import io.github.termsprawl.view.View;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Shares a node: its shareable form ({@link ShareableForm}) as one parentless commit on
 * {@code refs/termsprawl/<user>/<node>}, replaced at each share, pushed with {@code git push <remote>
 * +<ref>:<ref>}; and takes a share back. docs/sharing.md.
 */
public final class Sharer {
    /** The default size cap of one node's shareable form. */
    public static final long DEFAULT_CAP = 50L * 1024 * 1024;

    /** What a share did, or would do. */
    public record Report(
            String node,
            String user,
            String ref,
            boolean first,
            boolean pushed,
            String commit,
            int files,
            long bytes,
            int turns,
            int redactions,
            List<String> lines) {}

    private final ProjectLayout layout;
    private final GitRepo repo;
    private final String user;

    public Sharer(Path project, String remote, String user) throws IOException, UserErrorException {
        this.layout = new ProjectLayout(project);
        this.repo = GitRepo.open(project, remote);
        this.user = SharedIds.user(user, repo);
    }

    public String user() {
        return user;
    }

    /**
     * Shares {@code node}. The first share of a node (no local ref yet) writes and pushes nothing unless
     * {@code confirm}: its report lists what would leave.
     */
    public Report share(String node, long cap, boolean confirm) throws IOException, UserErrorException {
        SharedIds.sharedId(user, node);
        TranscriptIndex.Entry entry = new TranscriptIndex(layout).read(node);
        ShareableForm form = new ShareableForm();
        try (History history = new History(layout, true)) { // always redacted: docs/sharing.md
            History.Result r = history.update(node);
            if (r.status() == History.Status.NO_ENTRY || entry == null) {
                throw new UserErrorException(
                        "Node " + node + " has no transcript recorded", "Record one before sharing it");
            }
            if (r.status() == History.Status.UNSUPPORTED) {
                throw new UserErrorException(
                        "Node " + node + " is of a store whose whole session termsprawl does not read",
                        "Share a node of another store");
            }
            if (r.status() == History.Status.BUSY) {
                throw new UserErrorException(
                        "Another run is writing the turn files of " + node, "Run the share again in a moment");
            }
            form.addHistory(history.dirOf(node), layout.cwd());
        }
        try (LinkedContext live = new LinkedContext(layout.cwd(), View.LIVE, true)) {
            String block = live.block(node);
            form.add(ShareableForm.CONTEXT, block == null ? "" : block);
        }
        // the files it changed, relative to the project: a teammate's guard reads them (docs/sharing.md)
        String touches = SharedTouches.ofLocalNode(layout, node);
        if (touches != null) {
            form.add(SharedTouches.FILE, touches);
        }
        String modified = Files.exists(entry.path())
                ? Files.getLastModifiedTime(entry.path())
                        .toInstant()
                        .truncatedTo(ChronoUnit.SECONDS)
                        .toString()
                : null;
        Manifest manifest = new Manifest(
                node,
                user,
                storeOf(entry),
                entry.session(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                modified,
                form.turns(),
                form.bytes());
        form.add(ShareableForm.MANIFEST, manifest.toJson());
        form.scan();
        form.checkSize(cap, node);

        String ref = SharedIds.ref(user, node);
        // confirmed is what this machine wrote, never the ref: a receive copies the remote's refs here
        LocalShares mine = new LocalShares(repo);
        String written = mine.written(user, node);
        boolean first = written == null;
        List<String> lines = new ArrayList<>();
        if (first) {
            lines.add("First share of " + node + ": what would leave this machine for " + repo.remote() + " (" + ref
                    + "), redacted:");
            for (Map.Entry<String, byte[]> f : form.files().entrySet()) {
                lines.add("  " + f.getKey() + " (" + f.getValue().length + " bytes)");
            }
            lines.add(form.files().size() + " files, " + form.bytes() + " bytes, " + form.turns() + " turns, "
                    + form.redactions() + " redactions");
            // everything that leaves, said here as in docs/sharing.md, "What is shared"
            lines.add("The manifest names you as " + user + ", the " + manifest.store() + " session "
                    + manifest.session() + ", the time of this share and of the transcript's last change. The turn"
                    + " files are this session's only (no earlier session), no path of this machine in them; the"
                    + " touches' paths are relative to the project.");
        }
        lines.add("Anyone who can read the repository's remote " + repo.remote() + " can read node " + node + " (" + ref
                + ").");
        String commit = null;
        if (!first || confirm) { // a first share unconfirmed is its list alone
            ObjectWriter writer = new ObjectWriter(repo.git());
            commit = writer.commit(writer.writeTree(form.files()), user, "termsprawl: share " + node, ref);
            mine.record(user, node, commit);
            repo.git().okWith(null, Git.NETWORK_MS, "push", "--quiet", repo.remote(), "+" + ref + ":" + ref);
            lines.add("Shared " + node + " as " + ref + " on " + repo.remote() + ": "
                    + form.files().size() + " files, " + form.bytes() + " bytes, " + form.turns() + " turns, "
                    + form.redactions() + " redactions.");
        }
        return new Report(
                node,
                user,
                ref,
                first,
                commit != null,
                commit,
                form.files().size(),
                form.bytes(),
                form.turns(),
                form.redactions(),
                lines);
    }

    /** The store of the node's transcript: the index entry's, else the one its records prove. */
    private String storeOf(TranscriptIndex.Entry entry) {
        if (entry.store() != null) {
            return entry.store();
        }
        try (TranscriptReaders readers = new TranscriptReaders(new JsonlTail(), layout.sqliteNativeDir())) {
            Store store = readers.storeOf(entry);
            return store == null ? null : store.id();
        }
    }

    /** Deletes the node's ref on the remote and here; returns what it did. */
    public String unshare(String node) throws IOException, UserErrorException {
        SharedIds.sharedId(user, node);
        String ref = SharedIds.ref(user, node);
        boolean remoteGone = !repo.git()
                .okWith(null, Git.NETWORK_MS, "ls-remote", repo.remote(), ref)
                .text()
                .isEmpty();
        if (remoteGone) {
            repo.git().okWith(null, Git.NETWORK_MS, "push", "--quiet", repo.remote(), ":" + ref);
        }
        boolean local = repo.resolve(ref) != null;
        if (local) {
            repo.git().ok("update-ref", "-d", ref);
        }
        new LocalShares(repo).forget(user, node);
        return (remoteGone ? "Deleted " + ref + " on " + repo.remote() : ref + " was not on " + repo.remote())
                + (local ? " and here" : "") + ".";
    }
}
