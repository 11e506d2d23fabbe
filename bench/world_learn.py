#!/usr/bin/env python3
"""world_learn.py — does the norn learn what the world teaches it? Two
experiments of issue 23, each N seeds of a treatment against N of a control
without the hand, compared with a one-sided Mann-Whitney rank test.

  pat   the hand pats the norn in the tick of each of its eats
        (`when eat pat`, tests/worlds/pat_eat.events). Figure: eats (acts of
        eat on an object that allows it) per hour alive. Hypothesis: the
        patted norn eats more.
  slap  the norn is slapped ("Pointer slaps me", stimulus 3) in the tick of
        each push of the ball: by the hand (`when push ball slap`,
        tests/worlds/slap_push.events; the slap comes from the hand, as a
        player's would) or by the ball itself (tests/worlds/ball_slap.world:
        the garden whose ball fires stimulus 3 at its pusher; `--slap-by
        ball`). Figure: pushes of the ball in the norn's second hour.
        Hypothesis: the slapped norn pushes less.

Every run is `c2rt run GENOME --world W --seed S` (bench/world_life.py's
run_one, with its log and its trace), seeds 1..N for both arms, so the two
arms differ only in the hand. The control arm and the pat arm run until
death (or --hours), the slap arms 2 h: a run is deterministic, so the
control's first two hours are the same in a longer run. The rank test is exact: the permutation
distribution of the treatment's rank sum over every way to split the 2N
figures into two groups of N, with ties given their mid-ranks (so it is
exact with ties too; counted by dynamic programming over the figures, in
half-ranks so every sum is an integer). The normal approximation with the
tie correction is printed beside it. No scipy is needed.

Usage:
  bench/world_learn.py [--experiment pat|slap|both] [--seeds 20] [--jobs 2]
                       [--hours H] [--slap-by hand|ball|both] [--opt NAME=VALUE]...
                       [--c2rt build/c2rt] [--genome G] [--json]
  bench/world_learn.py --selftest     the exact test against full enumeration
  bench/world_learn.py --why [--decision-trace build/bench/decision_trace]
      why the slap does not teach: each arm's first 2 h again beside
      bench/decision_trace (the push or eat decision cell, tick by tick), and
      around each act (a push of the ball; an eat) the Reward and Punishment
      peaks, the decision lobe's chem0 / chem1 summed over the next 25 brain
      ticks, how much the cell's reward (type 0) or punishment (type 1)
      dendrites' STW rose above their LTW and what is left 200 ticks later,
      how often IT became the hand, whether the decision was still the same
      24 and 100 ticks later, and the cell's LTW after 2 h.

The world options are `goal_direction=1` and any --opt after it: without
goal direction every untaught norn starves by about 1.2 h (README, "A
world"), leaving no second hour to count pushes in.

Prints, per experiment, both arms' figures seed by seed and a line

  pat: treatment median M1 (n1 of N > 0), control median M0 (n0 of N > 0),
       U = ..., one-sided p (exact) = ..., p (normal) = ...
"""
import argparse
import concurrent.futures
import csv
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import world_life  # noqa: E402  (run_one and summarise: one reading of a run)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests", "worlds")
GARDEN = os.path.join(ROOT, "worlds", "garden.world")


# ---- the rank test ----------------------------------------------------------------------

