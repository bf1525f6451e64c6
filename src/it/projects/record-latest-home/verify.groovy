import groovy.json.JsonOutput
String slug = basedir.canonicalPath.replaceAll('[^A-Za-z0-9]', '-')
String path = new File(basedir, "fake-home/.claude/projects/$slug/55555555-5555-4555-8555-555555555555.jsonl").canonicalPath
assert new File(basedir, '.termsprawl/transcripts/frontend.json').getText('UTF-8') ==
        '{\n  "version": 1,\n  "path": ' + JsonOutput.toJson(path) + ',\n  "store": "claude"\n}\n'
assert new File(basedir, 'build.log').getText('UTF-8').contains("[INFO] termsprawl: recorded frontend -> $path")
true
