String log = new File(basedir, 'build.log').getText('UTF-8')
File settings = new File(basedir, '.claude/settings.local.json')

// every other hook and setting exactly as it was
assert settings.bytes == new File(basedir, 'settings.orig').bytes : settings.getText('UTF-8')
assert new File(basedir, '.termsprawl/AGENTS.md').getText('UTF-8') == '# Our agents\n\nBe brief.\n'
// what discover planted is gone, the links are kept
['.termsprawl/bin', '.termsprawl/.gitignore', '.termsprawl/.gitattributes', '.claude/skills'].each {
    assert !new File(basedir, it).exists() : it
}
assert new File(basedir, '.termsprawl/links/backend--frontend.json').isFile()

// the first run says what it removed and what it kept, the second has nothing to remove
assert log.contains('[INFO] termsprawl: removed .termsprawl/bin/termsprawl-context\n')
assert log.contains('[INFO] termsprawl: removed .claude/skills/termsprawl-context/SKILL.md\n')
assert log.contains('[INFO] termsprawl: changed .termsprawl/AGENTS.md (the managed block taken out, your prose kept)\n')
assert log.contains('[INFO] termsprawl: changed .claude/settings.local.json (the termsprawl hook taken out, every other setting kept)\n')
assert log.contains('[INFO] termsprawl: kept .termsprawl/links (')
assert log.count('[INFO] termsprawl: removed termsprawl from ') == 1
assert log.count('[INFO] termsprawl: nothing to remove') == 1
assert !log.contains('BUILD FAILURE')
true
