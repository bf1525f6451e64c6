// frontend is linked to backend, whose Claude Code session was compacted once (its summary starts the
// active window) and then rewound: an abandoned answer, a command wrapper and a reminder around the prose.
def write = evaluate(new File(itScripts as String, 'write-file.groovy'))
write('.termsprawl/links/backend--frontend.json', '{"version": 1, "a": "backend", "b": "frontend"}\n')
write('.termsprawl/transcripts/backend.json', '{"version": 1, "path": "sessions/backend.jsonl"}\n')
int second = 0
def rec = { String type, String uuid, String parent, String body ->
    second++
    '{"type":"' + type + '","uuid":"' + uuid + '","parentUuid":' + (parent == null ? 'null' : '"' + parent + '"') +
            ',"timestamp":"2026-01-01T00:00:' + String.format('%02d', second) + '.000Z",' + body + '}'
}
def user = { String content -> '"message":{"role":"user","content":' + content + '}' }
def said = { String id, String text -> '"message":{"role":"assistant","id":"' + id + '","content":[{"type":"text","text":"' + text + '"}]}' }
write('sessions/backend.jsonl', [
        rec('user', 'u1', null, user('"Add a /health endpoint."')),
        rec('assistant', 'a1', 'u1', said('m1', 'Added GET /health.')),
        rec('system', 'b', null, '"subtype":"compact_boundary","logicalParentUuid":"a1","compactMetadata":{"trigger":"auto","preTokens":9}'),
        rec('user', 's', 'b', '"isCompactSummary":true,' + user('"Summary: a /health endpoint was added."')),
        rec('user', 'c', 's', user('"<command-name>/model</command-name>"')),
        rec('user', 'u2', 'c', user('[{"type":"text","text":"<system-reminder>note</system-reminder>"},{"type":"text","text":"Now add tests."}]')),
        rec('assistant', 'a2', 'u2', said('m2', 'Tests, first try.')),
        rec('assistant', 'a3', 'u2', said('m3', 'Added tests for /health \u2713')),
        '{"type":"summary","summary":"Health endpoint","leafUuid":"a3"}',
].join('\n') + '\n')
true
