String log = new File(basedir, 'build.log').getText('UTF-8')
File links = new File(basedir, '.termsprawl/links')
assert links.list().sort() == ['backend--frontend.json']
assert new File(links, 'backend--frontend.json').getText('UTF-8') ==
        '{\n  "version": 1,\n  "a": "backend",\n  "b": "frontend"\n}\n'
assert log.contains('[INFO] termsprawl: linked backend <-> frontend')
assert log.contains('[INFO] termsprawl: already linked: frontend <-> backend')
// the list is data on stdout, the summary a log line
assert log.contains('\nbackend <-> frontend\n[INFO] termsprawl: 1 link(s), printed to stdout (')
// link touches nothing but the link
assert new File(basedir, '.termsprawl').list().sort() == ['links']
assert !new File(basedir, '.claude').exists()
true
