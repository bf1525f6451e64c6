package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.store.Agent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The quick reading of a settings file ({@link SettingsHooks}) never calls a file current that Jackson's merge would
 * change, and reads the same guard: over every wired agent, every guard, and files derived from the planted ones by
 * the edits a user or an older discover makes (a hook taken out, doubled, re-moded, an old or a user's matcher, user
 * entries, odd types, a BOM, trailing text, deep nesting, long numbers). And it does its job: a planted file is current.
 */
class SettingsHooksTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void aFileFoundCurrentIsOneJacksonsMergeLeavesAndTheGuardIsTheSame() throws Exception {
        int current = 0;
        int checked = 0;
        for (Agent agent : Agents.all()) {
            HookSettings settings = HookSettings.of(agent);
            if (settings == null) {
                continue;
            }
            for (String planted : HookSettings.GUARDS) {
                String base = settings.mergeByJackson(null, "s.json", planted);
                for (String text : variants(settings, base)) {
                    SettingsHooks quick = SettingsHooks.of(settings, text);
                    String slowGuard = guardOrError(settings, text);
                    if (quick != null) {
                        assertEquals(slowGuard, quick.guard(), agent.store().id() + ": " + text);
                    }
                    for (String guard : HookSettings.GUARDS) {
                        checked++;
                        if (quick != null && quick.current(guard)) {
                            current++;
                            assertNull(
                                    settings.mergeByJackson(text, "s.json", guard),
                                    agent.store().id() + " " + guard + ": " + text);
                        }
                        // the public merge answers as Jackson's, quick path or not
                        assertEquals(
                                mergeOrError(settings, text, guard, true), mergeOrError(settings, text, guard, false));
                    }
                }
                assertTrue(
                        SettingsHooks.of(settings, base).current(planted),
                        agent.store().id() + " " + planted);
            }
        }
        assertTrue(checked > 1000, "checked " + checked);
        assertTrue(current > 20 && current < checked / 3, current + " of " + checked + " current");
    }

    @Test
    void whatJacksonWouldRefuseOrCannotBeVouchedForIsLeftToIt() throws Exception {
        HookSettings settings = HookSettings.of(Agents.named("codex"));
        String base = settings.mergeByJackson(null, "s.json", "hold");
        assertNotNull(SettingsHooks.of(settings, base));
        assertNull(SettingsHooks.of(settings, base + " x"));
        assertNull(SettingsHooks.of(settings, "[]"));
        assertNull(SettingsHooks.of(settings, "{\"hooks\": []}"));
        assertNull(SettingsHooks.of(settings, "{\"hooks\": {\"SessionStart\": {}}}"));
        assertNull(SettingsHooks.of(settings, nest(base, 100)));
        assertNull(SettingsHooks.of(settings, base.replaceFirst("\\{", "{\"n\": 1" + "0".repeat(80) + ",")));
        assertNotNull(SettingsHooks.of(settings, base.replaceFirst("\\{", "{\"n\": 1" + "0".repeat(20) + ",")));
        assertNull(SettingsHooks.of(settings, null));
        assertNull(SettingsHooks.of(settings, " "));
    }

    private static String mergeOrError(HookSettings settings, String text, String guard, boolean quick) {
        try {
            return quick ? settings.merge(text, "s.json", guard) : settings.mergeByJackson(text, "s.json", guard);
        } catch (UserErrorException e) {
            return "error: " + e.getMessage();
        }
    }

    private static String guardOrError(HookSettings settings, String text) {
        try {
            return settings.guardByJackson(text, "s.json");
        } catch (UserErrorException e) {
            return "error: " + e.getMessage();
        }
    }

    /** The planted file and files a user, an older discover or a hostile push could make of it. */
    private static List<String> variants(HookSettings settings, String base) throws Exception {
        List<String> out = new ArrayList<>(List.of(base, "\uFEFF" + base, base + "\n\n", base + " x", nest(base, 80)));
        ObjectNode root = (ObjectNode) MAPPER.readTree(base);
        List<String> events = new ArrayList<>();
        root.get("hooks").fieldNames().forEachRemaining(events::add);
        for (String event : events) {
            for (String other : HookSettings.GUARDS) {
                String guard = settings.guardCommand(other);
                out.add(edit(root, r -> eachHook(r, event, h -> h.put("command", guard))));
            }
            out.add(edit(root, r -> eachHook(r, event, h -> h.put("command", settings.command()))));
            out.add(edit(root, r -> eachHook(r, event, h -> h.put("command", settings.promptCommand()))));
            out.add(edit(root, r -> eachHook(r, event, h -> h.put("command", 7))));
            out.add(edit(
                    root,
                    r -> eachHook(
                            r,
                            event,
                            h -> h.put("command", "echo " + h.get("command").asText()))));
            out.add(edit(root, r -> ((ObjectNode) r.get("hooks")).remove(event)));
            out.add(edit(root, r -> ((ObjectNode) r.get("hooks")).put(event, "x")));
            out.add(edit(root, r -> {
                JsonNode was = r.get("hooks").get(event);
                ((ObjectNode) r.get("hooks")).putObject(event).set("a", was);
            }));
            out.add(edit(root, r -> eachEntry(r, event, e -> e.put("matcher", HookSettings.OLD_MATCHER))));
            out.add(edit(root, r -> eachEntry(r, event, e -> e.put("matcher", HookSettings.OLD_GUARD_MATCHER))));
            out.add(edit(root, r -> eachEntry(r, event, e -> e.put("matcher", "Bash"))));
            out.add(edit(root, r -> eachEntry(r, event, e -> e.remove("matcher"))));
            out.add(edit(root, r -> eachEntry(r, event, e -> e.putArray("hooks"))));
            out.add(edit(root, r -> eachEntry(r, event, e -> e.put("hooks", "x"))));
            out.add(edit(root, r -> eachEntry(r, event, e -> ((ArrayNode) e.get("hooks")).add("x"))));
            // doubled: the hook in the same entry, and the entry again
            out.add(edit(
                    root,
                    r -> eachEntry(
                            r,
                            event,
                            e -> ((ArrayNode) e.get("hooks"))
                                    .add(e.get("hooks").get(0).deepCopy()))));
            out.add(edit(
                    root,
                    r -> ((ArrayNode) r.get("hooks").get(event))
                            .add(r.get("hooks").get(event).get(0).deepCopy())));
            // the user's own entries before and after ours
            out.add(edit(
                    root,
                    r -> ((ArrayNode) r.get("hooks").get(event))
                            .insertObject(0)
                            .putArray("hooks")
                            .addObject()
                            .put("type", "command")
                            .put("command", "make lint")));
            out.add(edit(
                    root,
                    r -> ((ArrayNode) r.get("hooks").get(event)).add(7).add("x").addNull()));
        }
        out.add(edit(root, r -> r.put("hooks", "x")));
        out.add(edit(root, r -> r.remove("hooks")));
        out.add(edit(root, r -> r.put("model", 1.50)));
        out.add(edit(root, r -> r.putObject("hooks")));
        // a repeated key: the last one wins, as for JSON.parse
        out.add(base.replaceFirst("\\{", "{\"hooks\": 1,"));
        out.add(base.replaceFirst("\\}\\s*$", ", \"hooks\": {}}"));
        return out;
    }

    private static String nest(String base, int depth) {
        return base.replaceFirst("\\{", "{\"deep\": " + "[".repeat(depth) + "]".repeat(depth) + ",");
    }

    private static String edit(ObjectNode root, Consumer<ObjectNode> change) {
        ObjectNode copy = root.deepCopy();
        change.accept(copy);
        return copy.toPrettyString();
    }

    private static void eachEntry(ObjectNode root, String event, Consumer<ObjectNode> change) {
        for (JsonNode entry : root.get("hooks").get(event)) {
            change.accept((ObjectNode) entry);
        }
    }

    private static void eachHook(ObjectNode root, String event, Consumer<ObjectNode> change) {
        eachEntry(root, event, e -> {
            for (JsonNode hook : e.get("hooks")) {
                change.accept((ObjectNode) hook);
            }
        });
    }
}
