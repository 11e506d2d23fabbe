# body_f1.sh — Framsticks f1 genotypes: every genotype of the shared gene
# pool walking.gen loads (53 f1, 3 f0), every f1 walker simulates on its own
# and moves, an f1 genotype outside a .gen file (with its /*1*/ marker)
# loads, a genotype the SDK's converter cannot read is refused at its line,
# and the norn wears an f1 walker.
. "$(dirname "$0")/lib.sh"
FR="$C2RT_SHARED/bodies/frams"
[ -f "$FR/walking.gen" ] || { echo "no body test material at $C2RT_SHARED/bodies"; exit 77; }

expect_exit 0 "$C2RT" body "$FR/walking.gen" --list
contains "$T/out" "loadable: 56 of 56 genotypes"
[ "$(grep -c '^[0-9]*\. f1, loadable: ' "$T/out")" -eq 53 ] || die "53 f1 genotypes loadable"
f1s=$(sed -n 's/^\([0-9]*\)\. f1, loadable: .*$/\1/p' "$T/out")

# Every f1 walker simulates (1 s under the sanitizers and in make check).
secs=3
short && secs=1
nmoved=0
for k in $f1s; do
	expect_exit 0 "$C2RT" body "$FR/walking.gen" --genotype "$k" --simulate --seconds "$secs"
	d=$(sed -n 's/^distance \([0-9.e+-]*\) .*/\1/p' "$T/out")
	[ -n "$d" ] || { cat "$T/out" >&2; die "genotype $k: no distance"; }
	awk -v d="$d" 'BEGIN { exit !(d > 0.01) }' && nmoved=$((nmoved + 1))
done
echo "f1 walkers of walking.gen: $(echo $f1s | wc -w) simulated, $nmoved moved more than 0.01"
[ "$nmoved" -ge 30 ] || die "only $nmoved f1 walkers moved"

# One in detail: Basic Quadruped (an N driving two muscles, a constant).
expect_exit 0 "$C2RT" body "$FR/walking.gen" --genotype "Basic Quadruped"
contains "$T/out" "parts     11"
contains "$T/out" "  N1   @      Rotation muscle  on J0"
contains "$T/out" "  N2   *      Constant"
expect_exit 0 "$C2RT" body "$FR/walking.gen" --genotype "Basic Quadruped" --format json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["f1_genes"].startswith("MX[@*:-.4") and len(d["parts"])==11' "$T/out" || die "json"

# An f1 genotype file of its own: the marker says f1.
printf '/*1*/X(X[|G:1],X)\n' >"$T/star.f0"
expect_exit 0 "$C2RT" body "$T/star.f0" --format f0
contains "$T/out" 'n:j=1, d="|:p=0.25,r=0.5"'
# Refused where the converter stops, with the file's line.
printf 'org:\nname:bad\ngenotype:~\nX(X,\nX#)~\n' >"$T/bad.gen"
expect_exit 2 "$C2RT" body "$T/bad.gen" --genotype bad
contains "$T/err" "bad.gen:5: invalid f1 genotype: character 7 ('#') is no stick, branch, neuron or modifier"

# The norn wears an f1 walker: its brain drives the lizard's muscles.
need_shared
expect_exit 0 "$C2RT" run "$NORN" --body "$FR/walking.gen" --body-genotype "Fast Lizard" --ticks 300 \
	--quiet --trace "$T/trace.csv" --every 300
python3 - "$T/trace.csv" <<'PY' || die "the norn's lizard"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 2, rows
dx = float(rows[1]["body:x"]) - float(rows[0]["body:x"])
dy = float(rows[1]["body:y"]) - float(rows[0]["body:y"])
assert (dx * dx + dy * dy) ** 0.5 > 0.5, (dx, dy)
PY
exit 0
