#!/usr/bin/env python3
"""Appends one turn (a prompt and its answer) to a Claude Code transcript, on the branch of its last record.

usage: append-turn.py FILE
"""
import datetime
import json
import sys
import uuid


def last_record(path):
    with open(path, "rb") as f:
        f.seek(0, 2)
        size = f.tell()
        f.seek(max(0, size - (4 << 20)))
        tail = f.read().split(b"\n")
    for line in reversed(tail):
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if isinstance(r, dict) and isinstance(r.get("uuid"), str):
            return r
    return {}


def main():
    path = sys.argv[1]
    last = last_record(path)
    parent = last.get("uuid")
    try:
        t = datetime.datetime.fromisoformat(last["timestamp"].replace("Z", "+00:00"))
    except (KeyError, ValueError):
        t = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    # a second later than the record it follows: the newest leaf is the live branch
    stamp = (t + datetime.timedelta(seconds=1)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    u, a = str(uuid.uuid4()), str(uuid.uuid4())
    base = {"isSidechain": False, "sessionId": last.get("sessionId", "s"), "timestamp": stamp}
    user = dict(base, type="user", uuid=u, parentUuid=parent,
                message={"role": "user", "content": "one more question " + u})
    answer = dict(base, type="assistant", uuid=a, parentUuid=u,
                  message={"id": "msg_" + a, "role": "assistant", "model": "claude-x",
                           "content": [{"type": "text", "text": "one more answer " + a}]})
    with open(path, "a") as f:
        f.write(json.dumps(user) + "\n" + json.dumps(answer) + "\n")


if __name__ == "__main__":
    main()
