# sweep_basic.sh — c2rt sweep on our starter genome: Ageing's half-life byte
# swept over 96..136: each variant differs from the genome in that one byte
# only, lifespans come out in the table (doubling with every step of 8, as
# the rate table halves Ageing's decay), the plot is drawn, --resume reruns
# nothing, a failed run makes the sweep exit 2 (its table saying "-"),
# outputs that collide (a variant as -o) and bad --gene/--field/--values
# are refused.
. "$(dirname "$0")/lib.sh"
G="$BUILD/genomes/starter.gen" EV="$T/steady.ev"
# A steady diet (starter.events without its lean spell): the sweep is about
# ageing, so food is held constant and ample. Under the full starter.events
# some seeds starve in the lean spell (ATP at 0 is a point of no return)
# and die of organ failure, not of old age.
printf 'every 2m food 12 Starch 30 Protein 10\nevery 5m from 3m stimulus Pointer pats me from hand\nevery 17m from 15m word verb eat\n' >"$EV"
mkdir "$T/sw" # -o's folder must be there, as for every output of every command

expect_exit 0 "$C2RT" sweep "$G" --gene half-lives:1 --field halflife:Ageing --values 96..136/8 \
	--until death --events "$EV" --seeds 2 -o "$T/sw/r.csv" --jobs 2
cp "$T/out" "$T/table"
contains "$T/table" "# starter: half-lives id=1 dup=0 (gene 87), field halflife:Ageing: 2 seeds per value, until death"
[ "$(ls "$T/sw/r-variants" | wc -l)" -eq 6 ] || die "expected 6 variants"
# Three digits: the files sort as the values do.
[ "$(ls "$T/sw/r-variants" | tr '\n' ' ')" = "starter-halflife_Ageing-096.gen starter-halflife_Ageing-104.gen starter-halflife_Ageing-112.gen starter-halflife_Ageing-120.gen starter-halflife_Ageing-128.gen starter-halflife_Ageing-136.gen " ] ||
	die "variants: $(ls "$T/sw/r-variants")"
for v in 96 104 112 120 128 136; do
	f="$T/sw/r-variants/starter-halflife_Ageing-$(printf %03d "$v").gen"
	"$C2RT" diff "$G" "$f" >"$T/d"; rc=$?
	if [ "$v" = 128 ]; then # the starter's own value
		[ $rc -eq 0 ] || die "variant 128 should be the genome itself"
	else
		[ $rc -eq 1 ] && [ "$(wc -l <"$T/d")" -eq 1 ] || die "variant $v: $(cat "$T/d")"
		contains "$T/d" "gene 87 half-lives id=1 dup=0: halflife Ageing 128 -> $v"
	fi
done
python3 - "$T/table" <<'PY' || die "table"
import sys
rows = [l.split() for l in open(sys.argv[1]) if l[:1] != "#" and not l.startswith("value")]
assert [int(r[0]) for r in rows] == [96, 104, 112, 120, 128, 136], rows
assert all(r[1] == "2" and r[2] == "2" and r[-2:] == ["age", "2"] for r in rows), rows
assert all(r[-5:-3] == ["0", "-"] for r in rows), rows   # none alive, no age
life = [float(r[3]) for r in rows]
for a, b in zip(life, life[1:]):
    assert 1.8 < b / a < 2.2, life            # each step of 8 doubles the lifespan
assert 1.9 < life[4] < 2.1, life              # the starter lives two creature-hours
PY
python3 - "$T/sw/r.png" <<'PY' || die "plot"
import os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "cli"))
from pngread import read_png
w, h, bpp, rows = read_png(sys.argv[1])
assert (w, h) == (1200, 700), (w, h)
coloured = sum(1 for y in range(h) for x in range(0, w * bpp, bpp)
               if max(rows[y][x:x + 3]) - min(rows[y][x:x + 3]) > 60)
assert coloured > 2000, coloured                # the lines are there
PY

# Everything is done: --resume runs nothing and gives the same table.
expect_exit 0 "$C2RT" sweep "$G" --gene half-lives:1 --field halflife:Ageing --values 96..136/8 \
	--until death --events "$EV" --seeds 2 -o "$T/sw/r.csv" --resume --plot "$T/p2.png"
contains "$T/err" "12 runs (0 this time"
cmp "$T/out" "$T/table" || die "the resumed table differs"
[ -s "$T/p2.png" ] || die "--plot FILE"

