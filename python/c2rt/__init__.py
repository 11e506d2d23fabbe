"""c2rt — Creatures 2 creatures from Python, over the same core as `c2rt run`.

    import c2rt
    g = c2rt.Genome.load("build/genomes/starter.gen")
    c = c2rt.Creature(g, sex="female", seed=7)
    c.step(1000)
    c.chemicals[c2rt.chemical("Glucose")], c.drives, c.hash()

Every argument is checked here before it reaches C (wrong types raise
TypeError, values out of range ValueError); what the core refuses raises
C2Error with its message and where (offset, line, gene). Arrays are copies
(NumPy when installed, else bytes/lists): they stay valid after the creature
moves on or is freed.
"""
import json
import operator
import os

from ._lib import ffi, lib

try:
    import numpy as _np
except ImportError:  # the package works without NumPy: bytes and lists
    _np = None

__all__ = ["C2Error", "Genome", "Creature", "World", "batch", "chemical", "chemical_name",
           "drive_names", "stimulus", "GENOME_MAX_FILE"]

GENOME_MAX_FILE = 16 * 1024 * 1024  # genome/genome.h: the parser's cap
SNAPSHOT_MAX_FILE = 1 << 30
_CODES = {1: "EIO", 2: "EFORMAT", 3: "ETOOBIG", 4: "ENOMEM", 5: "EINVAL", 6: "ECHECK"}
_SEXES = {"male": 1, "m": 1, 1: 1, "female": 2, "f": 2, 2: 2}
_VOCAB_CHEM, _VOCAB_DRIVE, _VOCAB_LOBE, _VOCAB_STIM = 0, 1, 2, 3


class C2Error(Exception):
    """An error of the core: code (EFORMAT ...), offset (bytes, or -1), line
    (0 when not text), gene (or -1), reason; str() is `SOURCE:WHERE: reason`
    as the CLI prints it."""

    def __init__(self, err, source=None):
        self.code = _CODES.get(err.code, str(err.code))
        self.offset = err.offset
        self.line = err.line
        self.gene = err.gene
        self.reason = ffi.string(err.msg).decode("utf-8", "replace")
        self.source = source
        where = source or "c2rt"
        if self.line > 0:
            where += ":%d" % self.line
        elif self.offset >= 0:
            where += ":%d" % self.offset
        if self.gene >= 0:
            where += ": gene %d" % self.gene
        super().__init__("%s: %s" % (where, self.reason))


def _new_err():
    e = ffi.new("c2py_err *")
    e.code, e.offset, e.line, e.gene = 0, -1, 0, -1
    return e


def _oom(what):
    return MemoryError("c2rt: out of memory for %s" % what)


# ---- argument checks: nothing reaches C unchecked --------------------------------

def _int(name, v, lo, hi):
    if isinstance(v, bool) or not hasattr(v, "__index__"):
        raise TypeError("%s must be an integer, not %s" % (name, type(v).__name__))
    v = operator.index(v)
    if not lo <= v <= hi:
        raise ValueError("%s must be in %d..%d, not %d" % (name, lo, hi, v))
    return v


def _u64(name, v):
    return _int(name, v, 0, (1 << 64) - 1)


def _text(name, v):
    """str or bytes (UTF-8) → bytes, no NUL (the core reads C strings)."""
    if isinstance(v, str):
        v = v.encode("utf-8")
    if not isinstance(v, (bytes, bytearray)):
        raise TypeError("%s must be str or bytes, not %s" % (name, type(v).__name__))
    return bytes(v)


def _path(name, v):
    if not isinstance(v, (str, bytes, os.PathLike)):
        raise TypeError("%s must be a path, not %s" % (name, type(v).__name__))
    p = os.fsencode(v)
    if not p or b"\0" in p:
        raise ValueError("%s must be a non-empty path without NUL bytes" % name)
    return p


