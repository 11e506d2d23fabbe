"""Live arrays (chemicals, drives, a lobe's states and outputs) and what
keeps them safe; a world's trace and log from Python equal the CLI's."""
import gc
import json
import os

import numpy as np
import pytest

import c2rt
from conftest import ROOT, STARTER, run_tool

GARDEN = os.path.join(ROOT, "worlds", "garden.world")
TEACH = os.path.join(ROOT, "worlds", "garden.teach")


def test_arrays_are_live_read_only_views():
    c = c2rt.Creature(STARTER, seed=2)
    chem, drives = c.chemicals, c.drives
    out = c.lobes["decision"].outputs
    before = chem.copy()
    c.step(500)
    # the same array objects show the creature now, not when they were taken
    assert not np.array_equal(before, chem)
    assert np.array_equal(chem, np.frombuffer(bytes(c.chemicals), dtype=np.uint8))
    assert chem[c2rt.chemical("ATP")] == c.chemicals[c2rt.chemical("ATP")]
    assert np.array_equal(drives, c.drives) and np.array_equal(out, c.lobes["decision"].outputs)
    with pytest.raises(ValueError):
        chem[0] = 1
    # what arithmetic makes has memory of its own: a plain array, keeping nothing
    assert type(chem + 1) is np.ndarray
    assert chem.copy()._keeper is None and chem[1:3]._keeper is c._keeper


def test_close_waits_for_the_last_view():
    c = c2rt.Creature(STARTER, seed=3)
    c.step(200)
    keeper = c._keeper
    chem = c.chemicals
    part = chem[10:20]       # a slice outliving its parent still counts
    want = part.copy()
    del chem
    gc.collect()
    c.close()
    assert keeper.lent()     # not freed yet: the slice looks at it
    assert np.array_equal(part, want)
    with pytest.raises(ValueError):
        c.chemicals          # the Python object is closed all the same
    del part
    gc.collect()
    assert not keeper.lent()
    d = c2rt.Creature(STARTER, seed=3)
    k2 = d._keeper
    d.close()                # no views: freed at once
    assert not k2.lent() and d._c is None


def test_views_of_world_creatures_keep_the_world():
    c = c2rt.Creature(STARTER, seed=4)
    early = c.chemicals      # taken before the move into the world
    w = c2rt.World(GARDEN, [c], seed=4)
    later = w.creatures[0].chemicals
    w.step(300)
    assert np.array_equal(early, later)
    want = later.copy()
    w.close()
    assert np.array_equal(early, want) and np.array_equal(later, want)
    del early, later
    gc.collect()


def test_world_trace_and_log_match_cli(tmp_path):
    trace, log = tmp_path / "t.csv", tmp_path / "l.ndjson"
    run_tool("run", STARTER, "--world", GARDEN, "--seed", 6, "--ticks", 3000, "--every", 250,
             "--events", TEACH, "--trace", trace, "--log", log)
    with open(TEACH) as f:
        w = c2rt.World(GARDEN, [STARTER], seed=6, events=f.read())
    w.set_log(True)
    text = w.trace_csv(3000, every=250)
    assert text == trace.read_text()
    assert "world:x" in text.splitlines()[0]
    records = w.log()
    assert records == [json.loads(line) for line in log.read_text().splitlines()]
    assert any(r["type"] == "action" for r in records)
    assert w.log() == []     # taken: forgotten
    with pytest.raises(ValueError):
        w.trace_csv(10, creature=1)
