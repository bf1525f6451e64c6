import groovy.json.JsonSlurper
File file = new File(basedir, '.claude/settings.local.json')
String text = file.getText('UTF-8')
def s = new JsonSlurper().parseText(text)

// the user's keys, in their order, with their values
assert s.keySet() as List == ['permissions', 'model', 'hooks', 'env']
assert s.permissions == [allow: ['Bash(ls:*)'], deny: []]
assert s.model == 'opus'
assert s.env == [FOO: 'bar']
assert s.hooks.keySet() as List == ['PreToolUse', 'SessionStart', 'UserPromptSubmit']
// their PreToolUse hook first, our guard before an edit once after it (docs/touches.md)
assert s.hooks.PreToolUse == [[matcher: 'Bash', hooks: [[type: 'command', command: 'echo pre']]],
        [matcher: 'Edit|MultiEdit|Write|NotebookEdit|Bash',
         hooks: [[type: 'command',
                  command: '"$CLAUDE_PROJECT_DIR"/.termsprawl/bin/termsprawl-touches --hook --cwd "$CLAUDE_PROJECT_DIR"']]]]
// their SessionStart hook first, ours once after it
assert s.hooks.SessionStart == [
        [matcher: 'startup', hooks: [[type: 'command', command: 'echo hello', timeout: 5]]],
        [matcher: 'startup|resume|clear|compact|fork',
         hooks: [[type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.termsprawl/bin/termsprawl-record']]]]
assert s.hooks.UserPromptSubmit == [[hooks: [[type: 'command',
        command: '"$CLAUDE_PROJECT_DIR"/.termsprawl/bin/termsprawl-context --hook --cwd "$CLAUDE_PROJECT_DIR"']]]]
assert text.count('termsprawl-record') == 1
assert text.endsWith('}\n')

String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('[INFO] termsprawl: wrote 24 discovery file(s) under ')
assert log.contains('[INFO] termsprawl: discovery files are up to date')
true
