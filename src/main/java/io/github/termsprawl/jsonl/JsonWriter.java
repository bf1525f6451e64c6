package io.github.termsprawl.jsonl;

import java.util.List;
import java.util.Map;

/**
 * Writes the plain-object trees of {@link Json} in the project's file style (SPEC §2): two-space
 * indent, {@code "key": value}, one trailing newline; strings escaped as {@code JSON.stringify} does.
 */
public final class JsonWriter {
    private JsonWriter() {}

    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, 0);
        return out.append('\n').toString();
    }

    /** The value as compact JSON text, as {@code JSON.stringify(value)} writes it (for tool arguments kept as objects). */
    public static String compact(Object value) {
        StringBuilder out = new StringBuilder();
        compact(value, out);
        return out.toString();
    }

    private static void compact(Object value, StringBuilder out) {
        if (value instanceof Map<?, ?> map) {
            char sep = '{';
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.append(sep);
                string(String.valueOf(e.getKey()), out);
                out.append(':');
                compact(e.getValue(), out);
                sep = ',';
            }
            out.append(map.isEmpty() ? "{}" : "}");
        } else if (value instanceof List<?> list) {
            char sep = '[';
            for (Object item : list) {
                out.append(sep);
                compact(item, out);
                sep = ',';
            }
            out.append(list.isEmpty() ? "[]" : "]");
        } else {
            write(value, out, 0);
        }
    }

    private static void write(Object value, StringBuilder out, int depth) {
        if (value instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                out.append("{}");
                return;
            }
            out.append('{');
            String sep = "\n";
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.append(sep);
                indent(out, depth + 1);
                string((String) e.getKey(), out);
                out.append(": ");
                write(e.getValue(), out, depth + 1);
                sep = ",\n";
            }
            out.append('\n');
            indent(out, depth);
            out.append('}');
        } else if (value instanceof List<?> list) {
            if (list.isEmpty()) {
                out.append("[]");
                return;
            }
            out.append('[');
            String sep = "\n";
            for (Object item : list) {
                out.append(sep);
                indent(out, depth + 1);
                write(item, out, depth + 1);
                sep = ",\n";
            }
            out.append('\n');
            indent(out, depth);
            out.append(']');
        } else if (value instanceof String s) {
            string(s, out);
        } else if (value instanceof Json.JsonNumber n) {
            out.append(n.text());
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value == Json.NULL || value == null) {
            out.append("null");
        } else {
            throw new IllegalArgumentException(
                    "not a JSON value: " + value.getClass().getName());
        }
    }

    private static void indent(StringBuilder out, int depth) {
        for (int i = 0; i < depth; i++) {
            out.append("  ");
        }
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    boolean lone = Character.isSurrogate(c) && !pairedAt(s, i);
                    if (c < 0x20 || lone) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else if (Character.isHighSurrogate(c)) {
                        out.append(c).append(s.charAt(++i));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    private static boolean pairedAt(String s, int i) {
        char c = s.charAt(i);
        return Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
}
