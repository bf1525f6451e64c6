# What the benchmark scripts share, sourced after `set -eu` as `. "$(dirname "$0")/lib.sh"` (so $0 is the
# script): it moves to the checkout's root and sets root, shared (SHARED=<dir>, default ../shared) and gen
# (the shared folder's session generator), and defines the helpers below. Nothing here is timed.
cd "$(dirname "$0")/.."
root=$(pwd)
shared=${SHARED:-$root/../shared}
gen="$shared/bench/gen-transcript.mjs"

note() { echo "bench: $*" >&2; }

fixture() { # fixture FILE CMD...: make FILE once, reuse it on later runs
  f=$1; shift
  [ -s "$f" ] || { note "generating $f"; "$@"; }
}

# work_in NAME: the script's folder, target/NAME, made when missing, as work
work_in() {
  work=$root/target/$1
  mkdir -p "$work"
}

# test_classpath: compiles this checkout (incremental, offline; the dependency plugin is fetched once) and sets cp to its classes, its test classes
# and the test-scope dependencies: nothing is installed, no Maven plugin runs
test_classpath() {
  note "compiling (incremental) and reading the test classpath"
  ./mvnw -q -o -B test-compile
  ./mvnw -q -B -ntp org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$root/target/bench-classpath.txt" >/dev/null
  cp="$root/target/classes:$root/target/test-classes:$(cat "$root/target/bench-classpath.txt")"
}

# plant DIR: the commands planted in DIR from this checkout's classes (PlantForBench; needs test_classpath),
# with the folder of the index entries
plant() {
  mkdir -p "$1/.termsprawl/transcripts"
  java -cp "$cp" io.github.termsprawl.plant.PlantForBench "$1"
}

# claude_session OUT MEGABYTES SEED [filler]: a generated Claude Code session, by the shared folder's
# generator when it and node are there (gen_from=shared), else by this repository's test-scope
# BigStoreGenerator (gen_from=own), through generator (on cp; a script may define its own after this)
if [ -f "$gen" ] && command -v node >/dev/null 2>&1; then gen_from=shared; else gen_from=own; fi
generator() { java -cp "$cp" io.github.termsprawl.store.BigStoreGenerator "$@"; }
claude_session() {
  if [ "$gen_from" = shared ]; then node "$gen" "$@"; else generator claude "$@"; fi
}
