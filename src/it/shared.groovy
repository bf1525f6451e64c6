// The one place the ITs find ../shared and node (evaluated by a verify.groovy with its binding:
// sharedDir, requireShared). Its value: the node reference model (a File) when ../shared and node are
// both there; otherwise null, so the caller skips that comparison -- or, under
// -Dtermsprawl.requireShared=true (CI), a failure naming what is missing.
File script = new File(sharedDir as String, 'bench/reference-context.mjs')
String missing = null
if (!script.isFile()) {
    missing = "no reference model at $script (-Dtermsprawl.shared names the folder)"
} else {
    try {
        Process p = new ProcessBuilder('node', '--version').redirectErrorStream(true).start()
        p.inputStream.text
        if (p.waitFor() != 0) {
            missing = 'node --version failed'
        }
    } catch (IOException e) {
        missing = 'node is not on PATH'
    }
}
if (missing == null) {
    return script
}
if (Boolean.parseBoolean(requireShared as String)) {
    throw new AssertionError("$missing; required by -Dtermsprawl.requireShared=true")
}
println "$missing: the comparison with the node reference model is skipped"
return null
