new File(basedir, 'sessions').mkdirs()
new File(basedir, 'sessions/backend.jsonl').text = '{"type":"user","message":{"content":"hi"}}\n'
true
