// a real repository of its own (the IT folder sits in the build's target/, which the outer repository ignores)
def p = ['git', 'init', '-q'].execute(null, basedir)
p.waitForProcessOutput(new StringBuilder(), System.err)
assert p.exitValue() == 0 : 'this IT needs git'
// guice's rule, and one above .termsprawl/ that discover cannot take back
new File(basedir, '.gitignore').text = 'bin/\n.claude/skills/termsprawl-ask/\n'
true
