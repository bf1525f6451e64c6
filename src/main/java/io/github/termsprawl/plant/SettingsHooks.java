package io.github.termsprawl.plant;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.store.Agent.Wiring;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A settings file's hooks read with the project's own JSON parser, for the answers {@code check}, {@code status} and
 * a {@code discover} with nothing to do need: whether {@link HookSettings#merge(String, String, String)} would leave
 * the file as it is, and its guard. jackson-databind (some 400 classes) is then never loaded (bench/README.md,
 * "check"). Whenever this cannot tell ({@link #of} gives null, {@link #current} false), the caller asks
 * {@link HookSettings}, whose parse is the one that names a problem; a file Jackson would refuse is never read here
 * as current.
 */
final class SettingsHooks {
    /**
     * Past these the reading is left to Jackson, whose own limits (nesting, a number's length) may refuse the file:
     * a settings file discover wrote never comes near them.
     */
    private static final int MAX_DEPTH = 64;

    private static final int MAX_NUMBER = 64;

    private final HookSettings settings;
    private final Wiring wiring;
    private final Map<String, Object> hooks;

    private SettingsHooks(HookSettings settings, Map<String, Object> hooks) {
        this.settings = settings;
        this.wiring = settings.wiring();
        this.hooks = hooks;
    }

    /**
     * The hooks of {@code text}, or null when this reading cannot vouch for it: not JSON, not an object, a
     * {@code hooks} that is not an object or a start event's list that is not an array (each an error Jackson's
     * reading names), or beyond the bounds above.
     */
    static SettingsHooks of(HookSettings settings, String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        Object root;
        try {
            root = Json.parse(Json.stripBom(text));
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
        if (!(root instanceof Map<?, ?> object) || !plain(root, 0) || !(object.get("hooks") instanceof Map<?, ?> h)) {
            return null;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> hooks = (Map<String, Object>) h;
        Object start = hooks.get(settings.wiring().start().name());
        return start == null || start instanceof List<?> ? new SettingsHooks(settings, hooks) : null;
    }

    /** Whether every value is within the bounds Jackson reads without a doubt. */
    private static boolean plain(Object value, int depth) {
        if (depth > MAX_DEPTH) {
            return false;
        }
        if (value instanceof Json.JsonNumber n) {
            return n.text().length() <= MAX_NUMBER;
        }
        Collection<?> children = value instanceof Map<?, ?> m ? m.values() : value instanceof List<?> l ? l : List.of();
        for (Object child : children) {
            if (!plain(child, depth + 1)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@link HookSettings#merge(String, String, String)} with {@code guard} would return null: our record hook
     * there with no matcher of old, and the guard's and the note's hooks there once each with their exact commands
     * (none for guard {@code off}). False also when it cannot tell: the caller merges then.
     */
    boolean current(String guard) {
        if (!recorded()) {
            return false;
        }
        String want = "off".equals(guard) ? null : settings.guardCommand(guard);
        if (!once(wiring.edit(), want, settings::isGuardCommand, HookSettings.OLD_GUARD_MATCHER)) {
            return false;
        }
        return wiring.prompt() == null
                || once(wiring.prompt(), settings.promptCommand(), settings::isPromptCommand, null);
    }

    /** {@code merge(text, name)} would return null: a record hook of ours, and no entry of it with the old matcher. */
    private boolean recorded() {
        boolean installed = false;
        for (Map<String, Object> entry : entries(hooks.get(wiring.start().name()))) {
            if (has(entry, settings::isRecordCommand)) {
                installed = true;
                if (wiring.start().matcher() != null && HookSettings.OLD_MATCHER.equals(entry.get("matcher"))) {
                    return false;
                }
            }
        }
        return installed;
    }

    /**
     * {@code ensure} would change nothing: one hook of ours on {@code event}, running {@code want}, its entry not on
     * {@code oldMatcher}; or none for a null {@code want}. An event that is not a list is an error {@code ensure}
     * names.
     */
    private boolean once(Wiring.Event event, String want, Predicate<String> ours, String oldMatcher) {
        Object list = hooks.get(event.name());
        if (list != null && !(list instanceof List<?>)) {
            return false;
        }
        int found = 0;
        for (Map<String, Object> entry : entries(list)) {
            for (Object hook : (List<?>) entry.get("hooks")) {
                String command = command(hook);
                if (!ours.test(command)) {
                    continue;
                }
                found++;
                if (want == null || found > 1 || !want.equals(command)) {
                    return false;
                }
                if (oldMatcher != null && event.matcher() != null && oldMatcher.equals(entry.get("matcher"))) {
                    return false;
                }
            }
        }
        return want == null ? found == 0 : found == 1;
    }

    /**
     * {@link HookSettings#currentGuard}: the last guard hook's mode on any event, {@code off} when only our record
     * hook is there, null when neither is.
     */
    String guard() {
        String guard = null;
        boolean record = false;
        for (Object event : hooks.values()) {
            // Jackson iterates an object's values as it does an array's elements
            Object entries = event instanceof Map<?, ?> m ? new ArrayList<>(m.values()) : event;
            for (Map<String, Object> entry : entries(entries)) {
                for (Object hook : (List<?>) entry.get("hooks")) {
                    String command = command(hook);
                    if (settings.isGuardCommand(command)) {
                        guard = HookCommand.guardOf(command);
                    }
                    record |= settings.isRecordCommand(command);
                }
            }
        }
        return guard != null ? guard : record ? "off" : null;
    }

    /** The objects of an event's list that hold a {@code hooks} list: the entries a merge looks into. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> entries(Object list) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (list instanceof List<?> l) {
            for (Object e : l) {
                if (e instanceof Map<?, ?> m && m.get("hooks") instanceof List<?>) {
                    out.add((Map<String, Object>) m);
                }
            }
        }
        return out;
    }

    private static boolean has(Map<String, Object> entry, Predicate<String> ours) {
        for (Object hook : (List<?>) entry.get("hooks")) {
            if (ours.test(command(hook))) {
                return true;
            }
        }
        return false;
    }

    private static String command(Object hook) {
        return hook instanceof Map<?, ?> m && m.get("command") instanceof String s ? s : null;
    }
}
