package io.github.termsprawl.store;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Messages as one line each, so a test can pin them exactly. */
public final class Describe {
    private Describe() {}

    public static List<String> all(List<Message> messages) {
        List<String> out = new ArrayList<>();
        for (Message m : messages) {
            out.add(of(m));
        }
        return out;
    }

    /** {@code role @id: blocks… #FLAGS}, texts quoted with newlines shown as \n. */
    public static String of(Message m) {
        return of(m, Integer.MAX_VALUE);
    }

    /** As {@link #of(Message)}, every text cut to {@code max} code points (then followed by … and its length). */
    public static String of(Message m, int max) {
        StringBuilder out = new StringBuilder(m.role().id());
        if (m.id() != null) {
            out.append(" @").append(m.id());
        }
        out.append(':');
        for (Block b : m.blocks()) {
            out.append(' ').append(of(b, max));
        }
        for (Message.Flag f : new TreeSet<>(m.flags())) {
            out.append(" #").append(f);
        }
        return out.toString();
    }

    public static String of(Block b, int max) {
        if (b instanceof Block.Text t) {
            return quote(t.text(), max);
        }
        if (b instanceof Block.Thinking t) {
            return t.redacted() ? "<redacted>" : "<thinking " + quote(t.text(), max) + ">";
        }
        if (b instanceof Block.ToolCall c) {
            return "call(" + c.id() + " " + c.name() + " " + cut(c.arguments(), max) + ")";
        }
        if (b instanceof Block.ToolResult r) {
            return "result(" + r.callId() + (r.error() ? " error " : " ") + quote(r.content(), max) + ")";
        }
        if (b instanceof Block.Image i) {
            return i.describe();
        }
        Block.Attachment a = (Block.Attachment) b;
        return "attachment(" + a.kind() + " " + (a.text() == null ? "-" : quote(a.text(), max)) + ")";
    }

    private static String quote(String s, int max) {
        int n = s.codePointCount(0, s.length());
        String kept = n <= max ? s : s.substring(0, s.offsetByCodePoints(0, max));
        String q = "\"" + kept.replace("\\", "\\\\").replace("\n", "\\n").replace("\"", "\\\"") + "\"";
        return n <= max ? q : q + "…(" + n + ")";
    }

    private static String cut(String s, int max) {
        int n = s.codePointCount(0, s.length());
        return n <= max ? s : s.substring(0, s.offsetByCodePoints(0, max)) + "…(" + n + ")";
    }
}
