package io.github.termsprawl.history;

import io.github.termsprawl.core.TurnFileName;
import io.github.termsprawl.jsonl.ByteRuns;
import io.github.termsprawl.redact.Redactor;
import io.github.termsprawl.store.Block;
import io.github.termsprawl.store.Message;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One message as a turn file: a small header an agent can cite (front matter: turn, role, node, store,
 * session, time, source), then its blocks in order — text as it was written, thinking under its own
 * heading, tool calls and results under a heading with their arguments and output fenced verbatim, images as
 * a placeholder line. Everything a person or a tool wrote goes through {@link Redactor}.
 */
final class TurnMarkdown {
    /**
     * Bumped when the bytes of a turn file or an index line change, so every folder is written again (2: a
     * text beside other sections gets its own {@code ## text} heading; thinking kept only as a signature is
     * marked encrypted; 3: Claude Code's harness attachments folded into the turn they follow, a line each).
     */
    static final int FORMAT = 3;

    /** The longest first line an index line keeps. */
    static final int INDEX_TEXT = 120;

    /** What every turn of one folder shares in its header. */
    record Header(String node, String store, String session, String agent) {}

    private TurnMarkdown() {}

    /** {@code turn-0042-assistant.md}: the number zero-padded to four digits (more past 9999). */
    static String fileName(int turn, Message m) {
        return TurnFileName.of(turn, m.role().id());
    }

    static byte[] render(Header header, int turn, Integer window, Message m, boolean redact) {
        StringBuilder front = new StringBuilder(256);
        front.append("---\n");
        field(front, "turn", TurnFileName.number(turn));
        field(front, "role", m.role().id());
        field(front, "node", header.node());
        if (header.agent() != null) {
            field(front, "agent", header.agent());
        }
        field(front, "store", header.store());
        field(front, "session", header.session());
        field(front, "time", time(m.timestamp()));
        field(front, "source", m.source() == null ? null : m.source().cite());
        field(front, "id", m.id());
        if (window != null) {
            field(front, "window", Integer.toString(window + 1));
        }
        if (!m.flags().isEmpty()) {
            field(front, "flags", flags(m));
        }
        front.append("---\n");
        // the header too: a session id or a source path is the writer's, and could hold a secret
        TurnBytes out = new TurnBytes().append(Redactor.redact(front.toString(), redact));
        // beside a heading, a text without its own would read as part of the section before it (an answer
        // after "## thinking" as more thinking): docs/files.md, "Turn files"
        boolean headed = hasSections(m);
        boolean inHarness = false;
        for (Block b : m.blocks()) {
            if (b instanceof Block.Attachment a && a.harness()) {
                // the harness restating itself: one short line each, under one heading per run of them
                if (!inHarness) {
                    out.append("\n## harness attachments\n\n");
                    inHarness = true;
                }
                out.append("- ").append(harnessLine(a, redact)).append('\n');
                continue;
            }
            inHarness = false;
            out.append('\n');
            if (headed && b instanceof Block.Text) {
                out.append("## text\n\n");
            }
            block(out, b, redact);
        }
        return out.bytes();
    }

    /** Whether the message has a block that is written under a heading of its own. */
    private static boolean hasSections(Message m) {
        for (Block b : m.blocks()) {
            if (b instanceof Block.Thinking
                    || b instanceof Block.ToolCall
                    || b instanceof Block.ToolResult
                    || b instanceof Block.Attachment) {
                return true;
            }
        }
        return false;
    }

    /** {@code <kind>}, then {@code : } and the first line of its text (cut as an index line's) when it has one. */
    static String harnessLine(Block.Attachment a, boolean redact) {
        String kind = oneLine(a.kind() == null ? "?" : a.kind());
        String first = a.text() == null ? null : firstLine(a.text());
        // redacted before the cut: a secret the cut would halve is still seen whole
        return first == null ? kind : kind + ": " + cut(Redactor.redact(first, redact));
    }

    /** At most {@link #INDEX_TEXT} chars, {@code …} marking a cut (never between the halves of a pair). */
    private static String cut(String text) {
        if (text.length() <= INDEX_TEXT) {
            return text;
        }
        int cut = INDEX_TEXT;
        if (Character.isHighSurrogate(text.charAt(cut - 1))) {
            cut--;
        }
        return text.substring(0, cut) + "…";
    }

    private static void field(StringBuilder out, String name, String value) {
        if (value != null) {
            out.append(name).append(": ").append(oneLine(value)).append('\n');
        }
    }

    static String time(Instant t) {
        return t == null ? null : t.toString();
    }

