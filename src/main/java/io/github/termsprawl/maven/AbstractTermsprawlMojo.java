package io.github.termsprawl.maven;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectFolder;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.jsonl.Utf8Output;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What every goal shares: the skip switches, acting once per build (in the first project of the reactor)
 * on the repository's one project folder, and mapping core errors to Maven's: a {@link UserErrorException}
 * fails the goal with its words plus the goal's property and a correct call, never a stack trace; any
 * other I/O failure is an error of the build.
 */
abstract class AbstractTermsprawlMojo extends AbstractMojo {
    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Parameter(defaultValue = "${project}", readonly = true)
    private MavenProject project;

    @Parameter(defaultValue = "${mojoExecution}", readonly = true, required = true)
    private MojoExecution execution;

    /** Skips every termsprawl goal. */
    @Parameter(property = UserProperties.SKIP, defaultValue = "false")
    private String skip;

    /**
     * The project folder, when it is not found by itself: by default the nearest folder at or above the
     * build's start that holds {@code .termsprawl/}, else the multi-module root.
     */
    @Parameter(property = UserProperties.PROJECT_DIR)
    private String projectDir;

    /** The value of this goal's own skip property ({@code termsprawl.<goal>.skip}), as given. */
    abstract String skipGoal();

    /** The name of this goal's own skip property: {@code termsprawl.<goal>.skip}, as every goal's in UserProperties. */
    String skipProperty() {
        return "termsprawl." + execution.getGoal() + ".skip";
    }

    /** Runs the goal on the project folder. */
    abstract void run(Path root) throws MojoExecutionException, MojoFailureException, IOException, UserErrorException;

    /** Readies what {@link #run(Path)} needs beyond the plugin's own classes (see {@link AbstractSqliteMojo}). */
    void prepare() throws MojoExecutionException {}

    MavenSession session() {
        return session;
    }

    /** The project Maven builds, or null. */
    MavenProject project() {
        return project;
    }

    /** The property a user error of this goal is about, with the value given ({@code name=value}); null for none. */
    String valueInError() {
        return null;
    }

