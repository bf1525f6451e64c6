byte[] expected = new File(basedir, 'expected.txt').bytes

def run = evaluate(new File(itScripts as String, 'run-command.groovy'))
def show = { byte[] b -> new String(b, 'UTF-8') }

// 1. the goal's file
byte[] written = new File(basedir, 'context.txt').bytes
assert show(written) == show(expected)
assert written == expected

// 2. the planted command, same bytes
def (code, out, err) = run(['sh', '.termsprawl/bin/termsprawl-context', '--cwd', basedir.absolutePath, '--self', 'frontend'])
assert code == 0
assert err == ''
assert show(out) == show(expected)
assert out == expected

// 3. the node reference model, when ../shared and node are here (src/it/shared.groovy)
File reference = evaluate(new File(itScripts, 'shared.groovy'))
if (reference != null) {
    def (rcode, rout, rerr) = run(['node', reference.absolutePath, '--cwd', basedir.absolutePath, '--self', 'frontend'])
    assert rcode == 0 : rerr
    assert show(rout) == show(expected)
    assert rout == expected
}

// 4. stdout of `mvn -q termsprawl:context` (third invocation) went to the build log
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains(show(expected))
true
