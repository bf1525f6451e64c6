String log = new File(basedir, 'build.log').getText('UTF-8')
String project = basedir.canonicalPath
String slug = project.replaceAll('[^A-Za-z0-9]', '-')
assert !new File(basedir, "claude-home").exists()
assert log.contains("No Claude Code session found for $project in ${project}/claude-home/projects/$slug. " +
        "Start one there (TERMSPRAWL_NODE_ID=<id> claude), set CLAUDE_CONFIG_DIR if Claude Code keeps its files elsewhere, or pass a path. " +
        "(termsprawl.transcript=latest)")
assert log.contains('Example: mvn termsprawl:record -Dtermsprawl.node=backend -Dtermsprawl.transcript=latest')
assert log.contains('BUILD FAILURE')
// nothing written
assert !new File(basedir, '.termsprawl').exists()
// a user error fails the goal with a message, never a stack trace
assert !new File(basedir, 'build.log').getText('UTF-8').contains('\tat io.github.termsprawl.') : 'no stack trace'
true
