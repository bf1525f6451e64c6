String log = new File(basedir, 'build.log').getText('UTF-8')
String root = basedir.canonicalPath
['backend--frontend.json', 'backend--reviewer.json'].each {
    assert new File(basedir, ".termsprawl/links/$it").isFile() : "missing root link $it"
}
['module-a', 'module-b'].each { m ->
    ['.termsprawl', '.claude'].each { assert !new File(basedir, "$m/$it").exists() : "$m/$it was written" }
}
assert log.contains("[INFO] termsprawl: project folder $root (the nearest folder holding .termsprawl/)")
assert log.contains('[INFO] termsprawl: linked backend <-> frontend')
assert log.contains('[INFO] termsprawl: linked backend <-> reviewer')
assert !log.contains('BUILD FAILURE')
true
