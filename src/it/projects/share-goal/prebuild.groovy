// two machines of one project: this folder (alice) and bob/, clones of remote.git, a bare repository on disk
evaluate(new File(itScripts, 'history-sessions.groovy'))
def git = { File dir, List<String> args ->
    def p = (['git'] + args).execute(null, dir)
    p.waitForProcessOutput(new StringBuilder(), System.err)
    assert p.exitValue() == 0 : 'this IT needs git: git ' + args.join(' ')
}
git(basedir, ['init', '-q', '--bare', 'remote.git'])
git(basedir, ['init', '-q'])
git(basedir, ['config', 'user.email', 'alice@example.com'])
git(basedir, ['remote', 'add', 'origin', 'file://' + new File(basedir, 'remote.git').absolutePath])
git(basedir, ['clone', '-q', 'file://' + new File(basedir, 'remote.git').absolutePath, 'bob'])
git(new File(basedir, 'bob'), ['config', 'user.email', 'bob@example.com'])
new File(basedir, 'bob/.termsprawl').mkdirs()
true
