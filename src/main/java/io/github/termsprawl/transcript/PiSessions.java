package io.github.termsprawl.transcript;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where pi keeps a folder's sessions: {@code <agent dir>/sessions/--<cwd>--/<ts>_<uuid>.jsonl}, the agent
 * dir being {@code $PI_CODING_AGENT_DIR} or {@code ~/.pi/agent}, and {@code <cwd>} the absolute folder
 * without its leading separator, with {@code /}, {@code \} and {@code :} turned into {@code -}.
 */
public final class PiSessions implements SessionFinder {
    private final Path agentDir;

    public PiSessions(Path agentDir) {
        this.agentDir = agentDir;
    }

    public static PiSessions fromEnvironment(Map<String, String> env, Path home) {
        String configured = SamePath.env(env, "PI_CODING_AGENT_DIR");
        return new PiSessions(
                configured != null
                        ? SamePath.folder(configured, home)
                        : home.resolve(".pi").resolve("agent"));
    }

    static String folderName(String cwd) {
        return "--" + cwd.replaceFirst("^[/\\\\]", "").replaceAll("[/\\\\:]", "-") + "--";
    }

    public Path sessionDir(Path project) {
        return agentDir.resolve("sessions")
                .resolve(folderName(project.toAbsolutePath().normalize().toString()));
    }

    /** The newest session file of the project (its folder as written, or through symlinks), or null. */
    Path newest(Path project) {
        for (String cwd : SamePath.spellings(project)) {
            List<Path> files = NewestFiles.under(
                    agentDir.resolve("sessions").resolve(folderName(cwd)), 1, n -> n.endsWith(".jsonl"));
            if (!files.isEmpty()) {
                return files.get(0);
            }
        }
        return null;
    }

    @Override
    public TranscriptLocator.Located latest(Path project) {
        Path file = newest(project);
        return file == null ? null : new TranscriptLocator.Located(file, Store.PI.id(), null);
    }

    @Override
    public String notFound(Path project) {
        return "No pi session found for " + project + " in " + sessionDir(project) + ". Run pi here (it writes the"
                + " file after its first reply), set PI_CODING_AGENT_DIR if pi keeps its files elsewhere, or pass a"
                + " session path.";
    }
}
