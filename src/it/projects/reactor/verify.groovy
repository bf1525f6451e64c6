String log = new File(basedir, 'build.log').getText('UTF-8')

// both builds were multi-threaded and reached every module
assert (log =~ /Using the MultiThreadedBuilder implementation with a thread count of 2/).count == 2
['module-a', 'module-b', 'nested'].each { assert log.contains("@ $it ---") }

// markers at the root only
['.termsprawl/AGENTS.md', '.claude/skills/termsprawl-context/SKILL.md', '.claude/settings.local.json',
 '.termsprawl/bin/termsprawl-context', '.termsprawl/bin/termsprawl.jar',
 '.termsprawl/links/backend--frontend.json'].each {
    assert new File(basedir, it).isFile() : "missing $it at the root"
}
['module-a', 'module-b', 'module-b/nested'].each { m ->
    ['.termsprawl', '.claude', 'AGENTS.md'].each {
        assert !new File(basedir, "$m/$it").exists() : "$m/$it was written"
    }
}

// each goal acted once per build: discover wrote once; check and the second discover found it current; one link
assert (log =~ /\[INFO\] termsprawl: wrote 24 discovery file\(s\) under /).count == 1
assert (log =~ /\[INFO\] termsprawl: discovery files are up to date/).count == 3
assert (log =~ /\[INFO\] termsprawl: linked backend <-> frontend/).count == 1
assert !log.contains('BUILD FAILURE')
true
