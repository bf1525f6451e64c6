#!/bin/sh
# Benchmark of the memory bounds (issue 23): what the planted termsprawl-history (a first write) and
# termsprawl-ask --dry-run take of sessions built to be large in every way, under the heap cap the
# launchers give them, as a Markdown table: wall time, peak RSS, CPU, what the plan cache came to beside
# the turn files, and the first stderr line (a run out of its heap says so in one line). A case that writes
# 10,000 turn files or more is followed by its floor: as many files of their mean size created by a bare loop
# (CreateFilesForBench), what this machine's file system alone takes.
#
#   bench/bounds.sh                all cases, one run each (they are long)
#   SKIP_BIG=1 bench/bounds.sh     without the 2.2 GB session
#   CASES=tiny bench/bounds.sh     only the cases named (big, progress, mixed, tiny; space-separated)
#   SHARED=dir bench/bounds.sh     where the shared folder is (default ../shared)
#
# Sessions (under target/bench-bounds, about 3.5 GB of disk; deleted with the folder):
#   a 2.2 GB Claude Code session of the shared generator (bench/gen-transcript.mjs; needs node);
#   1 M progress records between two turns; 1 M tiny records, one in ten a turn; 1 M tiny turns
#   (bench/gen-bounds.mjs, this repository's; needs node).
set -eu
. "$(dirname "$0")/lib.sh"
work_in bench-bounds
command -v node >/dev/null 2>&1 || { note "needs node (the generators)"; exit 1; }

test_classpath
cases=${CASES:-big progress mixed tiny}
wanted() { case " $cases " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
! wanted big || [ -n "${SKIP_BIG:-}" ] || [ ! -f "$gen" ] || fixture "$work/big.jsonl" node "$gen" "$work/big.jsonl" 2200 5
for kind in progress mixed tiny; do
  ! wanted $kind || fixture "$work/$kind.jsonl" node bench/gen-bounds.mjs "$work/$kind.jsonl" $kind 1000000
done

# once: a project with the commands planted from this checkout's classes (the launchers' own flags)
p=$work/project
plant "$p" # every run: a jar left by an earlier build would be measured instead
# run NAME CMD...: once, after a sync; prints wall, peak RSS, CPU and the first line of stderr
run() {
  name=$1; shift
  sync
  python3 - "$@" <<'PY'
import os, subprocess, sys, time
start = time.perf_counter()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
err = p.stderr.read().decode("utf-8", "replace")
_, status, usage = os.wait4(p.pid, 0)
wall = time.perf_counter() - start
first = next((l for l in err.splitlines() if l.strip()), "")
print("%.2f s | %.0f MB | %.2f s | %s" % (wall, usage.ru_maxrss / 1024.0, usage.ru_utime + usage.ru_stime,
      ("`" + first[:110] + ("…" if len(first) > 110 else "") + "`") if first else "—"))
PY
}
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1048576 }'; }
echo
echo "memory bounds, one run each; $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), $(java -version 2>&1 | head -1)"
echo
echo "| case | session | wall | peak RSS | CPU | plan cache | turn files | stderr |"
echo "|---|---|---|---|---|---|---|---|"
for case in big progress mixed tiny; do
  f=$work/$case.jsonl
  wanted $case && [ -f "$f" ] || continue
  [ "$case" != big ] || [ -z "${SKIP_BIG:-}" ] || continue
  size=$(du -m "$f" | cut -f1)
  printf '{"version": 1, "path": "%s"}\n' "$f" > "$p/.termsprawl/transcripts/n.json"
  # a first write: the last run's files moved aside, not deleted (ext4 is slow to hand out inodes just freed)
  for d in history history-state; do
    [ ! -d "$p/.termsprawl/$d" ] || { mkdir -p "$work/aside" && mv "$p/.termsprawl/$d" "$(mktemp -d "$work/aside/h.XXXXXX")"; }
  done
  line=$(run "$case" "$p/.termsprawl/bin/termsprawl-history" --cwd "$p")
  # the plan cache's bytes (not its disk blocks) beside the bytes of the turn files the run wrote
  plan=$(cat "$p/.termsprawl/history-state/n/.plan" "$p/.termsprawl/history-state/n/.plan-tail" 2>/dev/null | wc -c)
  turns=$(find "$p/.termsprawl/history/n" -name 'turn-*.md' -print0 | xargs -0 cat | wc -c)
  wall=${line%% |*}; rest=${line#* | }
  echo "| history, first write | $case, $size MB | $wall | ${rest%% | *} | $(echo "$rest" | cut -d'|' -f2 | tr -d ' ') | $(mb "$plan") | $(mb "$turns") | ${rest##* | } |"
  # the floor under it: as many files of the turn files' mean size, created by a bare loop in a new folder
  count=$(find "$p/.termsprawl/history/n" -name 'turn-*.md' | wc -l)
  if [ "$count" -ge 10000 ]; then
    mkdir -p "$work/aside"
    line=$(run "$case" java -cp "$cp" io.github.termsprawl.history.CreateFilesForBench "$(mktemp -u "$work/aside/floor.XXXXXX")" "$count" $((turns / count)))
    wall=${line%% |*}; rest=${line#* | }
    echo "| floor: $count files of $((turns / count)) bytes, a bare loop | $case | $wall | ${rest%% | *} | $(echo "$rest" | cut -d'|' -f2 | tr -d ' ') | — | $(mb "$turns") | ${rest##* | } |"
  fi
  line=$(run "$case" "$p/.termsprawl/bin/termsprawl-ask" --cwd "$p" --self me --node n --dry-run "What failed?")
  wall=${line%% |*}; rest=${line#* | }
  echo "| ask --dry-run | $case, $size MB | $wall | ${rest%% | *} | $(echo "$rest" | cut -d'|' -f2 | tr -d ' ') | — | — | ${rest##* | } |"
done
rm -rf "$work/aside"
