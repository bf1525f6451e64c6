package io.github.termsprawl.core;

import java.nio.file.Path;

/** Where each piece of on-disk state lives under the project folder (docs/files.md). */
public final class ProjectLayout {
    public static final String DIR = ".termsprawl";

    private final Path cwd;

    public ProjectLayout(Path cwd) {
        this.cwd = cwd;
    }

    public Path cwd() {
        return cwd;
    }

    public Path stateDir() {
        return cwd.resolve(DIR);
    }

    public Path linksDir() {
        return stateDir().resolve("links");
    }

    public Path transcriptsDir() {
        return stateDir().resolve("transcripts");
    }

    public Path projectJson() {
        return stateDir().resolve("project.json");
    }

    public Path agentsMd() {
        return stateDir().resolve("AGENTS.md");
    }

    /** Where the turn files of every node are written ({@code history/<nodeId>/}, git-ignored). */
    public Path historyDir() {
        return stateDir().resolve("history");
    }

    /**
     * Where received shared nodes are kept, one folder each ({@code shared/<user>__<node>/}, git-ignored,
     * never mixed with local nodes: docs/sharing.md).
     */
    public Path sharedDir() {
        return stateDir().resolve("shared");
    }

    /**
     * What the history remembers of each folder of {@link #historyDir} ({@code .state}, {@code .turns},
     * {@code .plan} …), by the same relative path: beside it, so {@code grep -rn … .termsprawl/history/} finds
     * turn files only (docs/files.md, "Turn files").
     */
    public Path historyStateDir() {
        return stateDir().resolve(HISTORY_STATE);
    }

    public static final String HISTORY_STATE = "history-state";

    public Path binDir() {
        return stateDir().resolve("bin");
    }

    /** Where sqlite-jdbc's native library is unpacked for this machine (git-ignored). */
    public Path sqliteNativeDir() {
        return binDir().resolve("lib").resolve(".native");
    }

    public Path skillMd() {
        return cwd.resolve(".claude")
                .resolve("skills")
                .resolve("termsprawl-context")
                .resolve("SKILL.md");
    }

    /** The skill that tells Claude Code about {@code termsprawl-history}. */
    public Path historySkillMd() {
        return cwd.resolve(".claude")
                .resolve("skills")
                .resolve("termsprawl-history")
                .resolve("SKILL.md");
    }

    /** The skill that tells Claude Code about {@code termsprawl-ask}. */
    public Path askSkillMd() {
        return cwd.resolve(".claude")
                .resolve("skills")
                .resolve("termsprawl-ask")
                .resolve("SKILL.md");
    }

    public Path claudeSettingsLocal() {
        return cwd.resolve(".claude").resolve("settings.local.json");
    }
}
