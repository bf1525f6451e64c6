String db = new File(basedir, 'xdg/opencode/opencode.db').canonicalPath
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains("[INFO] termsprawl: recorded oc -> $db (opencode")
assert new File(basedir, 'status.txt').getText('UTF-8').contains("oc store=opencode turns=2 ")
assert new File(basedir, 'context.txt').getText('UTF-8') ==
        '# linked context from oc (oc)\n## user\nhello from opencode\n## assistant\nhi back\n'
assert !log.contains('BUILD FAILURE')
true
