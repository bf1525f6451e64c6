#!/bin/sh
# The cost of `check` on an up-to-date project: `mvn validate` against `mvn validate termsprawl:check`
# on a small sample project where discover has run, interleaved, RUNS runs each (default 15); prints
# the medians (wall and CPU), what check adds, and the spread of that. `mvn validate termsprawl:help` and
# check with -Dtermsprawl.check.skip=true are measured beside them: the cost of loading the plugin at all
# (help has some work of its own: it parses its XML), which check cannot go below; and maven-clean-plugin's
# clean with nothing to clean, what Maven spends on running any plugin at all.
#
#   bench/check-cost.sh                   builds and installs this plugin first (as bench/run.sh)
#   SKIP_INSTALL=1 VERSION=x bench/check-cost.sh
#                                         measures version x, already in the local repository
#   BEFORE='y z' bench/check-cost.sh      also measures versions y and z (each on its own sample project)
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
runs=${RUNS:-15}
work=$root/target/bench/check-cost
version=${VERSION:-$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -1)}
if [ -z "${SKIP_INSTALL:-}" ]; then
  echo "check-cost: building and installing the plugin ($version)" >&2
  ./mvnw -q -B install -DskipTests -Dinvoker.skip=true
fi
# offline and quiet: nothing is downloaded or printed while measuring
mvn="$root/mvnw -o -q -B"
rm -rf "$work"
# sample V: an empty project planted by version V's discover
sample() {
  mkdir -p "$work/$1"
  printf '%s\n' '<project xmlns="http://maven.apache.org/POM/4.0.0">' '  <modelVersion>4.0.0</modelVersion>' \
    '  <groupId>sample</groupId><artifactId>sample</artifactId><version>1.0</version><packaging>pom</packaging>' \
    '</project>' > "$work/$1/pom.xml"
  $mvn -f "$work/$1/pom.xml" "io.github.termsprawl:termsprawl-maven-plugin:$1:discover" -Dtermsprawl.claudeHook=false
}
check() { # check V: the measure.py arguments for check of version V on its own sample
  echo "check-$1 -- $mvn -f $work/$1/pom.xml validate io.github.termsprawl:termsprawl-maven-plugin:$1:check"
}
sample "$version"
clean=org.apache.maven.plugins:maven-clean-plugin:3.4.0:clean
"$root/mvnw" -q -B -f "$work/$version/pom.xml" "$clean" # fetched once, before measuring offline
cmds="validate -- $mvn -f $work/$version/pom.xml validate"
cmds="$cmds --- clean -- $mvn -f $work/$version/pom.xml validate $clean"
cmds="$cmds --- help-$version -- $mvn -f $work/$version/pom.xml validate io.github.termsprawl:termsprawl-maven-plugin:$version:help"
# the same Mojo, skipped: loading the plugin and creating the goal, without check's own work
cmds="$cmds --- skipped-$version -- $mvn -f $work/$version/pom.xml validate io.github.termsprawl:termsprawl-maven-plugin:$version:check -Dtermsprawl.check.skip=true"
cmds="$cmds --- $(check "$version")"
for before in ${BEFORE:-}; do
  sample "$before"
  cmds="$cmds --- $(check "$before")"
done
# shellcheck disable=SC2086 # word splitting wanted: the command lines hold no spaces of their own
OUT_DIR="$work" python3 bench/measure.py "$runs" $cmds > "$work/result"
echo "check-cost: medians of $runs runs each, interleaved; $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
awk '$1 == "validate" { v = $2; vc = $4 } { t[NR] = $1; w[NR] = $2; c[NR] = $4 }
  END { for (i = 1; i <= NR; i++)
          printf "%-26s wall %.3f s%s  cpu %.3f s%s\n", t[i], w[i], i == 1 ? "           " : sprintf(" (+%.3f s)", w[i] - v),
            c[i], i == 1 ? "" : sprintf(" (+%.3f s)", c[i] - vc) }' \
  "$work/result"
# the spread: each run's difference to the validate of its own round (interleaved, so a busy moment of the
# machine weighs on both), its median and quartiles; and the same against clean, what is check's own beyond
# Maven's running of any plugin
python3 - "$work" $(cut -d' ' -f1 "$work/result") <<'EOF'
import statistics, sys
work, names = sys.argv[1], sys.argv[2:]
walls = {n: [float(x) for x in open(f"{work}/{n}.walls")] for n in names}
for base, cases in (("validate", names[1:]), ("clean", [n for n in names if n.startswith("check-")])):
    for n in cases:
        d = sorted(a - b for a, b in zip(walls[n], walls[base]))
        q = statistics.quantiles(d, n=4)
        print(f"{n:<26} paired difference to {base}: median {statistics.median(d):+.3f} s, quartiles {q[0]:+.3f}..{q[2]:+.3f} s")
EOF
