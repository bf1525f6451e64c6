byte[] expected = new File(basedir, 'expected.txt').bytes
def run = evaluate(new File(itScripts as String, 'run-command.groovy'))
def show = { byte[] b -> new String(b, 'UTF-8') }

// 1. the goal's file: the live branch of the active window, no wrapper, no reminder, no abandoned answer
byte[] written = new File(basedir, 'context.txt').bytes
assert show(written) == show(expected)
assert written == expected

// 2. the planted command with --view live: the same bytes
def (code, out, err) = run(['sh', '.termsprawl/bin/termsprawl-context', '--cwd', basedir.absolutePath, '--self', 'frontend', '--view', 'live'])
assert code == 0
assert err == ''
assert out == expected

// 3. without --view, the prose view as before: every record's prose, the abandoned answer too
def (code2, prose, err2) = run(['sh', '.termsprawl/bin/termsprawl-context', '--cwd', basedir.absolutePath, '--self', 'frontend'])
assert code2 == 0
assert show(prose).contains('## assistant\nTests, first try.\n')
assert show(prose).contains('## user\nAdd a /health endpoint.\n')

// 4. stats name the windows and the abandoned branch; an unknown view fails the goal with a clear message
assert new File(basedir, 'stats.txt').getText('UTF-8') == 'backend: store=claude records=9 turns=7 unknown=0 windows=2 branches=1\n'
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains("Unknown view 'everything' in termsprawl.view: expected one of file, live.")
assert !log.contains('\tat io.github.termsprawl.') : 'no stack trace'
true
