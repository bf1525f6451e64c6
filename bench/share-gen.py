#!/usr/bin/env python3
"""Writes a git fast-import stream of shared nodes in the layout `share` pushes (docs/sharing.md):
refs/termsprawl/<user>/<node> -> a parentless commit of history/index.md, history/turn-NNNN-<role>.md,
context.md, touches.json, manifest.json. Turn N's bytes depend on N and the node only (its header names the node, as
a real turn file's does), so every node has blobs of its own, and a node grown by one turn shares every
other turn file's blob with its last share.   share-gen.py <user> <first-node> <nodes> <turns>  > stream"""
import sys

user, first, nodes, turns = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
out = sys.stdout.buffer


def data(b):
    out.write(b"data %d\n" % len(b))
    out.write(b)
    out.write(b"\n")


def turn(node, n):
    role = "user" if n % 2 == 0 else "assistant"
    body = ("---\nturn: %04d\nrole: %s\nnode: %s\nstore: claude\nsession: s1\ntime: 2026-01-01T00:00:00Z\n---\n\n"
            % (n, role, node)) + ("question %d about the build, the tests and the release\n" % n if role == "user"
                            else "answer %d: ran the tests, fixed the flaky one, pushed the branch\n" % n) * 3
    return role, body.encode()


for k in range(first, first + nodes):
    node = "node-%02d" % k
    out.write(b"commit refs/termsprawl/%s/%s\n" % (user.encode(), node.encode()))
    out.write(b"committer %s <%s@termsprawl.invalid> 1767225600 +0000\n" % (user.encode(), user.encode()))
    data(b"termsprawl: share " + node.encode())
    out.write(b"deleteall\n")
    index = []
    for n in range(turns):
        role, body = turn(node, n)
        out.write(b"M 100644 inline history/turn-%04d-%s.md\n" % (n, role.encode()))
        data(body)
        index.append("%04d %s 2026-01-01T00:00:00Z %s %d\n" % (n, role, role, n))
    out.write(b"M 100644 inline history/index.md\n")
    data("".join(index).encode())
    out.write(b"M 100644 inline context.md\n")
    data(("# linked context from %s (%s)\n## user\nquestion %d\n" % (node, node, turns - 1)).encode())
    out.write(b"M 100644 inline touches.json\n")
    data(('{"version":1,"node":"%s","store":"claude","touches":[{"path":"src/F%d.java","kind":"edit",'
          '"time":"2026-01-01T00:00:00Z","turn":1,"success":true,"rewound":false,"command":null}]}\n' % (node, k)).encode())
    out.write(b"M 100644 inline manifest.json\n")
    data(('{"format": 1, "node": "%s", "user": "%s", "store": "claude", "session": "s1", "sharedAt": '
          '"2026-01-01T00:00:00Z", "transcriptModified": null, "turns": %d, "bytes": 0}\n' % (node, user, turns)).encode())
    out.write(b"\n")
out.write(b"done\n")
