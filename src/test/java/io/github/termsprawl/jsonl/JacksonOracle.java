package io.github.termsprawl.jsonl;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * jackson-core reading the decoded text, strict like {@code JSON.parse}: an oracle for the byte parser written by
 * others (the parser it replaced on the command's path). Small inputs only: it recurses.
 */
final class JacksonOracle {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
            .build();

    private JacksonOracle() {}

    static Object parse(String text) throws IOException {
        try (JsonParser p = FACTORY.createParser(text)) {
            if (p.nextToken() == null) {
                throw new IOException("empty JSON text");
            }
            Object value = value(p);
            if (p.nextToken() != null) {
                throw new IOException("trailing content");
            }
            return value;
        }
    }

    /** What a {@link JsonProjection} keeps of the text as a record, or null for anything but one object. */
    static Map<String, Object> record(String text, JsonProjection projection) {
        try {
            return parse(text) instanceof Map<?, ?> m ? Json.asObject(project(m, projection)) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Object value(JsonParser p) throws IOException {
        switch (p.currentToken()) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    map.put(name, value(p));
                }
                return map;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    list.add(value(p));
                }
                return list;
            }
            case VALUE_STRING -> {
                return p.getText();
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return new Json.JsonNumber(p.getText());
            }
            case VALUE_TRUE -> {
                return Boolean.TRUE;
            }
            case VALUE_FALSE -> {
                return Boolean.FALSE;
            }
            case VALUE_NULL -> {
                return Json.NULL;
            }
            default -> throw new IOException("unexpected " + p.currentToken());
        }
    }

    /** Of an object the named fields, of an array each element (an array in it as an empty one), else the value. */
    private static Object project(Object value, JsonProjection projection) {
        Map<String, JsonProjection> fields = projection.fields();
        if (fields == null) {
            return value;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> kept = new HashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                JsonProjection child = fields.get((String) e.getKey());
                if (child != null) {
                    kept.put((String) e.getKey(), project(e.getValue(), child));
                }
            }
            return kept;
        }
        if (value instanceof List<?> list) {
            List<Object> kept = new ArrayList<>();
            for (Object element : list) {
                kept.add(element instanceof List ? List.of() : project(element, projection));
            }
            return kept;
        }
        return value;
    }
}
