String log = new File(basedir, 'build.log').getText('UTF-8')
assert (log =~ /\[INFO\] termsprawl: skipped/).count == 5
// the switch that skipped each goal is named
assert (log =~ /\[INFO\] termsprawl: skipped \(termsprawl\.skip=true\)\n/).count == 5
assert log.contains('BUILD SUCCESS')
// (.mvn is the invoker's, marking the project root)
assert (basedir.list() as List).minus('.mvn').sort() == ['build.log', 'invoker.properties', 'pom.xml', 'verify.groovy']
true
