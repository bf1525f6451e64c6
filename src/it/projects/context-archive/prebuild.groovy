def write = evaluate(new File(itScripts as String, 'write-file.groovy'))
write('.termsprawl/links/backend--frontend.json', '{\n  "version": 1,\n  "a": "backend",\n  "b": "frontend"\n}\n')
write('.termsprawl/transcripts/backend.json', '{"version": 1, "path": "sessions/backend.jsonl"}\n')
write('sessions/backend.jsonl',
        '\uFEFF{"type":"user","message":{"content":"héllo from backend 🚀"}}\n' +
        '{"type":"progress"}\n' +
        '{"type":"assistant","message":{"content":[{"type":"text","text":"hi"},{"type":"tool_use","id":"t"}]}}\n')
true
