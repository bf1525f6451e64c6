package io.github.termsprawl.plant;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.termsprawl.core.StateCaps;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.registry.Agents;
import io.github.termsprawl.store.Agent;
import io.github.termsprawl.store.Agent.Wiring;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Merges termsprawl's hooks into an agent's JSON settings file (docs/agents.md, "Wired through each agent's hooks"):
 * Claude Code's personal {@code .claude/settings.local.json}, Codex's {@code .codex/hooks.json}, Gemini CLI's
 * {@code .gemini/settings.json}. Every other key and hook is kept, an entry is never added twice, and a file that is
 * not valid settings JSON is a user error (the caller writes nothing then). The entries are byte-stable: an agent that
 * trusts a hook by its command's hash keeps trusting it.
 */
public final class HookSettings {
    /** The guard's modes: hold the first overlapping edit once (the default), warn, ask the user, deny, or none. */
    public static final List<String> GUARDS = List.of("hold", "warn", "ask", "deny", "off");
    /** What the guard is unless told: the model reads the warning before the file changes (docs/touches.md). */
    public static final String DEFAULT_GUARD = "hold";

    public static final HookSettings CLAUDE = of(Agents.DEFAULT);

    private final Wiring wiring;
    private final String agent;

    private HookSettings(Wiring wiring, String agent) {
        this.wiring = wiring;
        this.agent = agent;
    }

    /** The settings of an agent wired by command hooks, or null for one wired otherwise (a plugin) or not at all. */
    public static HookSettings of(Agent agent) {
        Wiring w = agent.capability(Wiring.class);
        return w == null || w.isPlugin()
                ? null
                : new HookSettings(w, agent.store().id());
    }

    public Wiring wiring() {
        return wiring;
    }

    /** The record hook's command. Claude Code's names no agent: it was planted so before agents were told apart. */
    public String command() {
        return launch(Discovery.RECORD, agentFlag());
    }

    private String agentFlag() {
        return agent.equals(Agents.DEFAULT.store().id()) ? "" : " --agent " + agent;
    }

    /** The note at each prompt (docs/context.md): the context command reading the hook's JSON on stdin. */
    public String promptCommand() {
        return launch(Discovery.CONTEXT, hookArgs());
    }

    /** The guard's command: the touches command reading the hook's JSON on stdin. */
    public String guardCommand(String guard) {
        return launch(Discovery.TOUCHES, hookArgs() + (DEFAULT_GUARD.equals(guard) ? "" : " --guard " + guard));
    }

    /** The arguments of a command that reads the hook's JSON on stdin: the agent and the project folder. */
    private String hookArgs() {
        String dir = wiring.projectDir().equals(".") ? HookCommand.FOUND : wiring.projectDir();
        return " --hook" + agentFlag() + " --cwd " + dir;
    }

    /**
     * The command that runs launcher {@code name} with {@code args}: named by the agent's variable for the project,
     * or, for an agent that runs its hooks in the session's folder and names no project ({@code .}: Codex), found
     * from that folder up ({@link HookCommand#fromSessionFolder}), so a session started in a module folder runs the
     * project's launcher too.
     */
    private String launch(String name, String args) {
        return wiring.projectDir().equals(".")
                ? HookCommand.fromSessionFolder(name, args)
                : wiring.projectDir() + "/.termsprawl/bin/" + name + args;
    }

    /**
     * The matchers discover wrote before (forks recorded; shell writes guarded): an entry that still has one was
     * never edited by the user, so it is brought up to date.
     */
    static final String OLD_MATCHER = "startup|resume|clear|compact";

    static final String OLD_GUARD_MATCHER = "Edit|MultiEdit|Write|NotebookEdit";

    private String startEvent() {
        return wiring.start().name();
    }

    /**
     * The user's file read as JSON.parse reads it (a repeated key keeps its first place and its last
     * value, nothing may follow the value), with numbers kept exactly: integers of any size, decimals
     * with their digits (an exponent is written out).
     */
    private static final class Mapper {
        // a holder: HookSettings itself loads no jackson-databind, which a file found current never needs
        static final ObjectMapper MAPPER = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
                .build();
    }

