import groovy.json.JsonOutput
String slug = basedir.canonicalPath.replaceAll('[^A-Za-z0-9]', '-')
String path = new File(basedir, "claude-home/projects/$slug/11111111-1111-4111-8111-111111111111.jsonl").canonicalPath
assert new File(basedir, '.termsprawl/transcripts').list() as List == ['backend.json']
assert new File(basedir, '.termsprawl/transcripts/backend.json').getText('UTF-8') ==
        '{\n  "version": 1,\n  "path": ' + JsonOutput.toJson(path) + ',\n  "store": "claude"\n}\n'
assert new File(basedir, 'build.log').getText('UTF-8').contains("[INFO] termsprawl: recorded backend -> $path")
true
