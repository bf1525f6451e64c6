package io.github.termsprawl.plant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Windows twins cannot run here: their text is what is checked, line by line. */
class LaunchersTest {
    static List<String> cmdLines() {
        String cmd = new Launchers("mvn termsprawl:discover")
                .cmd("termsprawl-context", "io.github.termsprawl.cli.ContextCommand", "prints", false, "", "");
        assertTrue(cmd.endsWith("\r\n"));
        assertEquals(-1, cmd.replace("\r\n", "").indexOf('\n'), "a bare LF");
        return Arrays.asList(cmd.split("\r\n"));
    }

    @Test
    void aFolderWithACharacterOutsideTheBmpIsNamedAsOneNoClassLoadsFrom() {
        assertEquals(
                "\ud83d\ude00 (U+1F600)",
                Launchers.unloadableCharacter(Path.of("/tmp/only-\ud83d\ude00/x/.termsprawl/bin")));
        assertEquals(
                "\ud840\udc00 (U+20000)", Launchers.unloadableCharacter(Path.of("/p/\u00fc/\ud840\udc00\ud83d\ude00")));
        // accents, CJK of the BMP, spaces and percent signs load fine
        assertNull(Launchers.unloadableCharacter(Path.of("/tmp/\u00fc \u00e9 % \u4e2d\u6587/.termsprawl/bin")));
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
        // JAVA_HOME's java, else the full path of the first java.exe on PATH (as JavaRuntime finds it), else none
        assertTrue(
                lines.contains("if not defined JAVA_EXE for %%i in (java.exe) do set \"JAVA_EXE=%%~$PATH:i\""),
                lines.toString());
        assertTrue(lines.contains("if not defined JAVA_EXE goto nojava"), lines.toString());
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
        String sh = new Launchers("mvn termsprawl:discover")
                .sh("termsprawl-context", "io.github.termsprawl.cli.ContextCommand", "prints", false, "", "");
        for (String launcher : List.of(sh, String.join("\n", cmdLines()))) {
            assertTrue(launcher.contains("-Xlog:disable -Xlog:all=error:stderr -Xlog:cds*=off:stderr"), launcher);
        }
    }

    @Test
    void aLauncherForAnswersPassesTheExitCodeOn() {
        Launchers launchers = new Launchers("mvn termsprawl:discover");
        String fails = launchers.sh("termsprawl-context", "Main", "prints", false, "", "");
        String passes = launchers.sh("termsprawl-ask", "Main", "asks", true, "", "");
        assertTrue(fails.endsWith("\"$java\" \"$@\"\n[ $? -eq 2 ] && exit 2\nexit 0\n"), fails);
        assertTrue(passes.endsWith("\nexec \"$java\" \"$@\"\n"), passes);
        assertTrue(passes.contains("on PATH\" >&2\n  exit 1\n"), passes);
        List<String> cmd = Arrays.asList(
                launchers.cmd("termsprawl-ask", "Main", "asks", true, "", "").split("\r\n"));
        int run = cmd.indexOf(cmd.stream()
                .filter(l -> l.startsWith("\"%JAVA_EXE%\" %CDS% "))
                .findFirst()
                .orElseThrow());
        assertEquals("exit /b %ERRORLEVEL%", cmd.get(run + 1));
        assertEquals("exit /b 1", cmd.get(cmd.size() - 1));
    }

    @Test
    void theShLauncherOfAnswersExitsAsTheCommandDoes(@TempDir Path dir) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(bin.resolve(Launchers.JAR), "");
        Path java = Files.createDirectories(dir.resolve("jdk/bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nexit 3\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path launcher = bin.resolve("termsprawl-ask");
        Files.writeString(launcher, new Launchers("x").sh("termsprawl-ask", "Main", "asks", true, "", ""));
        Path open = bin.resolve("termsprawl-context");
        Files.writeString(open, new Launchers("x").sh("termsprawl-context", "Main", "prints", false, "", ""));
        assertEquals(3, exit(launcher, dir));
        assertEquals(0, exit(open, dir), "the context command never fails its caller");
    }

    @Test
    void underAPathNoClassLoadsFromTheLauncherSaysSoInOneLine(@TempDir Path dir) throws Exception {
        Path java = Files.createDirectories(dir.resolve("jdk/bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\necho java ran\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Launchers launchers = new Launchers("x");
        for (String folder : new String[] {"plain", "\u00fc \u00e9 % (x)", "\u4e2d\u6587", "a-\ud83d\ude00/b"}) {
            Path bin = Files.createDirectories(dir.resolve(folder));
            Files.writeString(bin.resolve(Launchers.JAR), "");
            Files.writeString(
                    bin.resolve("termsprawl-context"),
                    launchers.sh("termsprawl-context", "Main", "prints", false, "", ""));
            Files.writeString(
                    bin.resolve("termsprawl-ask"), launchers.sh("termsprawl-ask", "Main", "asks", true, "", ""));
            boolean loads = Launchers.unloadableCharacter(bin) == null;
            for (String command : new String[] {"termsprawl-context", "termsprawl-ask"}) {
                // run as an agent does: from the folder by a relative path, and by its absolute path
                for (String how :
                        new String[] {"./" + command, bin.resolve(command).toString()}) {
                    ProcessBuilder pb = new ProcessBuilder("sh", how).directory(bin.toFile());
                    pb.environment().put("JAVA_HOME", dir.resolve("jdk").toString());
                    pb.environment().put("LC_ALL", "C.UTF-8");
                    Process p = pb.start();
                    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
                    if (loads) {
                        assertEquals("java ran\n", out, folder);
                        assertEquals("", err, folder);
                    } else {
                        assertEquals("", out, folder);
                        assertEquals(
                                command + ": cannot start under " + bin.toRealPath() + ": its path holds a character"
                                        + " outside the Basic Multilingual Plane (an emoji?), and Java cannot load"
                                        + " classes from under such a path; move or rename the folder\n",
                                err,
                                folder);
                        assertEquals(command.equals("termsprawl-ask") ? 1 : 0, p.exitValue(), folder);
                    }
                }
            }
        }
    }

    private static int exit(Path launcher, Path dir) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("sh", launcher.toString()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", dir.resolve("jdk").toString());
        Process p = pb.start();
        p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return p.exitValue();
    }
}
