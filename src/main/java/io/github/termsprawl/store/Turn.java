package io.github.termsprawl.store;

/** One printable turn of a conversation: {@code role} is {@code user} or {@code assistant}. */
public record Turn(String role, String text) {}
