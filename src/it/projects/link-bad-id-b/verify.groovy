String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains("Invalid node id 'a.b' in termsprawl.b")
assert log.contains('BUILD FAILURE')
assert !new File(basedir, '.termsprawl').exists()
// a user error fails the goal with a message, never a stack trace
assert !new File(basedir, 'build.log').getText('UTF-8').contains('\tat io.github.termsprawl.') : 'no stack trace'
true
