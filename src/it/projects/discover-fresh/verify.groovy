import java.nio.file.Files
import java.nio.file.attribute.PosixFilePermissions

def file = { String p -> new File(basedir, p) }
def text = { String p -> new String(Files.readAllBytes(file(p).toPath()), 'UTF-8') }
String log = file('build.log').getText('UTF-8')

String BLOCK = '<!-- termsprawl:context-links -->\n' +
        'Linked agent context: run\n' +
        '`.termsprawl/bin/termsprawl-context --cwd . --self "$TERMSPRAWL_NODE_ID"`\n' +
        'to print peer transcripts. Only read what that command prints.\n' +
        'Before you edit a file another agent may be working on, run\n' +
        '`.termsprawl/bin/termsprawl-touches --cwd . --self "$TERMSPRAWL_NODE_ID" --file <path>`.\n' +
        '<!-- /termsprawl:context-links -->'
String SKILL = '---\n' +
        'name: termsprawl-context\n' +
        'description: When you need another termsprawl agent\'s conversation.\n' +
        '---\n' +
        '# termsprawl context\n' +
        '\n' +
        'Run `.termsprawl/bin/termsprawl-context --cwd . --self "$TERMSPRAWL_NODE_ID"`\n' +
        'to print the recent turns of agents linked to this node. Only read what\n' +
        'that command prints.\n'

assert text('.termsprawl/AGENTS.md') == BLOCK + '\n'
assert text('.claude/skills/termsprawl-context/SKILL.md') == SKILL

['termsprawl-context', 'termsprawl-record', 'termsprawl-ask'].each { name ->
    File sh = file(".termsprawl/bin/$name")
    assert sh.isFile() : "missing $sh"
    assert PosixFilePermissions.toString(Files.getPosixFilePermissions(sh.toPath())) == 'rwxr-xr-x'
    String s = text(".termsprawl/bin/$name")
    assert s.startsWith('#!/bin/sh\n')
    assert !s.contains('\r') : "$name has CR characters"
    assert s.endsWith('\n')
    assert s.contains('termsprawl.jar')

    File cmd = file(".termsprawl/bin/${name}.cmd")
    assert cmd.isFile() : "missing $cmd"
    String c = text(".termsprawl/bin/${name}.cmd")
    assert c.startsWith('@echo off\r\n')
    assert !c.replace('\r\n', '').contains('\n') : "$name.cmd has a bare LF"
}

File jar = file('.termsprawl/bin/termsprawl.jar')
assert jar.isFile() && jar.length() > 0
new java.util.jar.JarFile(jar).withCloseable { j ->
    assert j.manifest.mainAttributes.getValue('Main-Class') == 'io.github.termsprawl.cli.ContextCommand'
    assert j.getEntry('io/github/termsprawl/cli/ContextCommand.class') != null
    assert j.getEntry('io/github/termsprawl/cli/RecordCommand.class') != null
    // the commands read and write JSON with their own parser and writer: no library rides along (docs/planted.md)
    assert j.entries().toList().every { !it.name.startsWith('com/fasterxml/') }
    assert j.getEntry('org/apache/maven/plugin/Mojo.class') == null
    assert j.entries().toList().every { !it.name.startsWith('io/github/termsprawl/maven/') }
}
// what is per machine is ignored, and the launchers keep their line ends whatever git's settings
String ignored = text('.termsprawl/.gitignore')
['/transcripts/', '/history/', '/bin/termsprawl.jar', '/bin/lib/', '/bin/termsprawl-*.jsa', '/bin/termsprawl-*.jsa.stamp',
 '/bin/termsprawl-*.aot', '/bin/termsprawl-*.aot.stamp', '/bin/.cds-training-*/'].each { assert ignored.contains("\n$it\n") : "not ignored: $it" }
String attributes = text('.termsprawl/.gitattributes')
['/bin/termsprawl-context text eol=lf', '/bin/termsprawl-record text eol=lf', '/bin/*.cmd text eol=crlf'].each {
    assert attributes.contains("\n$it\n") : "no attribute: $it"
}

