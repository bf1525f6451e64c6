String log = new File(basedir, 'build.log').getText('UTF-8')
String root = basedir.canonicalPath
['.termsprawl/AGENTS.md', '.termsprawl/bin/termsprawl-context', '.claude/skills/termsprawl-context/SKILL.md'].each {
    assert new File(basedir, it).isFile() : "missing $it at the root"
}
['.termsprawl', '.claude'].each { assert !new File(basedir, "module-a/$it").exists() : "module-a/$it was written" }
assert log.contains("[INFO] termsprawl: project folder $root (the multi-module root)")
true
