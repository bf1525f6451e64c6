// Project state: three links of frontend (api, backend, zeta), transcripts for api (absolute path) and
// backend (relative path), none for zeta; project.json titles backend only (with odd elements around it).
def write = evaluate(new File(itScripts as String, 'write-file.groovy'))
def link = { String a, String b -> write(".termsprawl/links/${a}--${b}.json", "{\n  \"version\": 1,\n  \"a\": \"$a\",\n  \"b\": \"$b\"\n}\n") }
link('api', 'frontend')
link('backend', 'frontend')
link('frontend', 'zeta')
link('api', 'backend') // not frontend's
write('.termsprawl/transcripts/backend.json', '{"version": 1, "path": "sessions/backend.jsonl"}\n')
write('.termsprawl/transcripts/api.json',
        '{"version": 1, "path": ' + groovy.json.JsonOutput.toJson(new File(basedir, 'sessions/api.jsonl').absolutePath) + ', "store": "claude"}\n')
write('.termsprawl/project.json',
        '{"nodes": [null, 5, {"id": "backend", "data": null}, {"id": "backend", "data": {"title": "Backend API"}}, {"id": "api", "data": {"title": 7}}]}\n')
write('sessions/backend.jsonl', [
        '{"type":"summary","summary":"Health endpoint"}',
        '{"type":"user","message":{"role":"user","content":"Add a /health endpoint to the API."}}',
        '{"type":"assistant","message":{"role":"assistant","content":[{"type":"thinking","thinking":"easy"},{"type":"text","text":"Done: GET /health returns {\\"ok\\": true}."},{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ls"}}]}}',
        'this line is not JSON',
        '{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]}}',
        '   ',
        '{"type":"system","message":{"content":"ignored"}}',
        '{"type":"assistant","message":{"role":"assistant","content":"Two lines:\\nfirst\\nsecond \\u2014 \u00fcn\u00efc\u00f6d\u00e9 \u2713"}}',
].join('\n') + '\n')
write('sessions/api.jsonl', '\uFEFF{"type":"user","message":{"content":[{"type":"text","text":"ping"},{"type":"text","text":"pong?"}]}}\n')
true
