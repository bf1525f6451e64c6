package io.github.termsprawl.cli;

import io.github.termsprawl.core.Links;
import io.github.termsprawl.core.NodeId;
import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.ProjectRoot;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.SortedSet;

/**
 * The one stderr line the context command gives when it printed nothing because of a mistake (docs/context.md,
 * "Exit codes and stderr"): a {@code --cwd} in no project ({@link ProjectRoot}), a project without {@code .termsprawl/},
 * a {@code --self} no file of the project names. Asked only when nothing was printed, so a working call never
 * pays for it; the exit code stays 0.
 */
final class ContextHint {
    private ContextHint() {}

    /** The problem and its fix, or null when printing nothing is right (a known node with no peer that printed). */
    static String of(String cwdArg, String self) {
        Path cwd;
        try {
            cwd = Path.of(cwdArg).toAbsolutePath().normalize();
        } catch (InvalidPathException | SecurityException e) {
            return "--cwd " + quoted(cwdArg) + " is no folder path: pass the project root, e.g. --cwd .";
        }
        if (!Files.isDirectory(cwd)) {
            return "no folder " + cwd + ": pass the project root as --cwd";
        }
        cwd = ProjectRoot.of(cwd); // a folder inside the project: the project's root, as the command took it
        if (!Files.isDirectory(cwd.resolve(ProjectLayout.DIR))) {
            // a .termsprawl/ above that holds neither project.json nor bin/ is not taken by itself: name it
            for (Path up = cwd.getParent(); up != null; up = up.getParent()) {
                if (Files.isDirectory(up.resolve(ProjectLayout.DIR))) {
                    return cwd + " is not the project root: run it with --cwd " + up;
                }
            }
            return "no " + ProjectLayout.DIR + " folder in " + cwd
                    + ": run termsprawl's discover goal in the project root first";
        }
        if (self.isEmpty()) {
            return null; // a session started without TERMSPRAWL_NODE_ID is no node: nothing to say (docs/context.md)
        }
        if (!NodeId.isSafe(self)) {
            return "--self " + quoted(self) + " is no node id (letters, digits, '-' and '_'): pass"
                    + " \"$TERMSPRAWL_NODE_ID\"";
        }
        SortedSet<String> known = new Links(new ProjectLayout(cwd)).knownNodes();
        if (known.contains(self)) {
            return null;
        }
        return "unknown node " + self + " (no link, transcript or project.json names it; "
                + (known.isEmpty() ? "the project knows no node" : "known: " + String.join(", ", known))
                + "): start the agent with TERMSPRAWL_NODE_ID set to its node, or link it (the link goal)";
    }

    /** A value as one line: control characters would break the one stderr line. */
    private static String quoted(String value) {
        StringBuilder out = new StringBuilder("'");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            out.append(c < 0x20 || c == 0x7f ? '?' : c);
        }
        return out.append('\'').toString();
    }
}
