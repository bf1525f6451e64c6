#!/bin/sh
# The redaction benchmark (bench/REDACTION.md): recall per family, false positives, the corpus, throughput.
# usage: bench/redact.sh [CORPUS_DIR] [MB] [--misses]      (about 30 s of CPU)
set -e
cd "$(dirname "$0")/.."
./mvnw -q -B -ntp test-compile
exec java -Xmx2g -cp target/classes:target/test-classes io.github.termsprawl.redact.RedactionBenchmark \
    "${1:-../shared/corpus}" "${2:-200}" ${3:+"$3"}
