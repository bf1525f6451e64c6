def run = { List cmd, File dir ->
    def p = cmd.execute(null, dir)
    def out = new StringBuilder(), err = new StringBuilder()
    p.waitForProcessOutput(out, err)
    [p.exitValue(), out.toString(), err.toString()]
}
def git = ['git', '-c', 'user.name=t', '-c', 'user.email=t@t']
String log = new File(basedir, 'build.log').getText('UTF-8')

// the personal file discover created is kept out of git, once, and the log says where
String exclude = new File(basedir, '.git/info/exclude').getText('UTF-8')
assert exclude.count('/.claude/settings.local.json\n') == 1 : exclude
assert exclude.contains('# termsprawl: ')
assert log.count('.claude/settings.local.json is personal (discover created it): kept out of git in .git/info/exclude') == 1

// discover warns about the file a rule above .termsprawl/ ignores; check fails naming it, the rule and the fix
assert log.contains("git ignores .claude/skills/termsprawl-ask/SKILL.md (by .gitignore:2: .claude/skills/termsprawl-ask/)")
assert log.contains('  ignored: .claude/skills/termsprawl-ask/SKILL.md (by .gitignore:2: .claude/skills/termsprawl-ask/)')
assert log.contains("commit it with 'git add -f <file>'")
def named = (log =~ /(?m)^(?:\[ERROR\])?\s+(?:stale|missing|ignored|not executable): (\S+).*$/).collect { it[1] } as Set
assert named == ['.claude/skills/termsprawl-ask/SKILL.md'] as Set : named

// `git add -A` as a teammate would: every launcher goes in, nothing personal or per machine does
assert run(git + ['add', '-A'], basedir)[0] == 0
assert run(git + ['commit', '-q', '-m', 'planted'], basedir)[0] == 0
def tracked = run(git + ['ls-files'], basedir)[1].readLines()
['termsprawl-context', 'termsprawl-record', 'termsprawl-history', 'termsprawl-ask'].each { n ->
    assert tracked.contains('.termsprawl/bin/' + n) : tracked
    assert tracked.contains('.termsprawl/bin/' + n + '.cmd') : tracked
}
assert tracked.contains('.termsprawl/AGENTS.md') && tracked.contains('.termsprawl/.gitignore')
assert tracked.contains('.claude/skills/termsprawl-context/SKILL.md')
assert !tracked.contains('.claude/settings.local.json') : tracked
assert !tracked.any { it.endsWith('.jar') || it.contains('.jsa') || it.contains('.aot') } : tracked

// the fix check named works; the clone has every committed file
assert run(git + ['add', '-f', '.claude/skills/termsprawl-ask/SKILL.md'], basedir)[0] == 0
assert run(git + ['commit', '-q', '-m', 'the ignored skill'], basedir)[0] == 0
File clone = new File(basedir, 'target/clone')
clone.parentFile.mkdirs()
assert run(git + ['clone', '-q', basedir.path, clone.path], basedir)[0] == 0
['termsprawl-context', 'termsprawl-record', 'termsprawl-history', 'termsprawl-ask'].each { n ->
    assert new File(clone, '.termsprawl/bin/' + n).canExecute() : n
    assert new File(clone, '.termsprawl/bin/' + n + '.cmd').isFile() : n
}
assert new File(clone, '.claude/skills/termsprawl-ask/SKILL.md').isFile()
assert !new File(clone, '.claude/settings.local.json').exists()
true
