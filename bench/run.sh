#!/bin/sh
# Benchmark: the planted termsprawl-context against the node reference model on the same projects,
# interleaved, RUNS runs each; prints median wall time, peak RSS and the ratio per case as a Markdown
# table.
#
#   bench/run.sh                 all cases (needs ~2 GB of disk under target/bench)
#   SKIP_HUGE=1 bench/run.sh     without the 1.5 GB case
#   RUNS=15 bench/run.sh         more runs per command (default 9)
#   SHARED=dir bench/run.sh      where the shared folder is (default ../shared)
#   EVERYDAY_ONLY=1 bench/run.sh the everyday cases alone: plain, with --redact, entries without store
#
# The shared folder is optional. With it (and node): the node reference model
# (bench/reference-context.mjs) runs beside the command, the everyday case links the real Claude Code
# transcripts of corpus/claude/, and bench/gen-transcript.mjs generates the big sessions. Without it:
# the command runs alone (the node columns stay empty), and this repository's generator
# (BigStoreGenerator, test scope) writes the everyday transcripts and the big sessions. Without node,
# the two cases whose fixtures node writes (bench/longline.mjs, bench/tail60.mjs) are left out.
set -eu
. "$(dirname "$0")/lib.sh"
runs=${RUNS:-9}
work=$root/target/bench
ref="$shared/bench/reference-context.mjs"
corpus="$shared/corpus/claude"

have_node=no
command -v node >/dev/null 2>&1 && have_node=yes
compare=no
if [ ! -f "$ref" ]; then
  note "no node reference model at $ref (set SHARED): termsprawl-context runs alone, the node columns stay empty"
elif [ "$have_node" = no ]; then
  note "node is not on PATH: termsprawl-context runs alone, the node columns stay empty"
else
  compare=yes
fi
[ "$gen_from" = shared ] || note "no $gen (or no node): the big Claude Code sessions come from this repository's BigStoreGenerator"

version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -1)
echo "bench: building and installing the plugin ($version)" >&2
./mvnw -q -B install -DskipTests -Dinvoker.skip=true
mkdir -p "$work"

# project DIR: an empty project with the command planted by the real discover goal
project() {
  rm -rf "$1"
  mkdir -p "$1/.termsprawl/links" "$1/.termsprawl/transcripts"
  (cd "$1" && "$root/mvnw" -q -B "io.github.termsprawl:termsprawl-maven-plugin:$version:discover" -Dtermsprawl.claudeHook=false)
}
# peer DIR ID FILE: links ID to node "me" and records FILE as its Claude Code transcript, as the
# session-start hook records it (naming the store; docs/files.md)
peer() {
  printf '{"version": 1, "path": "%s", "store": "claude"}\n' "$3" > "$1/.termsprawl/transcripts/$2.json"
  printf '{"version": 1, "a": "me", "b": "%s"}\n' "$2" > "$1/.termsprawl/links/me--$2.json"
}
# measure CASE DIR [REFDIR [FLAG]]: java vs node on the same project (node on REFDIR when given; FLAG,
# such as --redact, passed to java alone); java alone when there is no reference model
measure() {
  name=$1; dir=$2; refdir=${3:-$2}; flag=${4:-}
  mkdir -p "$work/out/$name"
  if [ "$compare" = yes ]; then
    OUT_DIR="$work/out/$name" python3 bench/measure.py "$runs" \
      java -- "$dir/.termsprawl/bin/termsprawl-context" --cwd "$dir" --self me $flag --- \
      node -- node "$ref" --cwd "$refdir" --self me > "$work/out/$name/result"
    same=no
    cmp -s "$work/out/$name/java.out" "$work/out/$name/node.out" && same=yes
  else
    OUT_DIR="$work/out/$name" python3 bench/measure.py "$runs" \
      java -- "$dir/.termsprawl/bin/termsprawl-context" --cwd "$dir" --self me $flag > "$work/out/$name/result"
    same=-
  fi
  awk -v name="$name" -v same="$same" '
    $1 == "java" { jw = $2; jr = $3 } $1 == "node" { nw = $2; nr = $3 }
    END {
      if (nw == "") printf "| %s | %.3f s | %.0f MB | - | - | - | - |\n", name, jw, jr
      else printf "| %s | %.3f s | %.0f MB | %.3f s | %.0f MB | %.2f | %s |\n", name, jw, jr, nw, nr, jw / nw, same
    }' "$work/out/$name/result"
}

note "preparing fixtures under $work"
project "$work/everyday"
# the test-scope generator, run on the planted jars (lib.sh's claude_session uses it)
cp="$work/everyday/.termsprawl/bin/termsprawl.jar:$work/everyday/.termsprawl/bin/lib/sqlite-jdbc.jar:$root/target/classes:$root/target/test-classes"
i=0
if [ -d "$corpus" ]; then
  everyday="corpus transcripts"
  for f in $(find "$corpus" -name '*.jsonl' | sort); do
    i=$((i + 1)); peer "$work/everyday" "p$i" "$f"
  done
else
  # 28 sessions from 12 KB to 2.6 MB (14 MB in all), about the spread of real ones
  note "no corpus at $corpus: the everyday case links 28 generated sessions"
  everyday="generated transcripts"
  while [ $i -lt 28 ]; do
    i=$((i + 1))
    f="$work/everyday-own/s$i.jsonl"
    mkdir -p "$work/everyday-own"
    fixture "$f" generator claude "$f" "$(awk -v i=$i 'BEGIN { printf "%.3f", 0.01 * 1.22 ^ i }')" "$i"
    peer "$work/everyday" "p$i" "$f"
  done
