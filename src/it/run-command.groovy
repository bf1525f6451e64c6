// The one way the ITs run a command (evaluated by a verify.groovy with its binding: basedir). Its value: a
// closure (List<String> command, File dir = basedir) -> [exit code, stdout bytes, stderr text], stdin empty.
return { List<String> command, File dir = basedir ->
    Process p = new ProcessBuilder(command).directory(dir).start()
    p.outputStream.close()
    def out = new ByteArrayOutputStream()
    def err = new ByteArrayOutputStream()
    p.waitForProcessOutput(out, err)
    [p.exitValue(), out.toByteArray(), err.toString('UTF-8')]
}
