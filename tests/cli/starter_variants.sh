# starter_variants.sh — the variants do what genomes/README.md says.
#   mayfly:   the starter with Ageing's half-life byte 128 -> 104 lives 8
#             times faster: seven stages in order, death of old age within
#             10 % of 896 s.
#   diabetic: the starter without its insulin genes, compared with the
#             starter over the same first 30 minutes of genomes/starter.events:
#             its blood sugar runs high, its glycogen store never moves, it
#             eats more, and sugar above 200 wears its kidney (organ 8) down.
. "$(dirname "$0")/lib.sh"
for g in starter mayfly diabetic; do
	[ -f "$BUILD/genomes/$g.gen" ] || die "missing $BUILD/genomes/$g.gen (make assembles genomes/*.txt)"
done
EV="$ROOT/genomes/starter.events"

expect_exit 0 "$C2RT" run "$BUILD/genomes/mayfly.gen" --events "$EV" --until death --every 5 \
	--trace "$T/mayfly.csv"
contains "$T/err" "dead (old age at tick "
cp "$T/err" "$T/mayfly.err"

for g in starter diabetic; do
	expect_exit 0 "$C2RT" run "$BUILD/genomes/$g.gen" --events "$EV" --ticks 18000 --every 10 \
		--chem Glucose,Glycogen --trace "$T/$g.csv"
done

python3 - "$T" <<'EOF' || die "variant checks failed (see above)"
import csv, os, sys

d = sys.argv[1]
load = lambda n: list(csv.DictReader(open(os.path.join(d, n), encoding="utf-8-sig")))
bad = []

# mayfly
rows = load("mayfly.csv")
stages = []
for r in rows:
    if not stages or stages[-1] != r["stage"]:
        stages.append(r["stage"])
death = int(open(os.path.join(d, "mayfly.err")).read().split("old age at tick ")[1].split(")")[0]) / 10
print("mayfly: stages %s, death of old age at %.0f s (documented 896 s)" % (" ".join(stages), death))
if stages != ["embryo", "child", "adolescent", "youth", "adult", "old", "senile"]:
    bad.append("mayfly stages out of order")
if abs(death - 896) > 0.10 * 896:
    bad.append("mayfly death not within 10 % of 896 s")

# diabetic vs starter, first 30 minutes
def summary(name):
    rows = load(name + ".csv")
    late = [r for r in rows if float(r["seconds"]) >= 300]
    gly = [int(r["chem:Glycogen"]) for r in late]
    return {
        "glucose": max(int(r["chem:Glucose"]) for r in rows),
        "glycogen": max(gly) - min(gly),
        "kidney": float(rows[-1]["lf:organ8"]),
        "eat": sum(r["action"] == "eat" for r in rows) / len(rows),
    }
s, x = summary("starter"), summary("diabetic")
for k in s:
    print("%-8s starter %7.3f   diabetic %7.3f" % (k, s[k], x[k]))
if not (s["glucose"] < 200 <= x["glucose"]):
    bad.append("blood sugar: the starter should stay below 200, the diabetic reach it")
if not (s["glycogen"] >= 50 and x["glycogen"] <= 10):
    bad.append("glycogen: the starter's store should move, the diabetic's not")
if not (s["kidney"] > 0.97 and x["kidney"] < 0.9):
    bad.append("kidney: only the diabetic's should wear down")
if not (x["eat"] >= 1.5 * s["eat"]):
    bad.append("the diabetic should eat more often")

for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
EOF
