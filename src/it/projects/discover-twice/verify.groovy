import java.nio.file.Files

String log = new File(basedir, 'build.log').getText('UTF-8')

// the first run wrote all twenty files, the second none
assert log.contains('[INFO] termsprawl: wrote 24 discovery file(s) under ')
assert log.contains('[INFO] termsprawl: discovery files are up to date')
assert log.indexOf('termsprawl: wrote 20') < log.indexOf('termsprawl: discovery files are up to date')

// every planted file still has the time antrun gave it: none was rewritten
long aged = new GregorianCalendar(2001, Calendar.JANUARY, 1, 0, 0).timeInMillis
def files = []
['.termsprawl', '.claude'].each { new File(basedir, it).eachFileRecurse { f -> if (f.isFile()) files << f } }
assert files.size() == 21 : files // the twenty files written, and the class-data archive's stamp
files.removeAll { it.name == 'termsprawl.jar' } // not aged; the 'up to date' line covers it
files.each { f ->
    assert f.lastModified() == aged : "$f was rewritten by the second discover"
}
// and no temp file was left behind
assert files.every { !it.name.endsWith('.tmp') }
true
