"""options_used.py — every option c2rt accepts does something (issue 21).

Walks every command's option table as the binary reports it (`c2rt help
--options`) and:
  - fails on an option of kind "string" (or positional arguments) whose
    placeholder names a file: every file name must be a path kind (in, out,
    in-dir, out-dir), which the dispatcher checks before any work;
  - for every option, runs the command with and without it (CASES below:
    adding an option to c2rt without a case here fails) and proves the
    result changes — exit status, standard output, standard error, the
    files written — or the option is refused with a reason. Timings (wall
    seconds, ticks/s, the batch's wall_s column, the viewer's status bar)
    are masked; the base run is made twice to prove the rest is steady.

A case marked proven="TEST.sh" is an option whose effect only an
interrupted run shows (where a killed run resumes from): that test must use
it, and does the killing. A case marked todo="HELPER" is a known gap another helper's branch closes:
it is reported, not failed, and reported again once it changes (then drop
the mark). Usage: options_used.py (under xvfb-run for the viewer's cases;
C2RT, ROOT, BUILD, C2RT_SHARED, C2RT_TMP from tests/run.sh)."""
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import zlib

C2RT = os.environ["C2RT"]
ROOT = os.environ["ROOT"]
BUILD = os.environ["BUILD"]
SHARED = os.environ.get("C2RT_SHARED", "")
TMP = os.environ.get("C2RT_TMP", "/tmp")

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


# ---- the inputs, made once ----------------------------------------------------------------

TEMPLATE = tempfile.mkdtemp(prefix="opts.", dir=TMP)


def setup():
    t = TEMPLATE
    copies = {
        "g.gen": BUILD + "/genomes/starter.gen",
        "g2.gen": BUILD + "/genomes/mayfly.gen",
        "g.txt": ROOT + "/genomes/starter.txt",
        "ev.events": ROOT + "/genomes/starter.events",
        "tr.csv": ROOT + "/tests/fixtures/plot_trace.csv",
        "body.f0": ROOT + "/genomes/walker.f0",
        "sc.xode": ROOT + "/tests/fixtures/paddler.xode",
        "n.gno": ROOT + "/tests/fuzz/seeds/fuzz_gno/two.gno",
        "gd.world": ROOT + "/worlds/garden.world",
    }
    for name, src in copies.items():
        shutil.copy(src, os.path.join(t, name))
    os.mkdir(os.path.join(t, "gd"))
    shutil.copy(BUILD + "/genomes/mayfly.gen", os.path.join(t, "gd", "x.gen"))
    with open(os.path.join(t, "w.wiring"), "w") as f:
        f.write("all <- 0.5\n")
    with open(os.path.join(t, "c.tsv"), "w") as f:
        f.write("state PLUS type0\tstate=1 type0=2\t3\n")
    with open(os.path.join(t, "two.gen"), "w") as f:  # two f0 genotypes
        f.write("org:\nname:one\ngenotype:~\n//0\np:\np:1\nj:0,1\n~\n\n"
                "org:\nname:two\ngenotype:~\n//0\np:\np:1\np:2\nj:0,1\nj:1,2\n~\n")
    for cmd in (["run", "g.gen", "--ticks", "20", "--save", "s.snap", "--quiet"],
                ["batch", "g.gen", "--seeds", "2", "--ticks", "5", "--shard", "1/2", "-o", "s1.csv",
                 "--quiet"],
                ["batch", "g.gen", "--seeds", "2", "--ticks", "5", "--shard", "2/2", "-o", "s2.csv",
                 "--quiet"],
                ["batch", "g2.gen", "--ticks", "5", "-o", "other.csv", "--quiet"],
                ["run", "g.gen", "--world", "gd.world", "--creature", "g.gen:male", "--ticks", "100",
                 "--genealogy", "gl.ndjson", "--quiet"]) + tuple(
                ["evolve"] + EVB.split() + ["--hours", "0.01", "--replicates", "2", "--quiet",
                                            "--shard", "%d/2" % i, "-o", "evs%d" % i]
                for i in (1, 2)) + (["evolve"] + EVO.replace("-o ev", "-o evr").split(),):
        subprocess.run([C2RT] + cmd, cwd=t, check=True, stdout=subprocess.DEVNULL)
    # validate's options need genomes they act on: one with a warning (a
    # gene both male- and female-only), one only a male can hatch from.
    text = open(os.path.join(t, "g.txt")).read()
    for name, edited in (
            ("warn", text.replace("gene receptor flags=mutable\n",
                                  "gene receptor flags=mutable,male,female\n", 1)),
            ("male", text.replace("gene lobe flags=mutable\n", "gene lobe flags=mutable,male\n"))):
        assert edited != text
        with open(os.path.join(t, name + ".txt"), "w") as f:
            f.write(edited)
        subprocess.run([C2RT, "asm", name + ".txt", "-o", name + ".gen"], cwd=t, check=True)
    # The real norn (sex-linked and replaced genes) and export, when there.
    for name, src in (("x.exp", "exports/c2-norn-6KUC.exp"), ("norn.gen", "genomes/c2-norn.gen")):
        if os.path.isfile(os.path.join(SHARED, src)):
            os.symlink(os.path.join(SHARED, src), os.path.join(t, name))


