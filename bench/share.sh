#!/bin/sh
# Benchmark of receive (issue 25): NODES shared nodes of TURNS turn files each (default 50 x 5000), in the
# layout share pushes, on a bare repository on disk as the remote. Times the first receive on another clone
# (one fetch of every ref; each node's listing and small files, its turn files left in git), a receive
# with nothing new, then grows one node by one turn, shares it again and counts the objects the next
# receive fetched (git cat-file --batch-all-objects before and after); last, the first use of one node
# for a grep (all its turn files written). Before the first receive it times git's fetch of the same refs
# alone, in a third clone.
#
#   bench/share.sh           NODES=50 TURNS=5000
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
nodes=${NODES:-50}
turns=${TURNS:-5000}
work=$root/target/bench/share
echo "bench: compiling" >&2
./mvnw -q -B -o test-compile
cp=$(./mvnw -q -B -ntp org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=/dev/stdout)
rm -rf "$work" && mkdir -p "$work"
cp -r target/classes "$work/classes" && cp -r target/test-classes "$work/test-classes" # a rebuild cannot pull them
git init -q --bare "$work/remote.git"
git clone -q "$work/remote.git" "$work/a" 2>/dev/null
git clone -q "$work/remote.git" "$work/b" 2>/dev/null
echo "bench: writing $nodes nodes of $turns turns" >&2
python3 bench/share-gen.py bench 0 "$nodes" "$turns" | git -C "$work/a" fast-import --quiet --done
git -C "$work/a" push -q origin '+refs/termsprawl/*:refs/termsprawl/*'
run() { java -cp "$work/classes:$work/test-classes:$cp" io.github.termsprawl.share.ReceiveBench "$work/b" "$@"; }
objects() { git -C "$work/b" cat-file --batch-all-objects --batch-check | wc -l; }
# git's own part, for comparison: the same fetch in a third clone, without termsprawl
git clone -q "file://$work/remote.git" "$work/c" 2>/dev/null
now() { python3 -c 'import time; print(time.time())'; }
t0=$(now)
git -C "$work/c" fetch --quiet --prune --no-tags origin '+refs/termsprawl/*:refs/termsprawl/*'
echo "git fetch alone: $(python3 -c "print('%.2f' % ($(now) - $t0))") s"
rm -rf "$work/c"
echo "first:  $(run)"
echo "files:  $(find "$work/b/.termsprawl/shared" -type f | wc -l), objects in b: $(objects)"
echo "again:  $(run)"
before=$(objects)
python3 bench/share-gen.py bench 0 1 "$((turns + 1))" | git -C "$work/a" fast-import --quiet --done --force
git -C "$work/a" push -q origin '+refs/termsprawl/*:refs/termsprawl/*'
echo "grown:  $(run)"
after=$(objects)
echo "objects fetched after one node grew by one turn: $((after - before))"
echo "first use of one node for a grep: $(run materialise bench__node-00)"
echo "files in b's shared folder: $(find "$work/b/.termsprawl/shared" -type f | wc -l)"
