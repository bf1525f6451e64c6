package io.github.termsprawl.cli;

import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.jsonl.Utf8Output;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.store.Agent;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code termsprawl-record [--agent <store>]}, the session-start hook of every wired agent (docs/planted.md): reads
 * the hook's JSON from stdin and records the session for {@code $TERMSPRAWL_NODE_ID}, then tells the agent its node,
 * its peers and the commands, as the hook output every agent adds to the model's context. Always exits 0.
 */
public final class RecordCommand {
    /** What {@code --help} prints on stdout (exit 0; docs/planted.md, "The session-start hook"). */
    public static final String HELP =
            "usage: termsprawl-record [--agent <store>] [--help]   (a hook: an agent runs it, with its JSON on stdin)\n"
                    + "\n"
                    + "Every wired agent's session-start hook (docs/agents.md): Claude Code's SessionStart hook in\n"
                    + ".claude/settings.local.json, Codex's and Gemini CLI's, the OpenCode and pi plugins'. When a\n"
                    + "session starts or resumes, the agent runs it with a JSON object on stdin (session_id,\n"
                    + "transcript_path, cwd, ...); it records the session as the transcript of the node\n"
                    + "$TERMSPRAWL_NODE_ID names, in the project this command belongs to (the folder above\n"
                    + ".termsprawl/bin/), then prints the hook output that tells the agent its node, its linked peers\n"
                    + "and the commands. Without TERMSPRAWL_NODE_ID, or with one that is no node id, it does nothing\n"
                    + "and does not read stdin. It reads at most 1 MiB of stdin, for at most 2 seconds, and exits 0\n"
                    + "whatever its input. To record a session by hand: the record goal (docs/goals.md).\n"
                    + "\n"
                    + "  --agent <store>   the agent whose hook runs it: claude (the default), codex, gemini, pi, opencode\n"
                    + "  --help            print this and exit (stdin is not read)\n"
                    + "\n"
                    + "More: docs/planted.md.\n";

    private RecordCommand() {}

    public static void main(String[] args) {
        try {
            run(
                    args,
                    System.getenv(HookRecorder.NODE_ENV),
                    System.getenv(),
                    io.github.termsprawl.store.AgentFolders.home(System.getenv()), // $HOME, as the agents read it
                    System.in,
                    new FileOutputStream(FileDescriptor.out),
                    projectOfThisJar());
        } catch (RuntimeException | Error e) {
            // never fail the agent's session start
        }
    }

    /**
     * {@code --help} anywhere prints {@link #HELP} and reads nothing.
     *
     * @return whether the node is recorded; the note is written to {@code out} then
     */
    static boolean run(
            String[] args,
            String nodeId,
            Map<String, String> env,
            Path home,
            InputStream stdin,
            OutputStream out,
            Path project) {
        for (String arg : args) {
            if (arg.equals("--help")) {
                ContextCommand.write(out, Utf8Output.encode(HELP));
                return false;
            }
        }
        if (nodeId == null) {
            return false; // not a termsprawl node: do not even read stdin
        }
        // any other argument is ignored: a hook is never failed by its command line
        Agent agent = args.length == 2 && args[0].equals("--agent") ? Agents.named(args[1]) : Agents.DEFAULT;
        if (agent == null) {
            return false;
        }
        if (!HookRecorder.record(nodeId, agent, HookInput.read(stdin), project, env, home)) {
            return false;
        }
        Map<String, Object> specific = new LinkedHashMap<>();
        specific.put("hookEventName", "SessionStart");
        specific.put("additionalContext", HookRecorder.note(nodeId, project));
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("hookSpecificOutput", specific);
        ContextCommand.write(out, Utf8Output.encode(JsonWriter.compact(root) + "\n"));
        return true;
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
