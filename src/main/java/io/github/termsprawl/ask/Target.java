package io.github.termsprawl.ask;

import io.github.termsprawl.core.TranscriptIndex;

/**
 * One session (or one compaction window of it) to ask.
 *
 * @param label  how it is named in the output: the node id, or the session's file or id
 * @param node   the node it belongs to, or null for a session given by path or id
 * @param entry  its transcript, or null when the node has none recorded (then it cannot be asked)
 * @param window the compaction window (from 1, oldest first), or 0 for the active one
 */
public record Target(String label, String node, TranscriptIndex.Entry entry, int window) {}
