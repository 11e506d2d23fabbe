#!/usr/bin/env python3
"""batchcmp.py — compare two c2rt batch results files (CSV or NDJSON) row by
row and column by column, the wall time aside (the only column that varies
between identical runs) and with it the row's check (a hash that covers it). Exit 0 when they agree, 1 (with the first
differences) when not.

usage: batchcmp.py A B            (the format is taken from each file's name)
"""
import csv
import json
import sys


def rows(path):
    if path.endswith((".ndjson", ".jsonl", ".json")):
        with open(path) as f:
            # Numbers as written (CSV cells are text too); null is an empty cell.
            out = [json.loads(line, parse_float=str, parse_int=str) for line in f]
        header = list(out[0].keys()) if out else []
        return header, [["" if r[k] is None else str(r[k]) for k in header] for r in out]
    with open(path, newline="") as f:
        table = list(csv.reader(f))
    return table[0], table[1:]


def main():
    (ha, ra), (hb, rb) = rows(sys.argv[1]), rows(sys.argv[2])
    if ha != hb:
        print("columns differ:\n  %s\n  %s" % (ha, hb))
        return 1
    if len(ra) != len(rb):
        print("%d rows against %d" % (len(ra), len(rb)))
        return 1
    skip = {ha.index(k) for k in ("wall_s", "check") if k in ha}
    bad = 0
    for i, (x, y) in enumerate(zip(ra, rb)):
        for k, (u, v) in enumerate(zip(x, y)):
            if k not in skip and u != v:
                bad += 1
                if bad <= 10:
                    print("row %d, %s: %r != %r" % (i + 1, ha[k], u, v))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
