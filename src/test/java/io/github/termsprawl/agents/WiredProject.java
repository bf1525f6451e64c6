package io.github.termsprawl.agents;

import io.github.termsprawl.jsonl.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * An {@link AgentProject} wired to an agent through its own plugin mechanism: the plugin resource copied where
 * the agent loads it from, and {@code termsprawl-record} and {@code termsprawl-touches} in
 * {@code .termsprawl/bin/} replaced by fakes that keep each call (its arguments and stdin) in a folder outside
 * the project. The fake record answers with {@link #CONTEXT} as additional context; the fake touches holds the
 * first edit it is asked about (exit 2, {@link #REASON} on stderr) and lets every later one through.
 */
final class WiredProject {
    /** What the fake record asks the plugin to add to what the model sees. */
    static final String CONTEXT = "TERMSPRAWL-CONTEXT: this session is node nodeW; its linked peer is backend.";
    /** Why the fake touches holds the first edit. */
    static final String REASON =
            "TERMSPRAWL-HELD: node backend edited A.java 2 minutes ago; the same edit again goes through.";
    /** What the fakes print on stderr once {@link #failing}. */
    static final String FAILURE = "TERMSPRAWL-FAILED: exit 1";

    static final String RECORD = "termsprawl-record";
    static final String TOUCHES = "termsprawl-touches";

    /** One call of a fake command: its arguments, and its stdin as JSON. */
    record Call(List<String> args, Map<String, Object> payload) {}

    private final Path bin;
    private final Path calls;

    private WiredProject(Path bin, Path calls) {
        this.bin = bin;
        this.calls = calls;
    }

    /** {@code plugin} (a resource of termsprawl's) copied to {@code rel} in the project, and the fakes planted. */
    static WiredProject plant(AgentProject project, String plugin, String rel, Path calls) throws IOException {
        try (InputStream in = WiredProject.class.getResourceAsStream(plugin)) {
            if (in == null) {
                throw new IOException("no resource " + plugin);
            }
            Path target = project.root().resolve(rel);
            Files.createDirectories(target.getParent());
            Files.write(target, in.readAllBytes());
        }
        Files.createDirectories(calls);
        Path bin = project.layout().binDir();
        String context = "{\"hookSpecificOutput\":{\"hookEventName\":\"SessionStart\",\"additionalContext\":"
                + StandInServer.str(CONTEXT) + "}}";
        fake(bin.resolve(RECORD), calls, "printf '%s\\n' '" + context + "'\n");
        fake(
                bin.resolve(TOUCHES),
                calls,
                "if mkdir \"$d/held\" 2>/dev/null; then printf '%s\\n' '" + REASON + "' >&2; exit 2; fi\n");
        return new WiredProject(bin, calls);
    }

    /** The fakes replaced by ones that keep their calls and fail: exit 1, {@link #FAILURE} on stderr, junk on stdout. */
    WiredProject failing() throws IOException {
        String fail = "printf '%s\\n' '{not json'; printf '%s\\n' '" + FAILURE + "' >&2; exit 1\n";
        fake(bin.resolve(RECORD), calls, fail);
        fake(bin.resolve(TOUCHES), calls, fail);
        return this;
    }

    /** A fake command: keeps its call in {@code <calls>/<name>-<n>/} (n counting from 0), then runs {@code then}. */
    private static void fake(Path command, Path calls, String then) throws IOException {
        String name = command.getFileName().toString();
        String script = "#!/bin/sh\n"
                + "# a fake " + name + ": keeps its arguments and stdin\n"
                + "d='" + calls + "'\n"
                + "i=0\n"
                + "while ! mkdir \"$d/" + name + "-$i\" 2>/dev/null; do i=$((i+1)); done\n"
                + "printf '%s\\n' \"$@\" > \"$d/" + name + "-$i/args\"\n"
                + "cat > \"$d/" + name + "-$i/stdin\"\n"
                + then;
        Files.writeString(command, script, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(command, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The calls of {@code name} ({@link #RECORD}, {@link #TOUCHES}) so far, in order. */
    List<Call> calls(String name) throws IOException {
        List<Call> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(calls)) {
            List<Path> dirs = s.filter(p -> p.getFileName().toString().startsWith(name + "-"))
                    .sorted(Comparator.comparingInt(
                            p -> Integer.parseInt(p.getFileName().toString().substring(name.length() + 1))))
                    .toList();
            for (Path dir : dirs) {
                List<String> args = Files.readAllLines(dir.resolve("args"), StandardCharsets.UTF_8);
                Map<String, Object> payload =
                        Json.asObject(Json.parse(Files.readString(dir.resolve("stdin"), StandardCharsets.UTF_8)));
                out.add(new Call(args, payload));
            }
        }
        return out;
    }

    /** Whether any fake was run at all. */
    boolean anyCall() throws IOException {
        try (Stream<Path> s = Files.list(calls)) {
            return s.findAny().isPresent();
        }
    }

    /** {@code file}'s text, read when asked (in a stand-in's {@link StandInServer#onReceive} observer). */
    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The content of the tool result the request carries for the call {@code callId} (chat completions). */
    static String toolResult(StandInServer.Request r, String callId) {
        if (r.object().get("messages") instanceof List<?> messages) {
            for (Object m : messages) {
                if (m instanceof Map<?, ?> message
                        && "tool".equals(message.get("role"))
                        && callId.equals(message.get("tool_call_id"))) {
                    return text(message.get("content"));
                }
            }
        }
        return null;
    }

    /** The system messages of a chat completions request, joined. */
    static String system(StandInServer.Request r) {
        StringBuilder out = new StringBuilder();
        if (r.object().get("messages") instanceof List<?> messages) {
            for (Object m : messages) {
                if (m instanceof Map<?, ?> message && "system".equals(message.get("role"))) {
                    out.append(text(message.get("content"))).append('\n');
                }
            }
        }
        return out.toString();
    }

    private static String text(Object content) {
        if (content instanceof String s) {
            return s;
        }
        StringBuilder out = new StringBuilder();
        if (content instanceof List<?> parts) {
            for (Object p : parts) {
                if (p instanceof Map<?, ?> part && part.get("text") instanceof String t) {
                    out.append(t);
                }
            }
        }
        return out.toString();
    }
}
