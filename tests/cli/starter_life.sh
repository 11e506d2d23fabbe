# starter_life.sh — the starter creature (genomes/starter.txt) lives a whole
# life under its default events (genomes/starter.events): it passes through
# the seven stages in order at the times genomes/README.md documents, dies of
# old age within 10 % of its documented lifespan (7168 s), never runs short
# of ATP for long, and its hunger drives its decisions (eat wins far more
# often when hungry than when not).
. "$(dirname "$0")/lib.sh"
G="$BUILD/genomes/starter.gen"
[ -f "$G" ] || die "missing $G (make assembles genomes/*.txt)"

expect_exit 0 "$C2RT" run "$G" --events "$ROOT/genomes/starter.events" --until death \
	--every 5 --chem ATP,Glycogen --trace "$T/life.csv"
contains "$T/err" "dead (old age"

python3 - "$T/life.csv" "$T/err" <<'EOF' || die "starter lifetime checks failed (see above)"
import csv, sys

rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8-sig")))
bad = []

# Stages: the documented table (genomes/README.md, Chapter 8 of starter.txt),
# in minutes, and the death of old age at 7168 s = 119.5 min.
want = [("embryo", 0.0), ("child", 6.8), ("adolescent", 15.4), ("youth", 25.6),
        ("adult", 37.5), ("old", 85.3), ("senile", 102.4)]
seen = []
for r in rows:
    if not seen or r["stage"] != seen[-1][0]:
        seen.append((r["stage"], float(r["seconds"]) / 60))
print("stages:", ", ".join("%s %.1f min" % s for s in seen))
if [s for s, _ in seen] != [s for s, _ in want]:
    bad.append("stages %s, want %s" % ([s for s, _ in seen], [s for s, _ in want]))
else:
    for (name, got), (_, doc) in zip(seen[1:], want[1:]):
        if abs(got - doc) > 0.05 * doc + 0.5:
            bad.append("%s entered at %.1f min, documented %.1f" % (name, got, doc))

# The summary says "dead (old age at tick N)"; a world tick is 0.1 s.
summary = open(sys.argv[2]).read()
death = int(summary.split("old age at tick ")[1].split(")")[0]) / 10
print("death of old age at %.0f s (documented 7168 s)" % death)
if abs(death - 7168) > 0.10 * 7168:
    bad.append("death at %.0f s is not within 10%% of 7168 s" % death)

# ATP: never short (below the brain organ's 22 per activation) for more than
# 10 s while alive. The events feed it all life (a lean spell included).
worst = run = 0.0
prev = None
for r in rows:
    t = float(r["seconds"])
    if r["alive"] == "1" and int(r["chem:ATP"]) < 22:
        run += t - prev if prev is not None else 0
        worst = max(worst, run)
    else:
        run = 0.0
    prev = t
print("longest ATP shortage: %.1f s; lowest ATP %d" % (worst, min(int(r["chem:ATP"]) for r in rows)))
if worst > 10:
    bad.append("ATP below 22 for %.1f s" % worst)

# Decisions: how often "eat" wins when hungry (hunger drive >= 64) and when
# not (< 16), over the awake, living rows. The hunger -> eat instinct (and
# the reward eating brings) should make the difference large.
awake = [r for r in rows if r["alive"] == "1" and r["action"] not in ("asleep", "dreaming")]
hi = [r for r in awake if int(r["drive:Hunger"]) >= 64]
lo = [r for r in awake if int(r["drive:Hunger"]) < 16]
f = lambda rs: sum(r["action"] == "eat" for r in rs) / max(1, len(rs))
print("eat: %.3f of %d hungry samples, %.3f of %d not hungry" % (f(hi), len(hi), f(lo), len(lo)))
if len(hi) < 50 or len(lo) < 500:
    bad.append("too few samples (%d hungry, %d not)" % (len(hi), len(lo)))
elif f(hi) < 0.5 or f(hi) < 5 * f(lo):
    bad.append("eat is not clearly driven by hunger")

for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
EOF
