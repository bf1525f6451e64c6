def run = { List cmd, File dir ->
    def p = cmd.execute(null, dir)
    def out = new StringBuilder(), err = new StringBuilder()
    p.waitForProcessOutput(out, err)
    [p.exitValue(), out.toString(), err.toString()]
}
if (run(['git', '--version'], basedir)[0] != 0) {
    println 'SKIPPED: no git'
    return true
}
def git = ['git', '-c', 'user.name=t', '-c', 'user.email=t@t']
assert run(git + ['init', '-q'], basedir)[0] == 0
assert run(git + ['add', '-A'], basedir)[0] == 0
assert run(git + ['commit', '-q', '-m', 'planted'], basedir)[0] == 0
def (code, out, err) = run(git + ['ls-files'], basedir)
// the team's files are in git, the machine's are not
assert out.contains('.termsprawl/bin/termsprawl-context\n') && out.contains('.termsprawl/.gitattributes\n')
assert !out.contains('termsprawl.jar') && !out.contains('sqlite-jdbc.jar') && !out.contains('.jsa')
File clone = new File(basedir, 'target/clone')
clone.parentFile.mkdirs()
assert run(git + ['-c', 'core.autocrlf=true', 'clone', '-q', basedir.path, clone.path], basedir)[0] == 0
assert !new File(clone, '.termsprawl/bin/termsprawl-context').text.contains('\r')
assert new File(clone, '.termsprawl/bin/termsprawl-context.cmd').text.contains('\r\n')
// runs: without its per-machine jar it says so on stderr and fails open
(code, out, err) = run(['sh', new File(clone, '.termsprawl/bin/termsprawl-context').path, '--cwd', '.', '--self', 'a'], clone)
assert code == 0 && out == ''
assert !err.contains('Syntax error') && err.contains('termsprawl.jar is missing on this machine') : err
true