// the SessionStart hook, exactly once
def settings = new groovy.json.JsonSlurper().parse(file('.claude/settings.local.json'))
def starts = settings.hooks.SessionStart
assert starts.size() == 1
assert starts[0].matcher == 'startup|resume|clear|compact|fork'
assert starts[0].hooks == [[type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.termsprawl/bin/termsprawl-record']]
String settingsText = text('.claude/settings.local.json')
assert settingsText.count('termsprawl-record') == 1
// the guard before a Claude Code edit, exactly once
assert settings.hooks.PreToolUse == [[matcher: 'Edit|MultiEdit|Write|NotebookEdit|Bash',
        hooks: [[type: 'command',
                 command: '"$CLAUDE_PROJECT_DIR"/.termsprawl/bin/termsprawl-touches --hook --cwd "$CLAUDE_PROJECT_DIR"']]]]
// the note at each prompt (docs/context.md), exactly once
assert settings.hooks.UserPromptSubmit == [[hooks: [[type: 'command',
        command: '"$CLAUDE_PROJECT_DIR"/.termsprawl/bin/termsprawl-context --hook --cwd "$CLAUDE_PROJECT_DIR"']]]]
// every other agent wired through its own hooks (docs/agents.md)
def codex = new groovy.json.JsonSlurper().parse(file('.codex/hooks.json'))
assert codex.hooks.SessionStart[0].hooks[0].command.endsWith('/.termsprawl/bin/termsprawl-record" --agent codex\'')
def gemini = new groovy.json.JsonSlurper().parse(file('.gemini/settings.json'))
assert gemini.hooks.BeforeTool[0].hooks[0].name == 'termsprawl-guard'
assert file('.opencode/plugin/termsprawl.js').text.startsWith('// Planted by `mvn termsprawl:discover`')
assert file('.pi/extensions/termsprawl.ts').text.startsWith('// Planted by `mvn termsprawl:discover`')
assert settingsText.endsWith('}\n') && !settingsText.contains('\r')

// nothing else: no state, no root AGENTS.md
assert !file('AGENTS.md').exists()
assert !file('.termsprawl/links').exists()
assert !file('.termsprawl/transcripts').exists()
def planted = []
file('.termsprawl').eachFileRecurse { if (it.isFile()) planted << basedir.toPath().relativize(it.toPath()).toString() }
file('.claude').eachFileRecurse { if (it.isFile()) planted << basedir.toPath().relativize(it.toPath()).toString() }
// one class-data archive (an ahead-of-time cache on JDK 24+), named after the runtime it was made for (one per
// runtime), and its stamp
planted = planted.collect { it.replaceAll(/^\.termsprawl\/bin\/termsprawl-[0-9a-f]{8}\.(jsa|aot)/, 'ARCHIVE') }
assert planted.sort() == ['.claude/settings.local.json', '.claude/skills/termsprawl-ask/SKILL.md',
        '.claude/skills/termsprawl-context/SKILL.md', '.claude/skills/termsprawl-history/SKILL.md',
        '.termsprawl/.gitattributes', '.termsprawl/.gitignore', '.termsprawl/AGENTS.md',
        '.termsprawl/bin/lib/sqlite-jdbc.jar', '.termsprawl/bin/termsprawl-ask', '.termsprawl/bin/termsprawl-ask.cmd',
        '.termsprawl/bin/termsprawl-context',
        '.termsprawl/bin/termsprawl-context.cmd', '.termsprawl/bin/termsprawl-history',
        '.termsprawl/bin/termsprawl-history.cmd', '.termsprawl/bin/termsprawl-record',
        '.termsprawl/bin/termsprawl-record.cmd', '.termsprawl/bin/termsprawl-touches',
        '.termsprawl/bin/termsprawl-touches.cmd', '.termsprawl/bin/termsprawl.jar', 'ARCHIVE', 'ARCHIVE.stamp']

// one short INFO summary line, no stack trace
assert log.contains('[INFO] termsprawl: wrote 24 discovery file(s) under ' + basedir.canonicalPath + '\n')
assert !log.contains('at io.github.termsprawl')
assert log.contains('BUILD SUCCESS')
true
