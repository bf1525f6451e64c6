package io.github.termsprawl.maven;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.registry.TranscriptLocator;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.AgentFolders;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.Store;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Records which transcript a node has: a path, a Claude Code session id, {@code latest} (Claude Code) or
 * {@code <store>:latest} for codex, gemini, pi, opencode (the newest session of that agent in this project).
 * Claude Code sessions are recorded by the SessionStart hook; run this for the other agents. Example:
 * {@code mvn termsprawl:record -Dtermsprawl.node=reviewer -Dtermsprawl.transcript=codex:latest}. Where
 * each agent keeps its sessions: <a href="docs/stores.html">Other agents' transcripts</a>.
 */
@Mojo(name = "record", requiresProject = false, threadSafe = true)
public class RecordMojo extends AbstractSqliteMojo {
    static final String EXAMPLE =
            "mvn termsprawl:record -D" + UserProperties.NODE + "=backend -D" + UserProperties.TRANSCRIPT + "=latest";

    /** The node whose transcript this is. */
    @Parameter(property = UserProperties.NODE)
    private String node;

    /** A transcript path, a Claude Code session id, {@code latest}, or {@code <store>:latest}. */
    @Parameter(property = UserProperties.TRANSCRIPT)
    private String transcript;

    /** Skips this goal only ({@code termsprawl.record.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.RECORD_SKIP, defaultValue = "false")
    private String skipRecord;

    @Override
    String skipGoal() {
        return skipRecord;
    }

    @Override
    String valueInError() {
        return UserProperties.TRANSCRIPT + "=" + transcript;
    }

    @Override
    String example() {
        return example(transcript);
    }

    /**
     * The example under an error: for {@code <store>:latest}, a call with that store's transcript path (the
     * error was that store's, a Claude Code example would mislead); else the Claude Code one.
     */
    static String example(String transcript) {
        int colon = transcript == null ? -1 : transcript.lastIndexOf(':');
        Store store = colon > 0 ? Store.of(transcript.substring(0, colon)) : null;
        Agent agent = store == null ? Agents.DEFAULT : Agents.of(store);
        if (agent == Agents.DEFAULT || agent.finder(Map.of(), Path.of("")) == null) {
            return EXAMPLE;
        }
        // a store whose sessions are not files (OpenCode's database): latest is the only way
        String path = agent.examplePath() != null ? agent.examplePath() : store.id() + ":latest";
        return "mvn termsprawl:record -D" + UserProperties.NODE + "=backend -D" + UserProperties.TRANSCRIPT + "=" + path
                + " (docs/stores.md says where " + store.id() + " keeps its sessions)";
    }

    @Override
    void run(Path root) throws IOException, MojoFailureException, UserErrorException {
        nodeId(node, UserProperties.NODE, EXAMPLE);
        required(transcript, UserProperties.TRANSCRIPT, EXAMPLE);
        Located found = TranscriptLocator.fromEnvironment(root, System.getenv(), AgentFolders.home(System.getenv()))
                .locate(transcript);
        boolean changed = new TranscriptIndex(new ProjectLayout(root))
                .record(node, found.path().toString(), found.store(), found.session());
        getLog().info("termsprawl: " + (changed ? "recorded " : "already recorded: ") + node + " -> " + found.path()
                + (found.store() != null
                        ? " (" + found.store() + (found.session() != null ? " " + found.session() : "") + ")"
                        : ""));
    }
}
