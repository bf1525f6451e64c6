String log = new File(basedir, 'build.log').getText('UTF-8')
File skill = new File(basedir, '.claude/skills/termsprawl-context/SKILL.md')

assert log.contains('termsprawl discovery files are not current:')
assert log.contains('  stale: .claude/skills/termsprawl-context/SKILL.md')
assert log.contains("Run 'mvn termsprawl:discover' to fix.")
// only the edited file is named
def named = (log =~ /(?m)^(?:\[ERROR\])?\s+(?:stale|missing): (\S+)$/).collect { it[1] } as Set
assert named == ['.claude/skills/termsprawl-context/SKILL.md'] as Set
assert log.contains('BUILD FAILURE')
// check never writes: the user's edit is still there
assert skill.getText('UTF-8').endsWith('that command prints.\nmy own note\n')
true
