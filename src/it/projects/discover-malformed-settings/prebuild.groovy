new File(basedir, '.claude').mkdirs()
// a trailing comma: not JSON
new File(basedir, '.claude/settings.local.json').bytes = '{\n  "model": "opus",\n}\n'.getBytes('UTF-8')
true