    private static String flags(Message m) {
        List<String> names = new ArrayList<>();
        for (Message.Flag f : Message.Flag.values()) {
            if (m.has(f)) {
                names.add(f.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            }
        }
        return String.join(", ", names);
    }

    private static void block(TurnBytes out, Block b, boolean redact) {
        if (b instanceof Block.Text t) {
            line(out, Redactor.redact(t.text(), redact));
        } else if (b instanceof Block.Thinking t) {
            if (t.redacted()) {
                out.append("## thinking (kept encrypted by the store)\n");
            } else {
                out.append("## thinking\n\n");
                line(out, Redactor.redact(t.text(), redact));
            }
        } else if (b instanceof Block.ToolCall c) {
            out.append("## tool call: ")
                    .append(oneLine(c.name() == null ? "?" : c.name()))
                    .append(c.id() == null ? "" : " (" + oneLine(c.id()) + ")")
                    .append("\n\n");
            fenced(
                    out,
                    c.arguments().startsWith("{") || c.arguments().startsWith("[") ? "json" : "",
                    c.arguments(),
                    redact);
        } else if (b instanceof Block.ToolResult r) {
            out.append("## tool result")
                    .append(r.callId() == null ? "" : ": " + oneLine(r.callId()))
                    .append(r.error() ? " (error)" : "")
                    .append("\n\n");
            fenced(out, "", r.content(), redact);
        } else if (b instanceof Block.Image i) {
            line(out, i.describe());
        } else if (b instanceof Block.Attachment a) {
            out.append("## attachment: ")
                    .append(oneLine(a.kind() == null ? "?" : a.kind()))
                    .append('\n');
            if (a.text() != null) {
                out.append('\n');
                fenced(out, "", a.text(), redact);
            }
        }
    }

    private static void line(TurnBytes out, String text) {
        out.append(text);
        if (text.isEmpty() || text.charAt(text.length() - 1) != '\n') {
            out.append('\n');
        }
    }

    /**
     * A fence longer than any run of backticks in the text, so nothing in it can close the fence. The text is
     * encoded first and its backticks counted in its bytes (in UTF-8 a backtick byte is only ever a backtick).
     */
    private static void fenced(TurnBytes out, String info, String text, boolean redact) {
        byte[] body = Redactor.redact(text == null ? "" : text, redact).getBytes(StandardCharsets.UTF_8);
        String fence = "`".repeat(Math.max(3, ByteRuns.longest(body, (byte) '`') + 1));
        out.append(fence).append(info).append('\n').encoded(body);
        if (body.length == 0 || body[body.length - 1] != '\n') {
            out.append('\n');
        }
        out.append(fence).append('\n');
    }

    /** The value on one line: line breaks and other control characters become spaces. */
    static String oneLine(String value) {
        StringBuilder out = null;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029') {
                if (out == null) {
                    out = new StringBuilder(value.substring(0, i));
                }
                out.append(' ');
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? value : out.toString();
    }

    /**
     * The turn's line in {@code index.md}: its number, role and time, then the first line of its text, else of
     * what it holds ({@code [tool call Bash] {"command":…}}, {@code [tool result toolu_1 (error)] …},
     * {@code [thinking] …}), cut to {@link #INDEX_TEXT} chars.
     */
    static String indexLine(int turn, Message m, boolean redact) {
        String text = firstLine(m.text());
        if (text == null) {
            text = describe(m);
        }
        text = cut(Redactor.redact(text, redact));
        String t = time(m.timestamp());
        return TurnFileName.number(turn) + " " + m.role().id() + " " + (t == null ? "-" : t) + " " + text;
    }

    /**
     * The first line that is not blank, on one line, at most {@link #INDEX_TEXT} + 512 chars of it (redaction then
     * sees a whole secret that starts before the cut); null when none.
     */
    private static String firstLine(String text) {
        int n = text.length();
        int from = 0;
        while (from < n && Character.isWhitespace(text.charAt(from))) {
            from++; // blank lines and the line's leading blanks
        }
        if (from == n) {
            return null;
        }
        // only as far as the cut: a text of one long line is not scanned to its end
        int limit = (int) Math.min(n, (long) from + INDEX_TEXT + 512);
        int end = from;
        while (end < limit && text.charAt(end) != '\n') {
            end++;
        }
        return oneLine(text.substring(from, end).stripTrailing());
    }

    /** The first block that is not text: what it is, then the first line of what it holds. */
    private static String describe(Message m) {
        for (Block b : m.blocks()) {
            String kind;
            String body;
            if (b instanceof Block.ToolCall c) {
                kind = "[tool call " + (c.name() == null ? "?" : oneLine(c.name())) + "]";
                body = c.arguments();
            } else if (b instanceof Block.ToolResult r) {
                kind = "[tool result" + (r.callId() == null ? "" : " " + oneLine(r.callId()))
                        + (r.error() ? " (error)" : "") + "]";
                body = r.content();
            } else if (b instanceof Block.Thinking t) {
                kind = t.redacted() ? "[thinking, kept encrypted]" : "[thinking]";
                body = t.text();
            } else if (b instanceof Block.Image i) {
                kind = i.describe();
                body = null;
            } else if (b instanceof Block.Attachment a) {
                kind = "[attachment " + (a.kind() == null ? "?" : oneLine(a.kind())) + "]";
                body = a.text();
            } else {
                continue;
            }
            String first = body == null ? null : firstLine(body);
            return first == null ? kind : kind + " " + first;
        }
        return "[empty]";
    }
}
