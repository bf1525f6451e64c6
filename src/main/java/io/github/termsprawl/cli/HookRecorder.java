package io.github.termsprawl.cli;

import io.github.termsprawl.core.EditLists;
import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.plant.Discovery;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Wiring;
import io.github.termsprawl.store.Located;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** What the session-start hook does: record the session's transcript for {@code $TERMSPRAWL_NODE_ID}. */
public final class HookRecorder {
    public static final String NODE_ENV = "TERMSPRAWL_NODE_ID";

    private HookRecorder() {}

    /** Claude Code's recording (its payload names the transcript), as {@link #record(String, Agent, HookInput, Path, Map, Path)}. */
    public static boolean record(String nodeId, HookInput input, Path project) {
        return record(nodeId, Agents.DEFAULT, input, project, Map.of(), null);
    }

    /**
     * Records into the project that planted the hook (the folder above {@code .termsprawl/bin/}), never
     * into the folder the payload's {@code cwd} names: a session started in a subfolder belongs to the
     * same project, and a payload must not make the hook write anywhere else. A session recorded anew starts its
     * edits list (docs/touches.md, "Without Java"): the node is wired.
     *
     * @param nodeId  the value of {@code TERMSPRAWL_NODE_ID}, maybe null
     * @param agent   the agent whose hook runs
     * @param input   the parsed hook payload
     * @param project the project the script lives in
     * @return whether the node is recorded (now or before) with this session
     */
    public static boolean record(
            String nodeId, Agent agent, HookInput input, Path project, Map<String, String> env, Path home) {
        if (!NodeId.isSafe(nodeId) || project == null) {
            return false;
        }
        try {
            Located located = located(agent, input, project, env, home);
            if (located == null) {
                return false;
            }
            ProjectLayout layout = new ProjectLayout(project);
            new TranscriptIndex(layout).record(nodeId, located.path().toString(), located.store(), located.session());
            EditLists lists = new EditLists(layout);
            if (!Files.exists(lists.editsOf(nodeId))) {
                lists.reset(nodeId);
            }
            return true;
        } catch (IOException | InvalidPathException | SecurityException e) {
            return false;
        }
    }

    private static Located located(Agent agent, HookInput input, Path project, Map<String, String> env, Path home) {
        Wiring.SessionOfHook bySession = agent.capability(Wiring.SessionOfHook.class);
        if (bySession != null) {
            return input.sessionId() == null || home == null ? null : bySession.locate(input.sessionId(), env, home);
        }
        if (input.transcriptPath() == null) {
            return null;
        }
        // a relative transcript path (the agents write absolute ones) is the session's, so read it against the
        // session's folder
        Path base = project;
        if (input.cwd() != null && Files.isDirectory(Path.of(input.cwd()))) {
            base = Path.of(input.cwd());
        }
        // the store named, so that every read of the entry skips recognising it from the file (docs/files.md)
        return new Located(base.resolve(input.transcriptPath()), agent.store().id(), null);
    }

    /**
     * What the agent is told when its session starts (docs/agents.md): its node, its linked peers and the two
     * commands, named by the project's absolute path so they work from any folder of the session.
     */
    static String note(String nodeId, Path project) {
        ProjectLayout layout = new ProjectLayout(project);
        List<String> peers = new Links(layout).peersOf(nodeId);
        String root = project.toString();
        String bin = root + "/.termsprawl/bin/";
        return "termsprawl: this session is node " + nodeId + " of " + root + "; "
                + (peers.isEmpty()
                        ? "no agent is linked to it yet."
                        : "linked to it: " + String.join(", ", peers) + ".")
                + "\nTheir recent turns: " + TouchHook.shellWord(bin + Discovery.CONTEXT) + " --cwd "
                + TouchHook.shellWord(root) + " --self " + nodeId
                + "\nThe files they changed: " + TouchHook.shellWord(bin + Discovery.TOUCHES) + " --cwd "
                + TouchHook.shellWord(root) + " --self " + nodeId + " [--file <path>]";
    }
}
