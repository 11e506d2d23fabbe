#!/usr/bin/env python3
"""world_life.py — lives in a world, many seeds: how long, how hungry, what they ate.

Runs `c2rt run GENOME --world WORLD --until death` for seeds 1..N (in
parallel), with its world log and a trace every minute, and prints one line
per seed and a summary:

  lifespan (h), stage at death, cause, hunger drive mean over the life
  (trace, once a creature minute), eats (acts of `eat` on an object that
  allows it), eats aimed at food (acts on a kind of category food, fruit or
  seed over every eat that reached an object other than the hand: acts plus
  refusals; eats tried on the hand, which a pat makes IT, are counted
  apart), the share of the life spent eating, pushes of the ball in the
  second hour, and how often IT was none.

Usage:
  bench/world_life.py [--c2rt build/c2rt] [--genome G] [--world W]
                      [--events FILE] [--seeds 20] [--jobs 2]
                      [--opt NAME=VALUE]... [--ticks N] [--keep DIR] [--json]

Everything a figure in docs/world.md says comes from a
run of this script; the command line is printed with the summary.
"""
import argparse
import collections
import concurrent.futures
import csv
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

HOUR = 36000  # world ticks per creature hour


def run_one(args, seed, outdir):
    log = os.path.join(outdir, f"s{seed}.ndjson")
    trace = os.path.join(outdir, f"s{seed}.csv")
    cmd = [args.c2rt, "run", args.genome, "--world", args.world, "--seed", str(seed),
           "--log", log, "--trace", trace, "--every", "600"]
    if args.ticks:
        cmd += ["--ticks", str(args.ticks)]
    else:
        cmd += ["--until", "death"]
    if args.events:
        cmd += ["--events", args.events]
    for o in args.opt:
        cmd += ["--opt", o]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode not in (0, 3):
        sys.exit(f"seed {seed}: {' '.join(cmd)} failed ({p.returncode}): {p.stderr}")
    m = re.search(r"dead \(([a-z ]+) at tick", p.stderr)
    return seed, summarise(log, trace, m.group(1) if m else "alive", food_kinds(args.world))


FOOD_CATEGORIES = {"food", "fruit", "seed"}  # C2's categories 6, 25 and 21


def food_kinds(world_file):
    """The kinds of a world file whose category is a food's (by name)."""
    kinds = set()
    for line in open(world_file):
        t = line.split("#")[0].split()
        if len(t) >= 3 and t[0] == "kind" and t[2].lower() in FOOD_CATEGORIES:
            kinds.add(t[1])
    return kinds


