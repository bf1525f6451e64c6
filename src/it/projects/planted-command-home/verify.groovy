import java.nio.file.Files
import java.nio.file.Path

String expected = '# linked context from backend (backend)\n## user\nhello from backend\n## assistant\nhi\n'

// scratch folders live beside the IT project, not in it, so the project snapshot stays exact
File scratch = new File(basedir.parentFile, basedir.name + '-scratch')
scratch.deleteDir()
File home = new File(scratch, 'home')
File elsewhere = new File(scratch, 'elsewhere')
home.mkdirs()
elsewhere.mkdirs()

def snapshot = { File root ->
    def files = [:]
    Files.walk(root.toPath()).withCloseable { s ->
        s.forEach { Path p -> files[root.toPath().relativize(p).toString()] = Files.isRegularFile(p) ? Files.readAllBytes(p).encodeBase64().toString() + '@' + Files.getLastModifiedTime(p).toMillis() : 'dir' }
    }
    files
}
// /tmp is shared with other builds on the machine: compare its top level and the JVM's perf-data
// folders, and blame only entries this run could have made (its pid, or a termsprawl/jsa name)
def tmpEntries = {
    def names = [] as Set
    new File('/tmp').listFiles()?.each { f ->
        names << f.name
        if (f.name.startsWith('hsperfdata_') && f.isDirectory()) f.listFiles()?.each { names << f.name + '/' + it.name }
    }
    names
}

def run = { Map<String, String> env, List<String> command ->
    ProcessBuilder pb = new ProcessBuilder(command).directory(elsewhere)
    env.each { k, v -> if (v == null) pb.environment().remove(k) else pb.environment()[k] = v }
    Process p = pb.start()
    p.outputStream.close()
    def out = new ByteArrayOutputStream()
    def err = new ByteArrayOutputStream()
    p.waitForProcessOutput(out, err)
    [p.exitValue(), out.toString('UTF-8'), err.toString('UTF-8'), p.pid()]
}

String script = new File(basedir, '.termsprawl/bin/termsprawl-context').absolutePath
[[HOME: home.absolutePath], [HOME: ''], [HOME: null]].each { env ->
    def projectBefore = snapshot(basedir)
    def tmpBefore = tmpEntries()
    def (code, out, err, pid) = run(env, ['sh', script, '--cwd', basedir.absolutePath, '--self', 'frontend'])
    def tmpNew = tmpEntries() - tmpBefore
    assert code == 0 : "HOME=$env.HOME: exit $code, stderr: $err"
    assert out == expected : "HOME=$env.HOME"
    assert err == ''
    assert home.list().length == 0 : "wrote into HOME: ${home.list()}"
    assert elsewhere.list().length == 0 : "wrote into the working directory: ${elsewhere.list()}"
    assert snapshot(basedir) == projectBefore : 'the project changed'
    def ours = tmpNew.findAll { it.endsWith("/$pid") || it.contains('termsprawl') || it.endsWith('.jsa') || it.endsWith('.aot') }
    assert ours.isEmpty() : "wrote into /tmp: $ours"
}

// bad arguments: exit 2, one stderr line, nothing on stdout, still nothing written
def (code, out, err) = run([HOME: home.absolutePath], ['sh', script, '--cwd', basedir.absolutePath])
assert code == 2
assert out == ''
assert err == 'termsprawl-context: expected --cwd and --self\n'
assert home.list().length == 0

scratch.deleteDir()
true
