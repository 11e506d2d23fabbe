"""_creature.py — one living creature (engine/engine.h), stepped as `c2rt run` steps it."""
import csv
import io
import os

from . import (C2Error, Genome, SNAPSHOT_MAX_FILE, _int, _new_err, _np, _oom, _path,
               _sex, _take, _text, _u64, chemical, drive_names, stimulus, ffi, lib)
from ._live import _Keeper, live_u8

try:
    import pandas as _pd
except ImportError:
    _pd = None

EVENTS_MAX_TEXT = 16 << 20  # as `c2rt run --events` reads them
MAX_HASHES = 1 << 24  # (tick, hash) pairs of one run_hashes call: 256 MiB
DENDRITE_FIELDS = ("cell", "k", "source_lobe", "source", "stw", "ltw", "strength",
                   "susceptibility")
_ORGAN_KINDS = ("body", "organ", "brain")


def _chem_list(chems):
    """A trace's chemical list for the C side: NULL (the default), or NAME,NAME..."""
    if chems is None:
        return ffi.NULL
    if not isinstance(chems, (str, bytes)):
        chems = ",".join(c if isinstance(c, str) else str(_int("chemical", c, 0, 255))
                         for c in chems)
    return _text("chems", chems)


def _trace_rows(text):
    """A trace's CSV as a pandas DataFrame, or a list of dicts without pandas."""
    if _pd is not None:
        return _pd.read_csv(io.StringIO(text))
    return [{k: _num(v) for k, v in row.items()} for row in csv.DictReader(io.StringIO(text))]


class Lobe:
    """A lobe's geometry and, read when asked, its neurons' states/outputs."""

    def __init__(self, creature, index, info):
        self._c, self.index = creature, index
        self.name = ffi.string(info.name).decode()
        self.x, self.y, self.width, self.height = info.x, info.y, info.width, info.height
        self.neurons = info.neurons
        self.wta = bool(info.wta)
        self.source_lobes = (info.source_lobe[0], info.source_lobe[1])
        self.dendrite_counts = (info.dendrites[0], info.dendrites[1])

    def _cells(self, which):
        h = self._c._handle()
        return live_u8(self._c._keeper, lib.c2py_lobe_cells_at(h, self.index, which),
                       self.neurons)

    @property
    def states(self):
        """The neurons' states: a live read-only uint8 view (see chemicals)."""
        return self._cells(0)

    @property
    def outputs(self):
        """The neurons' outputs: a live read-only uint8 view (see chemicals)."""
        return self._cells(1)

    def __repr__(self):
        return "<Lobe %d %s %dx%d>" % (self.index, self.name, self.width, self.height)


class Lobes:
    """lobes[i] or lobes['decision'] (the role name, any case); len, iteration."""

    def __init__(self, creature):
        self._c = creature

    def __len__(self):
        return lib.c2py_lobe_count(self._c._handle())

    def _get(self, i):
        info = ffi.new("c2py_lobe_info *")
        if lib.c2py_lobe(self._c._handle(), i, info) != 0:
            raise IndexError("no lobe %d" % i)
        return Lobe(self._c, i, info)

    def __getitem__(self, key):
        if isinstance(key, str):
            for lobe in self:
                if lobe.name.lower() == key.lower():
                    return lobe
            raise KeyError("no lobe named %r" % key)
        n = len(self)
        i = _int("lobe", key, -n, max(n - 1, -n))
        return self._get(i % n if n else i)

    def __iter__(self):
        return (self._get(i) for i in range(len(self)))

    def names(self):
        return [lobe.name for lobe in self]


