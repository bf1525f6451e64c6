package io.github.termsprawl.store;

/** Takes the messages of a streamed walk, one at a time; returns whether the walk goes on. */
public interface MessageVisitor {
    boolean visit(Message message);
}