def _read(path, cap, what):
    with open(path, "rb") as f:
        data = f.read(cap + 1)
    if len(data) > cap:
        raise ValueError("%s %s is larger than %d bytes" % (what, os.fsdecode(path), cap))
    return data


def _write_atomic(path, data):
    """Write data to path whole or not at all: a temporary file, then rename."""
    tmp = path + b".tmp%d" % os.getpid()
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _take(ptr, length):
    """Bytes of a buffer the shim allocated, then free it."""
    try:
        return bytes(ffi.buffer(ptr[0], length[0]))
    finally:
        lib.c2py_free(ptr[0])


def _vocab_lookup(vocab, what, v, hi):
    if isinstance(v, (str, bytes)):
        b = _text(what, v)
        n = lib.c2py_find(vocab, b, len(b))
        if n < 0:
            raise ValueError("no %s named %r" % (what, v))
        return n
    return _int(what, v, 0, hi)


def chemical(v):
    """Chemical number of a name (loose match: 'glucose', 'Glucose') or number."""
    return _vocab_lookup(_VOCAB_CHEM, "chemical", v, 255)


def chemical_name(n):
    s = lib.c2py_name(_VOCAB_CHEM, _int("chemical", n, 0, 255))
    return ffi.string(s).decode() if s != ffi.NULL else str(n)


def stimulus(v):
    """Stimulus gene number of a name or number."""
    return _vocab_lookup(_VOCAB_STIM, "stimulus", v, 255)


def _names(vocab):
    out = []
    for i in range(lib.c2py_vocab_size(vocab)):
        s = lib.c2py_name(vocab, i)
        out.append(ffi.string(s).decode() if s != ffi.NULL else str(i))
    return out


def drive_names():
    return _names(_VOCAB_DRIVE)


def _sex(v):
    key = v.lower() if isinstance(v, str) else v
    if isinstance(key, bool) or key not in _SEXES:
        raise ValueError("sex must be 'male' or 'female' (or 1, 2), not %r" % (v,))
    return _SEXES[key]


# ---- genomes --------------------------------------------------------------------

