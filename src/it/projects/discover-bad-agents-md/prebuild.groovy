new File(basedir, '.termsprawl').mkdirs()
// Latin-1 prose: not UTF-8, so discover cannot keep it around the block
new File(basedir, '.termsprawl/AGENTS.md').bytes = [0x4e, 0x6f, 0x74, 0x65, 0x73, 0x20, 0xe9, 0x0a] as byte[]
true
