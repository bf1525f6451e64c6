String root = basedir.canonicalPath
String log = new File(basedir, 'build.log').getText('UTF-8')
// -q: the status lines and nothing else of the first build
String status = "backend store=claude turns=2 size=119 modified=2026-01-01T00:00:00Z changed=0 links=frontend,reviewer path=$root/logs/backend.jsonl\n" +
        "frontend store=claude missing links=backend path=$root/logs/gone.jsonl\n" +
        "reviewer unrecorded links=backend\n"
// what the first build printed between the invoker's pre-build lines and the second build's log
String printed = log.substring(log.indexOf('\n', log.indexOf('Finished pre-build script')) + 1, log.indexOf('[INFO]'))
assert printed.replace('\u001b[0m', '') == status : printed
assert new File(basedir, 'links.txt').getText('UTF-8') == 'backend <-> frontend\nbackend <-> reviewer\n'
assert log.contains('[INFO] termsprawl: 2 link(s), printed to ' + new File(basedir, 'links.txt').canonicalPath)
String stats = new File(basedir, 'stats.txt').getText('UTF-8')
assert stats.startsWith('frontend: ') && stats.contains('\nreviewer') == false : stats
assert !log.contains('BUILD FAILURE')
true
