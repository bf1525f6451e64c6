String log = new File(basedir, 'build.log').getText('UTF-8')
String project = basedir.canonicalPath
String slug = project.replaceAll('[^A-Za-z0-9]', '-')
assert log.contains("Missing termsprawl.transcript. Example: ")
assert log.contains('Example: mvn termsprawl:record -Dtermsprawl.node=backend -Dtermsprawl.transcript=latest')
assert log.contains('BUILD FAILURE')
// nothing written
assert !new File(basedir, '.termsprawl').exists()
// a user error fails the goal with a message, never a stack trace
assert !new File(basedir, 'build.log').getText('UTF-8').contains('\tat io.github.termsprawl.') : 'no stack trace'
true
