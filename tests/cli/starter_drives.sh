# starter_drives.sh — the starter's drives answer to its body: with no food
# for its first 10 minutes hunger climbs (the liver's store runs down) and
# the creature keeps choosing "eat"; once food comes it eats, hunger falls
# and glycogen refills. Sleepiness creeps up while it is awake.
. "$(dirname "$0")/lib.sh"
G="$BUILD/genomes/starter.gen"
[ -f "$G" ] || die "missing $G (make assembles genomes/*.txt)"

printf '# no food until 10 minutes, then plenty\nevery 1m from 10m food 12 Starch 30 Protein 10\n' >"$T/late.events"
expect_exit 0 "$C2RT" run "$G" --events "$T/late.events" --ticks 9000 --every 10 \
	--chem ATP,Glycogen,Starch --trace "$T/late.csv"

python3 - "$T/late.csv" <<'EOF' || die "starter drive checks failed (see above)"
import csv, sys

rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8-sig")))
at = lambda s: min(rows, key=lambda r: abs(float(r["seconds"]) - s))
span = lambda a, b: [r for r in rows if a <= float(r["seconds"]) < b]
num = lambda r, k: int(r[k])
bad = []

h3, h9 = num(at(180), "drive:Hunger"), num(at(570), "drive:Hunger")
print("hunger without food: %d at 3 min, %d at 9.5 min" % (h3, h9))
if not (h9 >= 150 and h9 >= h3 + 80):
    bad.append("hunger does not rise without food")

hungry = [r for r in span(300, 600) if r["action"] not in ("asleep", "dreaming")]
eat = sum(r["action"] == "eat" for r in hungry) / max(1, len(hungry))
print("eat chosen in %.2f of %d awake samples from 5 to 10 min (no food)" % (eat, len(hungry)))
if len(hungry) < 100 or eat < 0.8:
    bad.append("a starving creature does not keep choosing eat")

low = min(num(r, "drive:Hunger") for r in span(600, 720))
g0, g1 = num(at(598), "chem:Glycogen"), num(at(720), "chem:Glycogen")
print("after food: lowest hunger %d within 2 min; glycogen %d -> %d" % (low, g0, g1))
if low >= 32:
    bad.append("hunger does not fall after eating")
if g1 < g0 + 50:
    bad.append("glycogen does not refill after eating")

s1, s9 = num(at(60), "drive:Sleepiness"), num(at(540), "drive:Sleepiness")
print("sleepiness awake: %d at 1 min, %d at 9 min" % (s1, s9))
if s9 < s1 + 15:
    bad.append("sleepiness does not creep up while awake")

for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
EOF
