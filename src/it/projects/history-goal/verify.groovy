String log = new File(basedir, 'build.log').getText('UTF-8')
File history = new File(basedir, '.termsprawl/history')
def text = { String path -> new File(history, path).getText('UTF-8') }

// 1. every node with an index entry; one summary line
assert log.contains('[INFO] termsprawl: turn files of 2 node(s) in .termsprawl/history: 2 updated (6 turns, 8 files written, 0 removed), 0 up to date\n')
assert new File(history, 'backend').list().findAll { it.startsWith('turn-') }.sort() ==
        ['turn-0000-user.md', 'turn-0001-assistant.md', 'turn-0002-tool.md', 'turn-0003-assistant.md']
assert new File(history, 'worker').list().findAll { it.startsWith('turn-') }.sort() == ['turn-0000-user.md', 'turn-0001-assistant.md']
assert text('worker/turn-0001-assistant.md').contains('\nstore: codex\n')
assert text('backend/index.md').contains('\n0000 user 2026-01-01T00:00:01Z Why does the build fail?\n')
// the secret in the tool's output is redacted by default
assert text('backend/turn-0002-tool.md').contains('\nERROR: AWS_ACCESS_KEY_ID=[redacted:aws-access-key] rejected\n')
assert !new File(history, 'backend').listFiles().any { it.getText('UTF-8').contains('AKIAZ3MNQ7XK5VBT2RWH') }

// 2. nothing new: nothing written
assert log.contains('[INFO] termsprawl: turn files of 2 node(s) in .termsprawl/history: 0 updated (0 turns, 0 files written, 0 removed), 2 up to date\n')

// 3. one node, redaction off: read again, but its files hold no secret, so their bytes are the same: none written
assert log.contains('[INFO] termsprawl: turn files of 1 node(s) in .termsprawl/history: 1 updated (2 turns, 0 files written, 0 removed), 0 up to date; secrets NOT redacted\n')

// 4. a node with no transcript fails by name, with the property and a correct call, no stack trace
assert log.contains('Node nobody has no transcript recorded. Record one first: mvn termsprawl:record -Dtermsprawl.node=nobody')
assert log.contains('(termsprawl.node=nobody). Example: mvn termsprawl:history -Dtermsprawl.node=backend')
assert !log.contains('at io.github.termsprawl')

// 5. a switch that is neither true nor false fails, rather than reading as false: the secret stays redacted
// (the assertions of 1 hold after this run)
assert log.contains("Invalid value 'yes' for termsprawl.redact: expected true or false. Example: -Dtermsprawl.redact=false")
true
