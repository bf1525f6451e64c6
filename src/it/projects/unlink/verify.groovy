String log = new File(basedir, 'build.log').getText('UTF-8')
File links = new File(basedir, '.termsprawl/links')
assert links.list().sort() == ['api--backend.json']
assert new File(links, 'api--backend.json').getText('UTF-8') == '{\n  "version": 1,\n  "a": "api",\n  "b": "backend"\n}\n'
assert log.contains('[INFO] termsprawl: unlinked frontend <-> backend')
assert log.contains('[INFO] termsprawl: no link to remove: backend <-> frontend')
assert log.contains('[INFO] termsprawl: 1 link(s)\n[INFO]   api <-> backend\n')
assert !log.contains('BUILD FAILURE')
true
