package io.github.termsprawl.share;

import java.nio.file.Path;

/**
 * The paths of the sharer's machine taken out of the turn files a share publishes (docs/sharing.md, "What is
 * shared"): a turn file's {@code source} and the index's "read from" name the transcript, usually under the home
 * folder (user name, project path), so each is made relative to the project, or left out when the transcript is
 * outside it. A {@code message:<id>} source names no file and stays.
 */
final class ShareablePaths {
    private static final String SOURCE = "\nsource: ";
    private static final String READ_FROM = ", read from ";
    private static final String INDEX_HEAD_END = ".\nTurn N is turn-NNNN-<role>.md";
    private static final String EARLIER = "\n## earlier sessions\n";

    private ShareablePaths() {}

    /** A turn file with its header's {@code source} relative to {@code project}, or without it. */
    static String turnFile(String text, Path project) {
        int end = text.startsWith("---\n") ? text.indexOf("\n---\n", 3) : -1;
        int at = end < 0 ? -1 : text.indexOf(SOURCE);
        if (at < 0 || at > end) {
            return text;
        }
        int nl = text.indexOf('\n', at + 1);
        String value = text.substring(at + SOURCE.length(), nl);
        String shown = relative(value, project);
        return text.substring(0, at) + (shown == null ? "" : SOURCE + shown) + text.substring(nl);
    }

    /**
     * An {@code index.md} with the transcript it was read from relative to {@code project} (or not named), and
     * without its list of earlier sessions, whose folders a share does not publish.
     */
    static String index(String text, Path project) {
        int head = text.indexOf(INDEX_HEAD_END);
        int from = head < 0 ? -1 : text.lastIndexOf(READ_FROM, head);
        if (from >= 0) {
            String shown = relative(text.substring(from + READ_FROM.length(), head), project);
            text = text.substring(0, from) + (shown == null ? "" : READ_FROM + shown) + text.substring(head);
        }
        int earlier = text.lastIndexOf(EARLIER);
        return earlier < 0 ? text : text.substring(0, earlier);
    }

    /**
     * {@code source} ({@code file:line}, {@code file@offset}, or {@code table:id}) relative to {@code project};
     * null when it names a file outside it.
     */
    static String relative(String source, Path project) {
        int cut = Math.max(source.lastIndexOf(':'), source.lastIndexOf('@'));
        String file = cut > 0 && source.substring(cut + 1).chars().allMatch(Character::isDigit)
                ? source.substring(0, cut)
                : source;
        String suffix = source.substring(file.length());
        if (!looksAbsolute(file)) {
            return file.contains("/") || file.contains("\\") ? null : source; // a table's row stays
        }
        Path p;
        try {
            p = Path.of(file).normalize();
        } catch (RuntimeException e) {
            return null;
        }
        for (Path root : new Path[] {project.toAbsolutePath().normalize(), real(project)}) {
            if (root != null && p.startsWith(root) && !p.equals(root)) {
                return root.relativize(p).toString().replace('\\', '/') + suffix;
            }
        }
        return null;
    }

    private static boolean looksAbsolute(String file) {
        return file.startsWith("/")
                || file.startsWith("\\")
                || file.startsWith("~")
                || (file.length() > 2 && file.charAt(1) == ':' && (file.charAt(2) == '\\' || file.charAt(2) == '/'));
    }

    private static Path real(Path project) {
        try {
            return project.toRealPath();
        } catch (java.io.IOException e) {
            return null;
        }
    }
}
