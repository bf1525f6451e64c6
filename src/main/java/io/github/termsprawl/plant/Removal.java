package io.github.termsprawl.plant;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.EditLists;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Wiring;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Undoes {@code discover} (docs/goals.md, "remove"): the markers' block in {@code .termsprawl/AGENTS.md} (the
 * user's prose stays), the launchers, jars and archive, the skills, the hook entry in
 * {@code .claude/settings.local.json} (every other hook and setting stays), {@code .termsprawl/.gitattributes},
 * and the {@code info/exclude} lines {@code discover} added. The links, the transcript index, the node titles and
 * the turn files are the team's and the user's data: kept unless {@code all}, and while this machine's part of
 * them is kept, so is a {@code .termsprawl/.gitignore} that keeps it out of git. Every file is read and checked
 * before the first one is touched; a second run finds nothing to remove.
 */
public final class Removal {
    /**
     * What was done to one path: {@code removed}, {@code changed} (termsprawl's part taken out), {@code added}
     * (the {@code .gitignore} that keeps kept data out of git, when it was missing) or {@code kept}.
     */
    public record Change(String action, Path path, String note) {}

    /**
     * What {@code remove} leaves in {@code .termsprawl/.gitignore} while this machine's data is kept: the
     * per-machine lines of the planted one, nothing that takes a file back.
     */
    public static final String KEPT_DATA_GITIGNORE =
            "# left by termsprawl remove: this machine's data it kept, never committed (see its"
                    + " docs/team.md, \"Removing termsprawl\")\n"
                    + "/transcripts/\n"
                    + "/history/\n"
                    + "/" + ProjectLayout.HISTORY_STATE + "/\n";

    private final ProjectLayout layout;
    private final List<Change> changes = new ArrayList<>();

    public Removal(ProjectLayout layout) {
        this.layout = layout;
    }

    /**
     * Removes what {@code discover} planted.
     *
     * @param all also the links, the transcript index, {@code project.json} and the turn files
     * @param git the project's git ({@link GitIgnores#open}), or null: then {@code info/exclude} is left alone
     * @return what was removed, changed and kept, in that order of discovery; no {@code removed} or
     *     {@code changed} entry when there was nothing to remove
     */
    public List<Change> remove(boolean all, GitIgnores git) throws IOException, UserErrorException {
        Path root = layout.cwd();
        // every read and check first: a malformed file stops the goal before any change
        Path agents = layout.agentsMd();
        String prose = Files.isRegularFile(agents) ? DiscoveryMarkers.remove(Discovery.readOrEmpty(agents)) : null;
        Map<Path, HookSettings.Removal> hooks = new LinkedHashMap<>();
        List<Path> plugins = new ArrayList<>();
        for (Agent agent : Agents.all()) {
            Wiring wiring = agent.capability(Wiring.class);
            if (wiring != null) {
                Path file = root.resolve(wiring.file());
                AtomicFiles.insideProject(root, file);
                if (wiring.isPlugin()) {
                    plugins.add(file);
                } else {
                    hooks.put(file, HookSettings.of(agent).planRemoval(file));
                }
            }
        }
        for (Path p : List.of(agents, layout.skillMd(), layout.binDir().resolve(Discovery.CONTEXT))) {
            AtomicFiles.insideProject(root, p); // a linked folder stops the goal here, not halfway
        }

        if (prose != null && !prose.equals(Discovery.readOrEmpty(agents))) {
            if (prose.isBlank()) {
                delete(agents, "the managed block was all it held");
            } else {
                AtomicFiles.writeIfChanged(root, agents, prose);
                changes.add(new Change("changed", agents, "the managed block taken out, your prose kept"));
            }
        }
        for (Path skill : List.of(layout.skillMd(), layout.historySkillMd(), layout.askSkillMd())) {
            delete(skill, null);
            pruneEmpty(skill.getParent());
        }
        pruneEmpty(layout.skillMd().getParent().getParent()); // .claude/skills
        removeBin();
        delete(layout.stateDir().resolve(".gitattributes"), null);
        for (Map.Entry<Path, HookSettings.Removal> e : hooks.entrySet()) {
            removeHooks(e.getKey(), e.getValue(), git);
        }
        for (Path plugin : plugins) {
            delete(plugin, null);
            pruneEmpty(plugin.getParent()); // .opencode/plugin, .pi/extensions
            pruneEmpty(plugin.getParent().getParent());
        }
        if (all) {
            removeJsonIn(layout.linksDir());
            removeJsonIn(layout.transcriptsDir());
            delete(layout.projectJson(), null);
            removeTree(layout.historyDir());
            removeTree(layout.historyStateDir());
            removeTree(layout.sharedDir()); // what receive fetched: teammates' nodes, read-only copies
        } else {
            for (Path data : List.of(
                    layout.linksDir(),
                    layout.transcriptsDir(),
                    layout.projectJson(),
                    layout.historyDir(),
                    layout.historyStateDir(),
                    layout.sharedDir())) {
                if (Files.exists(data, LinkOption.NOFOLLOW_LINKS)) {
                    changes.add(new Change("kept", data, null));
                }
            }
        }
        keepDataOutOfGit();
        pruneEmpty(layout.stateDir());
        return List.copyOf(changes);
    }

