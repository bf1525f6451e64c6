String log = new File(basedir, 'build.log').getText('UTF-8')
['discover', 'check', 'link', 'unlink', 'links', 'status', 'record', 'context', 'remove', 'help'].each {
    assert log =~ /(?m)^\[INFO\]\s*termsprawl:\Q$it\E$/ || log.contains("termsprawl:$it\n") : "help does not list $it"
}
assert log.contains('BUILD SUCCESS')
true
