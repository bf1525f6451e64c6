// three nodes: backend with a transcript, frontend whose transcript is gone, reviewer never recorded
def write = evaluate(new File(itScripts as String, 'write-file.groovy'))
File t = write('logs/backend.jsonl',
        '{"type":"user","message":{"content":"hi"}}\n{"type":"assistant","message":{"content":[{"type":"text","text":"hello"}]}}\n')
assert t.setLastModified(1767225600000L) // 2026-01-01T00:00:00Z
write('.termsprawl/transcripts/backend.json', '{"version": 1, "path": "logs/backend.jsonl"}\n')
write('.termsprawl/transcripts/frontend.json', '{"version": 1, "path": "logs/gone.jsonl", "store": "claude"}\n')
write('.termsprawl/links/backend--frontend.json', '{"version": 1, "a": "backend", "b": "frontend"}\n')
write('.termsprawl/links/backend--reviewer.json', '{"version": 1, "a": "backend", "b": "reviewer"}\n')
true
