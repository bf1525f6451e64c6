package io.github.termsprawl.store;

/** One part of a message, in the order the store wrote them. */
public sealed interface Block {
    /**
     * Text; {@code harness} when the store marks it as added by the harness rather than typed or answered
     * (OpenCode's {@code synthetic} and {@code ignored} parts), which the file view leaves out (docs/stores.md).
     */
    record Text(String text, boolean harness) implements Block {
        public Text(String text) {
            this(text, false);
        }
    }

    /** Reasoning; {@code redacted} when the store kept only an opaque or encrypted form (then text is empty). */
    record Thinking(String text, boolean redacted) implements Block {}

    /** A call of a tool; {@code arguments} is JSON text (the store's own string, or its object written compactly). */
    record ToolCall(String id, String name, String arguments) implements Block {}

    /** What a call returned: its text (images in it as {@link Image#describe()}), and whether it failed. */
    record ToolResult(String callId, String content, boolean error) implements Block {}

    /** An image, never its bytes: its media type (maybe null) and decoded size in bytes (-1 when unknown). */
    record Image(String mediaType, long size) implements Block {
        public String describe() {
            return "[image " + (mediaType == null ? "?" : mediaType) + (size < 0 ? "" : ", " + size + " bytes") + "]";
        }
    }

    /**
     * Context attached to the conversation (a file, a hook's output, a prompt queued while the agent worked);
     * {@code harness} when it is the harness restating itself (Claude Code's environment, model, tool and skill
     * listings, prompt snapshots…), which turn files give one short line and ask leaves out unless asked
     * (docs/stores.md, "Harness attachments").
     */
    record Attachment(String kind, String text, boolean harness) implements Block {
        public Attachment(String kind, String text) {
            this(kind, text, false);
        }
    }
}
