package io.github.termsprawl.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.termsprawl.plant.Discovery;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckMojoTest {
    static final Path ROOT = Path.of("/p");

    @Test
    void anIgnoredFileIsNamedWithItsRuleAndTheFixDiscoverCannotGive() {
        assertEquals(
                "termsprawl discovery files are not current:\n"
                        + "  ignored: .claude/skills/termsprawl-ask/SKILL.md (by .gitignore:1: .claude/)\n"
                        + "An ignored file is left out by 'git add', so a teammate's clone lacks it: commit it with"
                        + " 'git add -f <file>' (or change the rule named).",
                CheckMojo.failure(
                        ROOT,
                        List.of(new Discovery.Finding(
                                ROOT.resolve(".claude/skills/termsprawl-ask/SKILL.md"),
                                "ignored",
                                ".gitignore:1: .claude/"))));
    }

    @Test
    void aLostExecBitIsNamedAsSuch() {
        assertEquals(
                "termsprawl discovery files are not current:\n"
                        + "  not executable: .termsprawl/bin/termsprawl-context (mode 0755 needed)\n"
                        + "  missing: .termsprawl/AGENTS.md\n"
                        + "Run 'mvn termsprawl:discover' to fix.",
                CheckMojo.failure(
                        ROOT,
                        List.of(
                                new Discovery.Finding(
                                        ROOT.resolve(".termsprawl/bin/termsprawl-context"),
                                        "not executable",
                                        "mode 0755 needed"),
                                new Discovery.Finding(ROOT.resolve(".termsprawl/AGENTS.md"), "missing"))));
    }
}
