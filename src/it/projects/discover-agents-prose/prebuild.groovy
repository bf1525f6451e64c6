new File(basedir, '.termsprawl').mkdirs()
// prose, a stray close marker, an old block, prose after it
new File(basedir, '.termsprawl/AGENTS.md').bytes = ('# Notes\r\n\r\nKeep this.\n<!-- /termsprawl:context-links -->\n\n' +
        '<!-- termsprawl:context-links -->\nold text\n<!-- /termsprawl:context-links -->\n\n\n  After the block.  \n\n').getBytes('UTF-8')
true
