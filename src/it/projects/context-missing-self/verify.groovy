String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('Missing termsprawl.self. Example: mvn -q termsprawl:context -Dtermsprawl.self=frontend')
assert !new File(basedir, 'context.txt').exists()
assert !new File(basedir, '.termsprawl').exists()
// a user error fails the goal with a message, never a stack trace
assert !new File(basedir, 'build.log').getText('UTF-8').contains('\tat io.github.termsprawl.') : 'no stack trace'
true
