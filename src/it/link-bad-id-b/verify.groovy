String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains("Invalid node id 'a.b' in termsprawl.b")
assert log.contains('BUILD FAILURE')
assert !new File(basedir, '.termsprawl').exists()
true
