package io.github.termsprawl.ask;

import java.util.ArrayList;
import java.util.List;

/** One message of a Messages API request while it is built: its role, its blocks, the turn it starts with. */
final class ApiMessage {
    static final String USER = "user";
    static final String ASSISTANT = "assistant";

    /** A content block of the request. */
    sealed interface Part {
        /** Its estimated size in UTF-8 bytes, JSON framing included. */
        long size();
    }

    record Text(String text) implements Part {
        @Override
        public long size() {
            return 24 + Sizes.utf8(text);
        }
    }

    /** A tool call; {@code input} is the JSON object the call took (a parsed tree of {@code jsonl.Json}). */
    record ToolUse(String id, String name, Object input, long inputSize) implements Part {
        @Override
        public long size() {
            return 48 + id.length() + name.length() + inputSize;
        }
    }

    record ToolResult(String id, String content, boolean error) implements Part {
        @Override
        public long size() {
            return 56 + id.length() + Sizes.utf8(content);
        }
    }

    final String role;
    final List<Part> parts;
    /** The turn number of the session message it was made from (the first, after a merge). */
    final int turn;

    ApiMessage(String role, List<Part> parts, int turn) {
        this.role = role;
        this.parts = new ArrayList<>(parts);
        this.turn = turn;
    }

    long size() {
        long size = 32;
        for (Part p : parts) {
            size += p.size();
        }
        return size;
    }

    boolean onlyToolResults() {
        for (Part p : parts) {
            if (!(p instanceof ToolResult)) {
                return false;
            }
        }
        return !parts.isEmpty();
    }
}
