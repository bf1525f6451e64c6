package io.github.termsprawl.edits;

import io.github.termsprawl.jsonl.Json;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** A tool call's arguments (JSON text) as an object, for the stores' touch rules. */
public final class ToolInput {
    private ToolInput() {}

    /** The arguments as an object; null when they are not a JSON object. */
    public static Map<String, Object> object(String arguments) {
        if (arguments == null || arguments.isEmpty() || arguments.charAt(0) != '{') {
            return null;
        }
        try {
            return Json.asObject(Json.parse(arguments));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The first of {@code keys} holding a non-blank string, or null. */
    public static String string(Map<String, Object> input, String... keys) {
        if (input == null) {
            return null;
        }
        for (String k : keys) {
            if (input.get(k) instanceof String s && !s.isBlank()) {
                return s;
            }
        }
        return null;
    }

    /** One file at the first of {@code keys}: a list of one touch, or null (malformed) when no key holds a path. */
    public static List<FileTouch> one(String arguments, FileTouch.Kind kind, String... keys) {
        String path = string(object(arguments), keys);
        return path == null ? null : List.of(new FileTouch(path, kind));
    }

    /** The shell command of {@code arguments}: a string, or an argv list (its last word for {@code sh -c}). */
    public static String command(String arguments, String... keys) {
        Map<String, Object> input = object(arguments);
        if (input == null) {
            return null;
        }
        for (String k : keys) {
            Object v = input.get(k);
            if (v instanceof String s) {
                return s;
            }
            if (v instanceof List<?> argv && !argv.isEmpty()) {
                int n = argv.size();
                if (n >= 3 && argv.get(n - 2) instanceof String flag && flag.matches("-l?c")) {
                    return argv.get(n - 1) instanceof String s ? s : null;
                }
                StringBuilder out = new StringBuilder();
                for (Object o : argv) {
                    out.append(out.length() == 0 ? "" : " ").append(o instanceof String s ? quote(s) : "");
                }
                return out.toString();
            }
        }
        return null;
    }

    private static String quote(String word) {
        return word.matches("[A-Za-z0-9_./:=@%+,-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
