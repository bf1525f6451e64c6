String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains("Invalid node id '../etc' in termsprawl.a: an id is 1-128 letters, digits, '_' or '-', starting with a letter or digit.")
assert log.contains('Example: mvn termsprawl:link -Dtermsprawl.a=backend -Dtermsprawl.b=frontend')
assert log.contains('BUILD FAILURE')
assert !new File(basedir, '.termsprawl').exists()
assert !new File(basedir, '../etc--frontend.json').exists()
// a user error fails the goal with a message, never a stack trace
assert !new File(basedir, 'build.log').getText('UTF-8').contains('\tat io.github.termsprawl.') : 'no stack trace'
true