fi

# the same peers in entries that do not name their store (a path recorded by hand): each read
# recognises the store from the file first
rm -rf "$work/everyday-unnamed"
cp -a "$work/everyday" "$work/everyday-unnamed"
sed -i 's/, "store": "claude"//' "$work/everyday-unnamed/.termsprawl/transcripts/"*.json

only=${EVERYDAY_ONLY:-0}
if [ "$only" != 1 ]; then
# many small peers: the per-peer cost (link, index entry, one short transcript each)
if [ "$have_node" = yes ]; then
  project "$work/peers2000"
  node bench/manypeers.mjs "$work/peers2000" 2000
else
  note "node is not on PATH: the 2000-peer case is left out (bench/manypeers.mjs writes it)"
fi

g=$work/$gen_from
mkdir -p "$g"
fixture "$g/gen200.jsonl" claude_session "$g/gen200.jsonl" 200 7
project "$work/gen200"; peer "$work/gen200" big "$g/gen200.jsonl"

if [ "$have_node" = yes ]; then
  fixture "$work/line100.jsonl" node bench/longline.mjs "$work/line100.jsonl" 100
  project "$work/line100"; peer "$work/line100" big "$work/line100.jsonl"
else
  note "node is not on PATH: the 100 MB line case is left out (bench/longline.mjs writes it)"
fi

huge=no
if [ "${SKIP_HUGE:-0}" != 1 ] && [ "$have_node" = yes ]; then
  huge=yes
  fixture "$work/tail60.jsonl" node bench/tail60.mjs "$work/tail60.jsonl"
  fixture "$g/filler1500.jsonl" claude_session "$g/filler1500.jsonl" 1536 3 filler
  fixture "$g/huge1500.jsonl" sh -c "cat '$g/filler1500.jsonl' '$work/tail60.jsonl' > '$g/huge1500.jsonl'"
  project "$work/huge1500"; peer "$work/huge1500" big "$g/huge1500.jsonl"
  project "$work/tailonly"; peer "$work/tailonly" big "$work/tail60.jsonl"
elif [ "${SKIP_HUGE:-0}" != 1 ]; then
  note "node is not on PATH: the 1.5 GB case is left out (bench/tail60.mjs writes its tail)"
fi

# other stores: generated by the test-scope generator
fixture "$work/codex200.jsonl" generator codex "$work/codex200.jsonl" 120000
project "$work/codex200"
printf '{"version": 1, "path": "%s", "store": "codex"}\n' "$work/codex200.jsonl" > "$work/codex200/.termsprawl/transcripts/big.json"
printf '{"version": 1, "a": "big", "b": "me"}\n' > "$work/codex200/.termsprawl/links/big--me.json"
fixture "$work/opencode.db" generator opencode "$work/opencode.db" 200000
project "$work/opencode"
printf '{"version": 1, "path": "%s", "store": "opencode", "session": "ses_bench"}\n' "$work/opencode.db" > "$work/opencode/.termsprawl/transcripts/big.json"
printf '{"version": 1, "a": "big", "b": "me"}\n' > "$work/opencode/.termsprawl/links/big--me.json"

fi # EVERYDAY_ONLY

echo
if [ "$compare" = yes ]; then
  echo "termsprawl-context vs node reference, $runs runs each, interleaved; $(date -u +%Y-%m-%d), $(nproc) cores, $(java -version 2>&1 | head -1), node $(node --version)"
else
  echo "termsprawl-context alone (no node reference model), $runs runs each; $(date -u +%Y-%m-%d), $(nproc) cores, $(java -version 2>&1 | head -1)"
fi
echo
echo "| case | java wall (median) | java peak RSS | node wall (median) | node peak RSS | java/node | same output |"
echo "|---|---|---|---|---|---|---|"
measure "everyday ($i $everyday)" "$work/everyday"
# redaction on: the corpus holds no secret, so the output is still the node model's, byte for byte
measure "everyday, --redact" "$work/everyday" "$work/everyday" --redact
measure "everyday, entries without store" "$work/everyday-unnamed"
[ "$only" = 1 ] && exit 0
if [ "$have_node" = yes ]; then
  measure "2000 small peers (one 7-line transcript each)" "$work/peers2000"
fi
measure "200 MB generated" "$work/gen200"
if [ "$have_node" = yes ]; then
  measure "100 MB single last line" "$work/line100"
fi
# the node model reads Claude Code only: on these it reads the whole file and prints nothing, so its
# time is the cost of one whole read, and 'same output' is expected to be 'no'
whole=""; tail=""
[ "$compare" = yes ] && whole=" (node: whole read)" && tail=" (node on the tail alone)"
if [ "$huge" = yes ]; then
  measure "1.5 GB filler + 60-turn tail$tail" "$work/huge1500" "$work/tailonly"
fi
measure "Codex rollout, $(du -m "$work/codex200.jsonl" | cut -f1) MB$whole" "$work/codex200"
measure "OpenCode db, $(du -m "$work/opencode.db" | cut -f1) MB, 200k messages$whole" "$work/opencode"
