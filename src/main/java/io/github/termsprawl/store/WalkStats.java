package io.github.termsprawl.store;

/**
 * What a whole-session walk saw: {@code records} read (lines, rows or files), {@code unknown} among them
 * of a type the reader does not know (skipped, never fatal), {@code unreadable} lines that were not one
 * JSON object, and {@code messages} handed to the visitor.
 */
public record WalkStats(long records, long unknown, long unreadable, long messages) {}
