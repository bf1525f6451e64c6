package io.github.termsprawl.store.opencode;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.jsonl.Deadline;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.store.AgentFolders;
import io.github.termsprawl.store.Located;
import io.github.termsprawl.store.NewestFiles;
import io.github.termsprawl.store.SessionFinder;
import io.github.termsprawl.store.Store;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;

/**
 * Where OpenCode keeps its sessions: one SQLite database ({@code $OPENCODE_DB}, else
 * {@code <data>/opencode.db} with {@code <data>} = {@code $XDG_DATA_HOME/opencode}, default
 * {@code ~/.local/share/opencode}), or before v1.2 the JSON files under {@code <data>/storage/}. A
 * session row names its working folder in {@code directory}; subagent sessions have a parent. The JSON
 * files still there beside a database (what 1.2's one-time migration left, or an older OpenCode wrote after
 * it) are sessions too: the newest of both is the latest, the database's on a tie (docs/stores.md).
 */
public final class OpenCodeFinder implements SessionFinder {
    /** A session found for a project: where it is stored and its id. */
    public record Found(Path path, String session) {}

    private final Path dataDir;
    private final Path db;

    public OpenCodeFinder(Path dataDir, Path db) {
        this.dataDir = dataDir;
        this.db = db;
    }

    public static OpenCodeFinder fromEnvironment(Map<String, String> env, Path home) {
        String xdg = AgentFolders.env(env, "XDG_DATA_HOME");
        Path data = (xdg != null
                        ? AgentFolders.folder(xdg, home)
                        : home.resolve(".local").resolve("share"))
                .resolve("opencode");
        String configured = AgentFolders.env(env, "OPENCODE_DB");
        Path db = configured == null || configured.equals(":memory:")
                ? data.resolve("opencode.db")
                : data.resolve(AgentFolders.expand(configured, home)); // a relative name is inside the data folder
        return new OpenCodeFinder(data, db);
    }

    public Path database() {
        return db;
    }

    /** How long the database lookup may take: a query that never ends (a recursive view) is interrupted. */
    static final long QUERY_MILLIS = 10_000;

    /**
     * The most recently updated top-level session of the project (started in its folder or one inside it, a
     * module), in the database or the JSON files beside it.
     */
    public Found newest(Path project) throws SQLException {
        return newest(project, QUERY_MILLIS);
    }

    public Found newest(Path project, long queryMillis) throws SQLException {
        Set<String> spellings = AgentFolders.spellings(project);
        if (Files.isRegularFile(db)) {
            SqliteNative.load(new ProjectLayout(project).sqliteNativeDir());
            Deadline.set(System.nanoTime() + queryMillis * 1_000_000L);
            try (OpenCodeDatabases dbs = new OpenCodeDatabases()) {
                Connection c = dbs.connection(db);
                Found best = null;
                long bestTime = Long.MIN_VALUE;
                for (String dir : spellings) {
                    // the folder itself or one inside it (a module); substr compares exactly, LIKE would ignore case
                    String inside = dir.endsWith(java.io.File.separator) ? dir : dir + java.io.File.separator;
                    try (PreparedStatement s = c.prepareStatement("SELECT id, time_updated FROM session"
                            + " WHERE (directory = ? OR substr(directory, 1, length(?)) = ?) AND parent_id IS NULL"
                            + " ORDER BY time_updated DESC, id DESC LIMIT 1")) {
                        s.setString(1, dir);
                        s.setString(2, inside);
                        s.setString(3, inside);
                        try (ResultSet rs = s.executeQuery()) {
                            if (rs.next() && (best == null || rs.getLong(2) > bestTime)) {
                                best = new Found(db, rs.getString(1));
                                bestTime = rs.getLong(2);
                            }
                        }
                    }
                }
                // a pre-1.2 JSON session left unmigrated beside the database is one of the project's too
                Timed json = latestInJsonStorage(spellings);
                return json != null && (best == null || json.updated() > bestTime) ? json.found() : best;
            } finally {
                Deadline.clear();
            }
        }
        Timed json = latestInJsonStorage(spellings);
        return json == null ? null : json.found();
    }

    private record Timed(Found found, double updated) {}

    private Timed latestInJsonStorage(Set<String> spellings) {
        Path storage = OpenCodeLegacyTranscript.storageDir(dataDir);
        if (storage == null) {
            return null;
        }
        Found best = null;
        double bestTime = Double.NEGATIVE_INFINITY;
        for (Path file : NewestFiles.under(storage.resolve("session"), 2, n -> n.endsWith(".json"))) {
            Map<String, Object> s = Json.asObject(Json.readFileOrNull(file));
            if (s == null
                    || !(s.get("id") instanceof String id)
                    || !(s.get("directory") instanceof String dir)
                    || s.get("parentID") instanceof String
                    || !AgentFolders.isWithin(dir, spellings)) {
                continue;
            }
            Map<String, Object> time = Json.asObject(s.get("time"));
            double updated = time != null && time.get("updated") instanceof Json.JsonNumber n ? n.value() : 0;
            if (best == null || updated > bestTime) {
                best = new Found(storage, id);
                bestTime = updated;
            }
        }
        return best == null ? null : new Timed(best, bestTime);
    }

    @Override
    public Located latest(Path project) throws UserErrorException {
        Found found;
        try {
            found = newest(project);
        } catch (SQLException | LinkageError e) {
            throw new UserErrorException("Cannot read OpenCode's database " + database() + ": " + e.getMessage());
        }
        return found == null ? null : new Located(found.path(), Store.OPENCODE.id(), found.session());
    }

    @Override
    public String notFound(Path project) {
        return "No OpenCode session found for " + project + " in " + database() + " or "
                + dataDir.resolve("storage")
                + ". Run opencode here, or set OPENCODE_DB or XDG_DATA_HOME if OpenCode keeps its data elsewhere.";
    }
}
