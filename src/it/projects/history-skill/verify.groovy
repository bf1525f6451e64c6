String log = new File(basedir, 'build.log').getText('UTF-8')
File skill = new File(basedir, '.claude/skills/termsprawl-history/SKILL.md')
byte[] expected = new File(basedir, 'expected-SKILL.md').bytes

// 1. discover planted the skill and both launchers; check found everything current
assert log.contains('[INFO] termsprawl: wrote 23 discovery file(s) under ')
assert log.indexOf('[INFO] termsprawl: discovery files are up to date') > log.indexOf('wrote 23 discovery file(s)')
assert new File(basedir, '.termsprawl/bin/termsprawl-history').canExecute()
assert new File(basedir, '.termsprawl/bin/termsprawl-history.cmd').text.contains('io.github.termsprawl.cli.HistoryCommand %*\r\n')
assert new File(basedir, '.termsprawl/.gitattributes').text.contains('\n/bin/termsprawl-history text eol=lf\n')
assert new File(basedir, '.termsprawl/.gitignore').text.contains('\n/history/\n')

// 2. the deleted skill fails check, named, and only it
assert log.contains('termsprawl discovery files are not current:')
def named = (log =~ /(?m)^(?:\[ERROR\])?\s+(?:stale|missing): (\S+)$/).collect { it[1] } as Set
assert named == ['.claude/skills/termsprawl-history/SKILL.md'] as Set
assert log.contains("Run 'mvn termsprawl:discover' to fix.")

// 3. discover planted it again, byte for byte; the context skill (docs/planted.md) is untouched
assert skill.bytes == expected
assert new File(basedir, '.claude/skills/termsprawl-context/SKILL.md').getText('UTF-8').startsWith('---\nname: termsprawl-context\n')
true
