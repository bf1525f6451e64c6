package io.github.termsprawl.cli;

import io.github.termsprawl.jsonl.Utf8Output;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * {@code termsprawl-record}, the Claude Code SessionStart hook: reads the hook's JSON from stdin and
 * records the transcript for {@code $TERMSPRAWL_NODE_ID}. Always exits 0 and prints nothing on stdout,
 * since Claude Code adds a SessionStart hook's stdout to the agent's context.
 */
public final class RecordCommand {
    /** What {@code --help} prints on stdout (exit 0; docs/planted.md, "The SessionStart hook"). */
    public static final String HELP =
            "usage: termsprawl-record [--help]   (a hook: Claude Code runs it, with its JSON on stdin)\n"
                    + "\n"
                    + "Claude Code's SessionStart hook, which discover merges into .claude/settings.local.json. When a\n"
                    + "session starts, resumes, is cleared, compacted or forked, Claude Code runs it with a JSON object\n"
                    + "on stdin (session_id, transcript_path, cwd, ...); it records transcript_path as the transcript of\n"
                    + "the node $TERMSPRAWL_NODE_ID names, in the project this command belongs to (the folder above\n"
                    + ".termsprawl/bin/). Without TERMSPRAWL_NODE_ID, or with one that is no node id, it does nothing\n"
                    + "and does not read stdin. It reads at most 1 MiB of stdin, for at most 2 seconds, prints nothing\n"
                    + "(a SessionStart hook's stdout goes into the agent's context) and exits 0 whatever its input.\n"
                    + "To record a session by hand: mvn termsprawl:record (docs/goals.md).\n"
                    + "\n"
                    + "  --help   print this and exit (stdin is not read)\n"
                    + "\n"
                    + "More: docs/planted.md.\n";

    private RecordCommand() {}

    public static void main(String[] args) {
        try {
            run(args, System.getenv(HookRecorder.NODE_ENV), System.in, new FileOutputStream(FileDescriptor.out));
        } catch (RuntimeException | Error e) {
            // never fail the agent's session start
        }
    }

    /**
     * {@code --help} anywhere prints {@link #HELP} and reads nothing; any other argument is ignored (a hook is never
     * failed by its command line). Always 0.
     */
    static int run(String[] args, String nodeId, InputStream stdin, OutputStream out) {
        for (String arg : args) {
            if (arg.equals("--help")) {
                ContextCommand.write(out, Utf8Output.encode(HELP));
                return 0;
            }
        }
        run(nodeId, stdin, projectOfThisJar());
        return 0;
    }

    static boolean run(String nodeId, InputStream stdin, Path defaultProject) {
        if (nodeId == null) {
            return false; // not a termsprawl node: do not even read stdin
        }
        return HookRecorder.record(nodeId, HookInput.read(stdin), defaultProject);
    }

    /** {@code <project>/.termsprawl/bin/termsprawl.jar} → {@code <project>}. */
    static Path projectOfThisJar() {
        try {
            Path jar = Path.of(RecordCommand.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            Path bin = jar.getParent();
            return bin != null && bin.getParent() != null ? bin.getParent().getParent() : null;
        } catch (Exception e) {
            return null;
        }
    }
}
