#!/bin/sh
# The context command's start-up on a small project under two runtimes, each with what discover made for it:
# Java 17 with its class-data archive (-XX:SharedArchiveFile) and a Java 24+ with its ahead-of-time cache
# (-XX:AOTCache), and each without (the launcher run through a link to the same JDK: its java is spelled
# differently, so no stamp names it and it maps nothing). RUNS runs each (default 30), interleaved, through the
# planted launcher; medians and quartiles, as multiples of Java 17 with its archive.
#
#   bench/aot-cache.sh
#   RUNS=50 JAVA17=/usr/lib/jvm/java-17-openjdk-amd64 JAVA_AOT=/usr/lib/jvm/temurin-25-jdk-amd64 bench/aot-cache.sh
#
# JAVA17 defaults to the home of the java on PATH, JAVA_AOT to the newest JDK 24+ under /usr/lib/jvm. The project:
# four linked Claude Code peers of 40 exchanges each (generated here, about 30 KB each), recorded by the planted
# SessionStart hook. Needs only java and this checkout's compiled classes (./mvnw -o -q test-compile) with
# jackson-core and sqlite-jdbc in the local Maven repository (M2_REPO, default ~/.m2/repository): no Maven run,
# no node, no Python, no shared folder. The commands are planted with the discover code (PlantForBench).
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
runs=${RUNS:-30}
work=$root/target/bench-aot-cache
note() { echo "aot-cache: $*" >&2; }

release() { sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null | head -1; }
if [ -n "${JAVA17:-}" ]; then
  h17=$JAVA17
else
  h17=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.home = //p')
fi
haot=${JAVA_AOT:-}
if [ -z "$haot" ]; then
  best=0
  for h in /usr/lib/jvm/*; do
    r=$(release "$h")
    if [ -n "$r" ] && [ "$r" -ge 24 ] && [ "$r" -gt "$best" ] && [ -x "$h/bin/java" ]; then best=$r; haot=$h; fi
  done
fi
[ -x "$h17/bin/java" ] || { note "no Java 17 home (JAVA17=)"; exit 1; }
[ -n "$haot" ] && [ -x "$haot/bin/java" ] || { note "no JDK 24+ under /usr/lib/jvm: set JAVA_AOT=<home>"; exit 1; }
h17=${h17%/} haot=${haot%/}

. "$root/bench/plant-classpath.sh"

p=$work/p
rm -rf "$work"
mkdir -p "$p/.termsprawl/links" "$p/.termsprawl/transcripts"
for h in "$h17" "$haot"; do
  note "planting the commands into $p, the archive made for $h"
  JAVA_HOME=$h "$h/bin/java" -cp "$cp" io.github.termsprawl.plant.PlantForBench "$p"
done
bin=$p/.termsprawl/bin
ln -s "$h17" "$work/jdk17-unstamped"
ln -s "$haot" "$work/jdkaot-unstamped"

i=0
while [ $i -lt 4 ]; do
  i=$((i + 1))
  t=$work/peer$i.jsonl
  awk -v n="$i" 'BEGIN {
    prev = "null"
    for (k = 1; k <= 40; k++) {
      body = ""
      for (w = 0; w < 30; w++) body = body sprintf("word%d ", (k * 7 + w) % 97)
      printf "{\"type\":\"user\",\"uuid\":\"p%d-u%d\",\"parentUuid\":%s,\"timestamp\":\"2026-01-01T00:%02d:00.000Z\",\"message\":{\"role\":\"user\",\"content\":\"question %d: %s\"}}\n", n, k, prev, k, k, body
      printf "{\"type\":\"assistant\",\"uuid\":\"p%d-a%d\",\"parentUuid\":\"p%d-u%d\",\"timestamp\":\"2026-01-01T00:%02d:30.000Z\",\"message\":{\"id\":\"m%d-%d\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"answer %d: %s\"}]}}\n", n, k, n, k, k, n, k, k, body
      prev = sprintf("\"p%d-a%d\"", n, k)
    }
  }' > "$t"
  printf '{"session_id":"peer%s","transcript_path":"%s","cwd":"%s","hook_event_name":"SessionStart","source":"startup"}' \
    "$i" "$t" "$p" | TERMSPRAWL_NODE_ID=peer$i JAVA_HOME=$h17 "$bin/termsprawl-record"
  printf '{\n  "version": 1,\n  "a": "me",\n  "b": "peer%s"\n}\n' "$i" > "$p/.termsprawl/links/me--peer$i.json"
done

BENCH_BIN=$bin BENCH_P=$p BENCH_H17=$h17 BENCH_HAOT=$haot BENCH_U17=$work/jdk17-unstamped BENCH_UAOT=$work/jdkaot-unstamped
export BENCH_BIN BENCH_P BENCH_H17 BENCH_HAOT BENCH_U17 BENCH_UAOT
ctx='"$BENCH_BIN"/termsprawl-context --cwd "$BENCH_P" --self me'
tab=$(printf '\t')
: > "$work/empty"
cases=$work/cases.tsv
{
  echo "17, no archive$tab$work/empty$tab-${tab}JAVA_HOME=\$BENCH_U17 $ctx"
  echo "17 + class-data archive$tab$work/empty$tab-${tab}JAVA_HOME=\$BENCH_H17 $ctx"
  echo "$(release "$haot"), no cache$tab$work/empty$tab-${tab}JAVA_HOME=\$BENCH_UAOT $ctx"
  echo "$(release "$haot") + AOT cache$tab$work/empty$tab-${tab}JAVA_HOME=\$BENCH_HAOT $ctx"
} > "$cases"
# the same view from all four, and each launcher maps what this bench says it maps
sums=$(for h in "$work/jdk17-unstamped" "$h17" "$work/jdkaot-unstamped" "$haot"; do
  JAVA_HOME=$h "$bin/termsprawl-context" --cwd "$p" --self me | cksum
done | sort -u | wc -l)
[ "$sums" -eq 1 ] || { note "the four runs print different views"; exit 1; }
ls "$bin" | grep -q '\.jsa$' && ls "$bin" | grep -q '\.aot$' || { note "discover made no archive or no cache"; exit 1; }
note "measuring, $runs runs each, interleaved"
echo "aot-cache: $(date -u '+%Y-%m-%d %H:%M') UTC, $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') cores," \
  "load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'), $runs runs each; $("$h17/bin/java" -version 2>&1 | head -1);" \
  "$("$haot/bin/java" -version 2>&1 | head -1); context view of 4 peers: $(JAVA_HOME=$h17 "$bin/termsprawl-context" --cwd "$p" --self me | wc -c) bytes"
"$h17/bin/java" -cp "$cp" io.github.termsprawl.plant.CommandTimes "$runs" "$cases" "17 + class-data archive"
