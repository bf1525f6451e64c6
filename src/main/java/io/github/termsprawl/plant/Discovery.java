package io.github.termsprawl.plant;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.StateCaps;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Wiring;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Plants and verifies what an agent needs to find and run the context command: the markers and the
 * {@code .termsprawl/bin/} files (docs/planted.md). {@link #discover()} writes only files whose bytes differ;
 * {@link #check()} names each file that is missing or stale.
 */
public final class Discovery {
    public static final String CONTEXT = "termsprawl-context";
    public static final String RECORD = "termsprawl-record";
    public static final String HISTORY = "termsprawl-history";

    /**
     * The heap cap of the commands that read whole sessions (history, ask): with what a JVM needs beside its heap,
     * about 470 MB resident at most, under their bound of 512 MB (docs/README.md, "Time and memory"). Their plan
     * of a session holds no text, so a 2.2 GB session's first write needs about 240 MB of it; one too large says
     * so in one line on stderr.
     */
    static final String BIG_HEAP = " -Xmx400m";

    /**
     * The history command may read a whole session, whose plan stays live while it is read: a young generation
     * big enough that most of what a read makes dies young, and an initial heap big enough to hold the plan,
     * so the serial collector neither copies records again and again nor collects the whole heap to grow it
     * (measured on the first write of a 200 MB session: 0.55 s of pauses became 0.23 s; peak resident set
     * 230 MB). Pages are touched only as they are used: a short run is as small as before. Capped at
     * {@link #BIG_HEAP}.
     */
    static final String HISTORY_JVM_FLAGS = " -Xmn128m -Xms256m" + BIG_HEAP;

    /** The ask command reads whole sessions too (a plan, then the newest turns that fit); see {@link #BIG_HEAP}. */
    static final String ASK_JVM_FLAGS = BIG_HEAP;

    /**
     * The context command's heap cap, below its bound of 300 MB resident (docs/context.md, "Bounds"): a live
     * view too large for it falls back to the file view instead of growing with the session.
     */
    static final String CONTEXT_JVM_FLAGS = " -Xmx192m";

    /** The record hook reads one hook payload (at most 1 MiB) and writes one index entry. */
    static final String RECORD_JVM_FLAGS = " -Xmx64m";

    public static final String ASK = "termsprawl-ask";
    public static final String TOUCHES = "termsprawl-touches";

    /**
     * A file check found wrong: {@code problem} is {@code missing}, {@code stale}, {@code not executable} or
     * {@code ignored}; {@code detail} (or null) says more: the git rule that ignores it, the mode it has.
     */
    public record Finding(Path path, String problem, String detail) {
        public Finding(Path path, String problem) {
            this(path, problem, null);
        }
    }

    /**
     * The launchers' names: {@code remove} deletes them, {@link #GITIGNORE} takes them back (declared before it,
     * which is made from it).
     */
    public static final List<String> LAUNCHERS = List.of(
            CONTEXT,
            CONTEXT + ".cmd",
            RECORD,
            RECORD + ".cmd",
            HISTORY,
            HISTORY + ".cmd",
            ASK,
            ASK + ".cmd",
            TOUCHES,
            TOUCHES + ".cmd");

    /**
     * What is per machine, never committed: paths of this machine, built jars, caches. First the committed
     * files are taken back from whatever else ignores them (a project's {@code bin/} or {@code *.cmd}, the
     * global excludes): a later, deeper rule wins in git, so {@code git add .termsprawl} takes them whatever the
     * project ignores (docs/planted.md, "Git"). A folder ignored above {@code .termsprawl/} cannot be taken
     * back from here; {@code discover} and {@code check} name such a file.
     */
    static final String GITIGNORE =
            "# planted by termsprawl: what is per machine (see its README, \"What to commit\")\n"
                    + "# the team's files are committed whatever else the project ignores\n"
                    + "!/AGENTS.md\n"
                    + "!/project.json\n"
                    + "!/links/\n"
                    + "!/links/*.json\n"
                    + "!/bin/\n"
                    + launcherReincludes()
                    + "!/.gitignore\n"
                    + "!/.gitattributes\n"
                    + "# per machine\n"
                    + "/transcripts/\n"
                    + "/history/\n"
                    + "/" + ProjectLayout.HISTORY_STATE + "/\n"
                    + "/bin/" + Launchers.JAR + "\n"
                    + "/bin/lib/\n"
                    + "/bin/" + Launchers.ARCHIVE_GLOB + "\n"
                    + "/bin/" + Launchers.ARCHIVE_GLOB + ".stamp\n"
                    + "/bin/." + Launchers.ARCHIVE_GLOB + ".tmp\n"
                    + "/bin/" + Launchers.AOT_CACHE_GLOB + "\n"
                    + "/bin/" + Launchers.AOT_CACHE_GLOB + ".stamp\n"
                    + "/bin/.cds-training-*/\n"
                    + "/bin/.termsprawl-hs_err.log\n";

    private static String launcherReincludes() {
        StringBuilder out = new StringBuilder();
        for (String name : LAUNCHERS) {
            out.append("!/bin/").append(name).append('\n');
        }
        return out.toString();
    }

    /** The launchers run only with their own line ends, whatever core.autocrlf or a {@code * text=auto} says. */
    static final String GITATTRIBUTES =
            "# planted by termsprawl: the launchers keep their line ends on every checkout\n"
                    + "/bin/" + CONTEXT + " text eol=lf\n"
                    + "/bin/" + RECORD + " text eol=lf\n"
                    + "/bin/" + HISTORY + " text eol=lf\n"
                    + "/bin/" + ASK + " text eol=lf\n"
                    + "/bin/" + TOUCHES + " text eol=lf\n"
                    + "/bin/*.cmd text eol=crlf\n"
                    + "/bin/*.jar binary\n"
                    + "*.json text eol=lf\n"
                    + "/AGENTS.md text eol=lf\n"
                    + "/.gitignore text eol=lf\n"
                    + "/.gitattributes text eol=lf\n";

    private final ProjectLayout layout;
    private final String plantCommand;
    private final Map<String, Fingerprint> fingerprints;

    /** The guard the team's hook files get, or null to keep each file's (docs/touches.md). */
    private final String guard;

    /** @param plantCommand the call that plants these files, named in the launchers' header */
    public Discovery(ProjectLayout layout, String plantCommand) {
        this(layout, plantCommand, (String) null);
    }

    /** @param guard the guard the team's hook files get, or null to keep each file's */
    public Discovery(ProjectLayout layout, String plantCommand, String guard) {
        this(layout, plantCommand, JarFingerprints.known(), guard);
    }

    /** @param fingerprints the planted jars' fingerprints by name ({@link JarFingerprints#known()}) */
    Discovery(ProjectLayout layout, String plantCommand, Map<String, Fingerprint> fingerprints, String guard) {
        this.layout = layout;
        this.plantCommand = plantCommand;
        this.fingerprints = fingerprints;
        this.guard = guard;
    }

    /** Every planted file with the bytes it must hold now (AGENTS.md keeps the user's prose). */
    public List<PlantedFile> plan() throws IOException, UserErrorException {
        List<PlantedFile> files = new ArrayList<>();
        files.add(PlantedFile.prose(
                layout.agentsMd(),
                DiscoveryMarkers.upsert(readOrEmpty(layout.agentsMd())).getBytes(StandardCharsets.UTF_8)));
        files.add(PlantedFile.prose(layout.skillMd(), DiscoveryMarkers.SKILL.getBytes(StandardCharsets.UTF_8)));
        files.add(PlantedFile.prose(
                layout.historySkillMd(), DiscoveryMarkers.HISTORY_SKILL.getBytes(StandardCharsets.UTF_8)));
        files.add(PlantedFile.prose(layout.askSkillMd(), DiscoveryMarkers.ASK_SKILL.getBytes(StandardCharsets.UTF_8)));
        String contextPurpose = "prints the recent turns of the agents linked to a node (--cwd <dir> --self <nodeId>)";
        String recordPurpose = "an agent's session-start hook; records the session's transcript for"
                + " $TERMSPRAWL_NODE_ID ([--agent <store>], the hook's JSON on stdin)";
        String historyPurpose = "writes every node's whole session as turn files under .termsprawl/history/"
                + " (--cwd <dir> [--node <nodeId>] [--list | --show <n>] [--no-redact])";
        String askPurpose = "asks a node's session, or every peer's, a question answered from its whole conversation"
                + " (--cwd <dir> --self <nodeId> (--node <id> | --peers) \"question\")";
        String touchesPurpose = "prints the files each linked peer changed, newest first (--cwd <dir> --self <nodeId>"
                + " [--file <path>] [--since <time|duration>] [--json])";
        launcher(
                files,
                CONTEXT,
                CommandJar.CONTEXT_MAIN,
                contextPurpose,
                false,
                CONTEXT_JVM_FLAGS,
                Prefilter.CONTEXT_SH,
                Prefilter.CONTEXT_CMD);
        launcher(
                files,
                RECORD,
                CommandJar.RECORD_MAIN,
                recordPurpose,
                false,
                RECORD_JVM_FLAGS,
                Prefilter.RECORD_SH,
                Prefilter.RECORD_CMD);
        launcher(files, HISTORY, CommandJar.HISTORY_MAIN, historyPurpose, false, HISTORY_JVM_FLAGS, "", "");
        launcher(files, ASK, CommandJar.ASK_MAIN, askPurpose, true, ASK_JVM_FLAGS, "", "");
        launcher(
                files,
                TOUCHES,
                CommandJar.TOUCHES_MAIN,
                touchesPurpose,
                false,
                CONTEXT_JVM_FLAGS,
                Prefilter.TOUCHES_SH,
                Prefilter.TOUCHES_CMD);
        // the jars are rebuilt by discover on each machine (which every teammate runs once to get the hook):
        // 5 MB a version in every user's history would buy nothing
        files.add(jar(Launchers.JAR, CommandJar::build).perMachine());
        files.add(jar(Launchers.SQLITE_JAR, CommandJar::sqliteJar).perMachine());
        files.add(text(layout.stateDir().resolve(".gitignore"), GITIGNORE, false));
        files.add(text(layout.stateDir().resolve(".gitattributes"), GITATTRIBUTES, false));
        wiring(files);
        return files;
    }

    /**
     * Each agent's hooks the team shares (docs/agents.md, "Wired through each agent's hooks"): a plugin file whole,
     * or our entries merged into the agent's settings file. A personal settings file (Claude Code's) is the
     * {@code discover} goal's to merge, never committed, never checked.
     */
    private void wiring(List<PlantedFile> files) throws IOException, UserErrorException {
        for (Agent agent : Agents.all()) {
            Wiring wiring = agent.capability(Wiring.class);
            if (wiring == null || wiring.personal()) {
                continue;
            }
            Path file = layout.cwd().resolve(wiring.file());
            if (wiring.isPlugin()) {
                files.add(PlantedFile.prose(file, plugin(wiring)));
            } else {
                HookSettings settings = HookSettings.of(agent);
                String g = guard != null ? guard : settings.currentGuard(file);
                String merged = settings.plan(file, g == null ? HookSettings.DEFAULT_GUARD : g);
                files.add(PlantedFile.prose(
                        file, merged != null ? merged.getBytes(StandardCharsets.UTF_8) : Files.readAllBytes(file)));
            }
        }
    }

    /**
     * A command's two launchers: the sh one (mode 0755) and its Windows twin, with the same JVM flags, and what each
     * runs before Java ({@link Prefilter}; empty for a command an agent runs to read).
     */
    private void launcher(
            List<PlantedFile> files,
            String name,
            String mainClass,
            String purpose,
            boolean exitCodes,
            String jvmFlags,
            String shPrelude,
            String cmdPrelude) {
        Launchers launchers = new Launchers(plantCommand);
        Path bin = layout.binDir();
        files.add(
                text(bin.resolve(name), launchers.sh(name, mainClass, purpose, exitCodes, jvmFlags, shPrelude), true));
        files.add(text(
                bin.resolve(name + ".cmd"),
                launchers.cmd(name, mainClass, purpose, exitCodes, jvmFlags, cmdPrelude),
                false));
    }

    private static PlantedFile text(Path path, String text, boolean executable) {
        return PlantedFile.of(path, text.getBytes(StandardCharsets.UTF_8), executable);
    }

    private PlantedFile jar(String name, PlantedFile.Content content) {
        return PlantedFile.built(layout.binDir().resolve(name), content, fingerprints.get(name));
    }

    static String readOrEmpty(Path file) throws IOException, UserErrorException {
        if (!Files.isRegularFile(file)) {
            return "";
        }
        long size = Files.size(file);
        if (size > StateCaps.USER_TEXT) { // looked at before it is read (docs/files.md, "Sane sizes")
            throw new UserErrorException(
                    "Cannot keep the prose of " + file + ": " + StateCaps.tooBig(size, StateCaps.USER_TEXT),
                    "Shorten it (or move it away)");
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            // rewriting it would replace the user's bytes: stop and say so
            throw new UserErrorException(
                    "Cannot keep the prose of " + file + ": it is not valid UTF-8",
                    "Fix its encoding (or move it away)");
        }
    }

    /** Writes what differs; returns the files written (empty: everything was up to date). */
    public List<Path> discover() throws IOException, UserErrorException {
        List<Path> written = new ArrayList<>();
        List<PlantedFile> plan = plan();
        for (PlantedFile f : plan) {
            AtomicFiles.insideProject(layout.cwd(), f.path()); // a linked folder stops us before any write
        }
        for (PlantedFile f : plan) {
            if (!f.isCurrent() && AtomicFiles.writeIfChanged(layout.cwd(), f.path(), f.bytes(), f.executable())) {
                written.add(f.path());
            }
        }
        return written;
    }

    /**
     * What is not current: the committed files that are missing or stale ({@code check} fails on them), and
     * the per-machine ones (never committed, built by {@code discover} on each machine: a fresh clone has
     * none, so they are a hint for a developer, never a failure in CI). One plan for both: {@code check}
     * runs in every build.
     */
    public Findings check() throws IOException, UserErrorException {
        return check(GitIgnores.open(layout.cwd()));
    }

    /** @param git the project's git, or null when it is no git work tree (or git is missing) */
    public Findings check(GitIgnores git) throws IOException, UserErrorException {
        List<Finding> committed = new ArrayList<>();
        List<Finding> perMachine = new ArrayList<>();
        List<PlantedFile> plan = plan();
        for (PlantedFile f : plan) {
            if (!f.isCurrent()) {
                (f.kind() == PlantedFile.Kind.COMMITTED ? committed : perMachine).add(problem(f));
            }
        }
        ignoredByGit(plan, git).forEach((path, rule) -> committed.add(new Finding(path, "ignored", rule)));
        return new Findings(committed, perMachine);
    }

    /** A launcher with its bytes but without its exec bit (a copy, a zip, a checkout with core.fileMode=false). */
    private static Finding problem(PlantedFile f) throws IOException {
        if (!Files.exists(f.path())) {
            return new Finding(f.path(), "missing");
        }
        if (f.executable() && AtomicFiles.isCurrent(f.path(), f.bytes(), false)) {
            return new Finding(f.path(), "not executable", "mode 0755 needed");
        }
        return new Finding(f.path(), "stale");
    }

    /**
     * The committed planted files that are there but that git ignores and does not track, so that {@code git
     * add} leaves them out and a teammate's clone lacks them; each with the rule that ignores it. Empty when the
     * project is no git work tree or git is missing.
     */
    public Map<Path, String> ignoredByGit(GitIgnores git) throws IOException, UserErrorException {
        return ignoredByGit(plan(), git);
    }

    private static Map<Path, String> ignoredByGit(List<PlantedFile> plan, GitIgnores git) {
        if (git == null) {
            return Map.of();
        }
        List<Path> committed = new ArrayList<>();
        for (PlantedFile f : plan) {
            if (f.kind() == PlantedFile.Kind.COMMITTED && Files.isRegularFile(f.path())) {
                committed.add(f.path());
            }
        }
        Map<Path, String> ignored = git.ignored(committed);
        return ignored == null ? Map.of() : ignored;
    }

    /** The planted files that are not current, committed ones and per-machine ones apart. */
    public record Findings(List<Finding> committed, List<Finding> perMachine) {}

    /** A plugin file planted whole (OpenCode, pi): the text the agent's package ships as a resource. */
    private static byte[] plugin(Wiring wiring) {
        try (java.io.InputStream in = Wiring.class.getResourceAsStream(wiring.plugin())) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + wiring.plugin()); // a broken build
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
