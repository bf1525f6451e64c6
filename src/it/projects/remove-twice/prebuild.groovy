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
new File(basedir, 'settings.orig').bytes = new File(basedir, '.claude/settings.local.json').bytes
true