# ---- running and comparing -------------------------------------------------------------------

# Timings, never the same twice: masked in every text the commands print.
MASKS = [
    (re.compile(r"[0-9.]+ s wall"), "T s wall"),
    (re.compile(r"[0-9.,]+ (ticks|runs)/s"), r"N \1/s"),
    (re.compile(r" in [0-9.]+ s"), " in T s"),
    (re.compile(r"[0-9]+ frames, [0-9.]+ ms each"), "N frames, T ms each"),
    (re.compile(r'"wall_s":[0-9.eE+-]+'), '"wall_s":T'),
    (re.compile(r'"check":"[0-9a-f]+"'), '"check":C'),
]


def mask_text(b):
    s = b.decode("utf-8", "replace")
    for rx, rep in MASKS:
        s = rx.sub(rep, s)
    return s


def mask_csv(s):
    """The wall_s column of a batch's results, and the row check that covers it."""
    lines = s.split("\n")
    head = lines[0].split(",") if lines else []
    ks = [head.index(c) for c in ("wall_s", "check") if c in head]
    if not ks:
        return s
    out = [lines[0]]
    for line in lines[1:]:
        cells = line.split(",")
        for k in ks:
            if len(cells) > k:
                cells[k] = "T"
        out.append(",".join(cells))
    return "\n".join(out)


def png_rows(data, skip):
    """A PNG's size and its filtered scan lines from row `skip` on (each
    depends only on its own pixels and the row above, all below `skip`-1)."""
    pos, idat, w, h, bpp = 8, b"", 0, 0, 3
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IHDR":
            w, h, _, ctype = struct.unpack(">IIBB", data[pos + 8:pos + 18])
            bpp = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + n]
        pos += 12 + n
    raw = zlib.decompress(idat)
    return w, h, raw[min(skip, h) * (1 + w * bpp):]


DIGESTS = {}  # the digest of bytes already seen (most files are the inputs, copied)


def digest_file(path, viewer):
    data = open(path, "rb").read()
    key = (hashlib.sha256(data).digest(), viewer)
    if key not in DIGESTS:
        DIGESTS[key] = digest_bytes(data, viewer)
    return DIGESTS[key]


def digest_bytes(data, viewer):
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        # The viewer's status bar (the top 40 or so rows) shows the measured
        # ticks/s: not compared.
        w, h, rows = png_rows(data, 49 if viewer else 0)
        return "png %dx%d %s" % (w, h, hashlib.sha256(rows).hexdigest())
    try:
        return "text " + mask_csv(mask_text(data))
    except Exception:
        return "bytes " + hashlib.sha256(data).hexdigest()


