File links = new File(basedir, '.termsprawl/links')
assert links.list().sort() == ['backend--frontend.json']
assert new File(links, 'backend--frontend.json').bytes ==
        '{\n  "version": 1,\n  "a": "backend",\n  "b": "frontend"\n}\n'.getBytes('UTF-8')
assert new File(basedir, 'build.log').getText('UTF-8').contains('[INFO] termsprawl: linked frontend <-> backend')
true
