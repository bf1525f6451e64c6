String log = new File(basedir, 'build.log').getText('UTF-8')
File settings = new File(basedir, '.claude/settings.local.json')

// every other hook and setting exactly as it was
assert settings.bytes == new File(basedir, 'settings.orig').bytes : settings.getText('UTF-8')
assert new File(basedir, '.termsprawl/AGENTS.md').getText('UTF-8') == '# Our agents\n\nBe brief.\n'
// what discover planted is gone, the links are kept
['.termsprawl/bin', '.termsprawl/.gitattributes', '.claude/skills'].each {
    assert !new File(basedir, it).exists() : it
}
assert new File(basedir, '.termsprawl/links/backend--frontend.json').isFile()
// the turn file is kept, and only the lines keeping it out of git are left of the planted .gitignore
assert new File(basedir, '.termsprawl/history/backend/turn-0001-user.md').isFile()
assert new File(basedir, '.termsprawl/.gitignore').getText('UTF-8') == '# left by termsprawl remove: this machine\'s data it kept, never committed (see its docs/team.md, "Removing termsprawl")\n/transcripts/\n/history/\n/history-state/\n'

// the first run says what it removed and what it kept, the second has nothing to remove
assert log.contains('[INFO] termsprawl: removed .termsprawl/bin/termsprawl-context\n')
assert log.contains('[INFO] termsprawl: removed .claude/skills/termsprawl-context/SKILL.md\n')
assert log.contains('[INFO] termsprawl: changed .termsprawl/AGENTS.md (the managed block taken out, your prose kept)\n')
assert log.contains('[INFO] termsprawl: changed .claude/settings.local.json (the termsprawl hooks taken out, every other setting kept)\n')
assert log.contains('[INFO] termsprawl: kept .termsprawl/links (')
assert log.count('[INFO] termsprawl: removed termsprawl from ') == 1
assert log.count('[INFO] termsprawl: nothing to remove') == 1
assert !log.contains('BUILD FAILURE')

// the command it printed works in this repository with no commit, and stages nothing of a session
String add = 'git add -A -- .termsprawl .claude'
assert log.count('[INFO] termsprawl: to commit the removal: ' + add + ' && git commit\n') == 1
def p = (['git'] + add.split(' ').drop(1).toList()).execute(null, basedir)
def out = new StringBuilder(), err = new StringBuilder()
p.waitForProcessOutput(out, err)
assert p.exitValue() == 0 : err
p = ['git', 'ls-files'].execute(null, basedir)
out = new StringBuilder()
p.waitForProcessOutput(out, err)
assert out.readLines().sort() == ['.claude/settings.local.json', '.termsprawl/.gitignore', '.termsprawl/AGENTS.md', '.termsprawl/links/backend--frontend.json'] : out
true
