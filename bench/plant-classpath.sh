# Sourced by the bench scripts that plant a project with the discover code (PlantForBench): sets $cp, the
# classpath of this checkout's compiled classes and the libraries discover needs, from the local Maven
# repository (M2_REPO, default ~/.m2/repository), with no Maven run. Needs $root and a note() function.
m2=${M2_REPO:-$HOME/.m2/repository}
version() { sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" "$root/pom.xml" | head -1; }
jv=$(version jackson.version)
sv=$(version sqlite.version)
jackson=$m2/com/fasterxml/jackson/core/jackson-core/$jv/jackson-core-$jv.jar
sqlite=$m2/org/xerial/sqlite-jdbc/$sv/sqlite-jdbc-$sv.jar
# discover merges the agents' hook settings with jackson-databind (and its annotations, versioned by minor)
databind=$m2/com/fasterxml/jackson/core/jackson-databind/$jv/jackson-databind-$jv.jar
av=${jv%.*}
annotations=$m2/com/fasterxml/jackson/core/jackson-annotations/$av/jackson-annotations-$av.jar
for f in "$root/target/test-classes/io/github/termsprawl/plant/PlantForBench.class" "$jackson" "$sqlite" \
  "$databind" "$annotations"; do
  [ -f "$f" ] || { note "missing $f: run ./mvnw -o -q test-compile first"; exit 1; }
done
cp="$root/target/classes:$root/target/test-classes:$jackson:$sqlite:$databind:$annotations"
