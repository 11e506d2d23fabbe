"""The same creature from Python and from `c2rt run`: hashes, trace values,
snapshots both ways."""
import csv
import io

import pytest

import c2rt
from conftest import EVENTS, STARTER, cli_hashes, run_tool


@pytest.mark.parametrize("seed,sex", [(1, "female"), (42, "male")])
def test_hashes_many_ticks_per_call(genome_path, seed, sex):
    cli = cli_hashes(run_tool("run", genome_path, "--seed", seed, "--sex", sex, "--ticks", 3000,
                              "--hash-every", 250))
    assert len(cli) == 12
    c = c2rt.Creature(genome_path, sex=sex, seed=seed)
    assert c.run_hashes(3000, 250) == cli


def test_hashes_one_tick_per_call(genome_path):
    cli = cli_hashes(run_tool("run", genome_path, "--seed", 5, "--ticks", 1200,
                              "--hash-every", 100))
    c = c2rt.Creature(c2rt.Genome.load(genome_path), seed=5)
    mine = []
    for _ in range(1200):
        assert c.step(1) == 1
        if c.ticks % 100 == 0:
            mine.append((c.ticks, c.hash()))
    assert mine == cli


def test_hashes_with_events_and_options():
    args = ["--seed", 9, "--ticks", 4000, "--hash-every", 500, "--events", EVENTS,
            "--opt", "action_period=10"]
    cli = cli_hashes(run_tool("run", STARTER, *args))
    with open(EVENTS) as f:
        ev = f.read()
    c = c2rt.Creature(STARTER, seed=9, options={"action_period": 10}, events=ev)
    assert c.run_hashes(4000, 500) == cli
    # and another seed differs: the comparison can fail
    d = c2rt.Creature(STARTER, seed=10, options={"action_period": 10}, events=ev)
    assert d.run_hashes(4000, 500) != cli


def test_trace_text_and_arrays_match_cli(genome_path, tmp_path):
    chems = "ATP,Glucose,Glycogen,Starch,Hunger"
    out = tmp_path / "t.csv"
    run_tool("run", genome_path, "--seed", 3, "--ticks", 2000, "--every", 100, "--chem", chems,
             "--trace", out)
    cli_text = out.read_text()
    c = c2rt.Creature(genome_path, seed=3)
    assert c.trace_csv(2000, every=100, chems=chems) == cli_text
    # the arrays the accessors give, read tick by tick, are the CLI's columns
    rows = {int(r["tick"]): r for r in csv.DictReader(io.StringIO(cli_text))}
    c = c2rt.Creature(genome_path, seed=3)
    names = c2rt.drive_names()
    checked = 0
    while c.ticks < 2000:
        c.step(100)
        r = rows[c.ticks]
        chem = c.chemicals
        for name in chems.split(","):
            assert chem[c2rt.chemical(name)] == int(r["chem:" + name]), (c.ticks, name)
        drives = c.drives
        for i, n in enumerate(names):
            assert drives[i] == int(r["drive:" + n])
        for o in c.organs:
            assert abs(o["lt_lf"] / 1e6 - float(r["lf:" + o["name"]])) < 6e-5
        assert int(r["alive"]) == c.alive
        checked += 1
    assert checked == 20


def test_trace_dataframe(genome_path):
    pd = pytest.importorskip("pandas")
    df = c2rt.Creature(genome_path, seed=2).trace(500, every=50)
    assert isinstance(df, pd.DataFrame)
    assert list(df["tick"]) == list(range(0, 501, 50))
    assert "chem:ATP" in df.columns


def test_python_snapshot_resumes_in_cli(genome_path, tmp_path):
    c = c2rt.Creature(genome_path, seed=4)
    c.step(1500)
    snap = tmp_path / "py.snap"
    c.save(str(snap))
    cli = cli_hashes(run_tool("run", "--resume", snap, "--ticks", 1000, "--hash-every", 100))
    assert c.run_hashes(1000, 100) == cli
    assert cli[-1][0] == 2500


def test_cli_snapshot_loads_in_python(genome_path, tmp_path):
    snap = tmp_path / "cli.snap"
    run_tool("run", genome_path, "--seed", 6, "--ticks", 1500, "--events", EVENTS, "--save", snap)
    cli = cli_hashes(run_tool("run", "--resume", snap, "--ticks", 1000, "--hash-every", 100))
    c = c2rt.Creature.load(str(snap))
    assert c.ticks == 1500 and c.seed == 6
    assert c.events is not None and "food" in c.events  # the events came with it
    assert c.run_hashes(1000, 100) == cli
    # from bytes too
    d = c2rt.Creature.load(snap.read_bytes())
    assert d.hash() == c2rt.Creature.load(str(snap)).hash()


def test_save_bytes_round_trip():
    c = c2rt.Creature(STARTER, seed=8)
    c.step(700)
    d = c2rt.Creature.load(c.save())
    assert d.hash() == c.hash()
    assert d.run_hashes(300, 100) == c.run_hashes(300, 100)
