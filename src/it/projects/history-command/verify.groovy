def runCommand = evaluate(new File(itScripts as String, 'run-command.groovy'))
def run = { List<String> command -> def (code, out, err) = runCommand(command); [code, new String(out, 'UTF-8'), err] }
def command = ['sh', '.termsprawl/bin/termsprawl-history']
File backend = new File(basedir, '.termsprawl/history/backend')
def stamps = { File dir ->
    def m = [:]
    dir.eachFileRecurse { if (it.isFile() && it.name != '.lock') m[basedir.toPath().relativize(it.toPath()).toString()] = it.lastModified() + ':' + it.length() }
    m
}

// 1. every node's index, one path a line; nothing on stderr
def (code, out, err) = run(command + ['--cwd', '.'])
assert code == 0 && err == '' : err
assert out == '.termsprawl/history/backend/index.md\n.termsprawl/history/worker/index.md\n'

// 2. a run with nothing new writes nothing
def before = stamps(new File(basedir, '.termsprawl/history'))
sleep(20)
(code, out, err) = run(command + ['--cwd', '.'])
assert code == 0 && err == ''
assert stamps(new File(basedir, '.termsprawl/history')) == before

// 3. every turn file of one node, then one turn, byte for byte
(code, out, err) = run(command + ['--cwd', '.', '--node', 'backend', '--list'])
assert out == ['0000-user', '0001-assistant', '0002-tool', '0003-assistant'].collect { ".termsprawl/history/backend/turn-${it}.md\n" }.join('')
(code, out, err) = run(command + ['--cwd', '.', '--node', 'backend', '--show', '2'])
assert code == 0
assert out == new File(backend, 'turn-0002-tool.md').getText('UTF-8')
assert out.contains('## tool result: t1 (error)') && out.contains('[redacted:aws-access-key]') && !out.contains('AKIAZ3MNQ7XK5VBT2RWH')

// 4. the session grows by one turn: only that turn's file (and the index) is written, and the state kept apart
File backendState = new File(basedir, '.termsprawl/history-state/backend')
before = stamps(backend) + stamps(backendState)
sleep(20)
new File(basedir, 'sessions/backend.jsonl') << '{"type":"user","uuid":"u2","parentUuid":"a2","timestamp":"2026-01-01T00:00:05Z","message":{"role":"user","content":"Use the test key then."}}\n'
(code, out, err) = run(command + ['--cwd', '.', '--node', 'backend'])
assert code == 0 && err == ''
def after = stamps(backend) + stamps(backendState)
def changed = after.keySet().findAll { before[it] != after[it] }.collect { it.replace('.termsprawl/history/backend/', '').replace('.termsprawl/history-state/backend/', '') }.sort()
assert changed == ['.plan', '.plan-tail', '.state', '.turns', 'index.md', 'turn-0004-user.md'] : changed
// the history skill's grep finds turn files and indexes only, never the state (docs/files.md)
def hidden = []
new File(basedir, '.termsprawl/history').eachFileRecurse { if (it.name.startsWith('.')) hidden << it.name }
assert hidden == [] : hidden

// 5. usage errors: exit 2 and the usage line; anything else fails open
(code, out, err) = run(command + ['--cwd', '.', '--bogus'])
assert code == 2 && out == ''
assert err == 'termsprawl-history: unexpected argument: --bogus\nusage: termsprawl-history --cwd <dir> [--node <nodeId>] [--list | --show <n>] [--no-redact]\n'
// --help through the launcher: the usage and the options on stdout, exit 0 (as every planted command's)
(code, out, err) = run(command + ['--help'])
assert code == 0 && err == '' : err
assert out.startsWith('usage: termsprawl-history --cwd <dir> [--node <nodeId>] [--list | --show <n>] [--no-redact]\n\n') : out
assert out.contains('  --help ') && out.endsWith('\n')
(code, out, err) = run(command + ['--cwd', '.', '--node', 'nobody'])
assert code == 0 && out == '' && err == 'termsprawl-history: nobody: no transcript recorded (see .termsprawl/transcripts/)\n'
assert !err.contains('Exception')

// 6. the turn files are per machine: git ignores them (the planted .termsprawl/.gitignore)
def git = ['git', '-c', 'user.name=t', '-c', 'user.email=t@t']
if (run(['git', '--version'])[0] == 0) {
    assert run(git + ['init', '-q'])[0] == 0
    (code, out, err) = run(git + ['check-ignore', '.termsprawl/history/backend/turn-0000-user.md', '.termsprawl/history-state/backend/.plan'])
    assert code == 0 : err
    assert out == '.termsprawl/history/backend/turn-0000-user.md\n.termsprawl/history-state/backend/.plan\n'
} else {
    println 'git check skipped: no git'
}
true
