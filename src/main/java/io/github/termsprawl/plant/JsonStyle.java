package io.github.termsprawl.plant;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.github.termsprawl.jsonl.Json;
import java.io.IOException;
import java.io.Writer;

/**
 * jackson-core's generator in the style of every JSON file termsprawl writes (docs/files.md, "How termsprawl writes
 * JSON": the layout of {@code JSON.stringify(value, null, 2)}), for the one tree that is databind's: the settings
 * merge, written back in the user's own indent. Two-space indent, {@code "key": value}, empty containers as
 * {@code {}} and {@code []}, strings escaped as {@code JSON.stringify} escapes them, as {@code jsonl/CompactJsonBytes}
 * writes every other file.
 */
final class JsonStyle {
    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .characterEscapes(new StringifyEscapes())
            // JSON.stringify writes no exponent below 1e21; the goals' exact decimals keep their digits
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            // the trees read with Json's bound are written back whole
            .streamWriteConstraints(StreamWriteConstraints.builder()
                    .maxNestingDepth(Json.MAX_DEPTH + 1)
                    .build())
            .build();

    private static final DefaultPrettyPrinter PRINTER = printer("  ");

    /** The file style with {@code indent} for each level ({@code JSON.stringify(value, null, indent)}). */
    private static DefaultPrettyPrinter printer(String indent) {
        return new DefaultPrettyPrinter(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                        .withObjectEmptySeparator("")
                        .withArrayEmptySeparator(""))
                .withObjectIndenter(new DefaultIndenter(indent, "\n"))
                .withArrayIndenter(new DefaultIndenter(indent, "\n"));
    }

    private JsonStyle() {}

    /**
     * A generator in the file style with {@code indent} (spaces or tabs) for each level instead of two spaces: a
     * user's file written back in its own indent. Pass what it wrote through {@link #finish(String)}.
     */
    static JsonGenerator generator(Writer out, String indent) throws IOException {
        JsonGenerator g = FACTORY.createGenerator(out);
        g.setPrettyPrinter(indent.equals("  ") ? PRINTER.createInstance() : printer(indent));
        return g;
    }

    /**
     * The generator's text with each lone surrogate written as {@code \}{@code udxxx}, as {@code JSON.stringify}
     * writes it: jackson-core passes it through as a char, which no UTF-8 encoder can write. Every char
     * outside a string is ASCII, so a lone surrogate in the text is always inside a string.
     */
    static String finish(String text) {
        StringBuilder out = null;
        int done = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isSurrogate(c)) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
                continue;
            }
            if (out == null) {
                out = new StringBuilder(text.length() + 16);
            }
            out.append(text, done, i).append("\\u").append(Integer.toHexString(c));
            done = i + 1;
        }
        return out == null ? text : out.append(text, done, text.length()).toString();
    }

    /** Control characters as {@code JSON.stringify} writes them: the five short forms, the rest {@code \}{@code u00xx} in lower case. */
    private static final class StringifyEscapes extends CharacterEscapes {
        private final int[] ascii;
        private final SerializableString[] controls = new SerializableString[0x20];

        StringifyEscapes() {
            ascii = standardAsciiEscapesForJSON();
            for (int c = 0; c < 0x20; c++) {
                if (c != '\b' && c != '\f' && c != '\n' && c != '\r' && c != '\t') {
                    ascii[c] = ESCAPE_CUSTOM;
                    // not String.format: its first use compiles regexes, milliseconds on every hook's start
                    controls[c] = new SerializedString(
                            "\\u00" + Character.forDigit(c >> 4, 16) + Character.forDigit(c & 15, 16));
                }
            }
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return ch < controls.length ? controls[ch] : null;
        }
    }
}
