File links = new File(basedir, '.termsprawl/links')
links.mkdirs()
new File(links, 'backend--frontend.json').setText('{\n  "version": 1,\n  "a": "backend",\n  "b": "frontend"\n}\n', 'UTF-8')
new File(links, 'api--backend.json').setText('{\n  "version": 1,\n  "a": "api",\n  "b": "backend"\n}\n', 'UTF-8')
true
