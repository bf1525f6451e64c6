package io.github.termsprawl.session;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** Building messages as the readers do: a time as the store wrote it, at most one flag. */
final class Messages {
    private Messages() {}

    static Message of(
            Role role, List<Block> blocks, Object time, String id, String parentId, Source source, Message.Flag flag) {
        Set<Message.Flag> flags = flag == null ? Set.of() : EnumSet.of(flag);
        return new Message(role, blocks, Timestamps.parse(time), id, parentId, source, flags);
    }

    /** The text of content parts (pi tool results, OpenCode outputs): {@code text} joined with {@code \n}, images described. */
    static String text(List<Block> blocks) {
        StringBuilder out = new StringBuilder();
        for (Block b : blocks) {
            String text = b instanceof Block.Text t ? t.text() : b instanceof Block.Image i ? i.describe() : null;
            if (text != null) {
                out.append(out.length() == 0 ? "" : "\n").append(text);
            }
        }
        return out.toString();
    }
}
