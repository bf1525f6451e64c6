// Another JDK than the one that made the archive (this machine kind has Temurin 25 beside Java 17)
String current = System.getProperty('java.specification.version')
File other = new File('/usr/lib/jvm').listFiles()?.find { home ->
    File release = new File(home, 'release')
    new File(home, 'bin/java').canExecute() && release.isFile() &&
            !release.getText('UTF-8').contains("JAVA_VERSION=\"$current")
}
if (other == null) {
    println "SKIPPED: no other JDK under /usr/lib/jvm"
    return true
}
assert new File(basedir, '.termsprawl/bin').list().any { it ==~ /termsprawl-[0-9a-f]{8}\.jsa/ } : 'discover made no archive'
def proc = ['sh', new File(basedir, '.termsprawl/bin/termsprawl-context').path, '--cwd', basedir.path, '--self', 'me']
        .execute(["JAVA_HOME=${other.path}", "PATH=${System.getenv('PATH')}"], basedir)
def out = new StringBuilder(), err = new StringBuilder()
proc.waitForProcessOutput(out, err)
assert proc.exitValue() == 0
// the project knows no node 'me': the one line the context command says of that is its own, not the JVM's
def jvm = err.toString().readLines().findAll { !it.startsWith('termsprawl-context: unknown node me ') }
assert jvm == [] : "the JVM talked about the archive: $err"
assert out.toString() == ''
true
