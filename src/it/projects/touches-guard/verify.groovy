// The PreToolUse guard as Claude Code runs it: the command discover merged into .claude/settings.local.json,
// through the shell, in the project, with the agent's TERMSPRAWL_NODE_ID and the hook's JSON on stdin.
String root = basedir.canonicalPath
def settings = new groovy.json.JsonSlurper().parse(new File(basedir, '.claude/settings.local.json'))
def pre = settings.hooks.PreToolUse
assert pre.size() == 1 && pre[0].matcher == 'Edit|MultiEdit|Write|NotebookEdit'
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
    p.outputStream.withStream { it.write(input.getBytes('UTF-8')) }
    def out = new ByteArrayOutputStream()
    def err = new ByteArrayOutputStream()
    p.waitForProcessOutput(out, err)
    [p.exitValue(), out.toString('UTF-8'), err.toString('UTF-8')]
}
def warning = { String out ->
    def parsed = new groovy.json.JsonSlurper().parseText(out)
    assert parsed.hookSpecificOutput.hookEventName == 'PreToolUse'
    assert parsed.hookSpecificOutput.permissionDecision == null // warn, and the edit goes on
    parsed.hookSpecificOutput.additionalContext as String
}

// 1. the same file: frontend is about to edit the file backend changed -> the warning, before the edit
def (code, out, err) = hook('frontend', 'src/Shared.java')
assert code == 0 && err == '' : err
String text = warning(out)
assert text.startsWith('termsprawl: another agent linked to you changed src/Shared.java recently; it may be working on it now.\n- backend (claude): edit at ') : text
assert text.contains(', turn 1\n') : text
// the commands name the project root, so they work from a module folder too
assert text.contains(root + '/.termsprawl/bin/termsprawl-context --cwd ' + root + ' --self frontend') : text
assert text.endsWith(root + '/.termsprawl/bin/termsprawl-touches --cwd ' + root + ' --self frontend --file src/Shared.java') : text
// and the other way round: backend about to edit the file frontend changed
(code, out, err) = hook('backend', 'src/Api.java')
assert code == 0 && err == ''
assert warning(out).contains('\n- frontend (claude): edit at ')

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
(code, out, err) = hook('frontend', 'src/Shared.java')
assert code == 0 && err == ''
assert warning(out).contains('- backend (claude): edit at ')
assert index.text.startsWith(header + '\n')

// 4. a failing index: it neither reads nor can be written (a folder in its place), and the transcript it would
// be read again from does not read either (a folder in its place): no output, exit 0, and the edit goes on
assert index.delete() && new File(index, 'x').mkdirs()
File transcript = new File(basedir, 'logs/backend.jsonl')
assert transcript.delete() && new File(transcript, 'y').mkdirs()
(code, out, err) = hook('frontend', 'src/Shared.java')
assert code == 0 && out == '' && err == ''
// the hook's own input broken: the same
ProcessBuilder broken = new ProcessBuilder('sh', '-c', command).directory(basedir)
broken.environment().put('CLAUDE_PROJECT_DIR', root)
broken.environment().put('TERMSPRAWL_NODE_ID', 'frontend')
Process p = broken.start()
p.outputStream.withStream { it.write('{not json'.getBytes('UTF-8')) }
def o = new ByteArrayOutputStream()
def e = new ByteArrayOutputStream()
p.waitForProcessOutput(o, e)
assert p.exitValue() == 0 && o.size() == 0 && e.size() == 0
true
