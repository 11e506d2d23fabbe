#!/usr/bin/env python3
"""evolvecheck.py DIR LINEAGE_JSON — does c2rt evolve's DIR/generations.csv
agree with its genealogy log DIR/lineage.ndjson, recounted here record by
record (creatures born, dead, conceived, lost per replicate and generation;
the living = born - dead), and with `c2rt lineage --format json
--generations DIR/lineage.ndjson` (LINEAGE_JSON)? Exit 0, or an
AssertionError naming the first disagreement. Used by
tests/cli/evolve_basic.sh and bench/evolve.sh."""
import csv, json, os, sys
d = sys.argv[1]
recs = [json.loads(l) for l in open(os.path.join(d, "lineage.ndjson"))]
born, dead, conc, lost, gen = {}, {}, {}, {}, {}
for r in recs:
    rep, t = r["replicate"], r["type"]
    if t == "found":
        gen[rep, r["creature"]] = 0
        born[rep, 0] = born.get((rep, 0), 0) + 1
    elif t == "conceive":
        gen[rep, r["child"]] = r["generation"]
        conc[rep, r["generation"]] = conc.get((rep, r["generation"]), 0) + 1
    elif t == "hatch":
        born[rep, r["generation"]] = born.get((rep, r["generation"]), 0) + 1
    elif t == "death":
        k = (rep, gen[rep, r["creature"]])
        dead[k] = dead.get(k, 0) + 1
    elif t == "lost":
        k = (rep, gen[rep, r["child"]])
        lost[k] = lost.get(k, 0) + 1
rows = list(csv.DictReader(open(os.path.join(d, "generations.csv"))))
keys = {(int(r["replicate"]), int(r["generation"])) for r in rows}
assert keys == set(born) | set(conc), (keys, born, conc)
for r in rows:
    k = (int(r["replicate"]), int(r["generation"]))
    got = [int(r[c]) for c in ("born", "dead", "conceived", "lost")]
    want = [born.get(k, 0), dead.get(k, 0), conc.get(k, 0), lost.get(k, 0)]
    assert got == want, (k, got, want)
    assert int(r["alive"]) == born.get(k, 0) - dead.get(k, 0), r
gens = json.load(open(sys.argv[2]))["generations"]
assert len(gens) == len(rows)
for g, r in zip(gens, rows):
    for c in ("born", "alive", "dead", "conceived", "lost", "males", "females"):
        assert g[c] == int(r[c]), (c, g, r)
# replicates.ndjson: the living at the end and the generation reached, per
# replicate, are the log's too.
for line in open(os.path.join(d, "replicates.ndjson")):
    s = json.loads(line)
    rep = s["replicate"]
    alive = sum(born.get(k, 0) - dead.get(k, 0) for k in born if k[0] == rep)
    top = max((k[1] for k in born if k[0] == rep and born[k]), default=0)
    assert s["alive"] == alive, (rep, s, alive)
    assert s["generation"] == top, (rep, s, top)
print("%s: %d rows of generations.csv agree with %d genealogy records" % (d, len(rows), len(recs)))