def summarise(log, trace, cause, foods):
    rows = list(csv.DictReader(open(trace)))
    last = rows[-1]
    ticks = int(last["tick"])
    hunger = [int(r["drive:Hunger"]) for r in rows if r["alive"] == "1"]
    s = {"ticks": ticks, "hours": ticks / HOUR, "stage": last["stage"],
         "alive": last["alive"] == "1",
         "hunger_mean": statistics.mean(hunger) if hunger else 0.0}
    eats = food_eats = refused_eats = hand_eats = pushes_ball_h2 = pushes_ball = 0
    kinds = collections.Counter()
    action_time = collections.Counter()
    it_none = 0
    cur_action, cur_since = None, 0
    cur_it, it_since = None, 0
    hand_pats = 0
    for line in open(log):
        r = json.loads(line)
        t, ty = r["tick"], r["type"]
        if ty == "act" and r.get("action") == "eat":
            eats += 1
            food_eats += r["kind"] in foods
            kinds[r["kind"]] += 1
        elif ty == "refused" and r.get("action") == "eat":
            if r["kind"] == "hand":
                hand_eats += 1  # the hand after a pat: counted apart
            else:
                refused_eats += 1
            kinds["refused:" + r["kind"]] += 1
        elif ty == "act" and r.get("action") == "push" and r.get("kind") == "ball":
            pushes_ball += 1
            if HOUR <= t < 2 * HOUR:
                pushes_ball_h2 += 1
        elif ty == "action":
            if cur_action is not None:
                action_time[cur_action] += t - cur_since
            cur_action, cur_since = r["action"], t
        elif ty == "it":
            if cur_it is None:
                it_none += t - it_since
            cur_it, it_since = r.get("object"), t
        elif ty == "hand" and r.get("command") == "pat":
            hand_pats += 1
    if cur_action is not None:
        action_time[cur_action] += ticks - cur_since
    if cur_it is None:
        it_none += ticks - it_since
    total = max(1, ticks)
    s.update({"eats": eats, "food_eats": food_eats, "refused_eats": refused_eats,
              "hand_eats": hand_eats,
              "eat_share": action_time["eat"] / total,
              "pushes_ball": pushes_ball, "pushes_ball_h2": pushes_ball_h2,
              "it_none": it_none / total, "pats": hand_pats,
              "kinds": dict(kinds),
              "actions": {k: round(v / total, 3) for k, v in action_time.most_common(6)}})
    s["cause"] = cause  # from the run's summary on stderr
    s["old_age"] = cause == "old age"
    return s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--c2rt", default="build/c2rt")
    ap.add_argument("--genome", default="../shared/genomes/c2-norn.gen")
    ap.add_argument("--world", default="worlds/garden.world")
    ap.add_argument("--events")
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--opt", action="append", default=[])
    ap.add_argument("--ticks", type=int)
    ap.add_argument("--keep")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    outdir = args.keep or tempfile.mkdtemp(prefix="world_life.")
    os.makedirs(outdir, exist_ok=True)
    seeds = range(args.first, args.first + args.seeds)
    res = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        for seed, s in ex.map(lambda sd: run_one(args, sd, outdir), seeds):
            res[seed] = s
            if not args.quiet:
                print(f"seed {seed:3d}: {s['hours']:5.2f} h {s['stage']:10s} {s['cause']:13s} "
                      f"hunger {s['hunger_mean']:5.1f} eats {s['eats']:4d} "
                      f"refused {s['refused_eats']:4d} IT none {s['it_none']:.2f} "
                      f"ball h2 {s['pushes_ball_h2']:3d} {s['actions']}", flush=True)
    v = list(res.values())
    aimed = [x["food_eats"] for x in v], [x["eats"] + x["refused_eats"] for x in v]
    summary = {
        "command": " ".join(sys.argv),
        "seeds": len(v),
        "old_age": sum(x["old_age"] for x in v),
        "median_hours": statistics.median(x["hours"] for x in v),
        "hunger_mean": statistics.mean(x["hunger_mean"] for x in v),
        "eats_median": statistics.median(x["eats"] for x in v),
        "aimed_at_food": sum(aimed[0]) / sum(aimed[1]) if sum(aimed[1]) else None,
        "hand_eats_median": statistics.median(x["hand_eats"] for x in v),
        "eat_share": statistics.mean(x["eat_share"] for x in v),
        "it_none": statistics.mean(x["it_none"] for x in v),
        "pushes_ball_h2": [x["pushes_ball_h2"] for x in v],
        "eats": [x["eats"] for x in v],
    }
    if args.json:
        print(json.dumps({"summary": summary, "runs": res}))
    else:
        aimed = summary["aimed_at_food"]
        print(f"{summary['seeds']} seeds: old age {summary['old_age']}/{summary['seeds']}, "
              f"median {summary['median_hours']:.2f} h, hunger {summary['hunger_mean']:.1f}, "
              f"eats (median) {summary['eats_median']:.1f}, aimed at food "
              f"{'-' if aimed is None else f'{aimed:.2f}'}, hand eats (median) "
              f"{summary['hand_eats_median']:.0f}, IT none {summary['it_none']:.2f}")
    if not args.keep:
        for f in os.listdir(outdir):
            os.unlink(os.path.join(outdir, f))
        os.rmdir(outdir)


if __name__ == "__main__":
    main()
