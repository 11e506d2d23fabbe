# body_simulate.sh — `c2rt body FILE --simulate`: a body alone on ODE. Our
# own bodies: the f0 walker moves under its own neurons and the same seed
# gives the same figures and trace; the XODE paddler without motors stays
# put; the trace has a row a tick and a column per effector; bad arguments
# and invalid bodies are refused. With the shared data: every f0 walker of
# ../shared/bodies/f0/cases/walking_*.f0 for 60 s, printing how far its
# centre of mass went — at least one goes more than twice its length.
. "$(dirname "$0")/lib.sh"

# The number after "distance" and after "(" in the summary's last line.
dist() { sed -n 's/^distance \([0-9.]*\) (\([0-9.]*\) body lengths.*/\1 \2/p' "$1"; }

W="$ROOT/genomes/walker.f0"
expect_exit 0 "$C2RT" body "$W" --simulate --seconds 20 --trace "$T/w.csv"
cp "$T/out" "$T/w1.out"
set -- $(dist "$T/out")
awk -v d="$1" 'BEGIN { exit !(d > 1) }' || die "walker.f0 went only $1 in 20 s"
head -n 1 "$T/w.csv" | grep -q '^time,x,y,z,speed,height,energy,J2|,J3|,J4|,J5|,J4@,J5@$' ||
	die "trace header: $(head -n 1 "$T/w.csv")"
[ "$(wc -l <"$T/w.csv")" -eq 202 ] || die "expected 201 rows, got $(($(wc -l <"$T/w.csv") - 1))"
expect_exit 0 "$C2RT" body "$W" --simulate --seconds 20 --trace "$T/w2.csv"
cmp -s "$T/w.csv" "$T/w2.csv" || die "the same seed gave another trace"
expect_exit 0 "$C2RT" body "$W" --simulate --seconds 20 --seed 2
cmp -s "$T/out" "$T/w1.out" && die "another seed gave the very same run"

expect_exit 0 "$C2RT" body "$ROOT/tests/fixtures/paddler.xode" --simulate --seconds 5
contains "$T/out" "XODE body, 4 parts, 3 joints, 3 effectors"
set -- $(dist "$T/out")
awk -v d="$1" 'BEGIN { exit !(d < 0.01) }' || die "the undriven paddler went $1"

# refusals
printf '//0\np:\np:1\nj:0,1\nj:1,0\n' >"$T/bad.f0"
expect_exit 2 "$C2RT" body "$T/bad.f0" --simulate
contains "$T/err" "bad.f0:5:"
expect_exit 1 "$C2RT" body "$W" --seconds 3
contains "$T/err" "go with --simulate"
expect_exit 1 "$C2RT" body "$W" --simulate --seconds ten
expect_exit 1 "$C2RT" body "$W" --simulate --opt substeps=0
contains "$T/err" "substeps"
expect_exit 1 "$C2RT" body "$W" --simulate --opt nonsense=1

have_shared || { echo "no C2 data at $C2RT_SHARED: the walkers skipped"; exit 0; }
# The acceptance run: 60 s each (5 s under the sanitizers, which are slow).
secs=60
case $BUILD in */san) secs=5 ;; esac
best=0 who=none
for f in "$C2RT_SHARED"/bodies/f0/cases/walking_*.f0; do
	expect_exit 0 "$C2RT" body "$f" --simulate --seconds "$secs"
	set -- $(dist "$T/out")
	echo "$(basename "$f"): $1 in $secs s ($2 body lengths)"
	if awk -v a="$2" -v b="$best" 'BEGIN { exit !(a > b) }'; then best=$2 who=$(basename "$f"); fi
done
echo "farthest: $who, $best body lengths"
[ "$secs" -lt 60 ] || awk -v b="$best" 'BEGIN { exit !(b > 2) }' ||
	die "no walker went more than twice its length in 60 s"
exit 0
