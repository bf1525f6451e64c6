package io.github.termsprawl.maven;

import io.github.termsprawl.core.ProjectLayout;
import io.github.termsprawl.core.TranscriptIndex;
import io.github.termsprawl.core.UserErrorException;
import io.github.termsprawl.share.Sharer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Shares a node with everyone who can read the project's git remote: its turn files (always redacted), its
 * index, its live view at share time ({@code context.md}) and a manifest, as one commit on
 * {@code refs/termsprawl/<user>/<node>}, replaced at each share and pushed with your own git. The first share
 * of a node lists what would leave and needs {@code -Dtermsprawl.confirm=true}. Teammates read it with
 * {@code mvn termsprawl:receive}; {@code mvn termsprawl:unshare} takes it back.
 * <a href="docs/sharing.html">Sharing with your team</a>.
 */
@Mojo(name = "share", requiresProject = false, threadSafe = true)
public class ShareMojo extends AbstractTermsprawlMojo {
    static final String EXAMPLE = "mvn termsprawl:share -D" + UserProperties.NODE + "=backend";

    /** The node to share; may be left out when the project has one node only. */
    @Parameter(property = UserProperties.NODE)
    private String node;

    /** The git remote to push to. */
    @Parameter(property = UserProperties.REMOTE, defaultValue = "origin")
    private String remote;

    /** Who shares: 1-32 lower-case letters, digits and single '-'; the local part of git's user.email when not set. */
    @Parameter(property = UserProperties.USER)
    private String user;

    /** Confirms the first share of a node, once its list of what would leave was read. */
    @Parameter(property = UserProperties.CONFIRM, defaultValue = "false")
    private String confirm;

    /** The largest shareable form of one node, in bytes or with a K, M or G suffix. */
    @Parameter(property = UserProperties.SHARE_CAP, defaultValue = "50M")
    private String shareCap;

    /** Always true here: a shared node is always redacted, and false is refused. */
    @Parameter(property = UserProperties.REDACT)
    private String redact;

    /** Skips this goal only ({@code termsprawl.share.skip}); {@code termsprawl.skip} skips them all. */
    @Parameter(property = UserProperties.SHARE_SKIP, defaultValue = "false")
    private String skipShare;

    @Override
    String skipGoal() {
        return skipShare;
    }

    @Override
    String valueInError() {
        return node == null ? null : UserProperties.NODE + "=" + printable(node);
    }

    @Override
    String example() {
        return EXAMPLE;
    }

    @Override
    void run(Path root) throws IOException, MojoFailureException, UserErrorException {
        if (!flag(redact, UserProperties.REDACT, true)) {
            throw new MojoFailureException("A shared node is always redacted: " + UserProperties.REDACT
                    + "=false is refused by share (it leaves this machine). Example: " + EXAMPLE);
        }
        String id = node;
        if (id == null || id.isEmpty()) {
            List<String> nodes = new TranscriptIndex(new ProjectLayout(root)).nodes();
            if (nodes.size() != 1) {
                throw new MojoFailureException("Missing " + UserProperties.NODE + ": the project has "
                        + (nodes.isEmpty()
                                ? "no recorded node"
                                : nodes.size() + " nodes (" + String.join(", ", nodes) + ")")
                        + ". Example: " + EXAMPLE);
            }
            id = nodes.get(0);
        }
        nodeId(id, UserProperties.NODE, EXAMPLE);
        boolean confirmed = flag(confirm, UserProperties.CONFIRM, false);
        Sharer.Report r = new Sharer(root, remote, user).share(id, cap(shareCap), confirmed);
        for (String line : r.lines()) {
            getLog().info("termsprawl: " + line);
        }
        if (!r.pushed()) {
            // the preview the first share asks for is what was asked for, not a failure: the build succeeds, and
            // says the one command that shares what was listed (docs/sharing.md, "What is shared")
            getLog().info("termsprawl: Nothing was shared yet: this is the first share of " + id
                    + ". Read the list above, then confirm it with: " + confirmCommand(id));
        }
    }

    /**
     * The command that confirms the first share of {@code node}: this goal with the node (also when it was found
     * by itself), the properties given that are not their default, and {@code termsprawl.confirm=true}.
     */
    String confirmCommand(String node) {
        StringBuilder c = new StringBuilder("mvn termsprawl:share");
        c.append(' ').append(property(UserProperties.NODE, node));
        if (remote != null && !remote.equals("origin")) {
            c.append(' ').append(property(UserProperties.REMOTE, remote));
        }
        if (user != null && !user.isEmpty()) {
            c.append(' ').append(property(UserProperties.USER, user));
        }
        if (shareCap != null && !shareCap.trim().equalsIgnoreCase("50M")) {
            c.append(' ').append(property(UserProperties.SHARE_CAP, shareCap));
        }
        String projectDir = session() == null || session().getUserProperties() == null
                ? null
                : session().getUserProperties().getProperty(UserProperties.PROJECT_DIR);
        if (projectDir != null && !projectDir.isBlank()) {
            c.append(' ').append(property(UserProperties.PROJECT_DIR, projectDir));
        }
        return c.append(' ').append(property(UserProperties.CONFIRM, "true")).toString();
    }

    /** {@code -Dname=value}, quoted for a POSIX shell when the value needs it. */
    static String property(String name, String value) {
        String arg = "-D" + name + "=" + printable(value);
        return arg.matches("[A-Za-z0-9_./:=@%+,-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
    }

    /** {@code 50M}, {@code 512K}, {@code 1G} or a byte count. */
    static long cap(String value) throws MojoFailureException {
        String v = value == null ? "" : value.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        if (v.endsWith("B")) {
            v = v.substring(0, v.length() - 1);
        }
        if (v.endsWith("K") || v.endsWith("M") || v.endsWith("G")) {
            unit = v.endsWith("K") ? 1L << 10 : v.endsWith("M") ? 1L << 20 : 1L << 30;
            v = v.substring(0, v.length() - 1);
        }
        try {
            long n = Long.parseLong(v);
            if (n > 0) {
                return Math.multiplyExact(n, unit);
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // below
        }
        throw new MojoFailureException("Invalid value '" + printable(String.valueOf(value)) + "' for "
                + UserProperties.SHARE_CAP + ": a positive size such as 50M, 512K or 1G. Example: -D"
                + UserProperties.SHARE_CAP + "=100M");
    }
}
