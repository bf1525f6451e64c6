import groovy.json.JsonSlurper

def server = System.properties.remove('termsprawl.it.ask-goal.server')
try {
    File requests = new File(basedir, 'requests')
    String session = new File(basedir, 'sessions/backend.jsonl').canonicalFile.path
    def text = { String name -> new File(basedir, name).getText('UTF-8') }

    // 1. a node: its active window was sent, the answer printed with its sources and cost
    assert text('answer.txt') == '## backend (window 2 of 2, turns 4-6)\n' +
            'Paged by 50 because the client renders 50 rows.\n' +
            'citations: turn 4 (' + session + ':6)\n' +
            'usage: input 20, cache read 0, cache write 300, output 10 tokens (api claude-it-model)\n' +
            '\n' +
            'total: input 20, cache read 0, cache write 300, output 10 tokens over 1 answer\n'
    assert text('requests/1.key') == '/v1/messages sk-it-test'
    def first = new JsonSlurper().parseText(text('requests/1.json'))
    assert first.model == 'claude-it-model'
    assert first.system[0].cache_control == [type: 'ephemeral']
    assert first.messages*.role == ['user', 'assistant', 'user']
    assert first.messages[0].content[0].text == '[turn 4, summary of the earlier conversation] Summary: GET /orders, paged by 50.'
    assert first.messages[1].content[0].cache_control == [type: 'ephemeral']
    assert first.messages[2].content == [[type: 'text', text: 'Question: Why is /orders paged?']]

    // 2. every peer of frontend, as JSON: docs holds no answer
    def peers = new JsonSlurper().parseText(text('peers.json'))
    assert peers.answers*.target == ['backend', 'docs']
    assert peers.answers*.has_context == [true, false]
    assert peers.answers[0].citations == [[turn: 4, exists: true, source: session + ':6']]
    assert peers.no_context == ['docs']
    assert peers.failed == []
    assert peers.total.input_tokens == 40
    assert requests.list().length == 6

    // 3. a dry run of the earlier windows sends nothing
    assert text('dry.txt').startsWith('## backend (window 1 of 2, turns 0-3)\nwould send 5 messages (turns 0-3), ')
    assert text('dry.txt').contains(' to claude-it-model at ' + text('server.url') + '/v1/messages\n')

    // 4. a node with no transcript fails the goal with the fix, never a stack trace
    String log = text('build.log')
    assert log.contains('No transcript is recorded for node nobody in ')
    assert log.contains('Record one (the record goal, or the SessionStart hook')
    assert !log.contains('\tat io.github.termsprawl.') : 'no stack trace'
    // a number that is none is named with its property and a correct call, not Maven's "Cannot convert"
    assert log.contains("Invalid value 'abc' for termsprawl.timeout: expected a whole number of at least 1 (at most 2147483647). Example: mvn -q termsprawl:ask")
    assert !log.contains('Cannot convert')

    // 5. the planted command, end to end against the same server
    def run = { Map<String, String> env, List<String> args ->
        ProcessBuilder pb = new ProcessBuilder(['sh', '.termsprawl/bin/termsprawl-ask'] + args).directory(basedir)
        pb.environment().putAll([ANTHROPIC_BASE_URL: text('server.url'), TERMSPRAWL_MODEL: 'claude-it-model'] + env)
        Process p = pb.start()
        p.outputStream.close()
        def out = new ByteArrayOutputStream()
        def err = new ByteArrayOutputStream()
        p.waitForProcessOutput(out, err)
        [p.exitValue(), out.toString('UTF-8'), err.toString('UTF-8')]
    }
    def (code, out, err) = run([ANTHROPIC_API_KEY: 'sk-it-test'], ['--cwd', '.', '--self', 'frontend', '--node', 'backend', 'Why is /orders paged?'])
    assert code == 0 : err
    assert err == ''
    assert out == text('answer.txt')
    (code, out, err) = run([ANTHROPIC_API_KEY: 'sk-it-test'], ['--cwd', '.', '--self', 'frontend', '--peers', '--json', 'Why?'])
    assert code == 0 : err
    assert new JsonSlurper().parseText(out).no_context == ['docs']
    (code, out, err) = run([ANTHROPIC_API_KEY: 'sk-wrong'], ['--cwd', '.', '--self', 'frontend', '--node', 'backend', 'Why?'])
    assert code == 1
    assert err.startsWith('termsprawl-ask: backend: The API key in ANTHROPIC_API_KEY was refused (401 authentication_error: invalid x-api-key).')
    assert !err.contains('\tat ')
    (code, out, err) = run([:], ['--cwd', '.', '--self', 'frontend', 'Why?'])
    assert code == 2
    assert err.startsWith('termsprawl-ask: expected --node <id> or --peers\nusage: termsprawl-ask ')
    assert new File(basedir, '.claude/skills/termsprawl-ask/SKILL.md').getText('UTF-8').contains('termsprawl-ask --cwd . --self "$TERMSPRAWL_NODE_ID"')
} finally {
    server?.stop(0)
}
true
