package io.github.termsprawl.ask;

import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.registry.TranscriptLocator;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.AgentFolders;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Turns what was asked for (a node, a session, a node's peers, a node's earlier windows) into targets. */
public final class Targets {
    /** Every peer linked to {@code self}. */
    public static final String PEERS = "peers";
    /** The earlier compaction windows of one session, newest first. */
    public static final String WINDOWS = "windows";

    public static final int DEFAULT_LIMIT = 3;

    /**
     * What to ask: exactly one of {@code node} and {@code session}, or {@code scope} {@link #PEERS} with
     * {@code self}, or {@link #WINDOWS} with a node or session; {@code limit} bounds the windows.
     */
    public record Selection(String node, String session, String scope, String self, int limit) {}

    private final ProjectLayout layout;
    private final AskEnvironment env;
    private final SessionLoader loader;

    Targets(ProjectLayout layout, AskEnvironment env, SessionLoader loader) {
        this.layout = layout;
        this.env = env;
        this.loader = loader;
    }

    List<Target> resolve(Selection s) throws UserErrorException {
        if (PEERS.equals(s.scope())) {
            return peers(s.self());
        }
        Target one = s.session() != null ? session(s.session()) : node(s.node());
        if (WINDOWS.equals(s.scope())) {
            return windows(one, s.limit());
        }
        return List.of(one);
    }

    private Target node(String id) throws UserErrorException {
        TranscriptIndex.Entry entry = new TranscriptIndex(layout).read(id);
        if (entry == null) {
            entry = SharedConversation.entry(layout, id); // a received shared node (docs/sharing.md)
        }
        if (entry == null) {
            throw new UserErrorException(
                    "No transcript is recorded for node " + id + " in " + new TranscriptIndex(layout).fileOf(id),
                    "Record one (the record goal, or the SessionStart hook when the agent starts with"
                            + " TERMSPRAWL_NODE_ID set), or check the node id");
        }
        return new Target(id, id, entry, 0);
    }

    private List<Target> peers(String self) throws UserErrorException {
        List<String> peers = new Links(layout).peersOf(self);
        if (peers.isEmpty()) {
            throw new UserErrorException(
                    "Node " + self + " has no linked peers in " + layout.linksDir(),
                    "Link one (the link goal), or check the id");
        }
        TranscriptIndex index = new TranscriptIndex(layout);
        List<Target> targets = new ArrayList<>();
        for (String peer : peers) {
            if (!peer.equals(self)) {
                TranscriptIndex.Entry entry = index.read(peer);
                targets.add(new Target(
                        peer,
                        peer,
                        entry != null ? entry : SharedConversation.entry(layout, peer),
                        0)); // a peer with no transcript is listed as such
            }
        }
        return targets;
    }

    private Target session(String value) throws UserErrorException {
        Map<String, String> variables = env.variables();
        for (Agent agent : Agents.all()) {
            Agent.SessionIds ids = agent.capability(Agent.SessionIds.class);
            if (ids != null && ids.isId(value)) {
                Path home = AgentFolders.home(variables);
                Path file = ids.find(value, layout.cwd(), variables, home);
                if (file == null) {
                    throw new UserErrorException(
                            "No Claude Code session " + value + " under " + ids.projectsDir(variables, home),
                            "Pass an existing session id or a transcript path");
                }
                return new Target(
                        value,
                        null,
                        new TranscriptIndex.Entry(file, agent.store().id(), value),
                        0);
            }
        }
        Path file;
        try {
            file = layout.cwd().resolve(value).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new UserErrorException(
                    "'" + value + "' is not a valid path: " + e.getMessage(), "Pass a transcript path");
        }
        if (!Files.exists(file)) {
            throw new UserErrorException(
                    "Transcript not found: " + file, "Pass an existing transcript path or a Claude Code session id");
        }
        if (!TranscriptLocator.isTranscriptPath(file)) {
            // as record refuses it: a folder or a device read as "no messages yet", and /dev/zero never ended
            throw new UserErrorException(
                    file + " is not a transcript file (a folder or a device)",
                    "Pass a transcript file or a Claude Code session id");
        }
        String name = file.getFileName() == null ? value : file.getFileName().toString();
        return new Target(name, null, new TranscriptIndex.Entry(file, null, null), 0);
    }

    /** The windows before the active one, newest first, at most {@code limit}. */
    private List<Target> windows(Target session, int limit) throws UserErrorException {
        Agent.Windows kept = loader.windowsOf(session.entry());
        if (kept == null) {
            throw new UserErrorException(
                    session.label() + " is not a Claude Code session: only Claude Code sessions have compaction"
                            + " windows to ask one by one",
                    "Ask the node itself");
        }
        int n = loader.windowCount(kept, session.entry().path());
        if (n < 2) {
            throw new UserErrorException(
                    session.label() + " has " + (n == 0 ? "no messages" : "one window only: it was never compacted"),
                    "Ask the node itself");
        }
        List<Target> targets = new ArrayList<>();
        for (int w = n - 1; w >= 1 && targets.size() < limit; w--) {
            targets.add(new Target(session.label(), session.node(), session.entry(), w));
        }
        return targets;
    }
}
