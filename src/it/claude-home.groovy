// Shared by the record-* ITs (their prebuild.groovy evaluates it with their binding: basedir).
// A Claude Code folder inside the IT project (CLAUDE_CONFIG_DIR=claude-home, see invoker.properties):
// sessions of this project under projects/<slug>/, slug = absolute path with every char outside
// [A-Za-z0-9] replaced by '-'. Modification times are set explicitly (no clock involved).
File project = basedir.canonicalFile
String slug = project.path.replaceAll('[^A-Za-z0-9]', '-')
File sessions = new File(basedir, "claude-home/projects/$slug")
sessions.mkdirs()
def session = { String name, String text, int year ->
    File f = new File(sessions, name)
    f.bytes = text.getBytes('UTF-8')
    assert f.setLastModified(new GregorianCalendar(year, Calendar.JANUARY, 1).timeInMillis)
}
session('11111111-1111-4111-8111-111111111111.jsonl', '{"type":"user","message":{"content":"older"}}\n', 2020)
session('22222222-2222-4222-8222-222222222222.jsonl', '{"type":"user","message":{"content":"newest session"}}\n', 2022)
// newer still, but a subagent transcript: never "latest"
session('agent-3333aaaa.jsonl', '{"type":"user","message":{"content":"subagent"}}\n', 2024)
// another project's session: never this project's
File other = new File(basedir, 'claude-home/projects/-some-other-project')
other.mkdirs()
File foreign = new File(other, '44444444-4444-4444-8444-444444444444.jsonl')
foreign.text = '{"type":"user","message":{"content":"elsewhere"}}\n'
assert foreign.setLastModified(new GregorianCalendar(2025, Calendar.JANUARY, 1).timeInMillis)
true
