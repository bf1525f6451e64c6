#!/bin/sh
# Benchmark of Gemini CLI's $rewindTo replay (issue 21): a log where every message is followed by one a
# rewind drops at once, 20,000 and 40,000 times, replayed whole (the session model: history, ask) and as
# the context view's last 40 turns. Both use one rule (store/gemini/GeminiReplay), linear in the records.
# Test-scope GeminiRewindBench, in one warm JVM; prints a Markdown table.
#
#   bench/gemini-rewinds.sh      RUNS=5 runs each (median), logs under target/bench/gemini
set -eu
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
./mvnw -q -B -ntp test-compile
cp=$(./mvnw -q -B -ntp org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=/dev/stdout)
echo
echo "Gemini \$rewindTo replay, median of $runs runs; $(date -u +%Y-%m-%d), $(nproc) cores, $(java -version 2>&1 | head -1)"
echo
java -cp "target/classes:target/test-classes:$cp" io.github.termsprawl.store.gemini.GeminiRewindBench \
  target/bench/gemini "$runs" 20000 40000
