import groovy.json.JsonOutput

// a Codex folder inside the IT project (CODEX_HOME=codex-home, see invoker.properties): rollouts under
// sessions/YYYY/MM/DD/, each opening with session_meta naming its working folder. Modification times are
// set explicitly (no clock involved).
String project = basedir.canonicalPath
def rollout = { String day, String name, Map meta, int year ->
    File f = new File(basedir, "codex-home/sessions/${day}/rollout-${name}.jsonl")
    f.parentFile.mkdirs()
    f.bytes = (JsonOutput.toJson([type: 'session_meta', payload: meta]) + '\n' +
            '{"type":"event_msg","payload":{"type":"user_message","message":"review the change"}}\n').getBytes('UTF-8')
    assert f.setLastModified(new GregorianCalendar(year, Calendar.JANUARY, 1).timeInMillis)
}
rollout('2026/01/01', '2026-01-01T10-00-00-older', [id: 'older', cwd: project], 2020)
rollout('2026/01/02', '2026-01-02T10-00-00-newest', [id: 'newest', cwd: project], 2022)
// newer still, but a subagent's rollout in the same folder, and another project's: never "latest"
rollout('2026/01/03', '2026-01-03T10-00-00-subagent', [id: 'sub', cwd: project, source: [subagent: 'review']], 2024)
rollout('2026/01/03', '2026-01-03T11-00-00-elsewhere', [id: 'other', cwd: '/some/other/project'], 2025)
true
