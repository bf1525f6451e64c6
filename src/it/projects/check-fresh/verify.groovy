String log = new File(basedir, 'build.log').getText('UTF-8')
assert log =~ /termsprawl:[^:]+:discover \(plant\)/
assert log =~ /termsprawl:[^:]+:check \(verify-markers\)/
assert log.contains('[INFO] termsprawl: wrote 15 discovery file(s) under ')
assert log.contains('[INFO] termsprawl: discovery files are up to date')
assert log.indexOf('wrote 14 discovery') < log.indexOf('discovery files are up to date')
assert !log.contains("Run 'mvn termsprawl:discover' to fix.")
assert log.contains('BUILD SUCCESS')
true
