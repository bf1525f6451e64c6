#!/bin/sh
# Benchmark of the planted termsprawl-history command (turn files, issue 12): median wall time, peak RSS
# and CPU over RUNS runs per case, as a Markdown table.
#
#   bench/history.sh               all cases
#   RUNS=9 bench/history.sh        more runs per case (default 5)
#   SHARED=dir bench/history.sh    where the shared folder is (default ../shared)
#
# Cases: the first write of a 200 MB Claude Code session; a run with nothing new over 40 nodes; a session
# that grew by one turn (10 MB and 200 MB), with the files that run wrote. It builds nothing but this
# checkout's classes (mvn test-compile, incremental), plants the commands with them (no install, no Maven
# plugin run) and generates the transcripts once under target/bench-history (about 800 MB of disk). With
# ../shared and node, bench/gen-transcript.mjs of the shared folder writes the sessions; else this
# repository's BigStoreGenerator.
set -eu
. "$(dirname "$0")/lib.sh"
runs=${RUNS:-5}
work_in bench-history

test_classpath
[ "$gen_from" = shared ] || note "no $gen (or no node): the sessions come from this repository's BigStoreGenerator"
# project DIR: an empty project with the commands planted from this checkout's classes
project() {
  # an old project is moved aside, not deleted here: deleting 18,618 files just before a first write slows it
  [ ! -d "$1" ] || { mkdir -p "$work/aside" && mv "$1" "$(mktemp -d "$work/aside/p.XXXXXX")"; }
  plant "$1"
}
# node DIR ID FILE: records FILE as the transcript of node ID
node_of() {
  printf '{"version": 1, "path": "%s"}\n' "$3" > "$1/.termsprawl/transcripts/$2.json"
}
measure() { # measure NAME DIR ARGS...: the planted command on DIR
  name=$1; dir=$2; shift 2
  mkdir -p "$work/out"
  OUT_DIR="$work/out" python3 bench/measure.py "$runs" cmd -- "$dir/.termsprawl/bin/termsprawl-history" --cwd "$dir" "$@" \
    | awk -v name="$name" '{ printf "| %s | %.3f s | %.0f MB | %.3f s |", name, $2, $3, $4 }'
}

note "preparing fixtures under $work"
fixture "$work/gen200.jsonl" claude_session "$work/gen200.jsonl" 200 7
fixture "$work/gen10.jsonl" claude_session "$work/gen10.jsonl" 10 11
mkdir -p "$work/many"
i=0
while [ $i -lt 40 ]; do
  i=$((i + 1))
  # 40 sessions from 70 KB to 7 MB (about 60 MB in all)
  fixture "$work/many/s$i.jsonl" claude_session "$work/many/s$i.jsonl" "$(awk -v i=$i 'BEGIN { printf "%.3f", 0.06 * 1.125 ^ i }')" "$i"
done

project "$work/first"; node_of "$work/first" big "$work/gen200.jsonl"
project "$work/forty"
i=0
while [ $i -lt 40 ]; do i=$((i + 1)); node_of "$work/forty" "n$i" "$work/many/s$i.jsonl"; done
"$work/forty/.termsprawl/bin/termsprawl-history" --cwd "$work/forty" >/dev/null
# the growing sessions are copies: appending must not spoil the fixtures
cp "$work/gen10.jsonl" "$work/grow10.jsonl"
cp "$work/gen200.jsonl" "$work/grow200.jsonl"
project "$work/grow10"; node_of "$work/grow10" g "$work/grow10.jsonl"
project "$work/grow200"; node_of "$work/grow200" g "$work/grow200.jsonl"
"$work/grow10/.termsprawl/bin/termsprawl-history" --cwd "$work/grow10" >/dev/null
"$work/grow200/.termsprawl/bin/termsprawl-history" --cwd "$work/grow200" >/dev/null

# let the file system write back what the set-up wrote before anything is timed
sync; sleep 3
echo
echo "termsprawl-history, $runs runs each (after one warm-up); $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), $(java -version 2>&1 | head -1)"
echo
echo "| case | wall (median) | peak RSS | CPU (median) | files written |"
echo "|---|---|---|---|---|"
# the last run's files are moved aside, not deleted: ext4 is slow to hand out inodes just freed (it
# scans for them), which a first write on a real machine does not meet; they are deleted at the end
mkdir -p "$work/aside"
# the folder's state goes too (.termsprawl/history-state/): with it, the run is one with nothing new
turns=$(BEFORE_EACH="for d in history history-state; do [ ! -d '$work/first/.termsprawl/'\$d ] || mv '$work/first/.termsprawl/'\$d \"\$(mktemp -d '$work/aside/h.XXXXXX')\"; done" \
  measure "first write, 200 MB Claude Code session" "$work/first")
echo "$turns $(find "$work/first/.termsprawl/history" -name 'turn-*.md' | wc -l) turn files + index |"
echo "$(measure "nothing new, 40 nodes (60 MB of sessions)" "$work/forty") 0 |"
for size in 10 200; do
  line=$(BEFORE_EACH="touch '$work/mark'; python3 bench/append-turn.py '$work/grow$size.jsonl'" \
    measure "one turn appended, $size MB Claude Code session" "$work/grow$size")
  echo "$line $(find "$work/grow$size/.termsprawl/history" -type f -newer "$work/mark" ! -name .lock | sed 's:.*/::' | sort | tr '\n' ' ')|"
done
rm -rf "$work/aside"
