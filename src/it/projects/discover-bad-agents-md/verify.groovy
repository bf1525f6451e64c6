File file = new File(basedir, '.termsprawl/AGENTS.md')
assert file.bytes == ([0x4e, 0x6f, 0x74, 0x65, 0x73, 0x20, 0xe9, 0x0a] as byte[])
String log = new File(basedir, 'build.log').getText('UTF-8')
// the same shape as a malformed settings file's message (discover-malformed-settings)
assert log.contains("Cannot keep the prose of ${file.canonicalPath}: it is not valid UTF-8. Fix its encoding (or move it away).")
assert log.contains('BUILD FAILURE')
// nothing written: no bin folder, no skill, no hook
assert new File(basedir, '.termsprawl').list() as List == ['AGENTS.md']
assert !new File(basedir, '.claude').exists()
// a user error fails the goal with a message, never a stack trace
assert !log.contains('\tat io.github.termsprawl.') : 'no stack trace'
true