    /**
     * The file's new text with the hooks and the guard (the PreToolUse hook added, its command set to {@code guard}'s,
     * or taken out for {@code off}), or null when the file holds all that already; reads only, so a caller can find a
     * malformed file before it writes anything else.
     *
     * @throws UserErrorException when the file is not settings JSON we can merge into
     */
    public String plan(Path settingsFile, String guard) throws IOException, UserErrorException {
        return merge(existing(settingsFile), settingsFile.toString(), guard);
    }

    /** The settings file's text, or null when there is none. */
    private String existing(Path settingsFile) throws IOException, UserErrorException {
        if (Files.exists(settingsFile) && !Files.isRegularFile(settingsFile)) {
            // a FIFO would block the read forever, a device would never end
            throw malformed(settingsFile.toString(), "it is not a regular file");
        }
        return Files.exists(settingsFile) ? read(settingsFile, false) : null;
    }

    /**
     * The guard the settings file has now (docs/touches.md): {@code hold}, {@code warn}, {@code ask} or {@code deny} by its
     * hook's command, {@code off} when our SessionStart hook is there without it (a guard taken out on purpose),
     * or null when neither is (discover never ran here). A {@code discover} not told a guard keeps this one.
     */
    public String currentGuard(Path settingsFile) throws IOException, UserErrorException {
        if (!Files.isRegularFile(settingsFile)) {
            return null;
        }
        String text = read(settingsFile, false);
        SettingsHooks seen = SettingsHooks.of(this, text);
        return seen != null ? seen.guard() : guardByJackson(text, settingsFile.toString());
    }

    /** {@link #currentGuard} of a text, read by Jackson: the reading that names what is wrong with a file. */
    String guardByJackson(String text, String name) throws UserErrorException {
        ObjectNode root = parse(text, name, false);
        String guard = null;
        boolean record = false;
        if (root.get("hooks") instanceof ObjectNode hooks) {
            for (JsonNode event : hooks) {
                for (JsonNode entry : event) {
                    if (entry.get("hooks") instanceof ArrayNode list) {
                        for (JsonNode hook : list) {
                            String command = command(hook);
                            if (isGuardCommand(command)) {
                                guard = HookCommand.guardOf(command);
                            }
                            record |= isRecordCommand(command);
                        }
                    }
                }
            }
        }
        return guard != null ? guard : record ? "off" : null;
    }

    /** {@link #merge(String, String)} and the guard of {@link #plan}. */
    public String merge(String existing, String name, String guard) throws UserErrorException {
        if (!GUARDS.contains(guard)) {
            throw new UserErrorException("Unknown guard: " + guard, "Use one of " + String.join(", ", GUARDS));
        }
        SettingsHooks seen = SettingsHooks.of(this, existing);
        return seen != null && seen.current(guard) ? null : mergeByJackson(existing, name, guard);
    }

    /** {@link #merge(String, String, String)} by Jackson's tree, whatever the file. */
    String mergeByJackson(String existing, String name, String guard) throws UserErrorException {
        String withRecord = merge(existing, name);
        String text = withRecord == null ? existing : withRecord;
        ObjectNode root = parse(text, name, false);
        ObjectNode hooks = (ObjectNode) root.get("hooks");
        boolean changed = ensure(
                hooks,
                name,
                wiring.edit(),
                "termsprawl-guard",
                "off".equals(guard) ? null : guardCommand(guard),
                this::isGuardCommand,
                OLD_GUARD_MATCHER);
        if (wiring.prompt() != null) {
            changed |= ensure(
                    hooks, name, wiring.prompt(), "termsprawl-note", promptCommand(), this::isPromptCommand, null);
        }
        return changed ? write(root, name, existing) : withRecord;
    }

