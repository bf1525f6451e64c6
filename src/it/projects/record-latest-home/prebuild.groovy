// Claude Code's folder under $HOME (HOME=fake-home, see invoker.properties); Java's user.home is elsewhere
assert !new File(System.getProperty('user.home')).canonicalPath.startsWith(basedir.canonicalPath)
File project = basedir.canonicalFile
String slug = project.path.replaceAll('[^A-Za-z0-9]', '-')
File sessions = new File(basedir, "fake-home/.claude/projects/$slug")
sessions.mkdirs()
new File(sessions, '55555555-5555-4555-8555-555555555555.jsonl').text = '{"type":"user","message":{"content":"under HOME"}}\n'
true
