package io.github.termsprawl.store;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** Building messages as the readers do: a time as the store wrote it, at most one flag. */
public final class Messages {
    private Messages() {}

    public static Message of(
            Role role, List<Block> blocks, Object time, String id, String parentId, Source source, Message.Flag flag) {
        Set<Message.Flag> flags = flag == null ? Set.of() : EnumSet.of(flag);
        return new Message(role, blocks, Timestamps.parse(time), id, parentId, source, flags);
    }

    /** The text of content parts (pi tool results, OpenCode outputs): {@code text} joined with {@code \n}, images described. */
    public static String text(List<Block> blocks) {
        StringBuilder out = new StringBuilder();
        for (Block b : blocks) {
            String text = b instanceof Block.Text t ? t.text() : b instanceof Block.Image i ? i.describe() : null;
            if (text != null) {
                out.append(out.length() == 0 ? "" : "\n").append(text);
            }
        }
        return out.toString();
    }

    /**
     * The prose of a user or assistant message as the file views print it: its {@link Block.Text} blocks that
     * are not the harness's, joined with {@code \n}; null for any other role or when it has no such block.
     */
    public static Turn prose(Message m) {
        if (m.role() != Role.USER && m.role() != Role.ASSISTANT) {
            return null;
        }
        StringBuilder text = null;
        for (Block b : m.blocks()) {
            if (b instanceof Block.Text t && !t.harness()) {
                text = text == null
                        ? new StringBuilder(t.text())
                        : text.append('\n').append(t.text());
            }
        }
        return text == null ? null : new Turn(m.role().id(), text.toString());
    }

    /** {@link #prose} when its text is not empty: the stores whose file view drops empty turns. */
    public static Turn nonEmptyProse(Message m) {
        Turn t = prose(m);
        return t == null || t.text().isEmpty() ? null : t;
    }
}
