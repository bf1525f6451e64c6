package io.github.termsprawl.cli;

import io.github.termsprawl.jsonl.JsonWriter;
import io.github.termsprawl.redact.Redactor;
import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * What {@code discover} runs once to make the class-data archive ({@code -XX:ArchiveClassesAtExit}): the
 * context command (its file view, redacted and not, and its live view), the touches command's hook before an
 * edit, then the history command, on a throw-away training project, so that the classes of all three come from
 * the archive. One JVM makes one archive, which every planted launcher maps.
 *
 * <p>{@code ArchiveTraining <project> <self> [<file> <line>]}; with a file, the line is appended to it and the
 * history command runs again, the path of a session that grew. Output goes to stdout.
 */
public final class ArchiveTraining {
    private ArchiveTraining() {}

    public static void main(String[] args) {
        OutputStream out = new FileOutputStream(FileDescriptor.out);
        OutputStream err = new FileOutputStream(FileDescriptor.err);
        Thread.UncaughtExceptionHandler quiet = ContextCommand.QUIET; // loaded here, so the archive holds it
        // the hooks read their node from the environment: the JDK's classes for it are archived too
        String unused = System.getenv(HookRecorder.NODE_ENV);
        int context = ContextCommand.run(new String[] {"--cwd", args[0], "--self", args[1]}, out, err);
        // the views an agent may ask for too: redacted, and live (which redacts), so their classes are archived
        context |= ContextCommand.run(new String[] {"--cwd", args[0], "--self", args[1], "--redact"}, out, err);
        context |= ContextCommand.run(new String[] {"--cwd", args[0], "--self", args[1], "--view", "live"}, out, err);
        // the training's peers hold no secret: every rule once, so that what redacting loads is archived too
        Redactor.exerciseEveryRule();
        // the hook before an edit, twice: the touch indexes built, then read as at every later edit
        byte[] hook = ("{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":"
                        + JsonWriter.compact(args[0] + java.io.File.separator + "f.txt") + "}}")
                .getBytes(StandardCharsets.UTF_8);
        String[] touches = {"--hook", "--cwd", args[0], "--window", "100000d"};
        for (int i = 0; i < 2; i++) {
            TouchesCommand.main(touches, Instant.now(), new ByteArrayInputStream(hook), out, err, args[1]);
        }
        // the note at each prompt, twice: its state started, then compared (docs/context.md)
        for (int i = 0; i < 2; i++) {
            PromptHook.run(
                    new String[] {"--hook", "--cwd", args[0]},
                    Instant.now(),
                    new ByteArrayInputStream(new byte[] {'{', '}'}),
                    out,
                    args[1]);
        }
        int history = HistoryCommand.run(new String[] {"--cwd", args[0], "--list"}, out, err);
        if (args.length == 4) {
            try (OutputStream grow = new FileOutputStream(args[2], true)) {
                grow.write((args[3] + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                history = 1;
            }
            history |= HistoryCommand.run(new String[] {"--cwd", args[0], "--list"}, out, err);
        }
        if (context != 0 || history != 0) {
            System.exit(1);
        }
    }
}
