String log = new File(basedir, 'build.log').getText('UTF-8')
assert log =~ /termsprawl:[^:]+:discover \(plant\)/
assert log =~ /termsprawl:[^:]+:check \(verify-markers\)/
assert log.contains('[INFO] termsprawl: wrote 24 discovery file(s) under ')
assert log.contains('[INFO] termsprawl: discovery files are up to date')
assert log.indexOf('wrote 20 discovery') < log.indexOf('discovery files are up to date')
assert !log.contains("Run 'mvn termsprawl:discover' to fix.")
assert log.contains('BUILD SUCCESS')

// check runs in every build: loading the plugin must resolve no Jackson POMs (the plugin jar bundles Jackson)
// and no sqlite-jdbc (provided: only the goals that plant it or read OpenCode resolve it)
File plugin = new File(localRepositoryPath, 'io/github/termsprawl/termsprawl-maven-plugin')
File pom = plugin.listFiles().findAll { it.isDirectory() }.collect { new File(it, "termsprawl-maven-plugin-${it.name}.pom") }.find { it.isFile() }
assert pom != null : "no installed plugin POM under ${plugin}"
def deps = new groovy.xml.XmlSlurper().parse(pom).dependencies.dependency
assert deps.findAll { it.groupId.text().startsWith('com.fasterxml') }.isEmpty() : "${pom} declares Jackson"
assert deps.findAll { it.scope.text() in ['', 'compile', 'runtime'] }*.artifactId*.text() == []
assert deps.findAll { it.scope.text() == 'provided' }*.artifactId*.text().contains('sqlite-jdbc')
true
