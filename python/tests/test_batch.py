"""batch(): the same final hashes as stepping each creature alone, in order."""
import pytest

import c2rt
from conftest import STARTER, run_tool


def atp(c):
    return {"ATP": int(c.chemicals[c2rt.chemical("ATP")])}


def test_batch_is_one_run_each():
    g = c2rt.Genome.load(STARTER)
    mutants = [g.mutate(rate=4, seed=s) for s in range(6)]
    rows = c2rt.batch(mutants + [STARTER], 1500, seeds=(1, 2), measure=atp, processes=2)
    rows = rows.to_dict("records") if hasattr(rows, "to_dict") else rows
    assert len(rows) == 14
    for i, row in enumerate(rows):
        gen = (mutants + [g])[i // 2]
        c = c2rt.Creature(gen, seed=(1, 2)[i % 2])
        c.step(1500)
        assert row["hatched"] and row["hash"] == "%016x" % c.hash()
        assert row["ATP"] == c.chemicals[c2rt.chemical("ATP")]
    last = run_tool("run", STARTER, "--seed", 2, "--ticks", 1500, "--hash-every", 1500).split()
    assert rows[-1]["hash"] == last[1]


def test_batch_bad_arguments():
    for kw in [dict(genomes=[3], ticks=10), dict(genomes=[STARTER], ticks=-1),
               dict(genomes=[STARTER], ticks=10, seeds=[None]),
               dict(genomes=[STARTER], ticks=10, measure=3),
               dict(genomes=[STARTER], ticks=10, processes=0)]:
        with pytest.raises((TypeError, ValueError)):
            c2rt.batch(**kw)
    rows = c2rt.batch(["/nonexistent.gen"], 10, processes=1)
    rows = rows.to_dict("records") if hasattr(rows, "to_dict") else rows
    assert rows[0]["hatched"] is False and "nonexistent" in rows[0]["error"]
