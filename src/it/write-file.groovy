// The one way the ITs' prebuild scripts write a file (evaluated with their binding: basedir). Its value: a
// closure (String path relative to basedir, String text) -> the File, written as UTF-8, folders made.
return { String path, String text ->
    File f = new File(basedir, path)
    f.parentFile.mkdirs()
    f.bytes = text.getBytes('UTF-8')
    f
}
