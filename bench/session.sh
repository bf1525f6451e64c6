#!/bin/sh
# Benchmark of the session model (issue 11): the live view of a 1.5 GB Claude Code transcript whose
# last compaction window is small (the planted command with --view live, and the prose view on the
# same file for comparison), and a whole-session walk of a 200 MB transcript (every message of every
# record, streamed; test-scope WalkBench on the planted jar). Prints a Markdown table.
#
#   bench/session.sh             RUNS=5 runs each, fixtures under target/bench (~1.7 GB of disk)
set -eu
. "$(dirname "$0")/lib.sh"
runs=${RUNS:-5}
work=$root/target/bench
[ -f "$gen" ] || { note "$gen not found (set SHARED)"; exit 1; }

version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -1)
echo "bench: building and installing the plugin ($version)" >&2
./mvnw -q -B install -DskipTests -Dinvoker.skip=true
mkdir -p "$work/out"
fixture "$work/gen200.jsonl" node "$gen" "$work/gen200.jsonl" 200 7
fixture "$work/filler1500.jsonl" node "$gen" "$work/filler1500.jsonl" 1536 3 filler
fixture "$work/compact-tail.jsonl" node bench/compact-tail.mjs "$work/compact-tail.jsonl"
fixture "$work/live1500.jsonl" sh -c "cat '$work/filler1500.jsonl' '$work/compact-tail.jsonl' > '$work/live1500.jsonl'"

dir=$work/live1500
rm -rf "$dir" && mkdir -p "$dir/.termsprawl/links" "$dir/.termsprawl/transcripts"
(cd "$dir" && "$root/mvnw" -q -B "io.github.termsprawl:termsprawl-maven-plugin:$version:discover" -Dtermsprawl.claudeHook=false)
printf '{"version": 1, "path": "%s"}\n' "$work/live1500.jsonl" > "$dir/.termsprawl/transcripts/big.json"
printf '{"version": 1, "a": "big", "b": "me"}\n' > "$dir/.termsprawl/links/big--me.json"
# the same command on the 200 MB transcript, which has no compaction: its window is the whole file
whole=$work/live200
rm -rf "$whole" && mkdir -p "$whole/.termsprawl/links" "$whole/.termsprawl/transcripts"
cp -r "$dir/.termsprawl/bin" "$whole/.termsprawl/"
printf '{"version": 1, "path": "%s"}\n' "$work/gen200.jsonl" > "$whole/.termsprawl/transcripts/big.json"
printf '{"version": 1, "a": "big", "b": "me"}\n' > "$whole/.termsprawl/links/big--me.json"
cmd="$dir/.termsprawl/bin/termsprawl-context"
cp="$dir/.termsprawl/bin/termsprawl.jar:$root/target/test-classes"

OUT_DIR="$work/out" python3 bench/measure.py "$runs" \
  live -- "$cmd" --cwd "$dir" --self me --view live --- \
  prose -- "$cmd" --cwd "$dir" --self me --- \
  live200 -- "$cmd" --cwd "$whole" --self me --view live --- \
  walk -- java -XX:+UseSerialGC -cp "$cp" io.github.termsprawl.store.WalkBench claude "$work/gen200.jsonl" \
  > "$work/out/session-result"
turns=$(grep -c '^## ' "$work/out/live.out" || true)
echo
echo "session model, $runs runs each, interleaved; $(date -u +%Y-%m-%d), $(nproc) cores, $(java -version 2>&1 | head -1)"
echo
echo "| case | wall (median) | peak RSS | target |"
echo "|---|---|---|---|"
awk -v turns="$turns" -v walk="$(cat "$work/out/walk.out")" '
  $1 == "live" { printf "| live view, 1.5 GB transcript, last window %d turns (planted command, --view live) | %.3f s | %.0f MB | 0.5 s, 200 MB |\n", turns, $2, $3 }
  $1 == "prose" { printf "| prose view of the same file (for comparison) | %.3f s | %.0f MB | |\n", $2, $3 }
  $1 == "live200" { printf "| live view, 200 MB transcript with no compaction (its window is the whole file) | %.3f s | %.0f MB | |\n", $2, $3 }
  $1 == "walk" { printf "| whole-session walk, 200 MB transcript (%s) | %.3f s | %.0f MB | 3 s, 300 MB |\n", walk, $2, $3 }' \
  "$work/out/session-result"
