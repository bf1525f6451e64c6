package io.github.termsprawl.plant;

import io.github.termsprawl.core.AtomicFiles;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.JsonWriter;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Installs the SessionStart hook that runs {@code termsprawl-record} into Claude Code's personal
 * settings file, {@code .claude/settings.local.json}: every other key and hook is kept, the entry is
 * never added twice, and a file that is not valid settings JSON is left alone with an error.
 */
public final class ClaudeHookSettings {
    public static final String MATCHER = "startup|resume|clear|compact";
    public static final String COMMAND = "\"$CLAUDE_PROJECT_DIR\"/.termsprawl/bin/" + Discovery.RECORD;
    static final String EVENT = "SessionStart";

    /** The settings file is not something we can merge into. */
    public static final class MalformedSettingsException extends IOException {
        public MalformedSettingsException(String message) {
            super(message);
        }
    }

    private ClaudeHookSettings() {}

    /** Merges the hook into the file; returns whether the file was written. */
    public static boolean install(Path settingsFile) throws IOException {
        String merged = plan(settingsFile);
        return merged != null && AtomicFiles.writeIfChanged(settingsFile, merged);
    }

    /**
     * The file's new text, or null when the hook is there already; reads only, so a caller can find a
     * malformed file before it writes anything else.
     */
    public static String plan(Path settingsFile) throws IOException {
        if (Files.exists(settingsFile) && !Files.isRegularFile(settingsFile)) {
            // a FIFO would block the read forever, a device would never end
            throw malformed(settingsFile.toString(), "it is not a regular file");
        }
        String existing = Files.exists(settingsFile) ? read(settingsFile) : null;
        return merge(existing, settingsFile.toString());
    }

    private static String read(Path file) throws IOException {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw malformed(file.toString(), "it is not valid UTF-8");
        }
    }

    /**
     * The settings text with the hook in it, or null when it is there already.
     *
     * @param existing the file's text, or null when there is no file
     * @param name     the file's name, for messages
     */
    public static String merge(String existing, String name) throws MalformedSettingsException {
        Map<String, Object> root;
        if (existing == null || existing.isBlank()) {
            root = new LinkedHashMap<>();
        } else {
            Object parsed;
            try {
                parsed = Json.parse(Json.stripBom(existing));
            } catch (IOException | RuntimeException e) {
                throw malformed(name, "it is not valid JSON (" + firstLine(e.getMessage()) + ")");
            }
            root = Json.asObject(parsed);
            if (root == null) {
                throw malformed(name, "its top level is not a JSON object");
            }
        }
        Object hooksValue = root.get("hooks");
        Map<String, Object> hooks = hooksValue == null ? new LinkedHashMap<>() : Json.asObject(hooksValue);
        if (hooks == null) {
            throw malformed(name, "\"hooks\" is not an object");
        }
        Object eventValue = hooks.get(EVENT);
        if (eventValue != null && !(eventValue instanceof List)) {
            throw malformed(name, "\"hooks\".\"" + EVENT + "\" is not an array");
        }
        List<Object> entries = eventValue == null ? new ArrayList<>() : new ArrayList<>((List<?>) eventValue);
        if (isInstalled(entries)) {
            return null;
        }
        entries.add(entry());
        hooks.put(EVENT, entries);
        root.put("hooks", hooks);
        try {
            return JsonWriter.write(root);
        } catch (StackOverflowError e) {
            throw malformed(name, "it is nested too deeply to rewrite");
        }
    }

    private static MalformedSettingsException malformed(String name, String problem) {
        return new MalformedSettingsException("Cannot install the termsprawl hook into " + name + ": " + problem
                + ". Fix the file (or move it away), or run with -D" + "termsprawl.claudeHook=false to skip the hook.");
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    /** Any hook of the event that runs our script counts, whatever its matcher: the user may have edited it. */
    static boolean isInstalled(List<?> entries) {
        for (Object e : entries) {
            Map<String, Object> entry = Json.asObject(e);
            if (entry != null && entry.get("hooks") instanceof List<?> hooks) {
                for (Object h : hooks) {
                    Map<String, Object> hook = Json.asObject(h);
                    if (hook != null
                            && hook.get("command") instanceof String c
                            && c.contains("/.termsprawl/bin/" + Discovery.RECORD)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static Map<String, Object> entry() {
        Map<String, Object> hook = new LinkedHashMap<>();
        hook.put("type", "command");
        hook.put("command", COMMAND);
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("matcher", MATCHER);
        entry.put("hooks", new ArrayList<>(List.of(hook)));
        return entry;
    }
}