class Creature:
    """A creature hatched from `genome` (a Genome or a path), as `c2rt run
    GENOME --sex S --seed N --opt NAME=VALUE ... --events FILE` hatches it."""

    _gno = ffi.NULL  # the notes naming its organs (a resumed creature has none)

    def __init__(self, genome, sex="female", seed=1, options=None, events=None):
        # the Genetics Kit notes beside a genome file name its organs, as
        # they do for `c2rt run`
        if isinstance(genome, (str, bytes, os.PathLike)):
            path = os.fsdecode(genome)
            stem, ext = os.path.splitext(path)
            gno = (stem if ext else path) + ".gno"
            if os.path.exists(gno):
                self._gno_path = os.fsencode(gno)
                self._gno = self._gno_path
            genome = Genome.load(genome)
        if not isinstance(genome, Genome):
            raise TypeError("genome must be a Genome or a path")
        opts = _options(options)
        e = _new_err()
        h = lib.c2py_hatch(genome._g, _sex(sex), _u64("seed", seed), opts, len(opts), e)
        if h == ffi.NULL:
            raise C2Error(e, genome.source if e.line == 0 else "options")
        self._c = ffi.gc(h, lib.creature_free)
        self._keeper = _Keeper(self._c)
        self._world = None
        self._events = None
        self._events_text = None
        if events is not None:
            self.set_events(events)

    @classmethod
    def _wrap(cls, handle, extra):
        self = cls.__new__(cls)
        self._c = ffi.gc(handle, lib.creature_free)
        self._keeper = _Keeper(self._c)
        self._world = None
        self._events = None
        self._events_text = None
        if extra:
            self.set_events(extra)
        return self

    def _handle(self):
        if self._c is None:
            raise ValueError("the creature was closed")
        return self._c

    def close(self):
        """Free the creature now (else when it is garbage); one in a world
        is the world's to free. While live arrays of it (chemicals, drives,
        a lobe's states or outputs) are still around, it is freed when the
        last of them is."""
        if self._world is not None:
            self._c = None
        if self._c is not None:
            if not self._keeper.lent():
                ffi.release(self._c)
            self._keeper = None  # the views keep it, if any: freed with the last
            self._c = None
        if self._events is not None:
            ffi.release(self._events)
            self._events = None

    # ---- events and stepping ------------------------------------------------------
    def set_events(self, events):
        """The timed inputs in force (engine/events.h's language: a str, bytes,
        or a list of lines); None: none. They are kept in snapshots."""
        if getattr(self, "_world", None) is not None:
            raise ValueError("this creature lives in a world: give the world its events")
        if events is None:
            self._events = self._events_text = None
            return
        b = events_bytes(events)
        e = _new_err()
        ev = lib.c2py_events_parse(b, len(b), e)
        if ev == ffi.NULL:
            raise C2Error(e, "events")
        self._events = ffi.gc(ev, lib.c2py_events_free)
        self._events_text = b

    @property
    def events(self):
        return self._events_text.decode("utf-8", "replace") if self._events_text else None

    def _ev(self):
        if self._world is not None:
            raise ValueError("this creature lives in a world: step the world")
        return self._events if self._events is not None else ffi.NULL

    def step(self, n=1, events=None):
        """Run up to n world ticks (stopping at death, as `c2rt run` does);
        `events` replaces the events in force first. Returns the ticks run."""
        n = _u64("n", n)
        if events is not None:
            self.set_events(events)
        return lib.c2py_step(self._handle(), self._ev(), n, 0, ffi.NULL, 0, ffi.NULL)

    def run_hashes(self, n, every):
        """Step n ticks; the (tick, hash) pairs of `c2rt run --hash-every every`."""
        n, every = _u64("n", n), _int("every", every, 1, (1 << 64) - 1)
        cap = n // every + 1
        if cap > MAX_HASHES:
            raise ValueError("n / every is at most %d hashes a call" % MAX_HASHES)
        buf = ffi.new("uint64_t[]", 2 * cap)
        got = ffi.new("size_t *")
        lib.c2py_step(self._handle(), self._ev(), n, every, buf, cap, got)
        return [(buf[2 * i], buf[2 * i + 1]) for i in range(got[0])]

    def trace(self, n, every=1, chems=None):
        """Step n ticks and return `c2rt run --trace - --every K --chem LIST`'s
        rows: a pandas DataFrame when pandas is installed, else a list of dicts."""
        return _trace_rows(self.trace_csv(n, every, chems))

    def trace_csv(self, n, every=1, chems=None):
        n, every = _u64("n", n), _int("every", every, 1, (1 << 64) - 1)
        cl = _chem_list(chems)
        out, ln, ran = ffi.new("char **"), ffi.new("size_t *"), ffi.new("uint64_t *")
        e = _new_err()
        if lib.c2py_trace(self._handle(), self._ev(), n, every, cl, self._gno, out, ln, ran,
                          e) != 0:
            raise C2Error(e, "chems")
        return _take(out, ln).decode("utf-8")

    # ---- reading --------------------------------------------------------------------
    def hash(self):
        return lib.creature_hash(self._handle())

    ticks = property(lambda self: lib.creature_ticks(self._handle()))
    stage = property(lambda self: lib.creature_stage(self._handle()))
    alive = property(lambda self: bool(lib.creature_alive(self._handle())))
    asleep = property(lambda self: bool(lib.creature_asleep(self._handle())))
    dreaming = property(lambda self: bool(lib.creature_dreaming(self._handle())))
    action = property(lambda self: lib.creature_action(self._handle()))
    object = property(lambda self: lib.creature_object(self._handle()))
    seed = property(lambda self: lib.c2py_seed(self._handle()))
    sex = property(lambda self: "male" if lib.c2py_sex(self._handle()) == 1 else "female")
    cause_of_death = property(lambda self: ffi.string(lib.c2py_death(self._handle())).decode())
    death_tick = property(lambda self: lib.creature_death_tick(self._handle()))

    @property
    def genome(self):
        e = _new_err()
        return Genome._boxed(lib.c2py_creature_genome(self._handle(), e), e, "<creature>")

    @property
    def chemicals(self):
        """The 256 chemical concentrations: a read-only NumPy uint8 view of
        the creature's own array, live (it follows the creature as it steps:
        take .copy() to keep a moment); bytes (a copy) without NumPy."""
        return live_u8(self._keeper, lib.c2py_chemicals_at(self._handle()), 256)

    @property
    def drives(self):
        """The drives in drive_names() order: a live read-only uint8 view,
        as chemicals."""
        return live_u8(self._keeper, lib.c2py_drives_at(self._handle()), len(drive_names()))

    @property
    def organs(self):
        """Every organ as a dict: name ('body', 'Heart' ..., 'brain'; 'organN' for an
        organ nothing names: the trace's lf: names), kind, gene, life forces, clock and
        repair rates, counts."""
        h = self._handle()
        out = []
        info = ffi.new("c2py_organ_info *")
        count = lib.c2py_organ_count(h)
        buf = ffi.new("char[]", count * 48 + 1)
        got = lib.c2py_organ_names(h, self._gno, buf, len(buf))
        names = ffi.string(buf).decode().split("\n")[:-1] if got >= 0 else []
        for i in range(count):
            if lib.c2py_organ(h, i, info) != 0:
                continue
            kind = _ORGAN_KINDS[info.kind] if 0 <= info.kind < 3 else str(info.kind)
            name = names[i] if i < len(names) else kind  # as the trace's lf: columns
            out.append({"index": i, "name": name, "kind": kind, "gene": info.gene,
                        "initial_lf": info.initial_lf, "st_lf": info.st_lf,
                        "lt_lf": info.lt_lf, "failed": bool(info.failed),
                        "clock_rate": info.clock_rate, "repair_rate": info.repair_rate,
                        "injury": info.injury, "biotick": info.biotick,
                        "energy_cost": info.energy_cost, "receptors": info.receptors,
                        "emitters": info.emitters, "reactions": info.reactions})
        return out

    @property
    def lobes(self):
        return Lobes(self)

    def dendrites(self, lobe, type=0):
        """Every dendrite of `type` (0 or 1) of a lobe (index or name): a NumPy
        structured array with fields cell, k, source_lobe, source, stw, ltw,
        strength, susceptibility (a list of tuples without NumPy)."""
        lb = self.lobes[lobe]
        t = _int("type", type, 0, 1)
        cap = lb.dendrite_counts[t]
        buf = ffi.new("uint16_t[]", 8 * max(cap, 1))
        n = lib.c2py_dendrites(self._handle(), lb.index, t, buf, cap)
        if n < 0:
            raise RuntimeError("lobe %d's dendrites changed under us" % lb.index)
        flat = bytes(ffi.buffer(buf, 16 * n))
        if _np is None:
            import struct
            return [struct.unpack_from("<8H", flat, 16 * i) for i in range(n)]
        raw = _np.frombuffer(flat, dtype=_np.uint16).reshape(n, 8)
        dt = [("cell", "u2"), ("k", "u2"), ("source_lobe", "u1"), ("source", "u2"),
              ("stw", "u1"), ("ltw", "u1"), ("strength", "u1"), ("susceptibility", "u1")]
        out = _np.zeros(n, dtype=dt)
        for j, name in enumerate(DENDRITE_FIELDS):
            out[name] = raw[:, j]
        return out

    # ---- inputs -------------------------------------------------------------------------
    def inject(self, chem, amount):
        """Add (amount > 0) or remove a chemical, saturating."""
        lib.creature_inject(self._handle(), chemical(chem), _int("amount", amount, -255, 255))

    def stimulus(self, number, source=-1, strength=255):
        """Fire the creature's stimulus gene `number` (a number or a name) as
        from object category `source` (-1: none); False when it has no such gene."""
        return bool(lib.creature_stimulus(self._handle(), stimulus(number),
                                          _int("source", source, -1, 255),
                                          _int("strength", strength, 0, 255)))

    def sleep(self):
        lib.creature_sleep(self._handle())

    def wake(self):
        lib.creature_wake(self._handle())

    def kill(self):
        lib.creature_kill(self._handle())

    # ---- snapshots -------------------------------------------------------------------------
    def save(self, path=None):
        """The snapshot `c2rt run --save` writes (its events inside, so that
        `c2rt run --resume` continues them): to `path` (atomically), or as bytes."""
        ex = self._events_text or ffi.NULL
        nex = len(self._events_text) if self._events_text else 0
        if path is None:
            out, n = ffi.new("uint8_t **"), ffi.new("size_t *")
            if lib.c2py_save(self._handle(), ex, nex, out, n) != 0:
                raise _oom("a snapshot")
            return _take(out, n)
        p = _path("path", path)
        e = _new_err()
        if lib.c2py_save_file(self._handle(), p, ex, nex, e) != 0:
            raise C2Error(e, os.fsdecode(p))
        return None

    @classmethod
    def load(cls, src):
        """A creature from a snapshot: a path, or the bytes save() returned."""
        extra, nextra = ffi.new("uint8_t **"), ffi.new("size_t *")
        e = _new_err()
        if isinstance(src, (bytes, bytearray, memoryview)):
            data = bytes(src)
            if len(data) > SNAPSHOT_MAX_FILE:
                raise ValueError("a snapshot is at most %d bytes" % SNAPSHOT_MAX_FILE)
            h, name = lib.c2py_load(data, len(data), extra, nextra, e), "<snapshot>"
        else:
            p = _path("snapshot", src)
            h, name = lib.c2py_load_file(p, extra, nextra, e), os.fsdecode(p)
        if h == ffi.NULL:
            raise C2Error(e, name)
        ex = _take(extra, nextra) if extra[0] != ffi.NULL else b""
        return cls._wrap(h, ex or None)

    def __repr__(self):
        if self._c is None:
            return "<Creature (closed)>"
        return "<Creature %s seed %d tick %d stage %d %s>" % (
            self.sex, self.seed, self.ticks, self.stage, "alive" if self.alive else "dead")


