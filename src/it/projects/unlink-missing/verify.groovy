String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('[INFO] termsprawl: no link to remove: backend <-> frontend')
assert log.contains('BUILD SUCCESS')
assert !new File(basedir, '.termsprawl').exists()
true
