import groovy.json.JsonOutput
import groovy.json.JsonSlurper

File project = basedir.canonicalFile
File elsewhere = new File(basedir.parentFile, basedir.name + '-scratch')
elsewhere.deleteDir()
elsewhere.mkdirs()
File transcripts = new File(project, '.termsprawl/transcripts')

def run = { Map<String, String> env, List<String> command, String stdin ->
    ProcessBuilder pb = new ProcessBuilder(command).directory(elsewhere)
    pb.environment().remove('TERMSPRAWL_NODE_ID')
    env.each { k, v -> pb.environment()[k] = v }
    Process p = pb.start()
    // as an agent does: a hook that exits before it reads its stdin (no node id: no Java started) is no failure
    try {
        p.outputStream.withStream { it.write(stdin.getBytes('UTF-8')) }
    } catch (IOException closed) {
        // the hook did not read its payload
    }
    def out = new ByteArrayOutputStream()
    def err = new ByteArrayOutputStream()
    p.waitForProcessOutput(out, err)
    [p.exitValue(), out.toString('UTF-8'), err.toString('UTF-8')]
}
def payload = { Map m -> JsonOutput.toJson(m) }
String backendSession = new File(project, 'sessions/backend-session.jsonl').path
String frontendSession = new File(project, 'sessions/frontend-session.jsonl').path

// the hook exactly as Claude Code runs it: the command string from settings.local.json, via sh -c
def settings = new JsonSlurper().parse(new File(project, '.claude/settings.local.json'))
String hook = settings.hooks.SessionStart[0].hooks[0].command
assert hook == '"$CLAUDE_PROJECT_DIR"/.termsprawl/bin/termsprawl-record'
def claudeRunsHook = { Map<String, String> env, String stdin ->
    run([CLAUDE_PROJECT_DIR: project.path] + env, ['sh', '-c', hook], stdin)
}

// 1. not a termsprawl session (no TERMSPRAWL_NODE_ID): silent, exit 0, nothing recorded
def (code, out, err) = claudeRunsHook([:], payload(session_id: 's0', transcript_path: backendSession, cwd: project.path,
        hook_event_name: 'SessionStart', source: 'startup'))
assert code == 0 && out == ''
assert !transcripts.exists()

// 2. garbage, empty and truncated stdin, and an unsafe id: silent, exit 0, nothing recorded
['not json at all', '', '{"transcript_path": "/x', '[1, 2]', '\u0000\u00ff'].each { junk ->
    (code, out, err) = claudeRunsHook([TERMSPRAWL_NODE_ID: 'frontend'], junk)
    assert code == 0 && out == '' : "stdin ${junk.inspect()}"
}
(code, out, err) = claudeRunsHook([TERMSPRAWL_NODE_ID: '../evil'], payload(transcript_path: backendSession, cwd: project.path))
assert code == 0 && out == ''
assert !transcripts.exists()
assert !new File(project, '.termsprawl/evil.json').exists()

// 3. backend's session starts: recorded
(code, out, err) = claudeRunsHook([TERMSPRAWL_NODE_ID: 'backend'], payload(session_id: 'b6f0c7b2-0000-4000-8000-000000000001',
        transcript_path: backendSession, cwd: project.path, hook_event_name: 'SessionStart', source: 'startup'))
// the agent is told its node, its peers and the commands (docs/planted.md), as Claude Code reads a hook's output
assert code == 0 && err == ''
assert out.startsWith('{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"termsprawl: this'
        + ' session is node backend of ' + project.path + '; linked to it: frontend.') : out
// and its edits list started, for its peers' launchers (docs/touches.md, "Without Java")
assert transcripts.list().sort() == ['backend.edits', 'backend.json']
assert new File(transcripts, 'backend.json').getText('UTF-8') ==
        '{\n  "version": 1,\n  "path": ' + JsonOutput.toJson(backendSession) + ',\n  "store": "claude"\n}\n'

// 4. frontend reads backend's conversation
String script = new File(project, '.termsprawl/bin/termsprawl-context').path
(code, out, err) = run([:], ['sh', script, '--cwd', project.path, '--self', 'frontend'], '')
assert code == 0 && err == ''
assert out == '# linked context from Orders API (backend)\n' +
        '## user\nPlease add GET /api/orders.\n' +
        '## assistant\nAdded it.\nIt returns a JSON array of orders.\n'

// 5. frontend's session (payload without cwd: the hook's own project) makes it readable to backend
(code, out, err) = claudeRunsHook([TERMSPRAWL_NODE_ID: 'frontend'], payload(transcript_path: frontendSession, source: 'resume'))
assert code == 0 && out.contains('this session is node frontend of ')
assert transcripts.list().sort() == ['backend.edits', 'backend.json', 'frontend.edits', 'frontend.json']
(code, out, err) = run([:], ['sh', script, '--cwd', project.path, '--self', 'backend'], '')
assert code == 0
assert out == '# linked context from frontend (frontend)\n## user\nRender the orders table.\n'

// a node that is not linked sees nothing; one stderr line says it is known nowhere, and the fix
(code, out, err) = run([:], ['sh', script, '--cwd', project.path, '--self', 'docs'], '')
assert code == 0 && out == ''
assert err.startsWith('termsprawl-context: unknown node docs (') && err.count('\n') == 1

elsewhere.deleteDir()
true
