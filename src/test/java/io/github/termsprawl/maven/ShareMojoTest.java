package io.github.termsprawl.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.termsprawl.share.GitRemotes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShareMojoTest {
    @TempDir
    Path tmp;

    /** A share goal as Maven makes it: the parameters' defaults, then {@code name=value} pairs; its log kept. */
    static ShareMojo mojo(List<String> log, String... settings) throws Exception {
        ShareMojo mojo = new ShareMojo();
        String[] all = new String[settings.length + 6];
        System.arraycopy(new String[] {"remote", "origin", "confirm", "false", "shareCap", "50M"}, 0, all, 0, 6);
        System.arraycopy(settings, 0, all, 6, settings.length);
        for (int i = 0; i < all.length; i += 2) {
            java.lang.reflect.Field f = ShareMojo.class.getDeclaredField(all[i]);
            f.setAccessible(true);
            f.set(mojo, all[i + 1]);
        }
        mojo.setLog(new SystemStreamLog() {
            @Override
            public void info(CharSequence content) {
                log.add(content.toString());
            }
        });
        return mojo;
    }

    /**
     * The first share's preview is what was asked for: the goal ends well (no BUILD FAILURE), having listed what would
     * leave and said the exact command that shares it; nothing is pushed. Real errors still fail (docs/sharing.md).
     */
    @Test
    void theFirstSharesPreviewSucceedsAndSaysTheCommandThatConfirmsIt() throws Exception {
        GitRemotes remotes = new GitRemotes(tmp);
        Path alice = remotes.machine("alice", "alice@example.com");
        remotes.session(alice, "backend", 2, "");
        List<String> log = new ArrayList<>();
        mojo(log).run(alice); // no node named: the project's one node
        String all = String.join("\n", log);
        assertTrue(all.contains("termsprawl: First share of backend: what would leave this machine for origin"), all);
        assertEquals(
                "termsprawl: Nothing was shared yet: this is the first share of backend. Read the list above, then"
                        + " confirm it with: mvn termsprawl:share -Dtermsprawl.node=backend -Dtermsprawl.confirm=true",
                log.get(log.size() - 1));
        assertEquals("", GitRemotes.git(remotes.bare, "for-each-ref", "refs/termsprawl/"));

        // the command it names shares the node
        log.clear();
        mojo(log, "node", "backend", "confirm", "true").run(alice);
        assertTrue(
                String.join("\n", log).contains("Shared backend as refs/termsprawl/alice/backend on origin"),
                log.toString());
        assertTrue(GitRemotes.git(remotes.bare, "for-each-ref", "refs/termsprawl/")
                .contains("refs/termsprawl/alice/backend"));

        // a real error is still a failure of the build
        MojoFailureException refused = assertThrows(
                MojoFailureException.class, () -> mojo(log, "redact", "false").run(alice));
        assertTrue(refused.getMessage().contains("always redacted"), refused.getMessage());
        assertThrows(
                MojoFailureException.class, () -> mojo(log, "shareCap", "lots").run(alice));
    }

    /** The command to confirm keeps every property given that is not its default, quoted for the shell. */
    @Test
    void theConfirmingCommandKeepsWhatWasGiven() throws Exception {
        assertEquals(
                "mvn termsprawl:share -Dtermsprawl.node=backend -Dtermsprawl.remote=team -Dtermsprawl.user=al"
                        + " -Dtermsprawl.shareCap=100M -Dtermsprawl.confirm=true",
                mojo(new ArrayList<>(), "remote", "team", "user", "al", "shareCap", "100M")
                        .confirmCommand("backend"));
        assertEquals("'-Dtermsprawl.remote=my team'", ShareMojo.property("termsprawl.remote", "my team"));
        assertEquals("'-Dtermsprawl.remote=it'\\''s'", ShareMojo.property("termsprawl.remote", "it's"));
    }

    @Test
    void theCapTakesBytesOrASuffix() throws Exception {
        assertEquals(50L << 20, ShareMojo.cap("50M"));
        assertEquals(512L << 10, ShareMojo.cap("512kb"));
        assertEquals(1L << 30, ShareMojo.cap("1G"));
        assertEquals(1000, ShareMojo.cap("1000"));
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> ShareMojo.cap("lots"));
        assertTrue(e.getMessage().contains("termsprawl.shareCap"), e.getMessage());
        assertThrows(MojoFailureException.class, () -> ShareMojo.cap("0"));
    }
}
