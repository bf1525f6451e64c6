String log = new File(basedir, 'build.log').getText('UTF-8')

// the jars are built on each machine and never committed: an edited or cut jar is this machine's
// problem, found by the packaged plugin's fingerprints and named, but it fails no build (CI has none)
['.termsprawl/bin/termsprawl.jar', '.termsprawl/bin/lib/sqlite-jdbc.jar'].each {
    assert log.contains("[WARNING] termsprawl: $it is stale on this machine (built by discover, never committed;" +
            " the context command needs it). Run 'mvn termsprawl:discover' here.") : "not reported: $it"
}
assert !log.contains('termsprawl discovery files are not current:')
assert log.contains('[INFO] termsprawl: discovery files are up to date')
assert !log.contains('BUILD FAILURE')
true
