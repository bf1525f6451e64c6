// the Claude Code folder every record IT starts from (CLAUDE_CONFIG_DIR=claude-home, see invoker.properties)
evaluate(new File(itScripts, 'claude-home.groovy'))
