package io.github.termsprawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.core.Fixtures;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The context command's redaction (docs/redaction.md, "Where it applies"): the file view prints the
 * transcripts' bytes unless {@code --redact}; the live view redacts unless {@code --no-redact}; the last of the
 * two flags wins; turning it off says so on stderr.
 */
class ContextRedactionTest {
    static final String TOKEN = "ghp_" + "8aF3kQ9zL2mX7pR4tW6yB1cD5eG0hJ2nK4sV";

    @TempDir
    Path cwd;

    private void peerSays(String text) throws IOException {
        Fixtures.link(cwd, "me", "be");
        String line = "{\"type\":\"user\",\"uuid\":\"u\",\"parentUuid\":null,\"message\":{\"content\":"
                + Fixtures.jsonString(text) + "}}\n";
        Fixtures.index(cwd, "be", Fixtures.write(cwd.resolve("be.jsonl"), line).toString());
    }

    private ContextCommandTest.Result run(String... more) {
        String[] args = new String[4 + more.length];
        args[0] = "--cwd";
        args[1] = cwd.toString();
        args[2] = "--self";
        args[3] = "me";
        System.arraycopy(more, 0, args, 4, more.length);
        return ContextCommandTest.run(args);
    }

    @Test
    void fileViewPrintsTheSeedBytesUnlessAskedToRedact() throws IOException {
        peerSays("export GITHUB_TOKEN=" + TOKEN);
        String plain = "# linked context from be (be)\n## user\nexport GITHUB_TOKEN=" + TOKEN + "\n";
        String redacted = "# linked context from be (be)\n## user\nexport GITHUB_TOKEN=[redacted:github-token]\n";
        assertEquals(plain, run().out());
        assertEquals("", run().err());
        assertEquals(redacted, run("--redact").out());
        assertEquals(redacted, run("--view", "file", "--redact").out());
        assertEquals(plain, run("--redact", "--no-redact").out(), "the last flag wins");
        assertEquals(redacted, run("--no-redact", "--redact").out(), "the last flag wins");
    }

    @Test
    void liveViewRedactsUnlessTold() throws IOException {
        peerSays("export GITHUB_TOKEN=" + TOKEN);
        ContextCommandTest.Result live = run("--view", "live");
        assertEquals(
                "# linked context from be (be)\n## user\nexport GITHUB_TOKEN=[redacted:github-token]\n", live.out());
        assertEquals("", live.err());
        ContextCommandTest.Result open = run("--view", "live", "--no-redact");
        assertEquals("# linked context from be (be)\n## user\nexport GITHUB_TOKEN=" + TOKEN + "\n", open.out());
        assertEquals("termsprawl-context: secrets are not redacted (--no-redact)\n", open.err());
        assertEquals(0, open.exit());
    }

    @Test
    void aSecretAcrossTheCutIsNotPrintedInPart() throws IOException {
        // the token starts 10 code units before the 2000-unit cut: cut first, its head would print
        String text = "x".repeat(1990) + " " + TOKEN + " tail";
        peerSays(text);
        String out = run("--redact").out();
        assertFalse(out.contains("ghp_8aF3"), out.substring(Math.max(0, out.length() - 60)));
        assertTrue(out.contains(" [redacted\n"), out.substring(Math.max(0, out.length() - 60)));
        String body = out.substring(out.indexOf("## user\n") + 8, out.length() - 1);
        assertEquals(2000, body.length(), "the text is still cut to 2000 units");
        // unredacted, the cut keeps the view's bytes: the first 2000 units
        String plain = run().out();
        assertEquals(text.substring(0, 2000), plain.substring(plain.indexOf("## user\n") + 8, plain.length() - 1));
    }

    @Test
    void argsParseBothFlags() {
        assertEquals(null, ContextArgs.parse("--cwd", ".", "--self", "x").redact());
        assertEquals(
                true, ContextArgs.parse("--cwd", ".", "--redact", "--self", "x").redact());
        assertEquals(
                false,
                ContextArgs.parse("--no-redact", "--cwd", ".", "--self", "x").redact());
        // a flag's value is taken verbatim, even when it reads like the redaction flags
        ContextArgs asValue = ContextArgs.parse("--cwd", "--redact", "--self", "--no-redact");
        assertEquals("--redact", asValue.cwd());
        assertEquals("--no-redact", asValue.self());
        assertEquals(null, asValue.redact());
        assertEquals(
                "unexpected argument: --redact=yes",
                ContextArgs.parse("--cwd", ".", "--self", "x", "--redact=yes").error());
    }
}
