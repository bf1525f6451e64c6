String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains("Cannot link node 'backend' to itself (termsprawl.a and termsprawl.b are equal).")
assert log.contains('Example: mvn termsprawl:link -Dtermsprawl.a=backend -Dtermsprawl.b=frontend')
assert log.contains('BUILD FAILURE')
assert !new File(basedir, '.termsprawl').exists()
// a user error fails the goal with a message, never a stack trace
assert !new File(basedir, 'build.log').getText('UTF-8').contains('\tat io.github.termsprawl.') : 'no stack trace'
true