class Genome:
    """A genome (.gen bytes or the text form of `c2rt dump`/`c2rt asm`)."""

    def __init__(self, handle, source=None):
        if not isinstance(handle, ffi.CData):
            raise TypeError("use Genome.load(path), Genome.from_bytes() or Genome.from_text()")
        self._g = ffi.gc(handle, lib.c2py_genome_free)
        self.source = source
        self._json = None

    @staticmethod
    def _boxed(handle, err, source):
        if handle == ffi.NULL:
            raise C2Error(err, source)
        return Genome(handle, source)

    @classmethod
    def from_bytes(cls, data, source="<bytes>"):
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError("data must be bytes, not %s" % type(data).__name__)
        data = bytes(data)
        if len(data) > GENOME_MAX_FILE:
            raise ValueError("a genome is at most %d bytes" % GENOME_MAX_FILE)
        e = _new_err()
        return cls._boxed(lib.c2py_genome_parse(data, len(data), e), e, source)

    @classmethod
    def from_text(cls, text, source="<text>"):
        b = _text("text", text)
        if len(b) > GENOME_MAX_FILE:
            raise ValueError("a genome text is at most %d bytes" % GENOME_MAX_FILE)
        e = _new_err()
        return cls._boxed(lib.c2py_genome_text_parse(b, len(b), e), e, source)

    @classmethod
    def load(cls, path):
        """A .gen file (dna2 or a gene stream) or a text form, told by content."""
        p = _path("path", path)
        data = _read(p, GENOME_MAX_FILE, "genome")
        name = os.fsdecode(p)
        if data[:4] in (b"dna2", b"gene"):
            return cls.from_bytes(data, name)
        return cls.from_text(data, name)

    def to_bytes(self):
        out, n = ffi.new("uint8_t **"), ffi.new("size_t *")
        if lib.c2py_genome_encode(self._g, out, n) != 0:
            raise _oom("a genome")
        return _take(out, n)

    def text(self):
        """The text form, as `c2rt dump` writes it (naming the file it came from)."""
        src = self.source.encode() if self.source and not self.source.startswith("<") else ffi.NULL
        out, n = ffi.new("char **"), ffi.new("size_t *")
        if lib.c2py_genome_text(self._g, src, out, n) != 0:
            raise _oom("a genome's text")
        return _take(out, n).decode("utf-8")

    def save(self, path):
        """Write .gen bytes, or the text form when the name ends in .txt;
        written to a temporary file, then renamed (never half-written)."""
        p = _path("path", path)
        _write_atomic(p, self.text().encode() if p.endswith(b".txt") else self.to_bytes())

    def __len__(self):
        return lib.c2py_genome_ngenes(self._g)

    def __eq__(self, other):
        return isinstance(other, Genome) and self.to_bytes() == other.to_bytes()

    __hash__ = None

    @property
    def genes(self):
        """Every gene as a dict of named fields (the JSON form of `c2rt dump
        --json`: kind, header keys, fields), in gene order."""
        if self._json is None:
            out, n = ffi.new("char **"), ffi.new("size_t *")
            if lib.c2py_genome_json(self._g, out, n) != 0:
                raise _oom("a genome's JSON")
            self._json = json.loads(_take(out, n).decode("utf-8"))
        return [dict(g) for g in self._json["genes"]]

    def genes_of(self, kind):
        """The genes of one kind ('lobe', 'receptor', 'stimulus' ...)."""
        if not isinstance(kind, str):
            raise TypeError("kind must be a str")
        return [g for g in self.genes if g.get("kind") == kind]

    def express(self, stage, sex="female", in_force=False):
        """Indices of the genes switched on entering `stage` (0..6), or with
        in_force=True those in force once it is reached (§2.6's rules)."""
        stage = _int("stage", stage, 0, 6)
        out = ffi.new("size_t[]", max(len(self), 1))
        n = lib.c2py_genome_express(self._g, _sex(sex), stage, 1 if in_force else 0, out)
        return [out[i] for i in range(n)]

    def mutate(self, rate=1.0, seed=1):
        """A mutated copy, as `c2rt mutate --rate R --seed S`."""
        e = _new_err()
        return Genome._boxed(lib.c2py_genome_mutate(self._g, _rate(rate), _u64("seed", seed), e),
                             e, "<mutate>")

    def cross(self, dad, rate=1.0, seed=1, mum_moniker=None, dad_moniker=None):
        """A child of this genome (mum) and `dad`, as `c2rt cross`."""
        if not isinstance(dad, Genome):
            raise TypeError("dad must be a Genome")
        m, d = _moniker("mum_moniker", mum_moniker), _moniker("dad_moniker", dad_moniker)
        e = _new_err()
        h = lib.c2py_genome_cross(self._g, dad._g, m, d, _rate(rate), _u64("seed", seed), e)
        return Genome._boxed(h, e, "<cross>")

    def check(self, sex="female"):
        """Raise C2Error if a creature of `sex` cannot hatch from it."""
        e = _new_err()
        if lib.c2py_genome_check(self._g, _sex(sex), e) != 0:
            raise C2Error(e, self.source)


def _rate(r):
    if isinstance(r, bool) or not isinstance(r, (int, float)):
        raise TypeError("rate must be a number")
    r = float(r)
    if not 0.0 <= r <= 1e6:  # NaN fails too
        raise ValueError("rate must be a number >= 0")
    return r


def _moniker(name, m):
    if m is None:
        return ffi.NULL
    b = _text(name, m)
    if len(b) != 4 or not all(32 < c < 127 for c in b):
        raise ValueError("%s must be 4 printable characters" % name)
    return b


from ._creature import Creature  # noqa: E402  (they use the helpers above)
from ._world import World  # noqa: E402
from ._batch import batch  # noqa: E402
