String BLOCK = '<!-- termsprawl:context-links -->\n' +
        'Linked agent context: run\n' +
        '`.termsprawl/bin/termsprawl-context --cwd . --self "$TERMSPRAWL_NODE_ID"`\n' +
        'to print peer transcripts. Only read what that command prints.\n' +
        'Before you edit a file another agent may be working on, run\n' +
        '`.termsprawl/bin/termsprawl-touches --cwd . --self "$TERMSPRAWL_NODE_ID" --file <path>`.\n' +
        '<!-- /termsprawl:context-links -->'
String expected = '# Notes\r\n\r\nKeep this.' + '\n\n' + BLOCK + '\n\n' + 'After the block.' + '\n'
assert new File(basedir, '.termsprawl/AGENTS.md').getText('UTF-8') == expected
assert !new File(basedir, 'AGENTS.md').exists()
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('[INFO] termsprawl: wrote 23 discovery file(s) under ')
assert log.contains('[INFO] termsprawl: discovery files are up to date')
true
