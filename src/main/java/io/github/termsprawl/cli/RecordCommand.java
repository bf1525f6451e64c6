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
    private RecordCommand() {}

    public static void main(String[] args) {
        try {
            run(
                    args,
                    System.getenv(HookRecorder.NODE_ENV),
                    System.getenv(),
                    Path.of(System.getProperty("user.home")),
                    System.in,
                    new FileOutputStream(FileDescriptor.out),
                    projectOfThisJar());
        } catch (RuntimeException | Error e) {
            // never fail the agent's session start
        }
    }

    static boolean run(String nodeId, InputStream stdin, Path defaultProject) {
        return run(new String[0], nodeId, Map.of(), null, stdin, OutputStream.nullOutputStream(), defaultProject);
    }

    /** @return whether the node is recorded; the note is written to {@code out} then */
    static boolean run(
            String[] args,
            String nodeId,
            Map<String, String> env,
            Path home,
            InputStream stdin,
            OutputStream out,
            Path project) {
        if (nodeId == null) {
            return false; // not a termsprawl node: do not even read stdin
        }
        Agent agent = args.length == 2 && args[0].equals("--agent") ? Agents.named(args[1]) : Agents.DEFAULT;
        if (agent == null || (args.length != 0 && args.length != 2)) {
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
