package io.github.termsprawl.plant;

import java.nio.file.Path;

/**
 * The launchers planted in {@code .termsprawl/bin/}: a POSIX {@code sh} script and a Windows
 * {@code .cmd} twin per command, both running the shared jar with nothing but a Java runtime.
 */
public final class Launchers {
    public static final String JAR = "termsprawl.jar";
    /** The single archive of earlier releases, for every runtime: removed when a per-runtime one is made. */
    static final String LEGACY_ARCHIVE = "termsprawl.jsa";
    /** Beside each archive, what it was made from ({@link ClassDataArchive}); per machine, like the archive. */
    static final String STAMP_SUFFIX = ".stamp";
    /** A stamp's first line starts so, then names the launcher's {@code java}: the launchers match it. */
    static final String STAMP_JAVA = "java ";
    /** Every per-runtime archive and its stamp, as the planted {@code .gitignore} names them. */
    public static final String ARCHIVE_GLOB = "termsprawl-*.jsa";
    /** Every per-runtime ahead-of-time cache (JDK 24 and later) and its stamp, as the {@code .gitignore} names them. */
    public static final String AOT_CACHE_GLOB = "termsprawl-*.aot";
    /** How a launcher maps a class-data archive: a JVM that cannot use it starts without it, in silence. */
    static final String ARCHIVE_FLAG = "-XX:SharedArchiveFile=";

    static final String ARCHIVE_MODE = "-Xshare:auto";
    /**
     * How a launcher maps an ahead-of-time cache ({@code -XX:AOTMode=auto}, the default: a JVM that cannot use it
     * starts without it). A runtime before 24 that runs where the cache's runtime ran (an alternatives switch)
     * would refuse to start on the unknown flag: told to ignore it, it only starts slower.
     */
    static final String AOT_CACHE_FLAG = "-XX:AOTCache=";

    static final String AOT_CACHE_MODE = "-XX:+IgnoreUnrecognizedVMOptions";

