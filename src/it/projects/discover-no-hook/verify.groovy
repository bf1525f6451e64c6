assert !new File(basedir, '.claude/settings.local.json').exists()
assert new File(basedir, '.claude').list() as List == ['skills']
assert new File(basedir, '.claude/skills/termsprawl-context/SKILL.md').isFile()
assert new File(basedir, '.termsprawl/AGENTS.md').isFile()
assert new File(basedir, '.termsprawl/bin/termsprawl-record').isFile()
assert new File(basedir, 'build.log').getText('UTF-8').contains('[INFO] termsprawl: wrote 23 discovery file(s) under ')
true
