package io.github.termsprawl.store;

import io.github.termsprawl.jsonl.Json;
import io.github.termsprawl.jsonl.Utf8;
import io.github.termsprawl.store.claude.ClaudeTranscript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The plain reading of docs/context.md ("From a Claude Code transcript to turns"), as the reference model does it: the whole file, forward, every line
 * parsed whole. The backward reader must give exactly its answer.
 */
final class ForwardReader {
    private ForwardReader() {}

    static List<Turn> lastTurns(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        String text = Utf8.decode(bytes, 0, bytes.length);
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        List<Turn> turns = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            Object value;
            try {
                value = Json.parse(line);
            } catch (IOException | RuntimeException e) {
                continue;
            }
            Map<String, Object> record = Json.asObject(value);
            Turn turn = record == null ? null : ClaudeTranscript.toTurn(record);
            turn = turn == null ? null : StoreFixtures.LIMITS.cut(turn);
            if (turn != null) {
                turns.add(turn);
            }
        }
        return turns.subList(Math.max(0, turns.size() - StoreFixtures.LIMITS.maxTurns()), turns.size());
    }
}