    /**
     * One hook of ours on {@code event}: its command set to {@code want}, added once after the user's, or taken out
     * for null (with an entry, then an event list, it leaves empty). An entry whose matcher is {@code oldMatcher}
     * (what discover wrote before) gets the event's matcher; any other matcher is the user's.
     *
     * @return whether the settings changed
     */
    private boolean ensure(
            ObjectNode hooks,
            String name,
            Wiring.Event event,
            String hookName,
            String want,
            java.util.function.Predicate<String> ours,
            String oldMatcher)
            throws UserErrorException {
        JsonNode eventValue = hooks.get(event.name());
        if (eventValue != null && !(eventValue instanceof ArrayNode)) {
            throw malformed(name, "\"hooks\".\"" + event.name() + "\" is not an array");
        }
        ArrayNode entries = eventValue == null ? null : (ArrayNode) eventValue;
        boolean changed = false;
        boolean present = false;
        if (entries != null) {
            for (int i = entries.size() - 1; i >= 0; i--) {
                if (entries.get(i) instanceof ObjectNode entry && entry.get("hooks") instanceof ArrayNode list) {
                    boolean removed = false;
                    for (int j = list.size() - 1; j >= 0; j--) {
                        if (!ours.test(command(list.get(j)))) {
                            continue;
                        }
                        if (want == null || present) {
                            list.remove(j);
                            removed = true;
                            changed = true;
                            continue;
                        }
                        present = true;
                        if (!want.equals(list.get(j).get("command").textValue())) {
                            ((ObjectNode) list.get(j)).put("command", want);
                            changed = true;
                        }
                        if (oldMatcher != null
                                && event.matcher() != null
                                && entry.get("matcher") != null
                                && oldMatcher.equals(entry.get("matcher").textValue())) {
                            entry.put("matcher", event.matcher());
                            changed = true;
                        }
                    }
                    if (removed && list.isEmpty()) {
                        entries.remove(i);
                    }
                }
            }
            if (entries.isEmpty() && changed) {
                hooks.remove(event.name()); // discover made it: an empty list and none read alike
            }
        }
        if (want != null && !present) {
            ArrayNode list = entries == null || !hooks.has(event.name()) ? hooks.putArray(event.name()) : entries;
            entry(list, event.matcher(), hookName, want);
            changed = true;
        }
        return changed;
    }

    private String read(Path file, boolean removing) throws IOException, UserErrorException {
        long size = Files.size(file);
        if (size > StateCaps.USER_TEXT) { // looked at before it is read (docs/files.md, "Sane sizes")
            throw problem(removing, file.toString(), StateCaps.tooBig(size, StateCaps.USER_TEXT));
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw problem(removing, file.toString(), "it is not valid UTF-8");
        }
    }

    /**
     * The settings text with the hook in it, or null when it is there already.
     *
     * @param existing the file's text, or null when there is no file
     * @param name     the file's name, for messages
     */
    public String merge(String existing, String name) throws UserErrorException {
        ObjectNode root = parse(existing, name, false);
        JsonNode hooksValue = root.get("hooks");
        ObjectNode hooks = hooksValue == null ? root.putObject("hooks") : (ObjectNode) hooksValue;
        JsonNode eventValue = hooks.get(startEvent());
        ArrayNode entries = eventValue == null ? hooks.putArray(startEvent()) : (ArrayNode) eventValue;
        if (isInstalled(entries)) {
            // the matcher discover wrote before: never edited by the user, so it gains fork; any other is theirs
            boolean updated = false;
            for (JsonNode e : entries) {
                if (e instanceof ObjectNode o
                        && o.get("hooks") instanceof ArrayNode list
                        && hasOurs(list)
                        && o.get("matcher") != null
                        && OLD_MATCHER.equals(o.get("matcher").textValue())
                        && wiring.start().matcher() != null) {
                    o.put("matcher", wiring.start().matcher());
                    updated = true;
                }
            }
            return updated ? write(root, name, existing) : null;
        }
        entry(entries, wiring.start().matcher(), "termsprawl-record", command());
        return write(root, name, existing);
    }

    /** The settings as an object, {@code hooks} and its {@code SessionStart} of the right types when present. */
    private ObjectNode parse(String existing, String name, boolean removing) throws UserErrorException {
        ObjectNode root;
        if (existing == null || existing.isBlank()) {
            root = Mapper.MAPPER.createObjectNode();
        } else {
            JsonNode parsed;
            try {
                parsed = Mapper.MAPPER.readTree(Json.stripBom(existing));
            } catch (StreamConstraintsException e) {
                throw problem(removing, name, "it is nested too deeply to rewrite");
            } catch (IOException | RuntimeException e) {
                throw problem(removing, name, "it is not valid JSON (" + jsonProblem(e) + ")");
            }
            if (!(parsed instanceof ObjectNode object)) {
                throw problem(removing, name, "its top level is not a JSON object");
            }
            root = object;
        }
        JsonNode hooksValue = root.get("hooks");
        if (hooksValue != null && !(hooksValue instanceof ObjectNode)) {
            throw problem(removing, name, "\"hooks\" is not an object");
        }
        JsonNode eventValue = hooksValue == null ? null : hooksValue.get(startEvent());
        if (eventValue != null && !(eventValue instanceof ArrayNode)) {
            throw problem(removing, name, "\"hooks\".\"" + startEvent() + "\" is not an array");
        }
        return root;
    }

