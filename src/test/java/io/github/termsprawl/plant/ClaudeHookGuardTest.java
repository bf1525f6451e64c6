package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.UserErrorException;
import org.junit.jupiter.api.Test;

class ClaudeHookGuardTest {
    static final String BOTH = "{\n"
            + "  \"hooks\": {\n"
            + "    \"SessionStart\": [\n"
            + "      {\n"
            + "        \"matcher\": \"startup|resume|clear|compact|fork\",\n"
            + "        \"hooks\": [\n"
            + "          {\n"
            + "            \"type\": \"command\",\n"
            + "            \"command\": \"\\\"$CLAUDE_PROJECT_DIR\\\"/.termsprawl/bin/termsprawl-record\"\n"
            + "          }\n"
            + "        ]\n"
            + "      }\n"
            + "    ],\n"
            + "    \"PreToolUse\": [\n"
            + "      {\n"
            + "        \"matcher\": \"Edit|MultiEdit|Write|NotebookEdit|Bash\",\n"
            + "        \"hooks\": [\n"
            + "          {\n"
            + "            \"type\": \"command\",\n"
            + "            \"command\": \"\\\"$CLAUDE_PROJECT_DIR\\\"/.termsprawl/bin/termsprawl-touches --hook --cwd \\\"$CLAUDE_PROJECT_DIR\\\"\"\n"
            + "          }\n"
            + "        ]\n"
            + "      }\n"
            + "    ],\n"
            + "    \"UserPromptSubmit\": [\n"
            + "      {\n"
            + "        \"hooks\": [\n"
            + "          {\n"
            + "            \"type\": \"command\",\n"
            + "            \"command\": \"\\\"$CLAUDE_PROJECT_DIR\\\"/.termsprawl/bin/termsprawl-context --hook --cwd \\\"$CLAUDE_PROJECT_DIR\\\"\"\n"
            + "          }\n"
            + "        ]\n"
            + "      }\n"
            + "    ]\n"
            + "  }\n"
            + "}\n";

    @Test
    void bothHooksAreMergedOnce() throws UserErrorException {
        assertEquals(BOTH, HookSettings.CLAUDE.merge(null, "s.json", "hold"));
        assertNull(HookSettings.CLAUDE.merge(BOTH, "s.json", "hold"));
    }

    @Test
    void theGuardMatcherDiscoverWroteBeforeGainsShellWrites() throws UserErrorException {
        String before = BOTH.replace("NotebookEdit|Bash", "NotebookEdit");
        assertEquals(BOTH, HookSettings.CLAUDE.merge(before, "s.json", "hold"));
        String users = BOTH.replace("NotebookEdit|Bash", "Edit");
        assertNull(HookSettings.CLAUDE.merge(users, "s.json", "hold"), "a matcher the user wrote is theirs");
    }

    @Test
    void theGuardBesideOtherHooksAndItsModeChanged() throws UserErrorException {
        String other =
                "{\"hooks\":{\"PreToolUse\":[{\"matcher\":\"Bash\",\"hooks\":[{\"type\":\"command\",\"command\":\"lint\"}]}]},\"x\":1}";
        String merged = HookSettings.CLAUDE.merge(other, "s.json", "warn");
        assertTrue(merged.contains("\"command\": \"lint\""));
        assertTrue(merged.contains("termsprawl-touches --hook"));
        assertTrue(merged.contains("\"x\": 1"));
        String ask = HookSettings.CLAUDE.merge(merged, "s.json", "ask");
        assertTrue(ask.contains("--guard ask"));
        assertEquals(1, ask.split("termsprawl-touches --hook", -1).length - 1);
        String off = HookSettings.CLAUDE.merge(ask, "s.json", "off");
        assertTrue(!off.contains("termsprawl-touches"));
        assertTrue(off.contains("\"command\": \"lint\""));
        assertThrows(UserErrorException.class, () -> HookSettings.CLAUDE.merge(null, "s.json", "maybe"));
    }

    @Test
    void removeTakesBothOut() throws UserErrorException {
        assertTrue(HookSettings.CLAUDE.unmerge(BOTH, "s.json").empty());
        String other =
                "{\"hooks\":{\"PreToolUse\":[{\"matcher\":\"Bash\",\"hooks\":[{\"type\":\"command\",\"command\":\"lint\"}]}]}}";
        String merged = HookSettings.CLAUDE.merge(other, "s.json", "deny");
        HookSettings.Removal r = HookSettings.CLAUDE.unmerge(merged, "s.json");
        assertTrue(r.found());
        assertEquals(
                "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\n        \"matcher\": \"Bash\",\n        \"hooks\": [\n"
                        + "          {\n            \"type\": \"command\",\n            \"command\": \"lint\"\n          }\n"
                        + "        ]\n      }\n    ]\n  }\n}\n",
                r.text());
    }
}
