import groovy.json.JsonOutput
String slug = basedir.canonicalPath.replaceAll('[^A-Za-z0-9]', '-')
String path = new File(basedir, "claude-home/projects/$slug/22222222-2222-4222-8222-222222222222.jsonl").canonicalPath
assert new File(basedir, '.termsprawl/transcripts').list() as List == ['frontend.json']
assert new File(basedir, '.termsprawl/transcripts/frontend.json').getText('UTF-8') ==
        '{\n  "version": 1,\n  "path": ' + JsonOutput.toJson(path) + ',\n  "store": "claude"\n}\n'
assert new File(basedir, 'build.log').getText('UTF-8').contains("[INFO] termsprawl: recorded frontend -> $path")
true
