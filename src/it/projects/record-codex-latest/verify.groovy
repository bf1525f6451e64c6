import groovy.json.JsonOutput

String path = new File(basedir, 'codex-home/sessions/2026/01/02/rollout-2026-01-02T10-00-00-newest.jsonl').canonicalPath
assert new File(basedir, '.termsprawl/transcripts').list() as List == ['reviewer.json']
assert new File(basedir, '.termsprawl/transcripts/reviewer.json').getText('UTF-8') ==
        '{\n  "version": 1,\n  "path": ' + JsonOutput.toJson(path) + ',\n  "store": "codex"\n}\n'
assert new File(basedir, 'build.log').getText('UTF-8').contains("[INFO] termsprawl: recorded reviewer -> $path (codex)")
true
