package io.github.termsprawl.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.UserErrorException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The words the goals fail with. */
class AbstractTermsprawlMojoTest {
    @Test
    void theOutputIsNeverWrittenOverALinkOrSomethingNotAPlainFile(@TempDir Path root) throws Exception {
        Path target = Files.writeString(root.resolve("target.txt"), "mine\n");
        Files.createSymbolicLink(root.resolve("link.txt"), target);
        Files.createDirectories(root.resolve("folder"));
        for (String output : new String[] {"link.txt", "folder"}) {
            MojoFailureException e = assertThrows(
                    MojoFailureException.class, () -> AbstractTermsprawlMojo.printData(root, "data\n", output));
            assertEquals(
                    "Cannot write the output to " + root.resolve(output) + ": it is a link or not a plain file, and"
                            + " would be replaced by one. Name a plain file in termsprawl.output, or leave it unset to"
                            + " print to stdout.",
                    e.getMessage());
        }
        // the link stays a link, its target untouched (it was replaced by a plain file, as /dev/stdout was)
        assertTrue(Files.isSymbolicLink(root.resolve("link.txt")));
        assertEquals("mine\n", Files.readString(target));
        assertEquals(root.resolve("new.txt").toString(), AbstractTermsprawlMojo.printData(root, "data\n", "new.txt"));
        assertEquals("data\n", Files.readString(root.resolve("new.txt")));
        AbstractTermsprawlMojo.printData(root, "more\n", "target.txt");
        assertEquals("more\n", Files.readString(target));
        // a blank name is no name: the data goes to stdout, no file named " " is made
        assertTrue(AbstractTermsprawlMojo.printData(root, "", " ").startsWith("stdout"));
        assertFalse(Files.exists(root.resolve(" ")));
    }

    @Test
    void aSwitchIsTrueOrFalseAndNothingElse() throws Exception {
        assertTrue(AbstractTermsprawlMojo.flag("true", "termsprawl.redact", false));
        assertTrue(AbstractTermsprawlMojo.flag("TRUE", "termsprawl.redact", false));
        assertFalse(AbstractTermsprawlMojo.flag("False", "termsprawl.redact", true));
        // not given: the default
        assertTrue(AbstractTermsprawlMojo.flag(null, "termsprawl.redact", true));
        assertFalse(AbstractTermsprawlMojo.flag("", "termsprawl.dryRun", false));
        // Maven's own conversion reads all of these as false, which would turn redaction off
        for (String value : new String[] {"yes", "on", "1", "no", "tru", " true", "true\n"}) {
            MojoFailureException e = assertThrows(
                    MojoFailureException.class, () -> AbstractTermsprawlMojo.flag(value, "termsprawl.redact", true));
            assertEquals(
                    "Invalid value '" + AbstractTermsprawlMojo.printable(value)
                            + "' for termsprawl.redact: expected true or false. Example: -Dtermsprawl.redact=false",
                    e.getMessage());
        }
    }

    @Test
    void printableShowsControlCharacters() {
        assertEquals("backend", AbstractTermsprawlMojo.printable("backend"));
        assertEquals("a\\nb", AbstractTermsprawlMojo.printable("a\nb"));
        assertEquals(
                "a\\u0009b\\u000d\\u0000\\u001b\\u007f", AbstractTermsprawlMojo.printable("a\tb\r\u0000\u001b\u007f"));
        // printable non-ASCII is kept as it is, as is the space
        assertEquals(
                "h\u00e9llo \u65e5\u672c \uD83D\uDE80",
                AbstractTermsprawlMojo.printable("h\u00e9llo \u65e5\u672c \uD83D\uDE80"));
        assertEquals("", AbstractTermsprawlMojo.printable(""));
    }

    @Test
    void describeSaysWhatWentWrongWithWhichFile() {
        assertEquals(
                "permission denied: /p/.termsprawl/links (make it writable, or run as its owner)",
                AbstractTermsprawlMojo.describe(new AccessDeniedException("/p/.termsprawl/links")));
        assertEquals("cannot use /p/a: NoSuchFile", AbstractTermsprawlMojo.describe(new NoSuchFileException("/p/a")));
        assertEquals(
                "cannot use /p/a -> /p/b: FileAlreadyExists",
                AbstractTermsprawlMojo.describe(new FileAlreadyExistsException("/p/a", "/p/b", null)));
        assertEquals(
                "cannot use /p/a: Read-only file system",
                AbstractTermsprawlMojo.describe(new FileSystemException("/p/a", null, "Read-only file system")));
        // no file named: the message as it is
        assertEquals("disk full", AbstractTermsprawlMojo.describe(new IOException("disk full")));
        assertEquals("disk full", AbstractTermsprawlMojo.describe(new FileSystemException(null, null, "disk full")));
        assertEquals("null", AbstractTermsprawlMojo.describe(new IOException()));
    }

    @Test
    void aUserErrorGetsTheGoalsPropertyAndAnExample() {
        UserErrorException e = new UserErrorException("Transcript file not found: /p/x", "Pass an existing file");
        assertEquals(
                "Transcript file not found: /p/x. Pass an existing file. (termsprawl.transcript=x)."
                        + " Example: mvn termsprawl:record",
                AbstractTermsprawlMojo.failure(e, "termsprawl.transcript=x", "mvn termsprawl:record"));
        assertEquals(
                "Transcript file not found: /p/x. Pass an existing file.",
                AbstractTermsprawlMojo.failure(e, null, null));
    }

    @Test
    void aGoalCanOfferAnotherWayOut() {
        UserErrorException settings = new UserErrorException(
                "Cannot install the termsprawl hook into /p/s.json: it is not valid JSON (x)",
                "Fix the file (or move it away)");
        assertEquals(
                "Cannot install the termsprawl hook into /p/s.json: it is not valid JSON (x). Fix the file (or move it"
                        + " away), or run with -Dtermsprawl.claudeHook=false to skip the hook.",
                settings.or("run with -Dtermsprawl.claudeHook=false to skip the hook")
                        .getMessage());
        assertEquals(
                "Unknown store 'x'. Or pass a path.",
                new UserErrorException("Unknown store 'x'.").or("pass a path").getMessage());
    }

    @Test
    void aStoresErrorShowsThatStoresExampleNotClaudeCodes() {
        assertEquals(RecordMojo.EXAMPLE, RecordMojo.example("latest"));
        assertEquals(RecordMojo.EXAMPLE, RecordMojo.example("claude:latest"));
        assertEquals(RecordMojo.EXAMPLE, RecordMojo.example(null));
        String gemini = RecordMojo.example("gemini:latest");
        assertEquals(
                "mvn termsprawl:record -Dtermsprawl.node=backend"
                        + " -Dtermsprawl.transcript=~/.gemini/tmp/<project>/chats/session-<...>.jsonl"
                        + " (docs/stores.md says where gemini keeps its sessions)",
                gemini);
        org.junit.jupiter.api.Assertions.assertTrue(
                RecordMojo.example("codex:latest").contains("~/.codex/sessions/"));
    }
}
