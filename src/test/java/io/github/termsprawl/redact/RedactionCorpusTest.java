package io.github.termsprawl.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.github.termsprawl.core.SharedFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The redactor over the text of every real transcript of the corpus, as a turn file, share and the live view
 * see it (every JSON string of every line, decoded; a line that is not JSON as it is): no identifier an agent
 * writes (a test, class or method name) is taken for a secret (docs/redaction.md, "Assignments"). Skips
 * without the shared folder ({@link SharedFolder}).
 */
class RedactionCorpusTest {
    /** A name as code writes it: letters, digits and {@code _}, two words or more joined by {@code _} or a capital. */
    private static final Pattern IDENTIFIER =
            Pattern.compile("[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+|(?<=[a-z0-9])[A-Z][A-Za-z0-9]*)+");

    private static final JsonFactory JSON = JsonFactory.builder().build();

    @Test
    void theIdentifierTestKnowsAnIdentifier() {
        assertTrue(identifier("TestEnsureAuthForService_NoHelperIsNoOp"));
        assertTrue(identifier("refresh_access_token_v2"));
        assertFalse(identifier("hunter2-Blue"));
        assertFalse(identifier("abc123"));
    }

    @Test
    void noIdentifierOfTheRealTranscriptsIsRedacted() throws IOException {
        Path corpus = SharedFolder.corpus();
        List<String> identifiers = new ArrayList<>();
        int files = 0;
        long texts = 0;
        try (Stream<Path> walk = Files.walk(corpus)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                files++;
                String content = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
                for (String line : content.split("\n")) {
                    for (String text : strings(line)) {
                        texts++;
                        for (Redactor.Finding f : Redactor.find(text)) {
                            String value = text.substring(f.start(), f.end());
                            if (identifier(value)) {
                                identifiers.add(corpus.relativize(file) + ": " + f.kind() + " «" + value + "» in «"
                                        + text.substring(
                                                Math.max(0, f.start() - 60), Math.min(text.length(), f.end() + 20))
                                        + "»");
                            }
                        }
                    }
                }
            }
        }
        assertTrue(files > 50, "the corpus has its files: " + files);
        assertTrue(texts > 10_000, "texts read: " + texts);
        assertEquals(List.of(), identifiers, identifiers.size() + " identifiers redacted");
    }

    /** Where the transcripts name code: a declaration, a Go test, a call. */
    private static final Pattern NAMED = Pattern.compile(
            "(?:\\b(?:def|func|function|class|void|fn|interface|const|let)\\s+([A-Za-z_][A-Za-z0-9_]{5,60})\\b)"
                    + "|\\b(Test[A-Z_][A-Za-z0-9_]{3,60})\\b|\\b([a-z][A-Za-z0-9_]{4,60})\\(");

    /**
     * The names of code that the real transcripts hold (tests, classes, functions), each given as the value of
     * a name that says "secret", as an agent's prose does ({@code ensureAuth: TestEnsureAuthForService_NoHelper}):
     * none is taken for a secret (on landed main before issue 38: 146 of 2,824).
     */
    @Test
    void theNamesOfCodeInTheRealTranscriptsAreNotSecretValues() throws IOException {
        Path corpus = SharedFolder.corpus();
        Set<String> names = new TreeSet<>();
        try (Stream<Path> walk = Files.walk(corpus)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                Matcher m = NAMED.matcher(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
                while (m.find()) {
                    String name = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
                    if (identifier(name)) {
                        names.add(name);
                    }
                }
            }
        }
        List<String> redacted = new ArrayList<>();
        for (String name : names) {
            if (!Redactor.find("ensureAuth: " + name).isEmpty()) {
                redacted.add(name);
            }
        }
        assertTrue(names.size() > 1000, "names found: " + names.size());
        assertEquals(List.of(), redacted, redacted.size() + " of " + names.size() + " names taken for secrets");
    }

    private static boolean identifier(String value) {
        return IDENTIFIER.matcher(value).matches();
    }

    /** The strings of a JSON line, decoded; the line itself when it is not JSON. */
    private static List<String> strings(String line) {
        List<String> out = new ArrayList<>();
        try (JsonParser parser = JSON.createParser(line)) {
            for (JsonToken t = parser.nextToken(); t != null; t = parser.nextToken()) {
                if (t == JsonToken.VALUE_STRING || t == JsonToken.FIELD_NAME) {
                    out.add(parser.getText());
                }
            }
        } catch (IOException notJson) {
            out.add(line);
        }
        return out;
    }
}
