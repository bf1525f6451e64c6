evaluate(new File(itScripts, 'history-sessions.groovy'))
