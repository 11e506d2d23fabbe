#!/usr/bin/env python3
"""cpusplit.py — run a command and watch its child processes through /proc
(every 20 ms): how many were there at once, and the CPU time each one used
(user + system, its last sample) and the command itself used apart from
them. CPU time, not wall time: on a shared machine only CPU time is fair.

usage: cpusplit.py JSON_OUT COMMAND...

Writes {"exit": N, "most_at_once": K, "workers": [seconds, ...] (largest
first), "parent": seconds} to JSON_OUT; exits with the command's status.
"""
import json
import os
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def stat(pid):
    """(ppid, seconds of CPU) of pid, or None when it is gone."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            s = f.read()
    except OSError:
        return None
    fields = s[s.rindex(")") + 2:].split()  # from field 3 (state) on
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def main():
    out, cmd = sys.argv[1], sys.argv[2:]
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers, most, parent = {}, 0, 0.0
    while p.poll() is None:
        at_once = 0
        for d in os.listdir("/proc"):
            if not d.isdigit():
                continue
            st = stat(int(d))
            if st and st[0] == p.pid:
                at_once += 1
                workers[int(d)] = max(workers.get(int(d), 0.0), st[1])
        own = stat(p.pid)
        if own:
            parent = max(parent, own[1])
        most = max(most, at_once)
        time.sleep(0.02)
    with open(out, "w") as f:
        json.dump({"exit": p.returncode, "most_at_once": most,
                   "workers": sorted(workers.values(), reverse=True), "parent": parent}, f)
    return p.returncode


if __name__ == "__main__":
    sys.exit(main())
