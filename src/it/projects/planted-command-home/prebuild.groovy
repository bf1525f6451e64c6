def write = { String path, String text ->
    File f = new File(basedir, path)
    f.parentFile.mkdirs()
    f.bytes = text.getBytes('UTF-8')
}
write('.termsprawl/links/backend--frontend.json', '{\n  "version": 1,\n  "a": "backend",\n  "b": "frontend"\n}\n')
write('.termsprawl/transcripts/backend.json', '{"version": 1, "path": "sessions/backend.jsonl"}\n')
write('sessions/backend.jsonl',
        '{"type":"user","message":{"content":"hello from backend"}}\n' +
        '{"type":"assistant","message":{"content":[{"type":"text","text":"hi"}]}}\n')
true
