#!/bin/sh
# What the edit hook costs an agent (issue 40, item 3): the planted PreToolUse hook,
# `termsprawl-touches --hook`, run as Claude Code runs it (`sh -c` with the hook's JSON on stdin, its output
# read), in its five cases and the note at a prompt, against a hook that does nothing (`sh -c true`, the same stdin) and a bare
# `java -version` (-Xshare:auto and this runtime's class-data archive, or ahead-of-time cache, when discover made
# one). RUNS runs each (default 30), interleaved, after one untimed round; prints the medians and quartiles,
# and each median as a multiple of `true`'s and of `java -version`'s.
#
#   bench/hook-cost.sh                 (default 30 runs)
#   RUNS=50 bench/hook-cost.sh
#   JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 bench/hook-cost.sh    the runtime the launcher runs
#   HOOK='"$CLAUDE_PROJECT_DIR"/.termsprawl/bin/termsprawl-touches --hook --cwd "$CLAUDE_PROJECT_DIR"' bench/hook-cost.sh
#
# The cases, one project (the edit is of src/X.java; the peers' edits are of now, inside the hook's window):
#   1 no-node    TERMSPRAWL_NODE_ID unset
#   2 no-link    a node id with no link
#   3 other-file a node linked to a peer whose session edited src/Other.java
#   4 same-file  a node linked to a peer whose session edited src/X.java: the hook holds the edit (exit 2, the
#                reason on stderr), told anew each run (its .held state removed first, one rm more)
#   5 retry      the same edit made again: Java reads, says nothing, the edit goes on
#   6 prompt     the note at each prompt (termsprawl-context --hook, docs/context.md) of a linked node whose
#                peers did nothing since its last prompt: nothing to say
# Only the planted commands' interface is used: the hook command as docs/touches.md plants it (HOOK= to run
# another), the peers recorded by the planted SessionStart hook (termsprawl-record) with their transcripts,
# each peer's own PreToolUse hook run before its edit as its agent would, links as docs/files.md describes them.
#
# Needs only java and this checkout's compiled classes (./mvnw -o -q test-compile) with jackson-core and
# sqlite-jdbc in the local Maven repository (M2_REPO, default ~/.m2/repository): no Maven run, no node, no
# Python, no shared folder. The commands are planted with the discover code (PlantForBench: the launchers,
# the jar, the archive of the runtime the launcher finds) into target/bench-hook-cost/p.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
runs=${RUNS:-30}
work=$root/target/bench-hook-cost
note() { echo "hook-cost: $*" >&2; }

# the java the planted launcher runs: $JAVA_HOME/bin/java, else the first on PATH, spelled as the launcher spells it
java=
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
  java=${JAVA_HOME%/}/bin/java
else
  ifs=$IFS; IFS=:; set -f
  for d in $PATH; do
    if [ -n "$d" ] && [ -x "${d%/}/java" ] && [ ! -d "${d%/}/java" ]; then java=${d%/}/java; break; fi
  done
  set +f; IFS=$ifs
fi
[ -n "$java" ] || { note "no java (set JAVA_HOME or put java on PATH)"; exit 1; }

. "$root/bench/plant-classpath.sh"

p=$work/p
rm -rf "$work"
mkdir -p "$p/src" "$p/.termsprawl/links" "$p/.termsprawl/transcripts"
note "planting the commands into $p (the archive is trained for $java)"
JAVA_HOME=${java%/bin/java} "$java" -cp "$cp" io.github.termsprawl.plant.PlantForBench "$p"
bin=$p/.termsprawl/bin
printf 'class X {}\n' > "$p/src/X.java"
printf 'class Other {}\n' > "$p/src/Other.java"

hook=${HOOK:-'"$CLAUDE_PROJECT_DIR"/.termsprawl/bin/termsprawl-touches --hook --cwd "$CLAUDE_PROJECT_DIR"'}
CLAUDE_PROJECT_DIR=$p
export CLAUDE_PROJECT_DIR

# payload FILE EDITED: a Claude Code PreToolUse payload of an Edit of EDITED
payload() {
  printf '{"session_id":"s","transcript_path":"/x","cwd":"%s","hook_event_name":"PreToolUse","tool_name":"Edit","tool_input":{"file_path":"%s","old_string":"a","new_string":"b"}}' \
    "$p" "$2" > "$1"
}
payload "$work/edit.json" "$p/src/X.java"
prompt='"$CLAUDE_PROJECT_DIR"/.termsprawl/bin/termsprawl-context --hook --cwd "$CLAUDE_PROJECT_DIR"'
printf '{"session_id":"s","transcript_path":"/x","cwd":"%s","hook_event_name":"UserPromptSubmit","prompt":"go on"}' \
  "$p" > "$work/prompt.json"