# A run that fails (a genome whose only lobe becomes male-only cannot hatch
# as a female): its row says why, the table says "-" (no nan, no inf), the
# plot is drawn, and the sweep exits 2 saying how many runs failed.
python3 - "$ROOT/tests/fixtures/tiny.txt" "$T/one.txt" <<'PY'
import sys
blocks = open(sys.argv[1]).read().split("\ngene ")
keep = [b for b in blocks if not b.startswith("lobe") or "lobe 0" in b]
assert len(keep) == len(blocks) - 1
open(sys.argv[2], "w").write("\ngene ".join(keep))
PY
expect_exit 0 "$C2RT" asm "$T/one.txt" -o "$T/one.gen"
mkdir "$T/f"
expect_exit 2 "$C2RT" sweep "$T/one.gen" --gene 2 --field flags --values 0,8 --seeds 2 --ticks 50 \
	-o "$T/f/r.csv"
contains "$T/err" "c2rt sweep: 2 of 4 runs failed (the error column of $T/f/r.csv says why)"
grep -Eq 'nan|inf' "$T/out" && die "the table of a failed value: $(cat "$T/out")"
grep -Eq '^ +8 +2 +0 +- +- +- .* failed 2$' "$T/out" || die "the failed value's line: $(cat "$T/out")"
[ -s "$T/f/r.png" ] || die "no plot"

# Outputs that would overwrite each other are refused before any work: a
# variant as the results (or the plot), the results as the plot, a value
# twice (two runs, one variant file).
expect_exit 2 "$C2RT" sweep "$G" --gene 2 --field threshold --values 0,5 --ticks 5 --variants "$T/vv" \
	-o "$T/vv/starter-threshold-000.gen"
contains "$T/err" "-o and --variants name the same file"
[ ! -e "$T/vv" ] || die "a refused sweep left $(ls -R "$T/vv")"
mkdir "$T/vv"
expect_exit 2 "$C2RT" sweep "$G" --gene 2 --field threshold --values 0,5 --ticks 5 --variants "$T/vv" \
	-o "$T/v.csv" --plot "$T/vv/starter-threshold-005.gen"
contains "$T/err" "--plot and --variants name the same file"
expect_exit 2 "$C2RT" sweep "$G" --gene 2 --field threshold --values 0,5 --ticks 5 -o "$T/p.csv" \
	--plot "$T/p.csv"
contains "$T/err" "--plot and -o name the same file"
expect_exit 1 "$C2RT" sweep "$G" --gene 2 --field threshold --values 3,5,3 --ticks 5 -o "$T/p.csv"
contains "$T/err" "--values: 3 given twice"
[ -z "$(ls "$T/vv")" ] && [ ! -e "$T/v.csv" ] && [ ! -e "$T/p.csv" ] || die "a refused sweep wrote something"

# Errors.
expect_exit 1 "$C2RT" sweep "$G" --gene half-lives:1 --field halflife:Ageing -o "$T/e.csv" --ticks 5
contains "$T/err" "needs --gene, --field and --values"
expect_exit 2 "$C2RT" sweep "$G" --gene receptor:200 --field threshold --values 1 -o "$T/e.csv" --ticks 5
contains "$T/err" "no such gene"
expect_exit 1 "$C2RT" sweep "$G" --gene receptor --field threshold --values 1 -o "$T/e.csv" --ticks 5
expect_exit 1 "$C2RT" sweep "$G" --gene 2 --field state_rule --values 1 -o "$T/e.csv" --ticks 5
contains "$T/err" "only one-byte fields"
expect_exit 1 "$C2RT" sweep "$G" --gene 2 --field colour --values 1 -o "$T/e.csv" --ticks 5
contains "$T/err" "has no field 'colour'"
expect_exit 1 "$C2RT" sweep "$G" --gene 2 --field threshold --values 9..3 -o "$T/e.csv" --ticks 5
expect_exit 1 "$C2RT" sweep "$G" --gene 2 --field threshold --values 1,256 -o "$T/e.csv" --ticks 5
expect_exit 1 "$C2RT" sweep "$G" --gene 2 --field threshold --values 1 -o - --ticks 5
# Lifespans are of the creatures that died; those alive at the end (here:
# cut short by --ticks) have their count and mean age apart.
expect_exit 0 "$C2RT" sweep "$G" --gene half-lives:1 --field halflife:Ageing --values 96,136 \
	--ticks 30000 -o "$T/alive.csv" --quiet --plot "$T/alive.png"
python3 - "$T/out" <<'PY' || die "alive table"
import sys
lines = [l.split() for l in open(sys.argv[1]) if l[:1] != "#"]
assert lines[0][-3:] == ["alive", "age_h", "causes"], lines[0]
died, alive = lines[1], lines[2]
assert died[0] == "96" and died[2] == "1" and died[3] != "-" and died[-5:] == ["0", "-", "old", "age", "1"], died
assert alive[0] == "136" and alive[2] == "0" and alive[3:6] == ["-", "-", "-"], alive
assert alive[-4:] == ["1", "0.83", "alive", "1"], alive
PY
exit 0
