String log = new File(basedir, 'build.log').getText('UTF-8')
String project = basedir.canonicalPath
String slug = project.replaceAll('[^A-Za-z0-9]', '-')
// that id exists, but under another project: not found
assert log.contains("No Claude Code session 44444444-4444-4444-8444-444444444444 for $project: " +
        "${project}/claude-home/projects/$slug/44444444-4444-4444-8444-444444444444.jsonl does not exist. " +
        "Pass 'latest', an existing session id or a transcript path. " +
        "(termsprawl.transcript=44444444-4444-4444-8444-444444444444)")
assert log.contains('Example: mvn termsprawl:record -Dtermsprawl.node=backend -Dtermsprawl.transcript=latest')
assert log.contains('BUILD FAILURE')
// nothing written
assert !new File(basedir, '.termsprawl').exists()
// a user error fails the goal with a message, never a stack trace
assert !new File(basedir, 'build.log').getText('UTF-8').contains('\tat io.github.termsprawl.') : 'no stack trace'
true
