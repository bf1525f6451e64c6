package io.github.termsprawl.ask;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.jsonl.Json;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestWriterTest {
    /** The bytes jackson-core's default generator wrote: upper-case escapes, a pair as two, a lone surrogate as U+FFFD. */
    @Test
    void theBodyKeepsItsBytes() {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("k\uD800", List.of("\u001b[2J\uD83D\uDE00", new Json.JsonNumber("-1.5e3"), Json.NULL, true));
        List<ApiMessage> messages = List.of(
                new ApiMessage(
                        ApiMessage.USER, List.of(new ApiMessage.Text("h\u00e9 \u0000\u001f\n\"\\/\u2028\uDC00")), 1),
                new ApiMessage(
                        ApiMessage.ASSISTANT,
                        List.of(new ApiMessage.ToolUse("t1", "Bash", input, 10), new ApiMessage.Text("ok")),
                        2),
                new ApiMessage(ApiMessage.USER, List.of(new ApiMessage.ToolResult("t1", "out\t", true)), 3));
        String body =
                new String(RequestWriter.write("m", 64, "sys", messages, new int[] {2, 0}), StandardCharsets.UTF_8);
        assertEquals(EXPECTED, body);
    }

    static final String EXPECTED =
            "{\"model\":\"m\",\"max_tokens\":64,\"system\":[{\"type\":\"text\",\"text\":\"sys\",\"cache_control\":{\"type\":\"ephemeral\"}}],\"tools\":[{\"nam"
                    + "e\":\"Bash\",\"description\":\"A tool of the recorded session. Do not call it.\",\"input_schema\":{\"type\":\"object\"}}],\"tool_choic"
                    + "e\":{\"type\":\"none\"},\"output_config\":{\"format\":{\"type\":\"json_schema\",\"schema\":{\"type\":\"object\",\"properties\":{\"has_context\""
                    + ":{\"type\":\"boolean\",\"description\":\"whether the conversation holds the answer\"},\"answer\":{\"type\":\"string\"},\"citations\":{\"t"
                    + "ype\":\"array\",\"items\":{\"type\":\"integer\"},\"description\":\"the turn numbers the answer rests on\"}},\"required\":[\"has_context\""
                    + ",\"answer\",\"citations\"],\"additionalProperties\":false}}},\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"h\u00e9 \\"
                    + "u0000\\u001F\\n\\\"\\\\/\u2028\ufffd\"}]},{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"Bash\",\"input\":{\"k\ufffd\":[\"\\u001"
                    + "B[2J\\uD83D\\uDE00\",-1.5e3,null,true]}},{\"type\":\"text\",\"text\":\"ok\"}]},{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"too"
                    + "l_use_id\":\"t1\",\"content\":\"out\\t\",\"is_error\":true,\"cache_control\":{\"type\":\"ephemeral\"}}]}]}";
}
