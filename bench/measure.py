#!/usr/bin/env python3
"""Runs commands interleaved, several times each, and reports median wall time and peak RSS.

usage: measure.py RUNS NAME -- CMD... [--- NAME -- CMD...]...
Each command's stdout goes to OUT_DIR/<NAME>.out (env OUT_DIR, default .); peak RSS is what os.wait4
reports on Linux: the largest of the process and the descendants it waited for, so it is the java that the
sh launcher starts and waits for (the launcher does not exec java: it reads java's exit code after it).
Prints one line per command: NAME median_wall_s peak_rss_mb median_cpu_s (user + system, the same way)
and writes each run's wall time, in run order, to OUT_DIR/<NAME>.walls.
With env BEFORE_EACH set, that shell command runs (untimed) before every run, the warm-up included.
"""
import os
import statistics
import subprocess
import sys
import time


def parse(argv):
    runs = int(argv[0])
    cmds, cur = [], []
    for a in argv[1:] + ["---"]:
        if a == "---":
            if cur:
                name, sep, cmd = cur[0], cur[1], cur[2:]
                assert sep == "--", "expected NAME -- CMD"
                cmds.append((name, cmd))
            cur = []
        else:
            cur.append(a)
    return runs, cmds


def once(cmd, out_path):
    before = os.environ.get("BEFORE_EACH")
    if before:
        subprocess.run(before, shell=True, check=True)
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit(f"{cmd[0]} exited with {p.returncode}")
    return wall, usage.ru_maxrss / 1024.0, usage.ru_utime + usage.ru_stime


def main():
    runs, cmds = parse(sys.argv[1:])
    out_dir = os.environ.get("OUT_DIR", ".")
    walls = {name: [] for name, _ in cmds}
    cpus = {name: [] for name, _ in cmds}
    rss = {name: 0.0 for name, _ in cmds}
    for name, cmd in cmds:  # one warm-up each: page cache, not JIT (every run is a fresh process)
        once(cmd, os.path.join(out_dir, name + ".out"))
    for _ in range(runs):
        for name, cmd in cmds:
            wall, peak, cpu = once(cmd, os.path.join(out_dir, name + ".out"))
            walls[name].append(wall)
            cpus[name].append(cpu)
            rss[name] = max(rss[name], peak)
    for name, _ in cmds:
        print(f"{name} {statistics.median(walls[name]):.3f} {rss[name]:.0f} {statistics.median(cpus[name]):.3f}")
        # every run's wall time, in run order (the runs are interleaved): for spreads and paired differences
        with open(os.path.join(out_dir, name + ".walls"), "w") as f:
            f.write("".join(f"{w:.4f}\n" for w in walls[name]))


if __name__ == "__main__":
    main()
