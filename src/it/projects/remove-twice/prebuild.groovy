// a real repository with no commit yet (the IT folder sits in the build's target/, which the outer one ignores)
def p = ['git', 'init', '-q'].execute(null, basedir)
p.waitForProcessOutput(new StringBuilder(), System.err)
assert p.exitValue() == 0 : 'this IT needs git'
// the user's settings, in the layout discover writes (so that "as it was" can be compared byte for byte)
new File(basedir, '.claude').mkdirs()
new File(basedir, '.claude/settings.local.json').setText('''{
  "permissions": {
    "allow": [
      "Bash(ls:*)"
    ]
  },
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "echo pre"
          }
        ]
      }
    ],
    "SessionStart": [
      {
        "matcher": "startup",
        "hooks": [
          {
            "type": "command",
            "command": "echo hello",
            "timeout": 5
          }
        ]
      }
    ]
  },
  "env": {
    "FOO": "bar"
  }
}
''', 'UTF-8')
new File(basedir, '.termsprawl').mkdirs()
new File(basedir, '.termsprawl/AGENTS.md').setText('# Our agents\n\nBe brief.\n', 'UTF-8')
// what a session leaves on this machine: remove keeps it, and keeps it out of git
new File(basedir, '.termsprawl/history/backend').mkdirs()
new File(basedir, '.termsprawl/history/backend/turn-0001-user.md').setText('my key\n', 'UTF-8')
new File(basedir, 'settings.orig').bytes = new File(basedir, '.claude/settings.local.json').bytes
true
