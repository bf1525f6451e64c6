// an OpenCode database inside the IT project (XDG_DATA_HOME=xdg, see invoker.properties) with one session of
// this project, written with the sqlite-jdbc the outer build installed into the IT repository
File jar = new File(localRepositoryPath, "org/xerial/sqlite-jdbc/${sqliteVersion}/sqlite-jdbc-${sqliteVersion}.jar")
assert jar.isFile() : "no ${jar}"
def loader = new URLClassLoader([jar.toURI().toURL()] as URL[], ClassLoader.getPlatformClassLoader())
def driver = loader.loadClass('org.sqlite.JDBC').getDeclaredConstructor().newInstance()
File db = new File(basedir, 'xdg/opencode/opencode.db')
db.parentFile.mkdirs()
def c = driver.connect('jdbc:sqlite:' + db.path, new Properties())
try {
    def s = c.createStatement()
    [
        'CREATE TABLE project (id TEXT PRIMARY KEY, worktree TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL)',
        'CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, workspace_id TEXT, parent_id TEXT, slug TEXT NOT NULL,' +
                ' directory TEXT NOT NULL, title TEXT NOT NULL, version TEXT NOT NULL, share_url TEXT, time_created INTEGER NOT NULL,' +
                ' time_updated INTEGER NOT NULL, time_compacting INTEGER, time_archived INTEGER)',
        'CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL)',
        'CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL,' +
                ' time_updated INTEGER NOT NULL, data TEXT NOT NULL)',
        "INSERT INTO project VALUES ('prj_1', '/p', 0, 0)",
    ].each { s.execute(it) }
    def insert = { String sql, List values ->
        def p = c.prepareStatement(sql)
        values.eachWithIndex { v, i -> p.setObject(i + 1, v) }
        p.executeUpdate()
        p.close()
    }
    insert("INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, time_created, time_updated)" +
            " VALUES ('ses_1', 'prj_1', NULL, 'slug', ?, 'title', '1.2.0', 0, 1000)", [basedir.canonicalPath])
    [['msg_1', 1000, 'user', 'hello from opencode'], ['msg_2', 2000, 'assistant', 'hi back']].eachWithIndex { m, i ->
        insert('INSERT INTO message VALUES (?, ?, ?, ?, ?)',
                [m[0], 'ses_1', m[1], m[1], '{"role":"' + m[2] + '","time":{"created":' + m[1] + '},"agent":"build"}'])
        insert('INSERT INTO part VALUES (?, ?, ?, 0, 0, ?)', ["prt_${i}".toString(), m[0], 'ses_1', '{"type":"text","text":"' + m[3] + '"}'])
    }
    s.close()
} finally {
    c.close()
}
true
