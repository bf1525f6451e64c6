package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.registry.Agents;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * discover merges our hooks into a settings file in the file's own layout, and remove takes them out again: a file in
 * the layout of {@code JSON.stringify(settings, null, indent)}, with or without a line end after it (Gemini CLI writes
 * none), comes back byte for byte.
 */
class HookSettingsLayoutTest {
    static final String BODY = "{\n"
            + "%s\"model\": {\n"
            + "%s%s\"name\": \"pro\"\n"
            + "%s},\n"
            + "%s\"hooks\": {\n"
            + "%s%s\"Stop\": []\n"
            + "%s}\n"
            + "}";

    static String layout(String indent, String end) {
        return String.format(BODY, indent, indent, indent, indent, indent, indent, indent, indent) + end;
    }

    @Test
    void theFilesIndentAndLineEndAreKeptAndRemoveRestoresItExactly() throws Exception {
        for (String agent : List.of("claude", "codex", "gemini")) {
            HookSettings settings = HookSettings.of(Agents.named(agent));
            for (String indent : List.of("  ", "    ", "\t")) {
                for (String end : List.of("", "\n")) {
                    String before = layout(indent, end);
                    String merged = settings.merge(before, "settings.json", "hold");
                    assertNotEquals(before, merged);
                    assertTrue(merged.startsWith("{\n" + indent + "\"model\": {\n" + indent + indent), merged);
                    assertEquals(end.isEmpty(), !merged.endsWith("\n"), agent + " " + merged);
                    assertEquals(
                            before,
                            settings.unmerge(merged, "settings.json").text(),
                            agent + " [" + indent + "] [" + end + "]");
                }
            }
        }
    }

    @Test
    void aNewFileIsTwoSpacesWithALineEnd() throws Exception {
        String created = HookSettings.of(Agents.named("gemini")).merge(null, "settings.json", "hold");
        assertTrue(created.startsWith("{\n  \"hooks\": {\n    \"SessionStart\": ["), created);
        assertTrue(created.endsWith("}\n"), created);
        assertEquals(null, HookSettings.indentOf("{}"));
        assertEquals(null, HookSettings.indentOf("{\n}"));
        assertEquals(null, HookSettings.indentOf("{\"a\": 1,\n \"b\": 2}"));
        assertEquals("\t", HookSettings.indentOf("{\n\t\"a\": 1\n}"));
        // a file in another layout is written in ours, a line end after it
        String other = HookSettings.of(Agents.named("gemini")).merge("{\"a\": 1,\n \"b\": 2}", "s.json", "hold");
        assertTrue(other.startsWith("{\n  \"a\": 1,\n  \"b\": 2,\n  \"hooks\": {\n") && other.endsWith("}\n"), other);
    }
}
