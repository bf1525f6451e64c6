package io.github.termsprawl.transcript;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The facts about each store that the prose readers keep and the session readers (package
 * {@code session}) share: which record types are known, and which text is the harness's. One list per
 * store, so the drift counters of both views agree.
 */
public final class StoreFacts {
    private StoreFacts() {}

    /** Whether a Claude Code record's {@code type} is one of the known ones. */
    public static boolean claudeKnown(Map<String, Object> record) {
        return record.get("type") instanceof String t && ClaudeTranscript.KNOWN_TYPES.contains(t);
    }

    /** Whether a Codex rollout record (with its {@code payload}) is of a known type. */
    public static boolean codexKnown(Map<String, Object> record) {
        return CodexTranscript.isKnown(record);
    }

    /** Whether text Codex put in a user message is context it injected (environment, AGENTS.md, …). */
    public static boolean codexInjected(String text) {
        return CodexTranscript.isInjected(text);
    }

    /** A Codex user text without the harness blocks it opens with; null when it is nothing but such blocks. */
    public static String codexUserText(String text) {
        return CodexTranscript.userText(text);
    }

    /** Whether a Gemini message {@code type} is a known one. */
    public static boolean geminiKnown(Object type) {
        return type instanceof String t && GeminiTranscript.KNOWN_MESSAGE_TYPES.contains(t);
    }

    /** Whether a pi entry (and, for a message, its role) is of a known type. */
    public static boolean piKnown(Map<String, Object> record) {
        return PiTranscript.isKnown(record);
    }

    public static boolean openCodeKnownRole(Object role) {
        return role instanceof String r && OpenCodeTranscript.KNOWN_ROLES.contains(r);
    }

    public static boolean openCodeKnownPart(Object type) {
        return type instanceof String t && OpenCodeTranscript.KNOWN_PART_TYPES.contains(t);
    }

    /** The {@code storage/} folder of a pre-1.2 OpenCode entry (the folder itself or its child), or null. */
    public static Path openCodeStorage(Path path) {
        return OpenCodeLegacyTranscript.storageDir(path);
    }

    /** The {@code *.json} files of a folder, sorted by name; none when it cannot be read. */
    public static List<Path> openCodeJsonFiles(Path dir) {
        return OpenCodeLegacyTranscript.jsonFiles(dir);
    }

    /** Whether an OpenCode id may name a folder inside the storage folder. */
    public static boolean openCodeSafeName(String name) {
        return OpenCodeLegacyTranscript.isSafeName(name);
    }
}
