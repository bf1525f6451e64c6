package io.github.termsprawl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.github.termsprawl.jsonl.LongStringCapReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * The fields of a Claude Code hook payload that recording needs. Parsing never throws and never holds
 * more than a bounded prefix of any string, whatever arrives on stdin.
 */
public record HookInput(String transcriptPath, String cwd) {
    private static final Set<String> KEYS = Set.of("transcript_path", "cwd");
    /** A path longer than this is not a path: treated as absent. */
    static final int MAX_PATH = 16 * 1024;

    public static final HookInput EMPTY = new HookInput(null, null);

    /**
     * Jackson's default limits, unlike the command parser's: a hook payload is shallow and small, and
     * without a depth limit 50 MB of {@code [} would build tens of millions of parser contexts (out of memory).
     * Strings never reach the string limit: the reader below caps them.
     */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
            .build();

    public static HookInput read(InputStream in) {
        try (JsonParser p = FACTORY.createParser(
                new LongStringCapReader(new InputStreamReader(in, StandardCharsets.UTF_8), MAX_PATH + 1))) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return EMPTY;
            }
            String transcript = null;
            String cwd = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (KEYS.contains(name) && value == JsonToken.VALUE_STRING) {
                    String text = p.getText();
                    String kept = text.isEmpty() || text.length() > MAX_PATH ? null : text;
                    if (name.equals("cwd")) {
                        cwd = kept;
                    } else {
                        transcript = kept;
                    }
                } else {
                    if (name.equals("cwd")) {
                        cwd = null;
                    } else if (name.equals("transcript_path")) {
                        transcript = null;
                    }
                    p.skipChildren();
                }
            }
            return new HookInput(transcript, cwd);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            return EMPTY;
        }
    }
}
