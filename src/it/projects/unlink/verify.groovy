String log = new File(basedir, 'build.log').getText('UTF-8')
File links = new File(basedir, '.termsprawl/links')
assert links.list().sort() == ['api--backend.json']
assert new File(links, 'api--backend.json').getText('UTF-8') == '{\n  "version": 1,\n  "a": "api",\n  "b": "backend"\n}\n'
assert log.contains('[INFO] termsprawl: unlinked frontend <-> backend')
assert log.contains('[INFO] termsprawl: no link to remove: backend <-> frontend')
// the list is data on stdout, the summary a log line
assert log.contains('\napi <-> backend\n[INFO] termsprawl: 1 link(s), printed to stdout (')
assert !log.contains('BUILD FAILURE')
true
