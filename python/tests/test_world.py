"""Worlds from Python and from `c2rt run --world`: the same hashes, and
snapshots both ways."""
import os

import pytest

import c2rt
from conftest import ROOT, cli_hashes, run_tool

GARDEN = os.path.join(ROOT, "worlds", "garden.world")
TEACH = os.path.join(ROOT, "worlds", "garden.teach")


def test_world_hashes_match_cli(genome_path):
    cli = cli_hashes(run_tool("run", genome_path, "--world", GARDEN, "--seed", 3, "--ticks", 4000,
                              "--hash-every", 500, "--events", TEACH, "--opt", "walk_speed=3"))
    with open(TEACH) as f:
        w = c2rt.World(GARDEN, [genome_path], seed=3, events=f.read(),
                       options={"walk_speed": 3})
    assert w.run_hashes(4000, 500) == cli
    assert w.ticks == 4000 and len(w.creatures) == 1
    assert w.creatures[0].ticks == 4000
    assert any(o["kind"] == "carrot" for o in w.objects)
    assert w.places[0]["phase"]


def test_world_snapshots_both_ways(genome_path, tmp_path):
    w = c2rt.World(GARDEN, [c2rt.Creature(genome_path, seed=5)], seed=5)
    w.step(1000)
    snap = tmp_path / "w.snap"
    w.save(str(snap))
    cli = cli_hashes(run_tool("run", "--resume", snap, "--ticks", 1000, "--hash-every", 250))
    assert w.run_hashes(1000, 250) == cli
    snap2 = tmp_path / "cli.snap"
    run_tool("run", genome_path, "--world", GARDEN, "--seed", 6, "--ticks", 700, "--events",
             TEACH, "--save", snap2)
    cli = cli_hashes(run_tool("run", "--resume", snap2, "--ticks", 2000, "--hash-every", 250))
    v = c2rt.World.load(str(snap2))
    assert v.events and "bring carrot" in v.events
    assert v.run_hashes(2000, 250) == cli
    assert c2rt.World.load(v.save()).hash() == v.hash()


def test_world_bad_arguments(tmp_path):
    c = c2rt.Creature(os.path.join(ROOT, "build", "genomes", "starter.gen"))
    for bad in [None, 3, "/nonexistent.world"]:
        with pytest.raises((TypeError, ValueError, OSError)):
            c2rt.World(bad)
    with pytest.raises(c2rt.C2Error) as e:
        c2rt.World.from_text("room a 0 100\nkind\n")
    assert e.value.line == 2
    with pytest.raises(c2rt.C2Error):
        c2rt.World(GARDEN, options={"no_such_option": 1})
    w = c2rt.World(GARDEN)
    with pytest.raises(ValueError):
        w.step(1)  # no creature yet
    for bad in [None, 3, "x"]:
        with pytest.raises(TypeError):
            w.add(bad)
    w.add(c)
    with pytest.raises(ValueError):
        w.add(c)
    with pytest.raises(ValueError):
        c.step(1)  # the world steps it
    with pytest.raises(c2rt.C2Error):
        w.set_events("at 10 bring nothing_of_that_kind")
    for bad in [b"", b"garbage", str(tmp_path)]:
        with pytest.raises((c2rt.C2Error, ValueError, OSError)):
            c2rt.World.load(bad)
    w.step(10)
    for bad in [("NoSuchChemical",), (1, 0), (1, -1), (-1,), (1, 1, None, 1), (1, 1, None, -1),
                (1, 1, None, "x"), (1, 1, [999])]:
        with pytest.raises((c2rt.C2Error, ValueError, TypeError)):
            w.trace_csv(*bad) if bad[0] != "NoSuchChemical" else w.trace_csv(1, chems=bad[0])
    w.close()
    with pytest.raises(ValueError):
        c.hash()
    for fn in (lambda: w.step(1), lambda: w.trace_csv(1), w.set_log, w.log, lambda: c.chemicals):
        with pytest.raises(ValueError):
            fn()