# link A B: the link file docs/files.md describes (lo--hi by name)
link() {
  printf '{\n  "version": 1,\n  "a": "%s",\n  "b": "%s"\n}\n' "$1" "$2" > "$p/.termsprawl/links/$1--$2.json"
}
# peer NODE FILE: a Claude Code session recorded by the planted SessionStart hook, whose agent then edits FILE
# (its own PreToolUse hook runs first, as its agent runs it), the edit of now on the session's live branch
peer() {
  t=$work/$1.jsonl
  now=$(date -u +%Y-%m-%dT%H:%M:%S.000Z)
  printf '{"type":"user","uuid":"%s-u1","parentUuid":null,"timestamp":"%s","sessionId":"%s","message":{"role":"user","content":"change it"}}\n' \
    "$1" "$now" "$1" > "$t"
  printf '{"session_id":"%s","transcript_path":"%s","cwd":"%s","hook_event_name":"SessionStart","source":"startup"}' \
    "$1" "$t" "$p" | TERMSPRAWL_NODE_ID=$1 "$bin/termsprawl-record" > /dev/null
  payload "$work/$1-edit.json" "$2"
  TERMSPRAWL_NODE_ID=$1 sh -c "$hook" < "$work/$1-edit.json" > /dev/null
  printf '{"type":"assistant","uuid":"%s-a1","parentUuid":"%s-u1","timestamp":"%s","sessionId":"%s","message":{"id":"%s-m1","role":"assistant","content":[{"type":"tool_use","id":"%s-t1","name":"Edit","input":{"file_path":"%s","old_string":"a","new_string":"b"}}]}}\n' \
    "$1" "$1" "$now" "$1" "$1" "$1" "$2" >> "$t"
  printf '{"type":"user","uuid":"%s-u2","parentUuid":"%s-a1","timestamp":"%s","sessionId":"%s","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"%s-t1","content":"The file has been updated."}]}}\n' \
    "$1" "$1" "$now" "$1" "$1" >> "$t"
}
link me other
link peer you
peer other "$p/src/Other.java"
peer peer "$p/src/X.java"
[ -s "$p/.termsprawl/transcripts/other.json" ] && [ -s "$p/.termsprawl/transcripts/peer.json" ] \
  || { note "termsprawl-record recorded no peer"; exit 1; }

# this runtime's archive, as the launcher picks it: the stamp whose first line names this java
archive=-Xshare:auto
for s in "$bin"/termsprawl-*.aot.stamp "$bin"/termsprawl-*.jsa.stamp; do
  [ -f "$s" ] && read -r j < "$s" && [ "$j" = "java $java" ] || continue
  case $s in
    *.aot.stamp) archive="-XX:AOTCache=${s%.stamp}" ;;
    *) archive="-Xshare:auto -XX:SharedArchiveFile=${s%.stamp}" ;;
  esac
  break
done
BENCH_JAVA=$java BENCH_JAR=$bin/termsprawl.jar
export BENCH_JAVA BENCH_JAR
case $archive in
  -XX:AOTCache=*) BENCH_ARCHIVE=$archive; jcmd='"$BENCH_JAVA" "$BENCH_ARCHIVE" -cp "$BENCH_JAR" -version' ;;
  -Xshare:auto\ *) BENCH_ARCHIVE=${archive#-Xshare:auto }; jcmd='"$BENCH_JAVA" -Xshare:auto "$BENCH_ARCHIVE" -cp "$BENCH_JAR" -version' ;;
  *) BENCH_ARCHIVE=; jcmd='"$BENCH_JAVA" -Xshare:auto -cp "$BENCH_JAR" -version' ;;
esac
export BENCH_ARCHIVE

# each case once, untimed, and what it answers: 1 to 3 say nothing, 4 warns
tab=$(printf '\t')
cases=$work/cases.tsv
{
  echo "true$tab$work/edit.json$tab-TERMSPRAWL_NODE_ID${tab}true"
  echo "java -version$tab$work/edit.json$tab-TERMSPRAWL_NODE_ID$tab$jcmd"
  echo "1 no node id$tab$work/edit.json$tab-TERMSPRAWL_NODE_ID$tab$hook"
  echo "2 node id, no link$tab$work/edit.json${tab}TERMSPRAWL_NODE_ID=alone$tab$hook"
  echo "3 linked peer edited another file$tab$work/edit.json${tab}TERMSPRAWL_NODE_ID=me$tab$hook"
  echo "4 linked peer edited this file (holds)$tab$work/edit.json${tab}TERMSPRAWL_NODE_ID=you${tab}rm -f \"\$CLAUDE_PROJECT_DIR\"/.termsprawl/transcripts/you.held; $hook"
  echo "5 the same edit again (goes on)$tab$work/edit.json${tab}TERMSPRAWL_NODE_ID=you$tab$hook"
  echo "6 the note at a prompt, nothing new$tab$work/prompt.json${tab}TERMSPRAWL_NODE_ID=me$tab$prompt"
} > "$cases"
# the node's first prompt starts its note's state (Java); once the peers' files are older than it, nothing is new
TERMSPRAWL_NODE_ID=me sh -c "$prompt" < "$work/prompt.json" > /dev/null
sleep 3
TERMSPRAWL_NODE_ID=me sh -c "$prompt" < "$work/prompt.json" > /dev/null
out=$(TERMSPRAWL_NODE_ID=me sh -c "$prompt" < "$work/prompt.json")
[ -z "$out" ] || { note "the note at a prompt printed: $out"; exit 1; }
for c in "-" alone me you; do
  out=$(if [ "$c" = - ]; then unset TERMSPRAWL_NODE_ID; else TERMSPRAWL_NODE_ID=$c; export TERMSPRAWL_NODE_ID; fi
        sh -c "$hook" < "$work/edit.json" 2>&1) || true
  case $c:$out in
    you:*"held this edit"*) ;;
    you:*) note "case 4 did not hold: the peer's edit of src/X.java was not seen: $out"; exit 1 ;;
    *:) ;;
    *) note "the case of node '$c' printed: $out"; exit 1 ;;
  esac
done
note "measuring, $runs runs each, interleaved"
echo "hook-cost: $(date -u '+%Y-%m-%d %H:%M') UTC, $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') cores," \
  "load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*load average[s]*: //'), $runs runs each;" \
  "$("$java" -version 2>&1 | head -1); java -version as: $jcmd ($archive)"
"$java" -cp "$cp" io.github.termsprawl.plant.CommandTimes "$runs" "$cases"