def events_bytes(events):
    """An events text (str, bytes, or a list of lines) as the bytes the parser reads."""
    if isinstance(events, (list, tuple)):
        events = "\n".join(_text("event", x).decode("utf-8", "replace") for x in events)
    b = _text("events", events)
    if len(b) > EVENTS_MAX_TEXT:
        raise ValueError("events text is at most %d bytes" % EVENTS_MAX_TEXT)
    return b


def _options(options):
    """{'name': value} or ['name=value', ...] → the shim's NAME=VALUE lines."""
    if options is None:
        return b""
    if isinstance(options, dict):
        items = []
        for k, v in options.items():
            if not isinstance(k, str) or not isinstance(v, (str, int)) or isinstance(v, bool):
                raise TypeError("options: names are str, values str or int")
            items.append("%s=%s" % (k, v))
    elif isinstance(options, (list, tuple)):
        items = [_text("option", o).decode("utf-8", "replace") for o in options]
    else:
        raise TypeError("options must be a dict or a list of 'NAME=VALUE'")
    for o in items:
        if "\n" in o or "\0" in o or len(o) > 250:
            raise ValueError("bad option %r" % o[:60])
    return "\n".join(items).encode("utf-8")


def _num(v):
    try:
        return int(v)
    except ValueError:
        try:
            return float(v)
        except ValueError:
            return v
