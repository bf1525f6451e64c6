import groovy.json.JsonOutput
String path = new File(basedir, 'sessions/backend.jsonl').canonicalPath
assert new File(basedir, '.termsprawl/transcripts').list() as List == ['backend.json']
assert new File(basedir, '.termsprawl/transcripts/backend.json').getText('UTF-8') ==
        '{\n  "version": 1,\n  "path": ' + JsonOutput.toJson(path) + '\n}\n'
assert new File(basedir, 'build.log').getText('UTF-8').contains("[INFO] termsprawl: recorded backend -> $path")
true