def run(argv, x=False, live=None):
    """Run c2rt argv in a fresh copy of the inputs: (exit, stdout, stderr,
    {file: digest}). live=S: a live viewer ended by SIGTERM after S seconds."""
    d = tempfile.mkdtemp(prefix="run.", dir=TMP)
    shutil.rmtree(d)
    # Hard links: c2rt replaces a file it writes (a temporary file renamed
    # over it), never writes into one, so the template stays as it is.
    shutil.copytree(TEMPLATE, d, symlinks=True, copy_function=os.link)
    env = dict(os.environ)
    if not x:
        env.pop("DISPLAY", None)
    try:
        p = subprocess.Popen([C2RT] + argv, cwd=d, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        try:
            out, err = p.communicate(timeout=live if live else 120)
        except subprocess.TimeoutExpired:
            p.send_signal(signal.SIGTERM)
            out, err = p.communicate(timeout=60)
        if b"Sanitizer" in err or b"runtime error:" in err:
            fail("sanitizer report from c2rt %s:\n%s" % (" ".join(argv), err.decode()))
        files = {}
        for root, _, names in os.walk(d):
            for n in names:
                path = os.path.join(root, n)
                if not os.path.islink(path):
                    files[os.path.relpath(path, d)] = digest_file(path, argv[0] == "view")
        return (p.returncode, mask_text(out), mask_text(err), files)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def show(r):
    return "exit %d; stdout %r; stderr %r" % (r[0], r[1][:200], r[2][-300:])


# ---- the cases --------------------------------------------------------------------------------

class Case:
    def __init__(self, cmd, opt, base, extra, expect="change", code=0, need=None, todo=None,
                 check=None, live=None, proven=None):
        self.cmd, self.opt = cmd, opt
        self.base = cmd.split() + shlex.split(base)
        self.extra = shlex.split(extra)
        self.expect, self.code, self.need, self.todo = expect, code, need, todo
        self.check, self.live = check, live
        self.proven = proven


CASES = []


def C(*a, **k):
    CASES.append(Case(*a, **k))


G = "g.gen"
RUN = "g.gen --ticks 600 --quiet --hash-every 100"
# With a body every tick is 20 ODE steps: 100 ticks show what the body
# options change.
RUNB = "g.gen --ticks 100 --quiet --hash-every 50"
VIEW = "g.gen --screenshot-after 40 s.png"
BATCH = "g.gen --ticks 200 --quiet -o r.csv --jobs 1"
# evolve: two starters in the garden for a few hundred ticks (the length,
# output and quiet apart, so that each has a case)
EVB = "--world gd.world --founder g.gen:m --founder g.gen:f --seed 3"
EVO = EVB + " --hours 0.02 --jobs 1 --quiet -o ev"
SWEEP = "g.gen --gene half-lives:1 --field halflife:Ageing --values 96,104 --ticks 200 --quiet -o r.csv --jobs 1"


def session_ticks(r):
    m = re.search(r"([0-9]+) ticks this session", r[2])
    return int(m.group(1)) if m else -1


# help
C("help", "--man", "", "--man")
C("help", "--options", "", "--options")
C("help", "--completion", "", "--completion bash")
# dump, asm, express, validate, plot
C("dump", "--gno", G, "--gno n.gno")
C("dump", "--json", G, "--json")
C("dump", "-o", G, "-o d.txt")
C("asm", "-o", "g.txt", "-o a.gen")
C("asm", "--check", "g.txt", "--check")
C("asm", "--check", "g.txt -o a.gen", "--check", expect="refuse")
C("express", "--stage", G + " --sex f", "--stage adult")
C("express", "--sex", G + " --stage adult", "--sex m")
C("express", "--upto", G + " --sex f", "--upto")
C("express", "--replaced", "norn.gen --sex f --upto --stage adult", "--replaced", need="shared")
C("express", "--replaced", G + " --sex f", "--replaced", expect="refuse")
C("express", "--gno", G + " --sex f", "--gno n.gno")
C("validate", "--strict", "warn.gen", "--strict", code=2)
C("validate", "--sex", "male.gen", "--sex m")
C("plot", "-o", "tr.csv", "-o p.png")
C("plot", "--chem", "tr.csv -o p.png", "--chem atp")
C("plot", "--column", "tr.csv -o p.png", "--column drive:hunger")
C("run", "--neurons", RUN + " --trace t.csv", "--neurons 6:0")
C("plot", "--columns", "tr.csv -o p.png", "--columns drive:hunger,lf:body")
C("plot", "--events", "tr.csv -o p.png", "--events ev.events")
C("plot", "--batch", "other.csv -o p.png", "--batch causes")
C("ethogram", "--format", "tr.csv", "--format csv")
C("ethogram", "--of", "tr.csv", "--of object")
C("ethogram", "--plot", "tr.csv", "--plot e.png")
C("plot", "--size", "tr.csv -o p.png", "--size 800x600")
C("plot", "--title", "tr.csv -o p.png", "--title hello")
# svrule
C("svrule ops", "--markdown", "", "--markdown")
C("svrule disasm", "--explain", "9 31 12", "--explain")
C("svrule eval", "--rnd", "rnd-const", "--rnd 7")
C("svrule eval", "--seed", "'random 0 255'", "--seed 2")
C("svrule eval", "--neuron", "stw --stw 5", "--neuron")
C("svrule eval", "--opt", "'state PLUS type0' --state 200 --type0 100", "--opt wrap_arithmetic=1")
# brain
C("brain", "--seed", G + " --hash", "--seed 7")
C("brain", "--stage", G + " --hash --dream", "--stage adult")
C("brain", "--sex", "norn.gen --hash --dream --stage adult", "--sex f", need="shared")
C("brain", "--ticks", G + " --hash", "--ticks 10")
C("brain", "--dream", G + " --hash", "--dream")
C("brain", "--locus", G + " --hash --ticks 10", "--locus 0:18=200")
C("brain", "--locus", G + " --hash", "--locus 0:18=200", expect="refuse")
C("brain", "--json", G, "--json")
C("brain", "--hash", G, "--hash")
C("brain", "--hash-every", G + " --ticks 10", "--hash-every 2")
C("brain", "--opt", G + " --hash --ticks 20 --dream", "--opt reinforce=set")
# options
C("options", "--opt", "", "--opt wrap_arithmetic=1")
C("options", "--json", "", "--json")
C("names", "--format", "stages", "--format json")
# run
C("run", "--sex", RUN, "--sex m")
C("run", "--seed", RUN, "--seed 7")
C("run", "--events", RUN.replace("600", "3000"), "--events ev.events")
C("run", "--body", RUNB, "--body body.f0")
C("run", "--body-genotype", RUNB + " --body two.gen", "--body-genotype 2")
C("run", "--wiring", RUNB + " --body body.f0", "--wiring w.wiring")
C("run", "--opt", RUN, "--opt reinforce=set")
C("run", "--resume", "--ticks 600 --quiet --hash-every 100", "--resume s.snap")
C("run", "--ticks", "g.gen --quiet --hash-every 100", "--ticks 600")
C("run", "--until", "g2.gen --quiet --hash-every 1000", "--until death")
C("run", "--max-ticks", "g2.gen --quiet --hash-every 1000 --until death", "--max-ticks 2000", code=3)
C("run", "--max-ticks", RUN, "--max-ticks 2000", expect="refuse")
C("run", "--trace", RUN, "--trace t.csv")
C("run", "--trace-format", RUN + " --trace t.csv", "--trace-format ndjson")
C("run", "--trace-format", RUN, "--trace-format ndjson", expect="refuse")
C("run", "--chem", RUN + " --trace t.csv", "--chem ATP")
C("run", "--chem", RUN, "--chem ATP", expect="refuse")
C("run", "--every", RUN + " --trace t.csv", "--every 5")
C("run", "--every", RUN + " --plot p.png", "--every 100")
C("run", "--hash-every", "g.gen --ticks 600 --quiet", "--hash-every 100")
C("run", "--save", RUN, "--save s2.snap")
C("run", "--quiet", "g.gen --ticks 600", "--quiet")
C("run", "--plot", RUN, "--plot p.png")
C("run", "--world", RUN, "--world gd.world")
C("run", "--log", RUN + " --world gd.world", "--log l.ndjson")
C("run", "--log", RUN, "--log l.ndjson", expect="refuse")
C("run", "--creature", RUN + " --world gd.world", "--creature g.gen:male")
C("run", "--creature", RUN, "--creature g.gen:male", expect="refuse")
C("run", "--genealogy", RUN + " --world gd.world", "--genealogy gen.ndjson")
C("run", "--genealogy", RUN, "--genealogy gen.ndjson", expect="refuse")
# view: a screenshot after 40 ticks (the status bar, with its measured
# ticks/s, is not compared); --speed and --paused in the live window,
# ended by SIGTERM after 1.5 s: how many ticks ran.
C("view", "--sex", VIEW, "--sex m", need="x")
C("view", "--seed", VIEW + " --keys <Run:300>", "--seed 7", need="x")
C("view", "--events", VIEW.replace("40", "4000"), "--events ev.events", need="x")
C("view", "--body", VIEW, "--body body.f0", need="x")
C("view", "--body-genotype", VIEW + " --body two.gen", "--body-genotype 2", need="x")
C("view", "--wiring", VIEW.replace("40", "100") + " --body body.f0", "--wiring w.wiring", need="x")
C("view", "--opt", VIEW + " --hash-every 40", "--opt reinforce=set --keys <Run:400>", need="x")
C("view", "--resume", "--screenshot-after 40 s.png", "--resume s.snap", need="x")
C("view", "--size", VIEW, "--size 800x600", need="x")
C("view", "--world", VIEW, "--world gd.world", need="x")
C("view", "--creature", VIEW + " --world gd.world", "--creature g.gen:male", need="x")
C("view", "--speed", "g.gen --hash-every 1", "--speed 100", need="x", live=1.5,
  check=lambda b, o: session_ticks(o) > 3 * session_ticks(b) > 0)
C("view", "--speed", VIEW, "--speed 10", expect="refuse", need="x")
C("view", "--paused", "g.gen --hash-every 1", "--paused", need="x", live=1.5,
  check=lambda b, o: session_ticks(o) == 0 < session_ticks(b))
C("view", "--paused", VIEW, "--paused", expect="refuse", need="x")
C("view", "--pin", VIEW, "--pin 1:0", need="x")
C("view", "--dir", VIEW + " --keys s", "--dir kd", need="x")
C("view", "--record", VIEW, "--record r.ev", need="x")
C("view", "--hash-every", VIEW, "--hash-every 10", need="x")
C("view", "--keys", VIEW, "--keys z", need="x")
C("view", "--screenshot-after", "g.gen", "--screenshot-after 40 s.png", need="x", live=1.5,
  check=lambda b, o: "s.png" in o[3] and "s.png" not in b[3] and o[0] == 0)
# import (the real export)
C("import", "-o", "x.exp", "-o s.snap", need="shared")
C("import", "--genome", "x.exp", "--genome x.gen", need="shared")
C("import", "--compare", "x.exp", "--compare", need="shared")
C("import", "--format", "x.exp --compare", "--format json", need="shared")
C("import", "--seed", "x.exp --compare", "--seed 7", need="shared")
C("import", "--seed", "x.exp", "--seed 7", expect="refuse", need="shared")
C("import", "--seeds", "x.exp --compare", "--seeds 2", need="shared")
C("import", "--opt", "x.exp -o s.snap", "--opt reinforce=set", need="shared")
C("import", "--quiet", "x.exp", "--quiet", need="shared")
# body
C("body", "--format", "body.f0", "--format json")
C("body", "--format", "body.f0 --simulate --seconds 1", "--format json", expect="refuse")
C("body", "--genotype", "two.gen", "--genotype 2")
C("body", "--genotype", "body.f0", "--genotype 2", expect="refuse")
C("body", "--list", "two.gen", "--list")
C("body", "--simulate", "body.f0", "--simulate --seconds 1")
C("body", "--seconds", "body.f0 --simulate", "--seconds 1")
C("body", "--trace", "body.f0 --simulate --seconds 1", "--trace t.csv")
C("body", "--seed", "sc.xode --simulate --seconds 1 --trace t.csv", "--seed 7")
C("body", "--opt", "body.f0 --simulate --seconds 1 --trace t.csv", "--opt substeps=10")
C("body", "--opt", "body.f0", "--opt substeps=10", expect="refuse")
C("body", "--export", "sc.xode", "--export e.xode")
C("body", "--export", "sc.xode --simulate --seconds 1", "--export e.xode", expect="refuse")
# mutate, cross, diff
C("mutate", "-o", G, "-o c.gen")
C("mutate", "-n", G + " -o m", "-n 3")
C("mutate", "--seed", G + " -o c.gen", "--seed 7")
C("mutate", "--rate", G + " -o c.gen", "--rate 0")
C("mutate", "--log", G + " -o c.gen", "--log l.txt")
C("mutate", "--log-format", G + " -o c.gen --log l.txt", "--log-format json")
C("mutate", "--log-format", G + " -o c.gen", "--log-format json", expect="refuse")
C("cross", "-o", "g.gen g2.gen", "-o c.gen")
C("cross", "--mum-moniker", "g.gen g2.gen -o c.gen", "--mum-moniker abcd")
C("cross", "--dad-moniker", "g.gen g2.gen -o c.gen", "--dad-moniker abcd")
C("cross", "--seed", "g.gen g2.gen -o c.gen", "--seed 7")
C("cross", "--rate", "g.gen g2.gen -o c.gen", "--rate 0")
C("cross", "--log", "g.gen g2.gen -o c.gen", "--log l.txt")
C("cross", "--log-format", "g.gen g2.gen -o c.gen --log l.txt", "--log-format json")
C("diff", "--format", "g.gen g2.gen", "--format json", code=1)
# batch and sweep share the creature and batch options.
for cmd, base in (("batch", BATCH), ("sweep", SWEEP)):
    C(cmd, "--sex", base, "--sex m")
    C(cmd, "--seed", base, "--seed 7")
    C(cmd, "--events", base, "--events ev.events")
    based = base.replace("--ticks 200", "--ticks 50")  # with a body
    C(cmd, "--body", based, "--body body.f0")
    C(cmd, "--body-genotype", based + " --body two.gen", "--body-genotype 2")
    C(cmd, "--wiring", based + " --body body.f0", "--wiring w.wiring")
    C(cmd, "--opt", base.replace("200", "2000"), "--opt reinforce=set")
    C(cmd, "--opt", base + " --world gd.world", "--opt sight_range=100")  # a world's option
    C(cmd, "--opt", base, "--opt sight_range=100", expect="refuse")  # ... without a world
    C(cmd, "--world", base, "--world gd.world")
    C(cmd, "--world", base.replace("--jobs 1", "--seeds 2 --jobs 2") + " --body body.f0",
      "--world gd.world")  # on worker processes
    C(cmd, "--seeds", base, "--seeds 2")
    C(cmd, "--ticks", base.replace("--ticks 200", ""), "--ticks 200")
    C(cmd, "--until", base.replace("--ticks 200", "").replace("g.gen ", "g2.gen ", 1),
      "--until death")
    C(cmd, "--max-ticks", base.replace("--ticks 200", "--until death"), "--max-ticks 100")
    C(cmd, "--max-ticks", base, "--max-ticks 100", expect="refuse")
    C(cmd, "--jobs", base.replace("--jobs 1", "--seeds 8").replace("--quiet", ""), "--jobs 5")
    C(cmd, "--shard", base, "--seeds 2 --shard 1/2")
    C(cmd, "--resume", base.replace("r.csv", "other.csv"), "--resume", code=2)  # not its rows
    C(cmd, "-o", base.replace("-o r.csv", ""), "-o r.csv")
    C(cmd, "--format", base, "--format ndjson")
    C(cmd, "--chem", base, "--chem none")
    C(cmd, "--drive", base, "--drive none")
    C(cmd, "--quiet", base.replace("--quiet", ""), "--quiet")
C("batch", "--parent", BATCH, "--parent g2.gen")
# evolve and lineage
C("evolve", "--world", EVO.replace("--world gd.world", ""), "--world gd.world")
C("evolve", "--founder", EVO.replace("--founder g.gen:f", ""), "--founder g.gen:f")
C("evolve", "--generations", EVO.replace("--hours 0.02", "--max-hours 0.02"), "--generations 1")
C("evolve", "--hours", EVO.replace("--hours 0.02", ""), "--hours 0.02")
C("evolve", "--max-hours", EVO.replace("--hours 0.02", "--generations 1"), "--max-hours 0.01")
C("evolve", "--max-population", EVO, "--max-population 2")
C("evolve", "--replicates", EVO, "--replicates 2")
C("evolve", "-o", EVO.replace("-o ev", ""), "-o ev")
C("evolve", "--events", EVO, "--events ev.events")
C("evolve", "--seed", EVO.replace("--seed 3", ""), "--seed 7")
C("evolve", "--opt", EVO, "--opt walk_speed=7")
C("evolve", "--gene", EVO, "--gene receptor:12")
C("evolve", "--jobs", EVO.replace("--jobs 1", "--replicates 6").replace("--quiet", ""), "--jobs 5")
C("evolve", "--shard", EVO, "--replicates 2 --shard 1/2")
C("evolve", "--resume", EVO.replace("-o ev", "-o evr").replace("--quiet", ""), "--resume")
C("evolve", "--checkpoint-every", EVO, "--checkpoint-every 100", proven="evolve_basic.sh")
C("evolve", "--merge", "evs1 evs2 -o evm", "--merge")
C("evolve", "--quiet", EVO.replace("--quiet", ""), "--quiet")
C("lineage", "--format", "gl.ndjson", "--format json")
C("lineage", "--generations", "gl.ndjson", "--generations")
C("lineage", "--tree", "gl.ndjson", "--tree")
C("lineage", "-o", "gl.ndjson", "-o l.txt")
C("batch", "--dir", BATCH, "--dir gd")
C("batch", "--merge", "s1.csv s2.csv -o all.csv", "--merge")
C("batch", "--merge", "g.gen -o all.csv --ticks 5", "--merge", expect="refuse")
C("sweep", "--gene", SWEEP.replace("--gene half-lives:1", ""), "--gene half-lives:1")
C("sweep", "--field", SWEEP.replace("--field halflife:Ageing", ""), "--field halflife:Ageing")
C("sweep", "--values", SWEEP.replace("--values 96,104", ""), "--values 96,104")
C("sweep", "--variants", SWEEP, "--variants vv")
C("sweep", "--plot", SWEEP, "--plot sp.png")
C("sweep", "--plot", SWEEP, "--shard 1/2 --plot sp.png", expect="refuse")

# svrule eval: one option per value a rule reads; the rule that is just
# that value gives it back.
# (Three values are spelled otherwise as opcodes.)
RULE_FOR = {"leakin": "leak-in", "leakout": "leak-out", "srcleakin": "curr-src-leak-in"}


# ---- the walk -------------------------------------------------------------------------------

PATHY = re.compile(r"FILE|DIR|GENOME|RESULTS|CHILD|OUT|TRACE|\.[a-z]{2,}\b")
# Options with a file in a placeholder that are not a path kind, and why.
NOT_PATH_KINDS = {
    ("run", "creature"): "GENOME[:SEX[:SEED]], repeatable: run's paths hook adds each GENOME "
                         "as an input (world_pop.sh aims --genealogy at one)",
    ("view", "creature"): "GENOME[:SEX[:SEED]], repeatable, as run's: view's paths hook adds "
                          "each GENOME as an input",
    ("evolve", "founder"): "GENOME:SEX, repeatable: evolve's paths hook adds each GENOME as "
                           "an input",
    ("view", "screenshot-after"): "two arguments, parsed before the table; view's paths hook "
                                  "adds its file (outputs_attack.sh aims it at every input)",
}


def table():
    out = subprocess.run([C2RT, "help", "--options"], check=True, stdout=subprocess.PIPE).stdout
    return [json.loads(line) for line in out.decode().splitlines()]


def check_kinds(cmds):
    for c in cmds:
        if c["positional"] == "string" and PATHY.search(c["usage"]):
            fail("%s: positional arguments '%s' look like files but are not kind 'in'"
                 % (c["command"], c["usage"]))
        for o in c["options"]:
            if o["kind"] in ("string", "call") and PATHY.search(o["arg"]) and \
                    (c["command"], o["name"]) not in NOT_PATH_KINDS:
                fail("%s %s%s %s: names a file but its kind is '%s' (use in, out, in-dir or "
                     "out-dir so it is checked)" % (c["command"], o["dash"], o["name"], o["arg"],
                                                     o["kind"]))


def main():
    setup()
    have_x = bool(os.environ.get("DISPLAY"))
    have_shared = os.path.exists(os.path.join(TEMPLATE, "x.exp"))
    ci = bool(os.environ.get("CI"))
    cmds = table()
    check_kinds(cmds)
    for c in cmds:
        if c["command"] == "svrule eval":
            for o in c["options"]:
                if o["kind"] == "int" and o["name"] != "rnd":
                    rule = RULE_FOR.get(o["name"], o["name"])
                    C("svrule eval", "--" + o["name"], rule, "--%s 7" % o["name"])
    wanted = {(c["command"], o["dash"] + o["name"]) for c in cmds for o in c["options"]}
    have = {(k.cmd, k.opt) for k in CASES}
    for w in sorted(wanted - have):
        fail("no case for %s %s: add one to tests/cli/options_used.py" % w)
    for h in sorted(have - wanted):
        fail("a case for %s %s, which c2rt no longer has" % h)
    bases = {}
    counts = {"change": 0, "refuse": 0, "todo": 0, "skipped": 0, "proven": 0}
    for k in CASES:
        if k.proven:  # shown by another test, which must use the option
            counts["proven"] += 1
            test = os.path.join(ROOT, "tests", "cli", k.proven)
            if not os.path.isfile(test) or k.opt not in open(test).read():
                fail("%s %s: %s does not use it" % (k.cmd, k.opt, k.proven))
            continue
        if (k.need == "x" and not have_x) or (k.need == "shared" and not have_shared):
            if ci:
                fail("CI: %s %s needs %s" % (k.cmd, k.opt,
                                             "a display" if k.need == "x" else "the C2 data"))
            counts["skipped"] += 1
            continue
        x = k.need == "x"
        key = (tuple(k.base), x, k.live)
        if key not in bases:
            b1 = run(k.base, x, k.live)
            if not k.live:
                b2 = run(k.base, x, k.live)
                if b1 != b2:
                    fail("c2rt %s is not steady between two runs (add a mask):\n  %s\n  %s"
                         % (" ".join(k.base), show(b1), show(b2)))
            bases[key] = b1
        b = bases[key]
        o = run(k.base + k.extra, x, k.live)
        what = "c2rt %s + %s" % (" ".join(k.base), " ".join(k.extra))
        if k.todo:
            counts["todo"] += 1
            if o != b:
                print("NOTE: %s now changes the result: drop its todo=%s mark" % (what, k.todo))
            else:
                print("expected to be fixed by the %s helper: %s is accepted and ignored"
                      % (k.todo, what))
            continue
        if k.expect == "refuse":
            counts["refuse"] += 1
            if b[0] != 0 or o[0] not in (1, 2) or "c2rt" not in o[2]:
                fail("%s: expected a refusal with a reason after a base that works:\n  base %s\n"
                     "  with %s" % (what, show(b), show(o)))
            continue
        counts["change"] += 1
        if k.check:
            if not k.check(b, o):
                fail("%s: the check fails:\n  base %s\n  with %s" % (what, show(b), show(o)))
            continue
        if o[0] != k.code:
            fail("%s: exit %d, expected %d:\n  %s" % (what, o[0], k.code, show(o)))
        elif o == b:
            fail("%s: accepted and ignored (nothing changed): %s" % (what, show(o)))
    shutil.rmtree(TEMPLATE, ignore_errors=True)
    print("options: %d change the result, %d are refused with a reason where they would do "
          "nothing, %d shown by another test, %d left to other helpers, %d skipped; %d base runs"
          % (counts["change"], counts["refuse"], counts["proven"], counts["todo"],
             counts["skipped"], len(bases)))
    return 1 if failures else 0


sys.exit(main())
