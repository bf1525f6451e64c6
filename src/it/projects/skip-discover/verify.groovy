String log = new File(basedir, 'build.log').getText('UTF-8')
assert (log =~ /\[INFO\] termsprawl: skipped/).count == 1
assert log.contains('[INFO] termsprawl: skipped (termsprawl.discover.skip=true)\n')
assert log.contains('[INFO] termsprawl: linked backend <-> frontend')
assert !new File(basedir, '.claude').exists()
assert new File(basedir, '.termsprawl').list() as List == ['links']
true
