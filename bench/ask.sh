#!/bin/sh
# Benchmark of ask (issue 13): building the request for the corpus' largest compacted Claude Code
# transcript (3.85 MB, four compaction windows), as the planted command does it: termsprawl-ask
# --dry-run, a fresh JVM each run, reading every window (the turn numbering needs them) and building the
# active window's request; and the worst case, all four windows as one request (test-scope AskBench, one
# JVM, its first run). Prints a Markdown table.
#
#   bench/ask.sh             RUNS=5 runs each; needs ../shared (SHARED=<dir> names another)
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
shared=${SHARED:-$root/../shared}
runs=${RUNS:-5}
file="$shared/corpus/claude/entire-2.1.7-3compact-cd95adddad32.jsonl"
[ -f "$file" ] || { echo "bench: $file not found (set SHARED)" >&2; exit 1; }
work=$root/target/bench/ask
echo "bench: compiling" >&2
./mvnw -q -B -o test-compile
dir=$work/project
rm -rf "$dir" && mkdir -p "$dir/.termsprawl/transcripts" "$dir/.termsprawl/links" "$work/out"
printf '{"version": 1, "path": "%s"}\n' "$file" > "$dir/.termsprawl/transcripts/big.json"
printf '{"version": 1, "a": "big", "b": "me"}\n' > "$dir/.termsprawl/links/big--me.json"
cp=$(./mvnw -q -B -ntp org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=/dev/stdout)
flags="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmn24m -XX:-UsePerfData"

OUT_DIR="$work/out" python3 bench/measure.py "$runs" \
  dry -- java $flags -cp "$root/target/classes:$cp" io.github.termsprawl.cli.AskCommand --cwd "$dir" --self me \
    --node big --dry-run "Why was it done this way?" --- \
  whole -- java $flags -cp "$root/target/classes:$root/target/test-classes:$cp" io.github.termsprawl.ask.AskBench \
    "$file" 1 \
  > "$work/out/ask-result"
echo
echo "ask request build, $runs runs each, interleaved; $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), $(java -version 2>&1 | head -1)"
echo
echo "| case | wall (median) | peak RSS | target |"
echo "|---|---|---|---|"
awk -v dry="$(head -2 "$work/out/dry.out" | tail -1)" '
  $1 == "dry" { printf "| termsprawl-ask --dry-run --node (active window of 4, whole process) | %.3f s | %.0f MB | 2 s |\n", $2, $3 }
  $1 == "whole" { printf "| all 4 windows as one request (1.1 MB, ~351k tokens; read + build, whole process) | %.3f s | %.0f MB | |\n", $2, $3 }' \
  "$work/out/ask-result"
echo
echo "dry run: $(head -2 "$work/out/dry.out" | tail -1)"
