package io.github.termsprawl.ask;

import io.github.termsprawl.jsonl.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Asks a Claude Code session through Claude Code itself, for a user with no API key:
 * {@code claude -p --resume <id> --fork-session --output-format json "<question>"}. The fork is a new
 * session, so the original is never written to; it runs in the session's own folder, where
 * {@code --resume} finds it.
 */
final class ClaudeCli {
    static final String COMMAND = "claude";
    /** How much of the transcript's head is searched for the folder the session ran in. */
    private static final int HEAD_LINES = 200;

    private final Path executable;
    private final AskEnvironment env;
    private final Duration timeout;
    private final String timeoutName;
    /** The most kept of each of its streams ({@link CappedBytes#CAP}; less in tests). */
    private final int cap;

    ClaudeCli(Path executable, AskEnvironment env, Duration timeout, String timeoutName, int cap) {
        this.executable = executable;
        this.env = env;
        this.timeout = timeout;
        this.timeoutName = timeoutName;
        this.cap = cap;
    }

    static List<String> command(Path executable, String sessionId, String prompt) {
        List<String> command = new ArrayList<>();
        String name = executable.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".cmd") || name.endsWith(".bat")) {
            command.add("cmd");
            command.add("/c");
        }
        command.add(executable.toString());
        command.add("-p");
        command.add("--resume");
        command.add(sessionId);
        command.add("--fork-session");
        command.add("--output-format");
        command.add("json");
        command.add(prompt);
        return command;
    }

    /** The question, and how to answer: from the conversation only, as the JSON object the API backend gets. */
    static String prompt(String question) {
        return question + "\n\n"
                + "Answer only from this conversation so far (its messages and tool results), without new tool calls"
                + " and without general knowledge. Reply with nothing but one JSON object:"
                + " {\"has_context\": <true or false>, \"answer\": \"<the answer>\", \"citations\": []}."
                + " has_context is false when the conversation does not hold the answer; then say in the answer"
                + " what it does cover.";
    }

    Answer ask(String sessionId, Path transcript, Path fallbackDir, String question) throws AskException {
        Path dir = workDir(transcript, fallbackDir);
        ProcessBuilder pb =
                new ProcessBuilder(command(executable, sessionId, prompt(question))).directory(dir.toFile());
        pb.environment().clear();
        pb.environment().putAll(env.variables());
        // its fork fires SessionStart: without the id, the hook never records the fork as the asking node's
        pb.environment().remove("TERMSPRAWL_NODE_ID");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new AskException("Cannot run " + executable + ": " + e.getMessage()
                    + ". Reinstall Claude Code, or set ANTHROPIC_API_KEY to ask through the API.");
        }
        CappedBytes out = new CappedBytes(cap);
        CappedBytes err = new CappedBytes(cap);
        Thread outReader = drain(p.getInputStream(), out);
        Thread errReader = drain(p.getErrorStream(), err);
        try {
            p.getOutputStream().close();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                destroy(p);
                throw new AskException("claude gave no answer within " + timeout.toSeconds() + " s. Allow more time"
                        + " (" + timeoutName + "), or try again later.");
            }
            outReader.join(5000);
            errReader.join(5000);
        } catch (IOException e) {
            // its stdin closed early: it reads none
        } catch (InterruptedException e) {
            destroy(p);
            Thread.currentThread().interrupt();
            throw new AskException("Interrupted while waiting for claude.");
        }
        if (out.overflowed() || err.overflowed()) {
            CappedBytes flood = out.overflowed() ? out : err;
            throw new AskException("claude printed " + CappedBytes.describe(flood.total()) + " on "
                    + (flood == out ? "stdout" : "stderr") + ", more than an answer can be (the most kept is "
                    + CappedBytes.describe(cap) + "). Run the same claude command in " + dir + " to see why, or set"
                    + " ANTHROPIC_API_KEY to ask through the API.");
        }
        return answer(p.exitValue(), text(out), text(err), dir);
    }

    static Answer answer(int exit, String stdout, String stderr, Path dir) throws AskException {
        Map<String, Object> result = null;
        try {
            result = Json.asObject(Json.parse(stdout.strip()));
        } catch (IOException | RuntimeException e) {
            // not the JSON of --output-format json
        }
        if (result == null || !(result.get("result") instanceof String text)) {
            String said = !stderr.isBlank() ? stderr.strip() : stdout.strip();
            throw new AskException("claude failed (exit " + exit + ")" + (said.isEmpty() ? "" : ": " + shorten(said))
                    + ". Run the same claude command in " + dir + " to see why, or set ANTHROPIC_API_KEY to ask"
                    + " through the API.");
        }
        if (Boolean.TRUE.equals(result.get("is_error")) || exit != 0) {
            throw new AskException("Claude Code could not answer: " + shorten(text) + ". claude --resume looks for"
                    + " the session in the folder it ran in (" + dir + "); or set ANTHROPIC_API_KEY to ask through"
                    + " the API.");
        }
        AnswerText.Parsed parsed = AnswerText.parse(text);
        List<String> notes = new ArrayList<>();
        if (parsed.note() != null) {
            notes.add(parsed.note());
        }
        return new Answer(
                parsed.hasContext(),
                parsed.answer(),
                parsed.citations(),
                AnthropicClient.usage(result.get("usage")),
                notes,
                "claude cli");
    }

    /** The folder the session ran in (its records' {@code cwd}) when it is there, else {@code fallback}. */
    static Path workDir(Path transcript, Path fallback) {
        try (BufferedReader lines = Files.newBufferedReader(transcript, StandardCharsets.UTF_8)) {
            String line;
            for (int i = 0; i < HEAD_LINES && (line = lines.readLine()) != null; i++) {
                if (!line.contains("\"cwd\"")) {
                    continue;
                }
                Map<String, Object> record = Json.asObject(Json.parse(line));
                if (record != null && record.get("cwd") instanceof String cwd && Files.isDirectory(Path.of(cwd))) {
                    return Path.of(cwd);
                }
            }
        } catch (IOException | RuntimeException e) {
            // unreadable head: the project folder
        }
        return fallback;
    }

    private static Thread drain(InputStream in, CappedBytes into) {
        Thread t = new Thread(
                () -> {
                    try (in) {
                        into.drain(in);
                    } catch (IOException e) {
                        // what was read stands
                    }
                },
                "termsprawl-claude-output");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static String text(CappedBytes bytes) {
        return new String(bytes.bytes(), StandardCharsets.UTF_8); // synchronized: the reader may still be writing
    }

    private static String shorten(String text) {
        String one = text.replace('\n', ' ');
        return one.length() > 300 ? one.substring(0, 300) + "…" : one;
    }

    /** Ends the process and what it started (a wrapper script's children would go on running otherwise). */
    private static void destroy(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }
}
