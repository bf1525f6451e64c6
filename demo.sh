#!/bin/sh
# The main job, end to end on a fresh machine: build and install the plugin, then run it on a copy of
# samples/demo (Claude Code agents backend and frontend, a Codex reviewer): discover, link, record,
# context, a dry run of ask, check.
set -eu
cd "$(dirname "$0")"
root=$(pwd)
mvnw="$root/mvnw -q -B"

echo "== build and install the plugin"
if [ ! -d "${MAVEN_USER_HOME:-$HOME/.m2}/wrapper/dists" ] || [ ! -d "$HOME/.m2/repository/org/apache/maven/plugins/maven-plugin-plugin" ]; then
  # quiet Maven prints nothing while it fetches: say why the first run takes a minute or two
  echo "   (first run on this machine: Maven and the build's plugins are downloaded from Maven Central, 1-2 min)"
fi
$mvnw install -DskipTests -Dinvoker.skip=true

run="$root/target/demo-run"
rm -rf "$run"
mkdir -p "$root/target"
cp -R samples/demo "$run"
cd "$run"

echo "== mvn termsprawl:discover"
$mvnw termsprawl:discover
ls -l .termsprawl/AGENTS.md .claude/skills/termsprawl-context/SKILL.md .termsprawl/bin/

echo "== mvn termsprawl:link -Dtermsprawl.a=backend -Dtermsprawl.b=frontend"
$mvnw termsprawl:link -Dtermsprawl.a=backend -Dtermsprawl.b=frontend
cat .termsprawl/links/backend--frontend.json

echo "== mvn termsprawl:record (backend's transcript, by path)"
$mvnw termsprawl:record -Dtermsprawl.node=backend -Dtermsprawl.transcript=transcripts/backend.jsonl
cat .termsprawl/transcripts/backend.json

echo "== the SessionStart hook records frontend's session (as Claude Code would run it)"
printf '{"session_id":"9f1c2d3e-0000-4000-8000-000000000002","transcript_path":"%s","cwd":"%s","hook_event_name":"SessionStart","source":"startup"}' \
  "$run/transcripts/frontend.jsonl" "$run" | TERMSPRAWL_NODE_ID=frontend .termsprawl/bin/termsprawl-record
cat .termsprawl/transcripts/frontend.json

echo "== a Codex reviewer joins: link it to frontend too (its store is recognised from the file)"
$mvnw termsprawl:link -Dtermsprawl.a=frontend -Dtermsprawl.b=reviewer
$mvnw termsprawl:record -Dtermsprawl.node=reviewer -Dtermsprawl.transcript=transcripts/reviewer-codex.jsonl

echo "== frontend's agent runs: .termsprawl/bin/termsprawl-context --cwd . --self frontend"
.termsprawl/bin/termsprawl-context --cwd . --self frontend | tee context-command.txt

echo "== mvn -q termsprawl:context -Dtermsprawl.self=frontend gives the same bytes"
$mvnw termsprawl:context -Dtermsprawl.self=frontend > context-goal.txt
cmp context-command.txt context-goal.txt
echo "identical ($(wc -c < context-goal.txt) bytes)"

echo "== ask backend's whole session a question: a dry run shows what would be sent (no key, no network)"
$mvnw termsprawl:ask -Dtermsprawl.node=backend -Dtermsprawl.dryRun=true \
  "-Dtermsprawl.question=Which endpoints did you add, and why?"

echo "== mvn verify runs termsprawl:check"
$mvnw verify
echo "demo OK: see $run"
