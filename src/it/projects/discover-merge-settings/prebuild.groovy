new File(basedir, '.claude').mkdirs()
new File(basedir, '.claude/settings.local.json').setText('''{
  "permissions": {"allow": ["Bash(ls:*)"], "deny": []},
  "model": "opus",
  "hooks": {
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo pre"}]}],
    "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo hello", "timeout": 5}]}]
  },
  "env": {"FOO": "bar"}
}
''', 'UTF-8')
true
