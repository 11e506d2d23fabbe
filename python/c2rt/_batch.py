"""_batch.py — many creatures at once on a process pool (one process a core:
the core has no globals, but a creature is stepped by one thread)."""
import multiprocessing

from . import C2Error, Genome, _int, _sex, _u64
from ._creature import Creature, _options

try:
    import pandas as _pd
except ImportError:
    _pd = None


def _job(args):
    kind, data, name, seed, sex, opts, events, ticks, measure = args
    row = {"genome": name, "seed": seed}
    try:
        g = Genome.from_bytes(data, name) if kind == "bytes" else Genome.load(data)
        c = Creature(g, sex=sex, seed=seed, options=opts, events=events)
    except (C2Error, OSError, ValueError) as e:
        row.update(hatched=False, error=str(e))
        return row
    c.step(ticks)
    row.update(hatched=True, error="", ticks=c.ticks, alive=c.alive, stage=c.stage,
               cause_of_death=c.cause_of_death, hash="%016x" % c.hash())
    if measure is not None:
        row.update(measure(c))
    return row


def batch(genomes, ticks, seeds=(1,), sex="female", options=None, events=None, measure=None,
          processes=None):
    """Hatch every genome (Genome or path) with every seed, step it `ticks`
    ticks (as `c2rt run --ticks`), and return one row each: genome, seed,
    hatched, error, ticks, alive, stage, cause_of_death, hash, plus what
    measure(creature) returns (a dict; measure must be a module-level
    function, to reach the worker processes). A pandas DataFrame when
    pandas is installed, else a list of dicts; rows in genome, then seed, order."""
    ticks = _u64("ticks", ticks)
    seeds = [_u64("seed", s) for s in seeds]
    sex = {1: "male", 2: "female"}[_sex(sex)]
    opts = _options(options)
    opts = opts.decode().split("\n") if opts else None
    if events is not None and not isinstance(events, (str, bytes)):
        raise TypeError("events must be the text of an events file")
    if measure is not None and not callable(measure):
        raise TypeError("measure must be a function")
    jobs = []
    for g in genomes:
        if isinstance(g, Genome):
            item = ("bytes", g.to_bytes(), g.source or "<genome>")
        elif isinstance(g, str):
            item = ("path", g, g)
        else:
            raise TypeError("genomes are Genome objects or paths")
        jobs += [item + (s, sex, opts, events, ticks, measure) for s in seeds]
    if processes is not None:
        processes = _int("processes", processes, 1, 1024)
    if processes == 1 or len(jobs) <= 1:
        rows = [_job(j) for j in jobs]
    else:
        with multiprocessing.Pool(processes) as pool:
            rows = pool.map(_job, jobs)
    return _pd.DataFrame(rows) if _pd is not None else rows
