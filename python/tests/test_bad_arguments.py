"""Bad arguments at every entry point: an exception, never a crash (a crash
would take pytest down with it). Then random bytes at every parser."""
import random

import pytest

import c2rt
from conftest import STARTER

BAD_INT = [None, "x", 1.5, True, -1, 1 << 64, [1]]
BAD_TEXT = [None, 3, 1.0, ["a"], object()]


@pytest.fixture(scope="module")
def g():
    return c2rt.Genome.load(STARTER)


@pytest.fixture
def c(g):
    return c2rt.Creature(g, seed=1)


def raises(fn, *a, **k):
    with pytest.raises((TypeError, ValueError, KeyError, IndexError, OSError, c2rt.C2Error)):
        fn(*a, **k)


def test_genome_entry_points(g, tmp_path):
    for bad in BAD_TEXT + [b"\0", "", "/nonexistent/x.gen", str(tmp_path)]:
        raises(c2rt.Genome.load, bad)
    for bad in [None, 3, "text", [1]]:
        raises(c2rt.Genome.from_bytes, bad)
    for bad in BAD_TEXT:
        raises(c2rt.Genome.from_text, bad)
    raises(c2rt.Genome.from_bytes, b"")
    raises(c2rt.Genome.from_text, "")
    raises(c2rt.Genome, None)
    raises(c2rt.Genome, 12345)
    for bad in BAD_TEXT + [b"a\0b", "/nonexistent/dir/x.gen"]:
        raises(g.save, bad)
    for bad in BAD_INT + [7]:
        raises(g.express, bad)
    raises(g.express, 0, sex="neither")
    raises(g.express, 0, sex=True)
    for bad in [None, "x", -1.0, float("nan"), float("inf"), True]:
        raises(g.mutate, rate=bad)
    for bad in BAD_INT:
        raises(g.mutate, seed=bad)
    for bad in [None, 3, "genome"]:
        raises(g.cross, bad)
    for bad in ["abc", "abcde", "ab d", 4, b"\x00abc"]:
        raises(g.cross, g, mum_moniker=bad)
    raises(g.genes_of, 3)
    raises(g.check, sex="x")
    raises(c2rt.chemical, "no such chemical")
    raises(c2rt.chemical, 256)
    raises(c2rt.chemical_name, -1)
    raises(c2rt.stimulus, None)


def test_creature_entry_points(g, c, tmp_path):
    raises(c2rt.Creature, None)
    raises(c2rt.Creature, 3)
    raises(c2rt.Creature, "/nonexistent.gen")
    for bad in BAD_INT:
        raises(c2rt.Creature, g, seed=bad)
    for bad in [None, "x", 0, 3, True]:
        raises(c2rt.Creature, g, sex=bad)
    for bad in [3, "x=1", {"no_such_option": 1}, {"action_period": -5},
                {"action_period": "lots"}, ["brain_while_asleep=7"], {"a": None},
                ["x" * 1000], ["a\nb=1"]]:
        raises(c2rt.Creature, g, options=bad)
    for bad in [3, "at x inject", "at 10 inject NoSuchChemical 5", ["every"], b"at\0"]:
        raises(c2rt.Creature, g, events=bad)
    for bad in BAD_INT:
        raises(c.step, bad)
        raises(c.run_hashes, 10, bad)
        raises(c.trace, bad)
    raises(c.run_hashes, 10, 0)
    raises(c.run_hashes, 1 << 40, 1)
    raises(c.trace, 10, every=0)
    for bad in ["NoSuchChem", "ATP,ATP", 3, ["ATP", 999]]:
        raises(c.trace, 10, chems=bad)
    for bad in ["nope", 99, -99, None, 1.0]:
        raises(c.lobes.__getitem__, bad)
        raises(c.dendrites, bad)
    for bad in [2, -1, "x", None]:
        raises(c.dendrites, 0, bad)
    for bad in [(None, 1), ("NoSuch", 1), (256, 1), (1, 256), (1, -256), (1, None), (1, 1.5)]:
        raises(c.inject, *bad)
    for bad in [(None,), ("NoSuchStimulus",), (256,), (1, -2), (1, 256), (1, 0, 256),
                (1, 0, -1)]:
        raises(c.stimulus, *bad)
    for bad in BAD_TEXT[1:] + ["/nonexistent/dir/s.snap"]:  # None: the bytes
        raises(c.save, bad)
    for bad in [None, 3, "", "/nonexistent.snap", b"", b"garbage", str(tmp_path)]:
        raises(c2rt.Creature.load, bad)
    c.close()
    c.close()
    for fn in (c.step, c.hash, lambda: c.chemicals, lambda: c.ticks, c.save,
               lambda: c.lobes[0], lambda: c.dendrites(6)):
        raises(fn)


def test_fuzz_parsers(g, c):
    rng = random.Random(2026)
    gen = g.to_bytes()
    snap = c.save()
    text = g.text()
    for _ in range(300):
        for data, parse in ((gen, c2rt.Genome.from_bytes), (snap, c2rt.Creature.load)):
            b = bytearray(data)
            kind = rng.randrange(3)
            if kind == 0:
                b = b[:rng.randrange(len(b))]
            elif kind == 1:
                for _ in range(rng.randrange(1, 8)):
                    b[rng.randrange(len(b))] = rng.randrange(256)
            else:
                b = bytes(rng.randrange(256) for _ in range(rng.randrange(64)))
            try:
                parse(bytes(b))
            except (c2rt.C2Error, ValueError):
                pass
        lines = text.splitlines()
        i = rng.randrange(len(lines))
        lines[i] = "".join(rng.choice("gene lobe=12 #\t x0123456789") for _ in range(20))
        try:
            c2rt.Genome.from_text("\n".join(lines))
        except c2rt.C2Error as e:
            assert e.line >= 1
        ev = " ".join(rng.choice(["at", "every", "10", "inject", "ATP", "-5", "kill", "food",
                                  "\n", "stim", "word", "verb", "push", "x"])
                      for _ in range(12))
        try:
            c2rt.Creature(g, events=ev).step(20)
        except c2rt.C2Error:
            pass