def midranks(values):
    """Mid-ranks (1-based) of values, ties sharing the mean of their ranks."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def mann_whitney(x, y, greater=True):
    """One-sided Mann-Whitney test of x against y: H1 "x tends to be larger"
    (greater) or "smaller". Returns (U of x, exact p, normal p).

    Exact: with 2*midrank integers as weights, count the subsets of size
    len(x) of the pooled figures by their weight sum (a dynamic programme in
    O(n^2 * sum)); p = the share of subsets at least as extreme as x's.
    Normal: U against n1 n2 / 2 with the tie-corrected variance and a
    continuity correction of 1/2."""
    n1, n2 = len(x), len(y)
    ranks = midranks(list(x) + list(y))
    w = [int(round(2 * r)) for r in ranks]  # half-ranks: integers
    obs = sum(w[:n1])
    # ways[k][s]: subsets of k of the figures seen so far with weight sum s
    total = sum(w)
    ways = [[0] * (total + 1) for _ in range(n1 + 1)]
    ways[0][0] = 1
    for wi in w:
        for k in range(n1, 0, -1):
            row, prev = ways[k], ways[k - 1]
            for s in range(total, wi - 1, -1):
                if prev[s - wi]:
                    row[s] += prev[s - wi]
    dist = ways[n1]
    all_ = sum(dist)
    if greater:
        tail = sum(dist[s] for s in range(obs, total + 1))
    else:
        tail = sum(dist[s] for s in range(0, obs + 1))
    p_exact = tail / all_
    u = obs / 2 - n1 * (n1 + 1) / 2
    n = n1 + n2
    ties = {}
    for r in ranks:
        ties[r] = ties.get(r, 0) + 1
    tie_term = sum(t ** 3 - t for t in ties.values()) / (n * (n - 1))
    var = n1 * n2 / 12 * ((n + 1) - tie_term)
    mu = n1 * n2 / 2
    if var <= 0:
        p_norm = 1.0
    else:
        z = (u - mu - 0.5) / math.sqrt(var) if greater else (mu - u - 0.5) / math.sqrt(var)
        p_norm = 0.5 * math.erfc(z / math.sqrt(2))
    return u, p_exact, p_norm


# ---- the runs ---------------------------------------------------------------------------

def run_arm(args, world, events, outdir, tag, hours):
    """The arm's runs, seeds 1..N: {seed: world_life.summarise(...)};
    hours 0: until death."""
    ticks = int(hours * world_life.HOUR) if hours else None
    a = argparse.Namespace(c2rt=args.c2rt, genome=args.genome, world=world,
                           events=events, opt=args.opt, ticks=ticks)
    d = os.path.join(outdir, tag)
    os.makedirs(d, exist_ok=True)
    seeds = range(1, args.seeds + 1)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        return dict(ex.map(lambda s: world_life.run_one(a, s, d), seeds))


def eats_per_hour(s):
    return s["eats"] / max(s["hours"], 1e-9)


EXPERIMENTS = {
    # name: (figure, H1 "treatment greater", what the figure is)
    "pat": (eats_per_hour, True, "eats per hour alive"),
    "slap": (lambda s: s["pushes_ball_h2"], False, "pushes of the ball in hour 2"),
}


# name: (experiment, world, events, hours: None = --hours)
TREATMENTS = {
    "pat": ("pat", GARDEN, os.path.join(TESTS, "pat_eat.events"), None),
    "slap-hand": ("slap", GARDEN, os.path.join(TESTS, "slap_push.events"), 2),
    "slap-ball": ("slap", os.path.join(TESTS, "ball_slap.world"), None, 2),
}


def experiment(args, name, control, outdir):
    exp, world, events, hours = TREATMENTS[name]
    figure, greater, what = EXPERIMENTS[exp]
    treat = run_arm(args, world, events, outdir, name, args.hours if hours is None else hours)
    t = [figure(treat[s]) for s in sorted(treat)]
    c = [figure(control[s]) for s in sorted(control)]
    u, p, pn = mann_whitney(t, c, greater)
    r = {"experiment": name, "figure": what, "world": os.path.relpath(world, ROOT),
         "events": events and os.path.relpath(events, ROOT), "h1": "greater" if greater else "less",
         "treatment": t, "control": c, "U": u, "p_exact": p, "p_normal": pn,
         "treatment_median": statistics.median(t), "control_median": statistics.median(c),
         "treatment_nonzero": sum(v > 0 for v in t), "control_nonzero": sum(v > 0 for v in c),
         "treatment_alive": sum(treat[s]["alive"] for s in treat),
         "control_alive": sum(control[s]["alive"] for s in control)}
    if exp == "slap":
        r["slaps"] = [treat[s]["pushes_ball"] for s in sorted(treat)]
    return r


def selftest():
    """The exact p against enumerating every split of small samples (ties
    included), and the normal approximation near it on a larger one."""
    import itertools
    import random
    rng = random.Random(23)
    for _ in range(60):
        n1, n2 = rng.randint(1, 6), rng.randint(1, 6)
        x = [rng.randint(0, 4) for _ in range(n1)]
        y = [rng.randint(0, 4) for _ in range(n2)]
        pooled = x + y
        ranks = midranks(pooled)
        obs = sum(ranks[:n1])
        for greater in (True, False):
            sums = [sum(ranks[i] for i in c) for c in itertools.combinations(range(n1 + n2), n1)]
            want = sum((v >= obs - 1e-9) if greater else (v <= obs + 1e-9) for v in sums) / len(sums)
            got = mann_whitney(x, y, greater)[1]
            if abs(got - want) > 1e-12:
                sys.exit(f"selftest: {x} {y} greater={greater}: exact p {got}, enumerated {want}")
    x = [rng.gauss(1, 1) for _ in range(20)]
    y = [rng.gauss(0, 1) for _ in range(20)]
    _, pe, pn = mann_whitney(x, y, True)
    if not (0.5 < pe / pn < 2):
        sys.exit(f"selftest: exact p {pe} and normal p {pn} disagree on 20 against 20")
    print(f"selftest: ok (exact p equals enumeration in 120 cases; 20 vs 20: exact {pe:.3g}, "
          f"normal {pn:.3g})")


# ---- why: the decision cell around each act ---------------------------------------

WHY_ARMS = [  # (name, world, events, decision cell, dendrite type the hand teaches)
    ("slap-hand", GARDEN, os.path.join(TESTS, "slap_push.events"), 1, 1),
    ("slap-ball", os.path.join(TESTS, "ball_slap.world"), None, 1, 1),
    ("control", GARDEN, None, 1, 1),
    ("pat", GARDEN, os.path.join(TESTS, "pat_eat.events"), 12, 0),
    ("control", GARDEN, None, 12, 0),
]


def act_ticks(log, cell):
    """Ticks of the acts of decision `cell` in a world log: pushes of the
    ball (1) or eats (12)."""
    out = []
    for line in open(log):
        r = json.loads(line)
        if r["type"] != "act":
            continue
        if (cell == 1 and r["action"] == "push" and r["kind"] == "ball") or \
           (cell == 12 and r["action"] == "eat"):
            out.append(r["tick"])
    return out


def why_seed(args, arm, seed, outdir):
    name, world, events, cell, typ = arm
    log = os.path.join(outdir, f"{name}-{cell}-{seed}.ndjson")
    cmd = [args.c2rt, "run", args.genome, "--world", world, "--seed", str(seed),
           "--ticks", str(2 * world_life.HOUR), "--log", log, "--quiet"]
    trace = [args.decision_trace, args.genome, world, "--seed", str(seed),
             "--ticks", str(2 * world_life.HOUR), "--cell", str(cell)]
    if events:
        cmd += ["--events", events]
        trace += ["--events", events]
    for o in args.opt:
        cmd += ["--opt", o]
        trace += ["--opt", o]
    subprocess.run(cmd, check=True)
    p = subprocess.run(trace, check=True, capture_output=True, text=True)
    rows = {int(r["tick"]): {k: int(v) for k, v in r.items()}
            for r in csv.DictReader(p.stdout.splitlines())}
    acts = act_ticks(log, cell)
    os.unlink(log)
    return rows, acts


def why_arm(args, arm, outdir):
    name, _, _, cell, typ = arm
    stw, ltw = f"stw{typ}", f"ltw{typ}"
    a = {k: [] for k in ("reward", "punishment", "chem0", "chem1", "rise", "left",
                         "hand", "same24", "same100")}
    ltw_end, other_end = [], []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        runs = list(ex.map(lambda s: why_seed(args, arm, s, outdir), range(1, args.seeds + 1)))
    for rows, acts in runs:
        last = rows[max(rows)]
        ltw_end.append(last[ltw])
        other_end.append(last[f"ltw{1 - typ}"])
        for t in acts:
            w = [rows[k] for k in range(t, t + 101) if k in rows]
            if not w or t - 1 not in rows:
                continue
            a["reward"].append(max(r["reward"] for r in w))
            a["punishment"].append(max(r["punishment"] for r in w))
            a["chem0"].append(sum(r["chem0"] for r in w[::4]))  # one a brain tick
            a["chem1"].append(sum(r["chem1"] for r in w[::4]))
            base = rows[t - 1][stw] - rows[t - 1][ltw]
            a["rise"].append(max(r[stw] - r[ltw] for r in w) - base)
            if t + 200 in rows:
                a["left"].append(rows[t + 200][stw] - rows[t + 200][ltw])
            a["hand"].append(any(r["it"] == 1 for r in w[:12]))
            for d, k in ((24, "same24"), (100, "same100")):
                if t + d in rows:
                    a[k].append(rows[t + d]["decision"] == rows[t]["decision"])
    n = len(a["reward"])
    med = lambda v: f"{statistics.median(v):g}" if v else "-"  # noqa: E731
    share = lambda v: f"{sum(v)}/{len(v)}"  # noqa: E731
    print(f"{name} ({'push' if cell == 1 else 'eat'} cell, type-{typ} dendrites): {n} acts; "
          f"peak Reward {med(a['reward'])}, Punishment {med(a['punishment'])}; chem0 "
          f"{med(a['chem0'])}, chem1 {med(a['chem1'])} over 25 brain ticks; STW above LTW "
          f"rose {med(a['rise'])}, {med(a['left'])} left 200 ticks later; IT became the hand "
          f"{share(a['hand'])}; the same decision 24 ticks later {share(a['same24'])}, 100 "
          f"later {share(a['same100'])}; LTW at 2 h type {typ} {med(ltw_end)}, type {1 - typ} "
          f"{med(other_end)} (medians)", flush=True)


def why(args):
    print("command: " + " ".join(sys.argv))
    with tempfile.TemporaryDirectory(prefix="world_learn.") as outdir:
        for arm in WHY_ARMS:
            why_arm(args, arm, outdir)


def fmt(v):
    return f"{v:.2f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


def report(r, n):
    print(f"{r['experiment']} ({r['figure']}), seed by seed:")
    print("  treatment: " + " ".join(fmt(v) for v in r["treatment"]))
    print("  control:   " + " ".join(fmt(v) for v in r["control"]))
    print(f"{r['experiment']}: treatment median {fmt(r['treatment_median'])} "
          f"({r['treatment_nonzero']} of {n} > 0), control median {fmt(r['control_median'])} "
          f"({r['control_nonzero']} of {n} > 0), U = {fmt(r['U'])}, one-sided ({r['h1']}) "
          f"p (exact) = {r['p_exact']:.2g}, p (normal) = {r['p_normal']:.2g}", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--c2rt", default="build/c2rt")
    ap.add_argument("--genome", default="../shared/genomes/c2-norn.gen")
    ap.add_argument("--experiment", choices=("pat", "slap", "both"), default="both")
    ap.add_argument("--slap-by", choices=("hand", "ball", "both"), default="both")
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--hours", type=float, default=0.0)
    # goal direction on: without it every norn starves by about 1.2 h (the
    # README's "A world"), and there is no second hour to count pushes in
    ap.add_argument("--opt", action="append", default=["goal_direction=1"])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("--why", action="store_true")
    ap.add_argument("--decision-trace", default="build/bench/decision_trace")
    args = ap.parse_args()
    if args.selftest:
        return selftest()
    if args.why:
        return why(args)
    names = []
    if args.experiment in ("pat", "both"):
        names.append("pat")
    if args.experiment in ("slap", "both"):
        names += ["slap-" + b for b in ("hand", "ball") if args.slap_by in (b, "both")]
    # the control runs as long as the longest treatment
    hours = 0 if "pat" in names and not args.hours else max(args.hours, 2)
    with tempfile.TemporaryDirectory(prefix="world_learn.") as outdir:
        control = run_arm(args, GARDEN, None, outdir, "control", hours)
        results = [experiment(args, n, control, outdir) for n in names]
    if args.json:
        print(json.dumps({"command": " ".join(sys.argv), "seeds": args.seeds,
                          "hours": args.hours, "results": results}))
        return
    print("command: " + " ".join(sys.argv))
    for r in results:
        report(r, args.seeds)


if __name__ == "__main__":
    main()
