package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import io.github.termsprawl.core.SharedFolder;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.jsonl.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudeHookSettingsTest {
    @TempDir
    Path tmp;

    static final String OUR_ENTRY = "      {\n"
            + "        \"matcher\": \"startup|resume|clear|compact|fork\",\n"
            + "        \"hooks\": [\n"
            + "          {\n"
            + "            \"type\": \"command\",\n"
            + "            \"command\": \"\\\"$CLAUDE_PROJECT_DIR\\\"/.termsprawl/bin/termsprawl-record\"\n"
            + "          }\n"
            + "        ]\n"
            + "      }";

    static final String FRESH = "{\n  \"hooks\": {\n    \"SessionStart\": [\n" + OUR_ENTRY + "\n    ]\n  }\n}\n";

    static String merge(String existing) throws IOException, UserErrorException {
        String merged = HookSettings.CLAUDE.merge(existing, "settings.local.json");
        if (merged != null) {
            Json.parse(merged); // always valid JSON
            assertTrue(merged.endsWith("}\n") && !merged.endsWith("\n\n"));
            assertNull(HookSettings.CLAUDE.merge(merged, "settings.local.json"), "a second merge must add nothing");
        }
        return merged;
    }

    @Test
    void noFileOrEmptyObject() throws Exception {
        assertEquals(FRESH, merge(null));
        assertEquals(FRESH, merge(""));
        assertEquals(FRESH, merge("{}"));
        assertEquals(FRESH, merge("  {  }\n"));
        assertEquals(FRESH, merge("\uFEFF{}"));
        assertEquals(FRESH, merge("{\"hooks\": {}}"));
        assertEquals(FRESH, merge("{\"hooks\": {\"SessionStart\": []}}"));
    }

    @Test
    void userHooksAndUnrelatedKeysAreKeptInOrder() throws Exception {
        String existing = "{\"permissions\": {\"allow\": [\"Bash(ls:*)\"], \"deny\": []},\n"
                + " \"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"echo pre\"}]}],\n"
                + "  \"SessionStart\": [{\"matcher\": \"startup\", \"hooks\": [{\"type\": \"command\", \"command\": \"echo mine\", \"timeout\": 30}]}]},\n"
                + " \"model\": \"opus\", \"n\": 1.50, \"flag\": true, \"nothing\": null, \"empty\": {}}";
        String expected = "{\n"
                + "  \"permissions\": {\n"
                + "    \"allow\": [\n"
                + "      \"Bash(ls:*)\"\n"
                + "    ],\n"
                + "    \"deny\": []\n"
                + "  },\n"
                + "  \"hooks\": {\n"
                + "    \"PreToolUse\": [\n"
                + "      {\n"
                + "        \"matcher\": \"Bash\",\n"
                + "        \"hooks\": [\n"
                + "          {\n"
                + "            \"type\": \"command\",\n"
                + "            \"command\": \"echo pre\"\n"
                + "          }\n"
                + "        ]\n"
                + "      }\n"
                + "    ],\n"
                + "    \"SessionStart\": [\n"
                + "      {\n"
                + "        \"matcher\": \"startup\",\n"
                + "        \"hooks\": [\n"
                + "          {\n"
                + "            \"type\": \"command\",\n"
                + "            \"command\": \"echo mine\",\n"
                + "            \"timeout\": 30\n"
                + "          }\n"
                + "        ]\n"
                + "      },\n"
                + OUR_ENTRY + "\n"
                + "    ]\n"
                + "  },\n"
                + "  \"model\": \"opus\",\n"
                + "  \"n\": 1.50,\n"
                + "  \"flag\": true,\n"
                + "  \"nothing\": null,\n"
                + "  \"empty\": {}\n"
                + "}\n";
        assertEquals(expected, merge(existing));
    }

    @Test
    void hooksKeyIsAddedAfterExistingKeys() throws Exception {
        String merged = merge("{\"z\": 1, \"a\": \"\\u00e9\\n\"}");
        assertTrue(merged.startsWith("{\n  \"z\": 1,\n  \"a\": \"\u00e9\\n\",\n  \"hooks\": {\n"), merged);
    }

    @Test
    void numbersKeepTheirValueExactly() throws Exception {
        String merged =
                merge("{\"i\": -7, \"big\": 123456789012345678901234567890, \"d\": 1.50, \"e\": 2.5e3, \"z\": 0.0}");
        assertTrue(
                merged.startsWith("{\n  \"i\": -7,\n  \"big\": 123456789012345678901234567890,\n  \"d\": 1.50,\n"
                        + "  \"e\": 2500,\n  \"z\": 0.0,\n  \"hooks\": {"),
                merged);
    }

    @Test
    void aNumberTooLongToWriteOutIsRefusedAsTheFilesFault() {
        // 1e400 is written out in full (401 digits); past Jackson's 9999-digit scale it cannot be, and the
        // goal used to fail with the generator's internal error instead of naming the file
        for (String huge : new String[] {"{\"a\": 1e999999999}", "{\"a\": 1e-20000}"}) {
            UserErrorException e = assertThrows(
                    UserErrorException.class, () -> HookSettings.CLAUDE.merge(huge, "settings.local.json"));
            assertTrue(
                    e.getMessage()
                            .startsWith("Cannot install the termsprawl hook into settings.local.json: a number in it"
                                    + " cannot be written back in full ("),
                    e.getMessage());
        }
    }

    @Test
    void aRepeatedKeyKeepsItsFirstPlaceAndLastValueAsJsonParseDoes() throws Exception {
        String merged = merge("{\"a\": 1, \"b\": 2, \"a\": 3}");
        assertTrue(merged.startsWith("{\n  \"a\": 3,\n  \"b\": 2,\n  \"hooks\": {"), merged);
    }

    @Test
    void tooDeepAFileIsRefusedWithItsReason() {
        String deep = "{\"a\": " + "[".repeat(5000) + "]".repeat(5000) + "}";
        UserErrorException e =
                assertThrows(UserErrorException.class, () -> HookSettings.CLAUDE.merge(deep, "settings.local.json"));
        assertTrue(e.getMessage().contains("it is nested too deeply to rewrite"), e.getMessage());
        for (String notJsonParse : new String[] {"{\"a\": NaN}", "{/* c */}", "{\"a\": 01}", "{'a': 1}"}) {
            assertThrows(
                    UserErrorException.class,
                    () -> HookSettings.CLAUDE.merge(notJsonParse, "settings.local.json"),
                    notJsonParse);
        }
    }

    @Test
    void alreadyInstalledIsNotAddedTwice() throws Exception {
        assertNull(merge(FRESH));
        // edited matcher or a different quoting of the path still counts as installed
        assertNull(
                merge("{\"hooks\": {\"SessionStart\": [{\"matcher\": \"startup\", \"hooks\": [{\"type\": \"command\","
                        + " \"command\": \"/abs/proj/.termsprawl/bin/termsprawl-record\"}]}]}}"));
    }

    @Test
    void aLookAlikeOfTheUserIsNotOurs() throws Exception {
        String lookAlike = "{\"hooks\": {\"SessionStart\": [{\"matcher\": \"startup\", \"hooks\": [{\"type\":"
                + " \"command\", \"command\": \"/abs/proj/.termsprawl/bin/termsprawl-recorder-backup.sh\"}]}]}}";
        String merged = merge(lookAlike);
        assertTrue(merged != null && merged.contains("termsprawl-recorder-backup.sh"), merged);
        assertTrue(merged.contains(HookSettings.CLAUDE.command().replace("\"", "\\\"")), merged);
        // a command that runs ours and something else is the user's too
        assertTrue(merge(lookAlike.replace("termsprawl-recorder-backup.sh", "termsprawl-record; echo hi")) != null);
        assertTrue(merge(lookAlike.replace("termsprawl-recorder-backup.sh", "termsprawl-record --x")) != null);
        assertNull(merge(
                lookAlike.replace("/abs/proj/", "\\\"/abs/my proj\\\"/").replace("-recorder-backup.sh", "-record")));
    }

    @Test
    void theMatcherDiscoverWroteBeforeForksGainsFork() throws Exception {
        // Claude Code 2.1.x starts a forked session with "source": "fork" (issue 27): the old matcher skipped it
        String old = FRESH.replace("compact|fork", "compact");
        assertEquals(FRESH, merge(old));
        assertEquals(
                FRESH.replace("{\n  \"hooks\"", "{\n  \"model\": \"x\",\n  \"hooks\""),
                merge(old.replace("{\n  \"hooks\"", "{\n  \"model\": \"x\",\n  \"hooks\"")));
        // a matcher the user chose is theirs, even one without fork
        assertNull(merge(FRESH.replace("compact|fork", "compact|clear")));
        assertNull(merge(FRESH.replace("startup|resume|clear|compact|fork", "startup")));
    }

    @Test
    void malformedSettingsThrowAndNameTheFile() {
        for (String bad : new String[] {
            "{",
            "not json",
            "[]",
            "[{\"hooks\": {}}]",
            "\"x\"",
            "5",
            "null",
            "{\"hooks\": []}",
            "{\"hooks\": \"x\"}",
            "{\"hooks\": null}",
            "{\"hooks\": {\"SessionStart\": {}}}",
            "{\"hooks\": {\"SessionStart\": null}}",
            "{} {}",
            "{\"a\": 1,}"
        }) {
            UserErrorException e = assertThrows(
                    UserErrorException.class,
                    () -> HookSettings.CLAUDE.merge(bad, "/p/.claude/settings.local.json"),
                    bad);
            assertTrue(
                    e.getMessage()
                            .startsWith("Cannot install the termsprawl hook into /p/.claude/settings.local.json: "),
                    e.getMessage());
            assertTrue(e.getMessage().endsWith(". Fix the file (or move it away)."), e.getMessage());
        }
    }

    @Test
    void planOfAFileIsNullOnceTheHookIsIn() throws Exception {
        Path file = tmp.resolve(".claude/settings.local.json");
        String fresh = HookSettings.CLAUDE.merge(null, file.toString(), "hold");
        assertEquals(fresh, HookSettings.CLAUDE.plan(file, "hold"));
        Fixtures.write(file, fresh);
        assertNull(HookSettings.CLAUDE.plan(file, "hold"));
    }

    @Test
    void planLeavesMalformedFilesUntouched() throws Exception {
        Path file = tmp.resolve(".claude/settings.local.json");
        for (String bad : new String[] {"{ broken", "[1, 2]", "{\"hooks\": 5}"}) {
            Fixtures.write(file, bad);
            assertThrows(UserErrorException.class, () -> HookSettings.CLAUDE.plan(file, "hold"));
            assertEquals(bad, Files.readString(file));
        }
        byte[] notUtf8 = {'{', (byte) 0xFF, '}'};
        Fixtures.writeBytes(file, notUtf8);
        UserErrorException e = assertThrows(UserErrorException.class, () -> HookSettings.CLAUDE.plan(file, "hold"));
        assertEquals(
                "Cannot install the termsprawl hook into " + file
                        + ": it is not valid UTF-8. Fix the file (or move it away).",
                e.getMessage());
        assertArrayEquals(notUtf8, Files.readAllBytes(file));
        assertEquals(
                List.of("settings.local.json"),
                Files.list(file.getParent())
                        .map(p -> p.getFileName().toString())
                        .toList());
    }

    @Test
    void aFifoIsRefusedWithoutBlocking() throws Exception {
        Fixtures.assumeShell();
        Path fifo = tmp.resolve("settings.local.json");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        UserErrorException e = assertTimeoutPreemptively(
                Fixtures.HANG_GUARD,
                () -> assertThrows(UserErrorException.class, () -> HookSettings.CLAUDE.plan(fifo, "hold")));
        assertTrue(e.getMessage().contains("it is not a regular file"), e.getMessage());
    }

    @Test
    void outputHasTheSameLayoutAsJsonStringify() throws Exception {
        SharedFolder.assumeNode(); // node only: its JSON.stringify is the layout to match
        String merged = merge(
                "{\"a\": [1, [], {}, [[\"x\"]], {\"b\": {\"c\": [true, false, null]}}], \"s\": \"\\t\\u0001\\ud800\\\"\"}");
        Path in = Fixtures.write(tmp.resolve("in.json"), merged);
        Fixtures.Run run = Fixtures.run(
                List.of(
                        "node",
                        "-e",
                        "const fs=require('fs');process.stdout.write(JSON.stringify(JSON.parse(fs.readFileSync(process.argv[1],'utf8')),null,2)+'\\n')",
                        in.toString()),
                null);
        assertEquals(0, run.exit(), Fixtures.str(run.stderr()));
        assertEquals(Fixtures.str(run.stdout()), merged);
    }

    @Test
    void parsedEntryHasTheHookFields() throws Exception {
        Map<String, Object> root = Json.asObject(Json.parse(merge(null)));
        Object entry = ((List<?>) Json.asObject(root.get("hooks")).get("SessionStart")).get(0);
        assertEquals(
                HookSettings.CLAUDE.wiring().start().matcher(),
                Json.asObject(entry).get("matcher"));
        Map<String, Object> hook = Json.asObject(((List<?>) Json.asObject(entry).get("hooks")).get(0));
        assertEquals("command", hook.get("type"));
        assertEquals("\"$CLAUDE_PROJECT_DIR\"/.termsprawl/bin/termsprawl-record", hook.get("command"));
    }

    /** remove's half: whatever the user had, taking the hook out gives it back as discover would write it. */
    @Test
    void unmergeGivesBackWhatWasThereBeforeMerge() throws Exception {
        for (String before : List.of(
                "{\"model\": \"opus\"}",
                "{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": []}]}}",
                "{\"hooks\": {\"SessionStart\": [{\"matcher\": \"startup\", \"hooks\": [{\"type\": \"command\","
                        + " \"command\": \"echo hi\"}]}]}, \"n\": 1.50}")) {
            String merged = merge(before);
            HookSettings.Removal removed = HookSettings.CLAUDE.unmerge(merged, "f");
            assertTrue(removed.found(), before);
            assertEquals(Json.parse(before), Json.parse(removed.text()), "every other key, hook and value: " + before);
        }
        // a file that held nothing else goes whole; one without the hook is not ours to touch
        assertTrue(HookSettings.CLAUDE.unmerge(merge(null), "f").empty());
        assertFalse(HookSettings.CLAUDE.unmerge("{\"model\": \"opus\"}", "f").found());
    }

    @Test
    void invalidJsonIsNamedWithoutJacksonsInternals() {
        for (String bad : new String[] {"{\"hooks\": {", "{\"a\": 1,,}", "{\n  \"a\": tru\n}", "[1, 2"}) {
            UserErrorException e = org.junit.jupiter.api.Assertions.assertThrows(
                    UserErrorException.class, () -> HookSettings.CLAUDE.merge(bad, "settings.local.json"));
            String m = e.getMessage();
            org.junit.jupiter.api.Assertions.assertTrue(m.contains("it is not valid JSON ("), m);
            org.junit.jupiter.api.Assertions.assertTrue(m.contains(" at line "), m);
            for (String internal :
                    new String[] {"Source:", "REDACTED", "StreamReadFeature", "(for `", "com.fasterxml"}) {
                org.junit.jupiter.api.Assertions.assertFalse(m.contains(internal), m);
            }
        }
    }

    /** A discover not told a guard keeps the one the settings have, so a personal deny is not reset to warn. */
    @Test
    void theCurrentGuardIsReadBackForEveryMode() throws Exception {
        Path file = tmp.resolve("guard/settings.local.json");
        Files.createDirectories(file.getParent());
        assertNull(HookSettings.CLAUDE.currentGuard(file), "no file: discover never ran");
        for (String guard : List.of("deny", "ask", "warn", "off", "deny")) {
            Files.writeString(
                    file,
                    HookSettings.CLAUDE.plan(file, guard) == null
                            ? Files.readString(file)
                            : HookSettings.CLAUDE.plan(file, guard));
            assertEquals(guard, HookSettings.CLAUDE.currentGuard(file));
        }
        Files.writeString(file, "{\"permissions\": {}}");
        assertNull(HookSettings.CLAUDE.currentGuard(file), "a user's settings without our hooks");
    }
}
