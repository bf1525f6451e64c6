// The PreToolUse guard as Claude Code runs it: the command discover merged into .claude/settings.local.json,
// through the shell, in the project, with the agent's TERMSPRAWL_NODE_ID and the hook's JSON on stdin.
String root = basedir.canonicalPath
def settings = new groovy.json.JsonSlurper().parse(new File(basedir, '.claude/settings.local.json'))
def pre = settings.hooks.PreToolUse
assert pre.size() == 1 && pre[0].matcher == 'Edit|MultiEdit|Write|NotebookEdit|Bash'
String command = pre[0].hooks[0].command
assert command.contains('.termsprawl/bin/termsprawl-touches --hook')

// one hook run: [exit code, stdout, stderr]
def hook = { String self, String file ->
    String input = groovy.json.JsonOutput.toJson([
            session_id: 's-' + self, transcript_path: "$root/logs/${self}.jsonl".toString(), cwd: root,
            permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Edit',
            tool_input: [file_path: "$root/$file".toString(), old_string: 'a', new_string: 'b']])
    ProcessBuilder pb = new ProcessBuilder('sh', '-c', command).directory(basedir)
    pb.environment().put('CLAUDE_PROJECT_DIR', root)
    pb.environment().put('TERMSPRAWL_NODE_ID', self)
    Process p = pb.start()
    try {
        p.outputStream.withStream { it.write(input.getBytes('UTF-8')) }
    } catch (IOException closed) {
        // a launcher that answered without reading its payload
    }
    def out = new ByteArrayOutputStream()
    def err = new ByteArrayOutputStream()
    p.waitForProcessOutput(out, err)
    [p.exitValue(), out.toString('UTF-8'), err.toString('UTF-8')]
}
// the default guard holds the first overlapping edit: exit 2, the reason on stderr, which Claude Code gives the model
def warning = { int code, String out, String err ->
    assert code == 2 && out == '' : "$code $out $err"
    assert err.startsWith('termsprawl held this edit once, on purpose (this is not an error):\n') : err
    assert err.endsWith('\nThe same edit, made again, will go through.\n') : err
    err.substring(err.indexOf('\n') + 1, err.lastIndexOf('\nThe same edit'))
}
File held = new File(basedir, '.termsprawl/transcripts/frontend.held')

// 1. the same file: frontend is about to edit the file backend changed -> held once, before the edit
def (code, out, err) = hook('frontend', 'src/Shared.java')
String text = warning(code, out, err)
assert text.startsWith('termsprawl: another agent linked to you changed src/Shared.java recently; it may be working on it now.\n- backend (claude): edit at ') : text
assert text.contains(', turn 1\n') : text
// the commands name the project root, so they work from a module folder too
assert text.contains(root + '/.termsprawl/bin/termsprawl-context --cwd ' + root + ' --self frontend') : text
assert text.endsWith(root + '/.termsprawl/bin/termsprawl-touches --cwd ' + root + ' --self frontend --file src/Shared.java') : text
// the same edit again goes through
(code, out, err) = hook('frontend', 'src/Shared.java')
assert code == 0 && out == '' && err == ''
// and the other way round: backend about to edit the file frontend changed
(code, out, err) = hook('backend', 'src/Api.java')
assert warning(code, out, err).contains('\n- frontend (claude): edit at ')

// 2. different files: silence
(code, out, err) = hook('frontend', 'src/Other.java')
assert code == 0 && out == '' && err == ''
(code, out, err) = hook('frontend', 'src/Api.java') // its own edit
assert code == 0 && out == '' && err == ''

// 3. a corrupt touch index is a cache: read again from the transcript, written whole again
File index = new File(basedir, '.termsprawl/transcripts/backend.touches')
String header = index.text.readLines()[0] // the format's version may change: the same one comes back
assert header ==~ /termsprawl-touches \d+/
index.bytes = [0, 1, 2, 'x' as char, '\n' as char] as byte[]
assert held.delete() // told again, as if never told
(code, out, err) = hook('frontend', 'src/Shared.java')
assert warning(code, out, err).contains('- backend (claude): edit at ')
assert index.text.startsWith(header + '\n')

// 4. a failing index: it neither reads nor can be written (a folder in its place), and the transcript it would
// be read again from does not read either (a folder in its place): no output, exit 0, and the edit goes on
assert index.delete() && new File(index, 'x').mkdirs()
File transcript = new File(basedir, 'logs/backend.jsonl')
assert transcript.delete() && new File(transcript, 'y').mkdirs()
assert held.delete()
(code, out, err) = hook('frontend', 'src/Shared.java')
assert code == 0 && out == '' && err == ''
// the hook's own input broken: the same
ProcessBuilder broken = new ProcessBuilder('sh', '-c', command).directory(basedir)
broken.environment().put('CLAUDE_PROJECT_DIR', root)
broken.environment().put('TERMSPRAWL_NODE_ID', 'frontend')
Process p = broken.start()
try {
    p.outputStream.withStream { it.write('{not json'.getBytes('UTF-8')) }
} catch (IOException closed) {
    // answered without reading it
}
def o = new ByteArrayOutputStream()
def e = new ByteArrayOutputStream()
p.waitForProcessOutput(o, e)
assert p.exitValue() == 0 && o.size() == 0 && e.size() == 0
true
