String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains("Invalid node id '../../pom' in termsprawl.b")
assert log.contains('Example: mvn termsprawl:unlink -Dtermsprawl.a=backend -Dtermsprawl.b=frontend')
assert log.contains('BUILD FAILURE')
assert new File(basedir, 'pom.xml').isFile()
assert new File(basedir, '.termsprawl/links').list() as List == ['backend--frontend.json']
// a user error fails the goal with a message, never a stack trace
assert !new File(basedir, 'build.log').getText('UTF-8').contains('\tat io.github.termsprawl.') : 'no stack trace'
true