    /**
     * The planted {@code .gitignore} while this machine's data stays: cut down to the lines that keep it out of
     * git, so that committing the removal stages no turn file, transcript path or history state (docs/goals.md,
     * "remove"); deleted once none of that data is left.
     */
    private void keepDataOutOfGit() throws IOException {
        Path ignore = layout.stateDir().resolve(".gitignore");
        boolean data = false;
        for (Path dir : List.of(layout.transcriptsDir(), layout.historyDir(), layout.historyStateDir())) {
            data |= Files.exists(dir, LinkOption.NOFOLLOW_LINKS);
        }
        if (!data) {
            delete(ignore, null);
            return;
        }
        boolean existed = Files.exists(ignore, LinkOption.NOFOLLOW_LINKS);
        if (AtomicFiles.writeIfChanged(layout.cwd(), ignore, KEPT_DATA_GITIGNORE)) {
            changes.add(new Change(
                    existed ? "changed" : "added", ignore, "it now keeps only this machine's data out of git"));
        }
    }

    /**
     * The command that commits the removal (docs/goals.md, "remove"), naming {@code .termsprawl}, {@code .claude}
     * and each agent's team file of hooks or plugin only where git has something to add (a path in neither the
     * work tree nor the index fails {@code git add}, as {@code .claude} does in a project with no commit); null
     * without git or when none is there.
     */
    public static String commitCommand(Path root, GitIgnores git) {
        if (git == null) {
            return null;
        }
        List<String> names = new ArrayList<>(List.of(ProjectLayout.DIR, ".claude"));
        for (Agent agent : Agents.all()) {
            Wiring wiring = agent.capability(Wiring.class);
            if (wiring != null && !wiring.personal()) {
                names.add(wiring.file()); // a team file remove changed or deleted: its change is committed too
            }
        }
        List<String> paths = new ArrayList<>();
        for (String name : names) {
            Path p = root.resolve(name);
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) || git.tracks(p)) {
                paths.add(name);
            }
        }
        return paths.isEmpty() ? null : "git add -A -- " + String.join(" ", paths);
    }

    /** The launchers, the jars, the archive and what making it leaves; a file of anyone else's stays. */
    private void removeBin() throws IOException {
        Path bin = layout.binDir();
        for (String name : Discovery.LAUNCHERS) {
            delete(bin.resolve(name), null);
        }
        for (String name : List.of(
                Launchers.JAR,
                Launchers.SQLITE_JAR,
                Launchers.LEGACY_ARCHIVE,
                Launchers.LEGACY_ARCHIVE + Launchers.STAMP_SUFFIX,
                "." + Launchers.LEGACY_ARCHIVE + ".tmp",
                ".termsprawl-hs_err.log")) {
            delete(bin.resolve(name), null);
        }
        for (Path p : children(bin)) {
            if (Launchers.isArchiveFile(p.getFileName().toString())) {
                delete(p, null);
            }
        }
        removeTree(layout.sqliteNativeDir());
        for (Path p : children(bin)) {
            if (ClassDataArchive.isTrainingName(p.getFileName().toString())) {
                removeTree(p);
            }
        }
        pruneEmpty(bin.resolve("lib"));
        keepOthers(bin.resolve("lib"));
        pruneEmpty(bin);
        keepOthers(bin);
    }

    /** Names what is left in a folder that termsprawl would have removed: another's files are never deleted. */
    private void keepOthers(Path dir) throws IOException {
        for (Path p : children(dir)) {
            if (!(p.getFileName().toString().equals("lib") && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))) {
                changes.add(new Change("kept", p, "not termsprawl's"));
            }
        }
    }

    /** A folder's entries in name order; none when it is no folder (or a link to one). */
    private static List<Path> children(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.sorted().toList();
        }
    }

    private void removeJsonIn(Path dir) throws IOException {
        for (Path p : children(dir)) {
            String name = p.getFileName().toString();
            // a transcript index entry and its touch index, with its tail (docs/touches.md, "The touch index")
            if ((name.endsWith(".json")
                            || name.endsWith(".touches")
                            || name.endsWith(".touches-tail")
                            || name.endsWith(EditLists.EDITS)
                            || name.endsWith(EditLists.HELD))
                    && !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                delete(p, null);
            }
        }
        pruneEmpty(dir);
        keepOthers(dir);
    }

    /** Our hooks out of an agent's settings file; the file goes when it held nothing else (docs/goals.md). */
    private void removeHooks(Path settings, HookSettings.Removal hook, GitIgnores git) throws IOException {
        if (hook.found()) {
            if (hook.empty()) {
                delete(settings, "it held nothing but the termsprawl hooks");
            } else {
                AtomicFiles.writeIfChanged(layout.cwd(), settings, hook.text());
                changes.add(
                        new Change("changed", settings, "the termsprawl hooks taken out, every other setting kept"));
            }
        }
        // the exclude line keeps a personal file out of git: it goes with the file, not before
        if (git != null && !Files.exists(settings, LinkOption.NOFOLLOW_LINKS)) {
            Path exclude = git.undoKeepOut(settings);
            if (exclude != null) {
                String name = layout.cwd().relativize(settings).toString().replace('\\', '/');
                changes.add(new Change("changed", exclude, "the line keeping " + name + " out of git"));
            }
        }
        pruneEmpty(settings.getParent()); // .claude, .codex, .gemini
    }

    private void delete(Path file, String note) throws IOException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && AtomicFiles.deleteIfExists(layout.cwd(), file)) {
            changes.add(new Change("removed", file, note));
        }
    }

    /** A folder termsprawl owns whole (turn files, a cache): its files and links go, no link is followed. */
    private void removeTree(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            delete(dir, null);
            return;
        }
        int[] files = {0};
        Path root = layout.cwd();
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (AtomicFiles.deleteIfExists(root, file)) {
                    files[0]++;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.deleteIfExists(d);
                return FileVisitResult.CONTINUE;
            }
        });
        changes.add(new Change("removed", dir, files[0] + " file(s)"));
    }

    /** Deletes a folder only when it is empty (and no link): what else is there is someone's. */
    private static void pruneEmpty(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> list = Files.list(dir)) {
            if (list.findAny().isPresent()) {
                return;
            }
        }
        try {
            Files.deleteIfExists(dir);
        } catch (DirectoryNotEmptyException e) {
            // something was written meanwhile: it stays
        }
    }
}
