def run = evaluate(new File(itScripts as String, 'run-command.groovy'))
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('First share of backend: what would leave this machine for origin (refs/termsprawl/alice/backend)')
assert log.contains('Nothing was shared yet: this is the first share of backend. Read the list above, then confirm it with: mvn termsprawl:share -Dtermsprawl.node=backend -Dtermsprawl.confirm=true')
// the preview is no failure: the first invocation ends well, the refused one (redact=false) does not
assert log.indexOf('BUILD SUCCESS') >= 0 && log.indexOf('BUILD SUCCESS') < log.indexOf('A shared node is always redacted') : 'the preview failed the build'
assert log.contains('A shared node is always redacted: termsprawl.redact=false is refused by share')
assert log.contains('Anyone who can read the repository\'s remote origin can read node backend')
assert log.contains('Shared backend as refs/termsprawl/alice/backend on origin')
assert log.contains('alice__backend: new (')
assert log.contains('Deleted refs/termsprawl/alice/backend on origin and here.')
File bob = new File(basedir, 'bob')
// receive writes the small files only: the turn files wait in git's object store until a reader wants them
assert new File(bob, '.termsprawl/shared/alice__backend/context.md').text.contains('Why does the build fail?')
assert !new File(bob, '.termsprawl/shared/alice__backend/history/turn-0000-user.md').exists()
// the file view, read from git
String context = new File(bob, 'context.txt').getText('UTF-8')
assert context.startsWith('# linked context from alice__backend (alice__backend)\n## user\nWhy does the build fail?\n## assistant\nLet me run it.') : context
assert new File(bob, 'live.txt').getText('UTF-8').startsWith('# linked context from alice__backend (alice__backend)\n')
assert new File(bob, 'status.txt').getText('UTF-8').contains('shared alice__backend: shared by alice at ')
assert new File(bob, 'status.txt').getText('UTF-8').contains(' files changed (store claude)')
// unshared: no ref left on the remote; and the secret is in none of its objects
def (code, out, err) = run(['git', 'for-each-ref', 'refs/termsprawl/'], new File(basedir, 'remote.git'))
assert code == 0 && out.length == 0
def (c2, objects, e2) = run(['git', 'cat-file', '--batch-all-objects', '--batch'], new File(basedir, 'remote.git'))
String all = new String(objects, 'UTF-8')
assert all.contains('[redacted:')
assert !all.contains('AKIAZ3MNQ7XK5VBT2RWH')
true