    /** One entry of ours: the matcher when the agent has one, the hook named when the agent names hooks. */
    private void entry(ArrayNode entries, String matcher, String hookName, String command) {
        ObjectNode entry = entries.addObject();
        if (matcher != null) {
            entry.put("matcher", matcher);
        }
        ObjectNode hook = entry.putArray("hooks").addObject();
        if (wiring.named()) {
            hook.put("name", hookName);
        }
        hook.put("type", "command").put("command", command);
    }

    /** The events our hooks are on. */
    private List<String> events() {
        return wiring.prompt() == null
                ? List.of(startEvent(), wiring.edit().name())
                : List.of(startEvent(), wiring.edit().name(), wiring.prompt().name());
    }

    /**
     * The settings as text in the layout of {@code like}, the user's file (null: none) when it is laid out as
     * {@code JSON.stringify(settings, null, indent)} writes (its first line a lone {@code {}}): its indent, and a line
     * end after it only if it has one. So what {@code discover} merged in and {@code remove} took out again leaves
     * such a file byte for byte as it was (docs/goals.md, "remove"): Gemini CLI writes its settings so, with two
     * spaces and no line end; an editor's often has four and one. Any other file is written in two spaces with a
     * line end.
     */
    private String write(ObjectNode root, String name, String like) throws UserErrorException {
        String indent = indentOf(like);
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JsonStyle.generator(out, indent == null ? "  " : indent)) {
            Mapper.MAPPER.writeTree(g, root);
        } catch (IOException e) {
            // a StringWriter does not fail; the generator does, on a number it cannot write in full
            throw malformed(name, "a number in it cannot be written back in full (" + firstLine(e.getMessage()) + ")");
        }
        String text = JsonStyle.finish(out.toString());
        return indent == null || like.endsWith("\n") ? text + "\n" : text;
    }

    /**
     * The indent of {@code text} (spaces or tabs) when it is laid out as {@code JSON.stringify} lays out an object
     * with members (a lone {@code {}} on its first line, the first member indented on the next), else null.
     */
    static String indentOf(String text) {
        if (text == null || !text.startsWith("{\n")) {
            return null;
        }
        int end = 2;
        while (end < text.length() && (text.charAt(end) == ' ' || text.charAt(end) == '\t')) {
            end++;
        }
        return end > 2 && end < text.length() && text.charAt(end) == '"' ? text.substring(2, end) : null;
    }

    /** What {@link #unmerge} found: no hook of ours, the text without it, or nothing left at all. */
    public record Removal(boolean found, String text) {
        /** Whether nothing but termsprawl's hook was in the file: it can go (docs/goals.md, "remove"). */
        public boolean empty() {
            return found && text == null;
        }
    }

    /** {@link #unmerge} of a file; a missing file holds no hook. */
    public Removal planRemoval(Path settingsFile) throws IOException, UserErrorException {
        if (!Files.exists(settingsFile, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return new Removal(false, null);
        }
        if (!Files.isRegularFile(settingsFile)) {
            throw cannotRemove(settingsFile.toString(), "it is not a regular file");
        }
        return unmerge(read(settingsFile, true), settingsFile.toString());
    }

    /**
     * The settings without every hook that runs {@code termsprawl-record} (what {@link #isInstalled} counts):
     * an entry left with no hook goes, and so do a {@code SessionStart} list and a {@code hooks} object that
     * this leaves empty (discover made them; an empty list and none read alike). Every other key, hook and
     * value stays, in its order.
     */
    public Removal unmerge(String existing, String name) throws UserErrorException {
        ObjectNode root = parse(existing, name, true);
        if (!(root.get("hooks") instanceof ObjectNode hooks)) {
            return new Removal(false, null);
        }
        boolean found = false;
        for (String event : events()) {
            if (hooks.get(event) instanceof ArrayNode entries) {
                found |= unmergeEvent(hooks, event, entries);
            }
        }
        if (!found) {
            return new Removal(false, null);
        }
        if (hooks.isEmpty()) {
            root.remove("hooks");
        }
        return new Removal(true, root.isEmpty() ? null : write(root, name, existing));
    }

    /** Takes our hooks out of one event's entries; an entry, then the event's list, left empty goes. */
    private boolean unmergeEvent(ObjectNode hooks, String event, ArrayNode entries) {
        boolean found = false;
        for (int i = entries.size() - 1; i >= 0; i--) {
            if (entries.get(i) instanceof ObjectNode entry && entry.get("hooks") instanceof ArrayNode list) {
                boolean had = false;
                for (int j = list.size() - 1; j >= 0; j--) {
                    String command = command(list.get(j));
                    if (isRecordCommand(command) || isGuardCommand(command) || isPromptCommand(command)) {
                        list.remove(j);
                        had = true;
                    }
                }
                if (had && list.isEmpty()) {
                    entries.remove(i);
                }
                found |= had;
            }
        }
        if (found && entries.isEmpty()) {
            hooks.remove(event);
        }
        return found;
    }

    private UserErrorException problem(boolean removing, String name, String problem) {
        return removing ? cannotRemove(name, problem) : malformed(name, problem);
    }

    private UserErrorException cannotRemove(String name, String problem) {
        return new UserErrorException(
                "Cannot remove the termsprawl hook from " + name + ": " + problem,
                "Fix the file (or delete the " + startEvent() + " entry that runs termsprawl-record by hand)");
    }

    private UserErrorException malformed(String name, String problem) {
        return new UserErrorException(
                "Cannot install the termsprawl hook into " + name + ": " + problem, "Fix the file (or move it away)");
    }

    /**
     * What is wrong with the JSON and where, in words a user can act on: Jackson's message without its
     * internals (the {@code [Source: REDACTED (`StreamReadFeature…` disabled)]} of a location it adds).
     */
    static String jsonProblem(Exception e) {
        if (!(e instanceof com.fasterxml.jackson.core.JsonProcessingException j)) {
            return firstLine(e.getMessage());
        }
        String m = firstLine(j.getOriginalMessage())
                .replaceAll(" ?\\((start marker )?at \\[Source:[^\\]]*\\]\\)", "")
                .replaceAll(" ?\\[Source:[^\\]]*\\]", "")
                .replaceAll(" ?\\(for `[^`]*`\\)", "");
        com.fasterxml.jackson.core.JsonLocation at = j.getLocation();
        return at != null && at.getLineNr() > 0 ? m + " at line " + at.getLineNr() + ", column " + at.getColumnNr() : m;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    /** Any hook of the event that runs our script counts, whatever its matcher: the user may have edited it. */
    boolean isInstalled(ArrayNode entries) {
        for (JsonNode entry : entries) {
            if (entry.get("hooks") instanceof ArrayNode hooks && hasOurs(hooks)) {
                return true;
            }
        }
        return false;
    }

    private boolean hasOurs(ArrayNode hooks) {
        for (JsonNode hook : hooks) {
            if (isRecordCommand(command(hook))) {
                return true;
            }
        }
        return false;
    }

    /** The hook's command when it has a text one, else null. */
    private static String command(JsonNode hook) {
        JsonNode command = hook.get("command");
        return command != null && command.isTextual() ? command.textValue() : null;
    }

    /**
     * The guard's hook, whatever its mode: the touches command with exactly the guard's arguments. These three take
     * null for a hook with no command.
     */
    boolean isGuardCommand(String command) {
        return command != null && HookCommand.isGuard(command, agent);
    }

    /** The note's hook: the context command with exactly the hook's arguments. */
    boolean isPromptCommand(String command) {
        return command != null && HookCommand.isPrompt(command, agent);
    }

    /** The record hook: our script alone, however its path is quoted; a look-alike is the user's. */
    boolean isRecordCommand(String command) {
        return command != null && HookCommand.isRecord(command, agent);
    }
}
