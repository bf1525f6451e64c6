File file = new File(basedir, '.claude/settings.local.json')
assert file.bytes == '{\n  "model": "opus",\n}\n'.getBytes('UTF-8')
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains("Cannot install the termsprawl hook into ${file.canonicalPath}: it is not valid JSON (")
assert log.contains('or run with -Dtermsprawl.claudeHook=false to skip the hook.')
assert log.contains('BUILD FAILURE')
// no temp file left beside it
assert !new File(basedir, '.claude').list().any { it.endsWith('.tmp') }
// a user error fails the goal with a message, never a stack trace
assert !new File(basedir, 'build.log').getText('UTF-8').contains('\tat io.github.termsprawl.') : 'no stack trace'
true