    /**
     * The archive of one runtime, {@code termsprawl-<8 hex>.jsa} ({@code .aot} for an ahead-of-time cache): a hash
     * of the launcher's {@code java}, so a path of any length or character makes a short, safe file name.
     */
    public static String archiveName(String javaPath, boolean aotCache) {
        try {
            byte[] hash = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(javaPath.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return "termsprawl-" + java.util.HexFormat.of().formatHex(hash, 0, 4) + (aotCache ? ".aot" : ".jsa");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JDK has SHA-256
        }
    }

    /** Whether a file name is a per-runtime archive or cache, its stamp or its temporary file while it is made. */
    static boolean isArchiveFile(String name) {
        return name.matches("\\.?termsprawl-[0-9a-f]{8}\\.(jsa|aot)(\\.stamp|\\.tmp)?");
    }

    /** Whether a file name is a per-runtime archive or cache (or, with {@code stamp}, its stamp) of ours. */
    static boolean isArchiveName(String name, boolean stamp) {
        return name.matches("termsprawl-[0-9a-f]{8}\\.(jsa|aot)" + (stamp ? "\\.stamp" : ""));
    }
    /**
     * sqlite-jdbc, beside the jar and named by its manifest {@code Class-Path}: the JVM opens it only when
     * a class is missing from the main jar, i.e. when an OpenCode database is read.
     */
    public static final String SQLITE_JAR = "lib/sqlite-jdbc.jar";
    /**
     * Start-up flags, chosen by measurement (bench/README.md): one compiler tier and the serial
     * collector start fastest for a short run; a small young generation keeps the resident set small
     * while a 100 MB line streams through (the default sizes it from the machine's memory); no
     * perf-data file in /tmp; the JVM's own log (a stale class-data archive warns on stdout by default)
     * goes to stderr, errors only, and never about the class-data archive: one made by another Java is
     * skipped in silence (the command only starts slower; {@code check} says so). The archive's own flags
     * ({@link #ARCHIVE_MODE} or {@link #AOT_CACHE_MODE}) come with it: {@code -Xshare} and {@code -XX:AOTCache}
     * exclude each other.
     */
    static final String JVM_FLAGS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmn24m -XX:-UsePerfData"
            + " -Xlog:disable -Xlog:all=error:stderr -Xlog:cds*=off:stderr";

    private final String plantCommand;

    /**
     * The first character of {@code dir}'s absolute path outside the Basic Multilingual Plane (an emoji, say),
     * or null when there is none. The JDK's class path decoding (17 and 25 alike) fails on such a character
     * ("Error decoding percent encoded characters"), so no class loads from under that folder: a command
     * planted there cannot start.
     */
    public static String unloadableCharacter(Path dir) {
        String path = dir.toAbsolutePath().toString();
        for (int i = 0; i < path.length(); i = path.offsetByCodePoints(i, 1)) {
            int c = path.codePointAt(i);
            if (Character.isSupplementaryCodePoint(c)) {
                return new String(Character.toChars(c)) + String.format(" (U+%X)", c);
            }
        }
        return null;
    }

    /** @param plantCommand the call that plants the launchers, named in their header */
    public Launchers(String plantCommand) {
        this.plantCommand = plantCommand;
    }

    /**
     * @param exitCodes  whether the command's exit code is passed on (and a missing Java or jar exits 1): for a
     *                   command a person or an agent runs to get an answer, not a hook or the context command,
     *                   which never fail their caller
     * @param extraFlags JVM flags after {@link #JVM_FLAGS}: empty, or flags with a leading space
     * @param prelude shell lines run first, before Java is looked for: a hook's answer when it has nothing to say
     *                ({@link Prefilter}); it may read stdin into {@code $payload} and set {@code fed=1}, and Java
     *                is then fed that payload
     */
    public String sh(
            String name, String mainClass, String purpose, boolean exitCodes, String extraFlags, String prelude) {
        String fail = exitCodes ? "1" : "0";
        return "#!/bin/sh\n"
                + "# " + name + ": " + purpose + "\n"
                + "# Planted by `" + plantCommand + "`, which rewrites it: do not edit.\n"
                + "# Needs only a Java 17+ runtime (JAVA_HOME or java on PATH), from any folder.\n"
                + prelude
                + "case $0 in */*) here=${0%/*} ;; *) here=. ;; esac\n"
                // the java path spelled as JavaRuntime spells it (no trailing slash): the archive is picked by it
                + "java=\n"
                + "if [ -n \"${JAVA_HOME:-}\" ] && [ -x \"$JAVA_HOME/bin/java\" ]; then\n"
                + "  java=${JAVA_HOME%/}/bin/java\n"
                + "else\n"
                + "  ifs=$IFS; IFS=:; set -f\n"
                + "  for d in $PATH; do\n"
                + "    if [ -n \"$d\" ] && [ -x \"${d%/}/java\" ] && [ ! -d \"${d%/}/java\" ]; then java=${d%/}/java; break; fi\n"
                + "  done\n"
                + "  set +f; IFS=$ifs\n"
                + "fi\n"
                + "if [ -z \"$java\" ]; then\n"
                + "  echo \"" + name + ": no Java runtime found; set JAVA_HOME or put java (17+) on PATH\" >&2\n"
                + "  exit " + fail + "\n"
                + "fi\n"
                + "# a JVM in a non-UTF-8 locale, or one named but not installed, cannot open non-ASCII file names\n"
                + "case ${LC_ALL:-${LC_CTYPE:-${LANG:-}}} in\n"
                + "  C.UTF-8 | C.utf8) ;;\n"
                + "  *[Uu][Tt][Ff]-8* | *[Uu][Tt][Ff]8*)\n"
                + "    case $(locale 2>&1 >/dev/null) in '') ;; *) LC_ALL=C.UTF-8; export LC_ALL ;; esac ;;\n"
                + "  *) LC_ALL=C.UTF-8; export LC_ALL ;;\n"
                + "esac\n"
                // no class loads from under such a path (see unloadableCharacter): one line, not the JVM's trace;
                // a path of plain ASCII is passed by the first pattern alone, without a fork; else the real path
                // (links resolved, as Java's class path is) is the one that counts
                + "case $here in /*) abs=$here ;; *) abs=$PWD/$here ;; esac\n"
                + "case $abs in\n"
                + "  *[!A-Za-z0-9/._+@,:=\\ -]*)\n"
                + "    abs=$(CDPATH= cd -P -- \"$here\" 2>/dev/null && pwd -P)\n"
                + "    if printf '%s' \"$abs\" | LC_ALL=C grep -q \"$(printf '[\\360-\\364]')\"; then\n"
                + "      echo \"" + name + ": cannot start under $abs: its path holds a character outside the Basic"
                + " Multilingual Plane (an emoji?), and Java cannot load classes from under such a path; move or"
                + " rename the folder\" >&2\n"
                + "      exit " + fail + "\n"
                + "    fi ;;\n"
                + "esac\n"
                + "if [ ! -f \"$here/" + JAR + "\" ]; then\n"
                + "  echo \"" + name + ": $here/" + JAR + " is missing on this machine (it is built there, never"
                + " committed); run '" + plantCommand + "' once\" >&2\n"
                + "  exit " + fail + "\n"
                + "fi\n"
                // a crash report would go to the current folder, its banner to stdout
                + "set -- " + JVM_FLAGS + extraFlags + " -XX:ErrorFile=/dev/null -cp \"$here/" + JAR + "\" " + mainClass
                + " \"$@\"\n"
                // an archive changed after discover stamped it (cut short by a copy) would crash the JVM, and a
                // jar changed since would meet an ahead-of-time cache of other classes, which JDK 25 does not check;
                // this runtime's archive: the stamp whose first line names this java (one per runtime)
                + "for s in \"$here\"/" + AOT_CACHE_GLOB + STAMP_SUFFIX + " \"$here\"/" + ARCHIVE_GLOB + STAMP_SUFFIX
                + "; do\n"
                + "  [ -f \"$s\" ] && read -r j < \"$s\" && [ \"$j\" = \"" + STAMP_JAVA + "$java\" ] || continue\n"
                + "  a=${s%" + STAMP_SUFFIX + "}\n"
                + "  if [ -f \"$a\" ] && [ ! \"$a\" -nt \"$s\" ] && [ ! \"$here/" + JAR + "\" -nt \"$s\" ]; then\n"
                + "    case $a in\n"
                + "      *.aot) set -- " + AOT_CACHE_MODE + " " + AOT_CACHE_FLAG + "\"$a\" \"$@\" ;;\n"
                + "      *) set -- " + ARCHIVE_FLAG + "\"$a\" " + ARCHIVE_MODE + " \"$@\" ;;\n"
                + "    esac\n"
                + "  fi\n"
                + "  break\n"
                + "done\n"
                + (exitCodes
                        ? "exec \"$java\" \"$@\"\n"
                        : (prelude.contains("fed=1")
                                        ? "if [ -n \"${fed:-}\" ]; then printf '%s' \"$payload\" | \"$java\" \"$@\"; else \"$java\" \"$@\"; fi\n"
                                        : "\"$java\" \"$@\"\n")
                                // fail open: a usage error (2) is the caller's to see; a JVM that cannot start is not
                                + "[ $? -eq 2 ] && exit 2\n"
                                + "exit 0\n");
    }

    /** The Windows twin of {@link #sh}, its arguments as there ({@code prelude}: batch lines). */
    public String cmd(
            String name, String mainClass, String purpose, boolean exitCodes, String extraFlags, String prelude) {
        String text = "@echo off\n"
                + "rem " + name + ": " + purpose + "\n"
                + "rem Planted by `" + plantCommand + "`, which rewrites it: do not edit.\n"
                + "setlocal\n"
                + prelude
                + "set \"JAVA_EXE=\"\n"
                + "if defined JAVA_HOME if exist \"%JAVA_HOME%\\bin\\java.exe\" set \"JAVA_EXE=%JAVA_HOME%\\bin\\java.exe\"\n"
                // the full path of the first java.exe on PATH, as JavaRuntime finds it
                + "if not defined JAVA_EXE for %%i in (java.exe) do set \"JAVA_EXE=%%~$PATH:i\"\n"
                + "if not defined JAVA_EXE goto nojava\n"
                + "set \"CDS=\"\n"
                // this runtime's archive, by its stamp's first line; quoted inside the value, so a folder with
                // spaces stays one argument
                + "for %%s in (\"%~dp0" + ARCHIVE_GLOB + STAMP_SUFFIX + "\") do for /f \"usebackq tokens=1,*\" %%a in"
                + " (\"%%~s\") do if \"%%a\"==\"java\" if /i \"%%b\"==\"%JAVA_EXE%\" if exist \"%%~dpns\""
                + " set CDS=\"" + ARCHIVE_FLAG + "%%~dpns\" " + ARCHIVE_MODE + "\n"
                // an ahead-of-time cache (JDK 24 and later), the same way
                + "for %%s in (\"%~dp0" + AOT_CACHE_GLOB + STAMP_SUFFIX + "\") do for /f \"usebackq tokens=1,*\" %%a in"
                + " (\"%%~s\") do if \"%%a\"==\"java\" if /i \"%%b\"==\"%JAVA_EXE%\" if exist \"%%~dpns\""
                + " set CDS=" + AOT_CACHE_MODE + " \"" + AOT_CACHE_FLAG + "%%~dpns\"\n"
                + "\"%JAVA_EXE%\" %CDS% " + JVM_FLAGS + extraFlags + " -cp \"%~dp0" + JAR + "\" " + mainClass + " %*\n"
                + (exitCodes
                        ? "exit /b %ERRORLEVEL%\n"
                        // fail open, as the sh launcher: a usage error (2) is the caller's to see, nothing else is
                        : "if %ERRORLEVEL% EQU 2 exit /b 2\n" + "exit /b 0\n")
                + ":nojava\n"
                + "echo " + name + ": no Java runtime found; set JAVA_HOME or put java 17+ on PATH 1>&2\n"
                + "exit /b " + (exitCodes ? "1" : "0") + "\n";
        return text.replace("\n", "\r\n");
    }
}
