String log = new File(basedir, 'build.log').getText('UTF-8')

assert log.contains('termsprawl discovery files are not current:')
assert log.contains("Run 'mvn termsprawl:discover' to fix.")
// only the two jars are named
def named = (log =~ /(?m)^(?:\[ERROR\])?\s+(?:stale|missing): (\S+)$/).collect { it[1] } as Set
assert named == ['.termsprawl/bin/termsprawl.jar', '.termsprawl/bin/lib/sqlite-jdbc.jar'] as Set
assert log =~ /(?m)^(?:\[ERROR\])?\s+stale: \.termsprawl\/bin\/termsprawl\.jar$/
assert log.contains('BUILD FAILURE')
true
