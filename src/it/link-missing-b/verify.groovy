String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('Missing termsprawl.b. Example: mvn termsprawl:link -Dtermsprawl.a=backend -Dtermsprawl.b=frontend')
assert log.contains('BUILD FAILURE')
assert !new File(basedir, '.termsprawl').exists()
true
