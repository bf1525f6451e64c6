// The sessions of the history ITs (evaluated by their prebuild.groovy, with basedir bound): two nodes,
// backend (Claude Code, with a secret in a tool result) and worker (Codex); nobody has none.
def write = evaluate(new File(itScripts as String, 'write-file.groovy'))
write('.termsprawl/transcripts/backend.json', '{"version": 1, "path": "sessions/backend.jsonl"}\n')
write('.termsprawl/transcripts/worker.json', '{"version": 1, "path": "sessions/rollout.jsonl", "store": "codex"}\n')
write('sessions/backend.jsonl', [
        '{"type":"user","uuid":"u1","parentUuid":null,"timestamp":"2026-01-01T00:00:01Z","message":{"role":"user","content":"Why does the build fail?"}}',
        '{"type":"assistant","uuid":"a1","parentUuid":"u1","timestamp":"2026-01-01T00:00:02Z","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"Let me run it."},{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"mvn -q verify"}}]}}',
        '{"type":"user","uuid":"r1","parentUuid":"a1","timestamp":"2026-01-01T00:00:03Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ERROR: AWS_ACCESS_KEY_ID=AKIAZ3MNQ7XK5VBT2RWH rejected","is_error":true}]}}',
        '{"type":"assistant","uuid":"a2","parentUuid":"r1","timestamp":"2026-01-01T00:00:04Z","message":{"id":"m2","role":"assistant","content":[{"type":"text","text":"The key is rejected."}]}}',
].join('\n') + '\n')
write('sessions/rollout.jsonl', [
        '{"timestamp":"2026-01-01T00:00:01.000Z","type":"session_meta","payload":{"id":"w1","cwd":"/p"}}',
        '{"timestamp":"2026-01-01T00:00:02.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"list files"}]}}',
        '{"timestamp":"2026-01-01T00:00:03.000Z","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"a.txt"}]}}',
].join('\n') + '\n')
true
