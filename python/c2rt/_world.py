"""_world.py — a world (world/world.h): rooms, objects and creatures stepped
together, as `c2rt run GENOME --world FILE` steps them."""
import json
import os

from . import C2Error, Genome, SNAPSHOT_MAX_FILE, _int, _new_err, _oom, _path, _read, _take, \
    _text, _u64, _write_atomic, ffi, lib
from ._creature import MAX_HASHES, Creature, _chem_list, _options, _trace_rows, events_bytes
from ._live import _Keeper

WORLD_MAX_FILE = 16 << 20  # as `c2rt run --world` reads it
_STATES = ("present", "vanished", "removed")


class World:
    """World(path, creatures=[genome or Creature ...], seed=, options=, events=).

    Each genome (a Genome or a path) is hatched with this seed, as `c2rt run
    GENOME --world FILE --seed S` hatches its creature; a Creature given is
    moved into the world (it is the world's from then on: step the world).
    options: the world's (walk_speed=..., `c2rt options`). events: the text
    of an events file (the world's commands and the engine's, which go to
    the first creature)."""

    def __init__(self, path, creatures=(), seed=1, options=None, events=None):
        p = _path("path", path)
        self._init(_read(p, WORLD_MAX_FILE, "world"), os.fsdecode(p), creatures, seed, options,
                   events)

    @classmethod
    def from_text(cls, text, creatures=(), seed=1, options=None, events=None):
        self = cls.__new__(cls)
        b = _text("text", text)
        if len(b) > WORLD_MAX_FILE:
            raise ValueError("a world file is at most %d bytes" % WORLD_MAX_FILE)
        self._init(b, "<world>", creatures, seed, options, events)
        return self

    def _init(self, text, source, creatures, seed, options, events):
        self._w = None
        opts = _options(options)
        seed = _u64("seed", seed)
        if isinstance(creatures, (str, bytes, Genome, Creature)):
            creatures = [creatures]
        creatures = list(creatures)
        e = _new_err()
        h = lib.c2py_world_load(text, len(text), opts, len(opts), seed, e)
        if h == ffi.NULL:
            raise C2Error(e, source if e.code != 5 or e.line == 0 else "options")
        self._w = ffi.gc(h, lib.world_free)
        self._keeper = _Keeper(self._w)
        self._ev = self._events_text = None
        self._creatures = []
        self.source = source
        for c in creatures:
            self.add(c if isinstance(c, Creature) else Creature(c, seed=seed))
        if events is not None:
            self.set_events(events)

    def _handle(self):
        if self._w is None:
            raise ValueError("the world was closed")
        return self._w

    def close(self):
        """Free the world and its creatures now (else when it is garbage);
        while live arrays of its creatures are around, when the last goes."""
        lent = self._w is not None and (self._keeper.lent() or
                                        any(c._keeper.lent() for c in self._creatures))
        for c in self._creatures:
            c._c = c._keeper = None
        self._creatures = []
        self._ev = None
        if self._w is not None:
            if not lent:
                ffi.release(self._w)
            self._w = self._keeper = None

    def add(self, creature):
        """Move `creature` (a Creature not in a world) into the world; returns it."""
        if not isinstance(creature, Creature):
            raise TypeError("add takes a Creature")
        h = creature._handle()
        if getattr(creature, "_world", None) is not None:
            raise ValueError("that creature is in a world already")
        e = _new_err()
        if lib.c2py_world_add(self._handle(), h, e) != 0:
            raise C2Error(e, self.source)
        raw = ffi.cast("creature *", h)  # a plain pointer, owning nothing
        ffi.gc(h, None)  # detach the destructor: the world frees it now
        creature._c = raw
        # views taken before the move keep the world alive from now on
        creature._keeper.handle, creature._keeper.owner = raw, self._keeper
        creature._world = self
        creature._events = creature._events_text = None
        self._creatures.append(creature)
        return creature

    def set_events(self, events):
        if events is None:
            self._ev = self._events_text = None
            return
        b = events_bytes(events)
        e = _new_err()
        ev = lib.c2py_world_events_parse(self._handle(), b, len(b), e)
        if ev == ffi.NULL:
            raise C2Error(e, "events")
        self._ev = ffi.gc(ev, lib.world_events_free)
        self._events_text = b

    @property
    def events(self):
        return self._events_text.decode("utf-8", "replace") if self._events_text else None

    def _step(self, n, every, buf, cap, got):
        if not self._creatures:
            raise ValueError("a world steps with at least one creature (add one)")
        ev = self._ev if self._ev is not None else ffi.NULL
        return lib.c2py_world_step(self._handle(), ev, n, every, buf, cap, got)

    def step(self, n=1, events=None):
        """Up to n world ticks (stopping when the first creature dies, as
        `c2rt run --world` does); returns the ticks run."""
        n = _u64("n", n)
        if events is not None:
            self.set_events(events)
        return self._step(n, 0, ffi.NULL, 0, ffi.NULL)

    def run_hashes(self, n, every):
        """Step n ticks; `c2rt run --world --hash-every every`'s (tick, hash) pairs."""
        n, every = _u64("n", n), _int("every", every, 1, (1 << 64) - 1)
        cap = n // every + 1
        if cap > MAX_HASHES:
            raise ValueError("n / every is at most %d hashes a call" % MAX_HASHES)
        buf, got = ffi.new("uint64_t[]", 2 * cap), ffi.new("size_t *")
        self._step(n, every, buf, cap, got)
        return [(buf[2 * i], buf[2 * i + 1]) for i in range(got[0])]

    def hash(self):
        return lib.world_hash(self._handle())

    ticks = property(lambda self: lib.world_ticks(self._handle()))

    def _sync(self):
        """Wrap the creatures the world holds that Python has not seen yet
        (a restored world's; those born in it)."""
        h = self._handle()
        for i in range(len(self._creatures), lib.world_creature_count(h)):
            c = Creature.__new__(Creature)
            c._c, c._world, c._events, c._events_text = lib.world_creature(h, i), self, None, None
            c._keeper = _Keeper(c._c)
            c._keeper.owner = self._keeper
            self._creatures.append(c)

    @property
    def creatures(self):
        self._sync()
        return list(self._creatures)

    # ---- traces and the log -------------------------------------------------------
    def trace(self, n, every=1, chems=None, creature=0):
        """Step n ticks and return `c2rt run --world --trace - --every K --chem
        LIST`'s rows for creature `creature` (its world: columns too), following
        it (stopping when it dies): a pandas DataFrame with pandas, else a list
        of dicts."""
        return _trace_rows(self.trace_csv(n, every, chems, creature))

    def trace_csv(self, n, every=1, chems=None, creature=0):
        n, every = _u64("n", n), _int("every", every, 1, (1 << 64) - 1)
        who = _int("creature", creature, 0, max(len(self.creatures) - 1, 0))
        cl = _chem_list(chems)
        out, ln, ran = ffi.new("char **"), ffi.new("size_t *"), ffi.new("uint64_t *")
        ev = self._ev if self._ev is not None else ffi.NULL
        e = _new_err()
        gno = self.creatures[who]._gno  # its organs' names, as run --world --trace names them
        if lib.c2py_world_trace(self._handle(), ev, who, n, every, cl, gno, out, ln, ran, e) != 0:
            raise C2Error(e, "chems")
        return _take(out, ln).decode("utf-8")

    def set_log(self, on=True):
        """Start (or stop) the world's log, `c2rt run --world --log`'s records."""
        lib.world_set_log(self._handle(), bool(on))

    def log_ndjson(self):
        """The records logged since the last call, as NDJSON text (and forget them)."""
        out, ln = ffi.new("char **"), ffi.new("size_t *")
        if lib.c2py_world_log_take(self._handle(), out, ln) != 0:
            raise _oom("the world's log")
        return _take(out, ln).decode("utf-8")

    def log(self):
        """The records logged since the last call, as dicts (and forget them)."""
        return [json.loads(line) for line in self.log_ndjson().splitlines() if line]

    @property
    def objects(self):
        """Every object by id (0 is the hand): name, kind, category, x,
        width, state, visible, carrier (creature index, -2 the hand, -1)."""
        h, info, out = self._handle(), ffi.new("c2py_object_info *"), []
        for i in range(lib.world_object_count(h)):
            if lib.c2py_world_object(h, i, info) != 0:
                continue
            out.append({"id": i, "name": ffi.string(info.name).decode(),
                        "kind": ffi.string(info.kind).decode(), "category": info.category,
                        "x": info.x, "width": info.width,
                        "state": _STATES[info.state] if 0 <= info.state < 3 else info.state,
                        "visible": bool(info.visible), "carrier": info.carrier})
        return out

    @property
    def places(self):
        """Where each creature is: x, facing, room, it, it_distance, carried,
        action, phase."""
        h, info, out = self._handle(), ffi.new("c2py_place_info *"), []
        for i in range(lib.world_creature_count(h)):
            if lib.c2py_world_place(h, i, info) != 0:
                continue
            out.append({"x": info.x, "facing": info.facing, "room": info.room, "it": info.it,
                        "it_distance": info.it_distance, "carried": info.carried,
                        "action": info.action, "phase": ffi.string(info.phase).decode()})
        return out

    def save(self, path=None):
        """The world snapshot `c2rt run --world ... --save` writes (events
        inside): as bytes, or to `path` (written whole, then renamed)."""
        ex = self._events_text or ffi.NULL
        nex = len(self._events_text) if self._events_text else 0
        out, n = ffi.new("uint8_t **"), ffi.new("size_t *")
        if lib.c2py_world_save(self._handle(), ex, nex, out, n) != 0:
            raise _oom("a world snapshot")
        data = _take(out, n)
        if path is None:
            return data
        _write_atomic(_path("path", path), data)
        return None

    @classmethod
    def load(cls, src):
        """A world from its snapshot: a path, or the bytes save() returned."""
        if isinstance(src, (bytes, bytearray, memoryview)):
            data, name = bytes(src), "<snapshot>"
            if len(data) > SNAPSHOT_MAX_FILE:
                raise ValueError("a snapshot is at most %d bytes" % SNAPSHOT_MAX_FILE)
        else:
            p = _path("snapshot", src)
            data, name = _read(p, SNAPSHOT_MAX_FILE, "snapshot"), os.fsdecode(p)
        extra, nextra, e = ffi.new("uint8_t **"), ffi.new("size_t *"), _new_err()
        h = lib.c2py_world_restore(data, len(data), extra, nextra, e)
        if h == ffi.NULL:
            raise C2Error(e, name)
        self = cls.__new__(cls)
        self._w = ffi.gc(h, lib.world_free)
        self._keeper = _Keeper(self._w)
        self._ev = self._events_text = None
        self.source = name
        self._creatures = []
        self._sync()
        ex = _take(extra, nextra) if extra[0] != ffi.NULL else b""
        if ex:
            self.set_events(ex)
        return self

    def __repr__(self):
        if self._w is None:
            return "<World (closed)>"
        return "<World %s tick %d, %d creatures>" % (self.source, self.ticks,
                                                      len(self._creatures))
