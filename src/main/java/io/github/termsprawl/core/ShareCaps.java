package io.github.termsprawl.core;

/**
 * What a received shared node may weigh (docs/sharing.md, "Caps"), in one place: a teammate's push is read by
 * every receiver, so {@code receive} reads each blob's size before its content and refuses a node past any cap,
 * and no later read of a received node (the context command, {@code termsprawl-history}, {@code ask}) takes more
 * than they allow. {@code share} refuses to publish what a receiver would refuse.
 *
 * @param file    the most bytes one file of a node may hold
 * @param node    the most bytes of all a node's files together, each path counted (a tree that names one blob
 *                many times counts it each time)
 * @param files   the most files one node may hold
 * @param receive the most bytes one {@code receive} takes in, over the nodes it brings new or changed
 */
public record ShareCaps(long file, long node, int files, long receive) {
    /** The caps of docs/sharing.md; only a test gives others. */
    public static final ShareCaps DEFAULT =
            new ShareCaps(16L * 1024 * 1024, 128L * 1024 * 1024, 50_000, 1024L * 1024 * 1024);

    /**
     * The most bytes of a node's {@code touches.json} and {@code manifest.json}: the guard before every edit parses
     * each peer's touches within its budget (docs/touches.md), and {@code status} every manifest.
     */
    public static final long TOUCHES = 4L * 1024 * 1024;

    public static final long MANIFEST = 64L * 1024;

    /** The cap of one file at {@code path} of a node: {@link #file}, or less for the files read on a hot path. */
    public long fileAt(String path) {
        return switch (path) {
            case "touches.json" -> Math.min(file, TOUCHES);
            case "manifest.json" -> Math.min(file, MANIFEST);
            default -> file;
        };
    }

    /** The most bytes of a node's listing ({@code .files}, {@code git ls-tree}): a line per file, each shorter. */
    public long listing() {
        return files * 400L;
    }

    /** The most bytes one read of a node's files from git may print: every file, each with its header line. */
    public long batch() {
        return node + files * 100L;
    }

    /** {@code bytes} for a message: {@code 16 MB}, {@code 512 KB}, or bytes. */
    public static String describe(long bytes) {
        if (bytes >= 1024L * 1024 && bytes % (1024L * 1024) == 0) {
            return bytes / (1024L * 1024) + " MB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + " KB";
        }
        return bytes + " bytes";
    }
}
