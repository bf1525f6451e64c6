import java.nio.file.Files
import java.nio.file.StandardCopyOption

String log = new File(basedir, 'build.log').getText('UTF-8')
File bin = new File(basedir, '.termsprawl/bin')
def archives = bin.listFiles().findAll { it.name ==~ /termsprawl-[0-9a-f]{8}\.jsa/ }
assert archives.size() == 1 : "one archive, for the one runtime: ${bin.list()}"
File archive = archives[0]
File jar = new File(bin, 'termsprawl.jar')
byte[] expected = '# linked context from backend (backend)\n## user\nhéllo from backend 🚀\n## assistant\nhi\n'.getBytes('UTF-8')

def runCommand = evaluate(new File(itScripts as String, 'run-command.groovy'))
def run = { runCommand(['sh', new File(bin, 'termsprawl-context').path, '--cwd', basedir.path, '--self', 'frontend']) }
def same = { String when ->
    def (code, out, err) = run()
    assert code == 0 : when
    assert Arrays.equals(out, expected) : "$when: stdout was <${new String(out, 'UTF-8')}>"
    assert err == '' : "$when: stderr was <$err>"
}

// discover made the archive, and check was content with it
assert archive.isFile() && archive.length() > 0
assert !log.contains('class-data archive')
same('archive present')

// stale: the jar's modification time is no longer the one the archive recorded (as after a checkout);
// the JVM must ignore the archive silently, without a word on stdout
jar.setLastModified(jar.lastModified() - 86_400_000L)
same('archive stale (jar timestamp)')
Files.write(archive.toPath(), 'not an archive'.getBytes('UTF-8'))
same('archive stale (garbage)')

// absent
Files.delete(archive.toPath())
same('archive absent')
true
