#!/bin/sh
# Benchmark of the PreToolUse guard (termsprawl-touches --hook, issue 26): 10 linked peers, each with a
# 100 MB Claude Code transcript holding 200 edits, warm (the touch indexes built by a first run); median
# wall time, peak RSS and CPU over RUNS runs, beside the context command's start-up on the same project;
# then the hook again with one peer's transcript grown by one turn before each run (its touch index goes
# on from its last read: docs/touches.md, "The touch index").
#
#   bench/touches.sh               (default 9 runs)
#   RUNS=5 bench/touches.sh
#   SHARED=dir bench/touches.sh    where the shared folder is (default ../shared)
#
# Builds nothing but this checkout's classes (mvn test-compile), plants the commands with them
# (PlantForBench) and generates one 100 MB session under target/bench-touches (peers 2 to 10 share it,
# each with its own index entry and touch index; peer 1 has a copy of its own, which the last case grows).
set -eu
. "$(dirname "$0")/lib.sh"
runs=${RUNS:-9}
work_in bench-touches

test_classpath
p=$work/p
session=$work/peer100.jsonl
if [ ! -s "$session" ]; then
  claude_session "$session.tmp" 100 5
  # 200 edits of 20 project files at the end, on the live branch
  python3 - "$session.tmp" "$p" <<'PY'
import json, sys
f, project = sys.argv[1], sys.argv[2]
last = None
with open(f, 'rb') as fh:
    for line in fh:
        try:
            last = json.loads(line).get('uuid') or last
        except ValueError:
            pass
with open(f, 'a') as out:
    for i in range(200):
        a, r = 'bench-a%d' % i, 'bench-r%d' % i
        out.write(json.dumps({'type': 'assistant', 'uuid': a, 'parentUuid': last, 'timestamp': '2026-01-01T00:%02d:%02dZ' % (i // 60, i % 60),
            'message': {'id': 'bm%d' % i, 'role': 'assistant', 'content': [{'type': 'tool_use', 'id': 'bt%d' % i, 'name': 'Edit',
            'input': {'file_path': '%s/src/F%d.java' % (project, i % 20), 'old_string': 'a', 'new_string': 'b'}}]}}) + '\n')
        out.write(json.dumps({'type': 'user', 'uuid': r, 'parentUuid': a, 'timestamp': '2026-01-01T00:%02d:%02dZ' % (i // 60, i % 60),
            'message': {'role': 'user', 'content': [{'type': 'tool_result', 'tool_use_id': 'bt%d' % i, 'content': 'ok'}]}}) + '\n')
        last = r
PY
  mv "$session.tmp" "$session"
fi
rm -rf "$p"
grown=$work/peer1.jsonl
cp "$session" "$grown"
plant "$p"
mkdir -p "$p/.termsprawl/links"
i=0
while [ $i -lt 10 ]; do
  i=$((i + 1))
  printf '{"version": 1, "path": "%s"}\n' "$([ $i = 1 ] && echo "$grown" || echo "$session")" \
    > "$p/.termsprawl/transcripts/peer$i.json"
  printf '{"version": 1, "a": "me", "b": "peer%s"}\n' "$i" > "$p/.termsprawl/links/me--peer$i.json"
done
# the window is wide: the edits' times are in the past
hook_in=$work/hook.json
printf '{"session_id":"s","hook_event_name":"PreToolUse","cwd":"%s","tool_name":"Edit","tool_input":{"file_path":"%s/src/F3.java","old_string":"a","new_string":"b"}}' "$p" "$p" > "$hook_in"
# --guard warn: every run prints the warning (the default, hold, refuses the first edit once and lets its retry pass)
hook="exec '$p/.termsprawl/bin/termsprawl-touches' --hook --cwd '$p' --guard warn --window 100000d < '$hook_in'"
note "building the 10 touch indexes (a first run reads every transcript whole)"
start=$(date +%s)
TERMSPRAWL_NODE_ID=me sh -c "$hook" > "$work/first.out"
note "first run: $(( $(date +%s) - start )) s; warning printed: $(grep -c additionalContext "$work/first.out" || true)"
export TERMSPRAWL_NODE_ID=me
mkdir -p "$work/out"
{
  OUT_DIR="$work/out" python3 bench/measure.py "$runs" hook -- sh -c "$hook" \
    --- touches -- "$p/.termsprawl/bin/termsprawl-touches" --cwd "$p" --self me --file src/F3.java \
    --- context -- "$p/.termsprawl/bin/termsprawl-context" --cwd "$work/empty" --self me
  # peer 1 grew by one turn (a prompt and its answer, on its live branch) since its index was written
  BEFORE_EACH="python3 bench/append-turn.py '$grown'" OUT_DIR="$work/out" \
    python3 bench/measure.py "$runs" hook-one-peer-grew -- sh -c "$hook"
} | awk 'BEGIN { print "| case | wall (median) | peak RSS | CPU |"; print "|---|---|---|---|" }
         { printf "| %s | %.3f s | %.0f MB | %.3f s |\n", $1, $2, $3, $4 }'
