#!/bin/sh
# Benchmark: the planted termsprawl-context against the node reference model
# (../shared/bench/reference-context.mjs) on the same projects, interleaved, RUNS runs each;
# prints median wall time, peak RSS and the ratio per case as a Markdown table.
#
#   bench/run.sh                 all cases (needs ~2 GB of disk under target/bench)
#   SKIP_HUGE=1 bench/run.sh     without the 1.5 GB case
#   RUNS=9 bench/run.sh          more runs per command (default 5)
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
shared=${SHARED:-$root/../shared}
runs=${RUNS:-5}
work=$root/target/bench
ref="$shared/bench/reference-context.mjs"
gen="$shared/bench/gen-transcript.mjs"
[ -f "$ref" ] || { echo "bench: $ref not found (set SHARED)" >&2; exit 1; }
command -v node >/dev/null || { echo "bench: node is needed for the reference model" >&2; exit 1; }

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
# peer DIR ID FILE: links ID to node "me" and records FILE as its transcript
peer() {
  printf '{"version": 1, "path": "%s"}\n' "$3" > "$1/.termsprawl/transcripts/$2.json"
  printf '{"version": 1, "a": "me", "b": "%s"}\n' "$2" > "$1/.termsprawl/links/me--$2.json"
}
fixture() { # fixture FILE CMD...: make FILE once, reuse it on later runs
  f=$1; shift
  [ -s "$f" ] || { echo "bench: generating $f" >&2; "$@"; }
}
# measure CASE DIR [REFDIR]: java vs node on the same project (node on REFDIR when given)
measure() {
  name=$1; dir=$2; refdir=${3:-$2}
  mkdir -p "$work/out/$name"
  OUT_DIR="$work/out/$name" python3 bench/measure.py "$runs" \
    java -- "$dir/.termsprawl/bin/termsprawl-context" --cwd "$dir" --self me --- \
    node -- node "$ref" --cwd "$refdir" --self me > "$work/out/$name/result"
  same=no
  cmp -s "$work/out/$name/java.out" "$work/out/$name/node.out" && same=yes
  awk -v name="$name" -v same="$same" '
    $1 == "java" { jw = $2; jr = $3 } $1 == "node" { nw = $2; nr = $3 }
    END { printf "| %s | %.3f s | %.0f MB | %.3f s | %.0f MB | %.2f | %s |\n", name, jw, jr, nw, nr, jw / nw, same }' \
    "$work/out/$name/result"
}

echo "bench: preparing fixtures under $work" >&2
project "$work/everyday"
i=0
for f in $(find "$shared/corpus/claude" -name '*.jsonl' | sort); do
  i=$((i + 1)); peer "$work/everyday" "p$i" "$f"
done

fixture "$work/gen200.jsonl" node "$gen" "$work/gen200.jsonl" 200 7
project "$work/gen200"; peer "$work/gen200" big "$work/gen200.jsonl"

fixture "$work/line100.jsonl" node bench/longline.mjs "$work/line100.jsonl" 100
project "$work/line100"; peer "$work/line100" big "$work/line100.jsonl"

if [ "${SKIP_HUGE:-0}" != 1 ]; then
  fixture "$work/tail60.jsonl" node bench/tail60.mjs "$work/tail60.jsonl"
  fixture "$work/filler1500.jsonl" node "$gen" "$work/filler1500.jsonl" 1536 3 filler
  fixture "$work/huge1500.jsonl" sh -c "cat '$work/filler1500.jsonl' '$work/tail60.jsonl' > '$work/huge1500.jsonl'"
  project "$work/huge1500"; peer "$work/huge1500" big "$work/huge1500.jsonl"
  project "$work/tailonly"; peer "$work/tailonly" big "$work/tail60.jsonl"
fi

echo
echo "termsprawl-context vs node reference, $runs runs each, interleaved; $(date -u +%Y-%m-%d), $(nproc) cores, $(java -version 2>&1 | head -1), node $(node --version)"
echo
echo "| case | java wall (median) | java peak RSS | node wall (median) | node peak RSS | java/node | same output |"
echo "|---|---|---|---|---|---|---|"
measure "everyday ($i corpus transcripts)" "$work/everyday"
measure "200 MB generated" "$work/gen200"
measure "100 MB single last line" "$work/line100"
if [ "${SKIP_HUGE:-0}" != 1 ]; then
  measure "1.5 GB filler + 60-turn tail (node on the tail alone)" "$work/huge1500" "$work/tailonly"
fi