    /** A correct call of this goal, shown under a user error; null for none. */
    String example() {
        return null;
    }

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        boolean skipAll = flag(skip, UserProperties.SKIP, false);
        if (skipAll || flag(skipGoal(), skipProperty(), false)) {
            getLog().info("termsprawl: skipped (" + (skipAll ? UserProperties.SKIP : skipProperty()) + "=true)");
            return;
        }
        if (!isFirstOfTheReactor()) {
            getLog().debug("termsprawl: acted in the first project of the build, nothing to do in "
                    + project.getBasedir());
            return;
        }
        // once per build, where the goal acts (a warning per module of a reactor would bury it)
        if (session != null && session.getUserProperties() != null) {
            for (String warning :
                    UserProperties.unknown(session.getUserProperties().stringPropertyNames())) {
                getLog().warn(warning);
            }
        }
        Path root = root();
        prepare();
        try {
            run(root);
        } catch (UserErrorException e) {
            throw new MojoFailureException(failure(e, valueInError(), example()));
        } catch (IOException e) {
            throw new MojoExecutionException("termsprawl: " + describe(e), e);
        }
    }

    /**
     * Prints a goal's data: byte for byte to file descriptor 1 (Maven may wrap System.out, and its log
     * lines stay aside, so {@code mvn -q} gives just the data), or to {@code output} when it is set.
     *
     * @return where it went, for the goal's summary line
     */
    static String printData(Path root, String text, String output) throws IOException, MojoFailureException {
        byte[] bytes = Utf8Output.encode(text);
        if (output != null && !output.isBlank()) { // blank is unset, not a file named with a space
            Path file = root.resolve(output);
            if (Files.isSymbolicLink(file) || (Files.exists(file) && !Files.isRegularFile(file))) {
                // the file is written whole and renamed into place: that would replace a link (even /dev/stdout)
                // or a device by a plain file, not write through it
                throw new MojoFailureException("Cannot write the output to " + file + ": it is a link or not a plain"
                        + " file, and would be replaced by one. Name a plain file in " + UserProperties.OUTPUT
                        + ", or leave it unset to print to stdout.");
            }
            if (file.toAbsolutePath()
                    .normalize()
                    .startsWith(root.toAbsolutePath().normalize())) {
                AtomicFiles.writeIfChanged(root, file, bytes, false); // in the project: through no linked folder
            } else {
                AtomicFiles.writeIfChanged(file, bytes, false); // a file the user named elsewhere
            }
            return file.toString();
        }
        OutputStream out = new FileOutputStream(FileDescriptor.out);
        out.write(bytes);
        out.flush();
        return "stdout (" + bytes.length + " bytes)";
    }

    /** A user error in Maven words: its own, then the property and value it is about, and a correct call. */
    static String failure(UserErrorException e, String valueInError, String example) {
        StringBuilder message = new StringBuilder(e.getMessage());
        if (valueInError != null) {
            message.append(" (").append(valueInError).append(").");
        }
        if (example != null) {
            message.append(" Example: ").append(example);
        }
        return message.toString();
    }

    /** One line per item, each ending with a newline: the shape of every goal's printed data. */
    static String lines(List<String> lines) {
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            text.append(line).append('\n');
        }
        return text.toString();
    }

    /** A file as a log line names it: relative to the project folder when inside it, else absolute. */
    static String shown(Path root, Path file) {
        Path abs = root.toAbsolutePath().normalize();
        Path f = file.toAbsolutePath().normalize();
        return f.startsWith(abs) ? abs.relativize(f).toString() : f.toString();
    }

    /** NIO's messages are often the bare path: say what went wrong with it, and what to do. */
    static String describe(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException a) {
            return "permission denied: " + a.getFile() + " (make it writable, or run as its owner)";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getFile() != null) {
            String reason = f.getReason() != null
                    ? f.getReason()
                    : e.getClass().getSimpleName().replace("Exception", "");
            String other = f.getOtherFile() != null ? " -> " + f.getOtherFile() : "";
            return "cannot use " + f.getFile() + other + ": " + reason;
        }
        return String.valueOf(e.getMessage());
    }

    /** With {@code -pl}, or from a module, the execution root may not be built at all: act in the first project. */
    private boolean isFirstOfTheReactor() {
        List<MavenProject> projects = session.getProjects();
        return project == null
                || projects == null
                || projects.isEmpty()
                || Objects.equals(project.getBasedir(), projects.get(0).getBasedir());
    }

    private Path root() throws MojoFailureException {
        String dir = session.getExecutionRootDirectory();
        Path start = (dir != null ? new File(dir) : new File("."))
                .toPath()
                .toAbsolutePath()
                .normalize();
        ProjectFolder.Resolved folder;
        try {
            folder = ProjectFolder.resolve(start, buildRoot(start), projectDir);
        } catch (UserErrorException e) {
            throw new MojoFailureException(e.getMessage() + " (" + UserProperties.PROJECT_DIR + ")");
        }
        if (folder.dir().equals(start)) {
            getLog().debug("termsprawl: project folder " + folder.dir() + " (" + folder.reason() + ")");
        } else {
            getLog().info("termsprawl: project folder " + folder.dir() + " (" + folder.reason() + ")");
        }
        return folder.dir();
    }

    /**
     * The top-most parent project on disk above the start: the root of the build the module belongs to.
     * Not {@code maven.multiModuleProjectDirectory}: that is merely the nearest folder with {@code .mvn/},
     * which for a project that happens to sit inside another repository (a sample under {@code target/})
     * is that repository, not this project's build.
     */
    private Path buildRoot(Path start) {
        Path best = null;
        for (MavenProject p = project; p != null; p = p.getParent()) {
            if (p.getBasedir() != null && p.getFile() != null) {
                best = higher(best, p.getBasedir().toPath(), start);
            }
        }
        return best;
    }

    private static Path higher(Path best, Path candidate, Path start) {
        Path c = candidate.toAbsolutePath().normalize();
        if (!start.startsWith(c)) {
            return best;
        }
        return best == null || best.startsWith(c) ? c : best;
    }

    /** The value of a required property, or a failure naming it and showing a correct call. */
    static String required(String value, String property, String example) throws MojoFailureException {
        if (value == null || value.isEmpty()) {
            throw new MojoFailureException("Missing " + property + ". Example: " + example);
        }
        return value;
    }

    /**
     * A switch's value: {@code true} or {@code false} in any case, {@code unset} when not given. Anything
     * else fails rather than reading as false (Maven's own conversion), so that a typo in
     * {@code termsprawl.redact} or {@code termsprawl.dryRun} never turns a safeguard off.
     */
    static boolean flag(String value, String property, boolean unset) throws MojoFailureException {
        if (value == null || value.isEmpty()) {
            return unset;
        }
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return value.equalsIgnoreCase("true");
        }
        throw new MojoFailureException("Invalid value '" + printable(value) + "' for " + property
                + ": expected true or false. Example: -D" + property + "=" + !unset);
    }

    /**
     * {@code termsprawl.redact} (docs/redaction.md): {@code unset} when not given; a warning when the user
     * turned redaction off, so that a log never hides that secrets went out as they are.
     */
    boolean redaction(String value, boolean unset) throws MojoFailureException {
        boolean on = flag(value, UserProperties.REDACT, unset);
        if (!on && value != null && !value.isEmpty()) {
            getLog().warn("termsprawl: secrets are not redacted (" + UserProperties.REDACT + "=false)");
        }
        return on;
    }

    /** A safe node id, or a failure naming the property, the value and the rule. */
    static String nodeId(String value, String property, String example) throws MojoFailureException {
        required(value, property, example);
        if (!NodeId.isSafe(value)) {
            throw new MojoFailureException("Invalid node id '" + printable(value) + "' in " + property
                    + ": an id is 1-128 letters, digits, '_' or '-', starting with a letter or digit. Example: "
                    + example);
        }
        return value;
    }

    /** Control characters made visible, so a message shows what was really passed. */
    static String printable(String value) {
        StringBuilder out = new StringBuilder();
        for (char c : value.toCharArray()) {
            if (c == '\n') {
                out.append("\\n");
            } else if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
