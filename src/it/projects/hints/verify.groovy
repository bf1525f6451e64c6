String log = new File(basedir, 'build.log').getText('UTF-8')
// the first link: nothing is known yet, both ends are named
assert log.contains("[WARNING] termsprawl: node 'backend' has no recorded transcript and is in no other link (no node is known yet).")
// the typo: named with the nodes the project knows, and the undo
assert log.contains("[WARNING] termsprawl: node 'bakend' has no recorded transcript and is in no other link (known nodes: backend, frontend). If it is a typo: mvn termsprawl:unlink -Dtermsprawl.a=frontend -Dtermsprawl.b=bakend.")
assert !log.contains("node 'frontend' has no recorded transcript and is in no other link (known")
// a property in the wrong case
assert log.contains('[WARNING] termsprawl: unknown property termsprawl.dryrun, ignored by every goal; did you mean termsprawl.dryRun?')
assert !log.contains('BUILD FAILURE')
true
