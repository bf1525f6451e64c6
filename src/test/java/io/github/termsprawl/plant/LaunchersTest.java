package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Windows twins cannot run here: their text is what is checked, line by line. */
class LaunchersTest {
    static List<String> cmdLines() {
        String cmd = Launchers.cmd("termsprawl-context", "io.github.termsprawl.cli.ContextCommand", "prints");
        assertTrue(cmd.endsWith("\r\n"));
        assertEquals(-1, cmd.replace("\r\n", "").indexOf('\n'), "a bare LF");
        return Arrays.asList(cmd.split("\r\n"));
    }

    @Test
    void theWindowsLauncherFailsOpenLikeTheShOne() {
        List<String> lines = cmdLines();
        int run = lines.indexOf(lines.stream()
                .filter(l -> l.startsWith("\"%JAVA_EXE%\" %CDS% "))
                .findFirst()
                .orElseThrow());
        // after java: a usage error passes through as 2, anything else (a JVM that cannot start) is 0
        assertEquals(List.of("if %ERRORLEVEL% EQU 2 exit /b 2", "exit /b 0"), lines.subList(run + 1, run + 3));
        assertTrue(lines.stream().noneMatch(l -> l.contains("exit /b %ERRORLEVEL%")), lines.toString());
    }

    @Test
    void theWindowsLauncherSaysWhenThereIsNoJava() {
        List<String> lines = cmdLines();
        assertTrue(
                lines.contains("if \"%JAVA_EXE%\"==\"java\" where java >nul 2>nul || goto nojava"), lines.toString());
        int label = lines.indexOf(":nojava");
        assertTrue(label > 0, lines.toString());
        assertEquals(
                List.of(
                        "echo termsprawl-context: no Java runtime found; set JAVA_HOME or put java 17+ on PATH 1>&2",
                        "exit /b 0"),
                lines.subList(label + 1, label + 3));
        assertEquals(label + 3, lines.size());
    }

    @Test
    void neitherLauncherLetsTheJvmTalkAboutTheArchive() {
        String sh = Launchers.sh("termsprawl-context", "io.github.termsprawl.cli.ContextCommand", "prints");
        for (String launcher : List.of(sh, String.join("\n", cmdLines()))) {
            assertTrue(launcher.contains("-Xlog:disable -Xlog:all=error:stderr -Xlog:cds*=off:stderr"), launcher);
        }
    }
}
