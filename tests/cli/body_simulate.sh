# body_simulate.sh — `c2rt body FILE --simulate`: a body alone on ODE. Our
# own bodies: the f0 walker moves under its own neurons and the same seed
# gives the same figures and trace; the XODE paddler without motors stays
# put; undriven XODE joints are limp, or held by joint_friction; the trace
# has a row a tick and a column per effector; bad arguments
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


# Undriven XODE joints: limp by default, held by joint_friction. A base with
# an arm sticking out on a hinge and a weight beside it on a slider: limp,
# the arm falls onto the floor and the weight slides down to its stop; with
# friction enough to carry them (a motor of its own per axis, angular for
# the hinge, linear for the slider) neither moves.
cat >"$T/hold.xode" <<'XODE'
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23" name="hold">
<world><space>
	<body name="base">
		<transform><position x="0" y="0.5" z="0"/></transform>
		<mass><mass_shape density="2"><box sizex="3" sizey="1" sizez="2"/></mass_shape></mass>
		<geom><box sizex="3" sizey="1" sizez="2"/></geom>
	</body>
	<body name="arm">
		<transform><position x="3.2" y="0.8" z="0"/><rotation><euler x="0" y="90" z="0" aformat="degrees"/></rotation></transform>
		<mass><mass_shape density="10"><cappedCylinder length="3" radius="0.2"/></mass_shape></mass>
		<geom><cappedCylinder length="3" radius="0.2"/></geom>
	</body>
	<body name="weight">
		<transform><position x="-1.8" y="0.8" z="0"/></transform>
		<mass><mass_shape density="10"><box sizex="0.4" sizey="0.4" sizez="0.4"/></mass_shape></mass>
		<geom><box sizex="0.4" sizey="0.4" sizez="0.4"/></geom>
	</body>
	<joint name="shoulder"><link1 body="base"/><link2 body="arm"/>
		<hinge><axis x="0" y="0" z="1" LowStop="-1.2" HiStop="1.2"/><anchor x="1.5" y="0.8" z="0" absolute="true"/></hinge>
	</joint>
	<joint name="lift"><link1 body="base"/><link2 body="weight"/>
		<slider><axis x="0" y="1" z="0" LowStop="-0.5" HiStop="0.5"/></slider>
	</joint>
	<geom name="floor"><plane a="0" b="1" c="0" d="0"/></geom>
</space></world>
</xode>
XODE
height() { sed -n 's/.*, height \([0-9.]*\),.*/\1/p' "$T/out"; }
expect_exit 0 "$C2RT" body "$T/hold.xode" --simulate --seconds 5
limp=$(height)
expect_exit 0 "$C2RT" body "$T/hold.xode" --simulate --seconds 5 --opt joint_friction=100
held=$(height)
echo "hold.xode: centre of mass at height $limp limp, $held with joint_friction=100 (0.585 at the start)"
awk -v l="$limp" -v h="$held" 'BEGIN { exit !(l < 0.5 && h > 0.584 && h < 0.586) }' ||
	die "hold.xode: height $limp limp and $held held (0.585 at the start)"

have_shared || { echo "no C2 data at $C2RT_SHARED: the walkers skipped"; exit 0; }
# The acceptance run: 60 s each (5 s when short: under the sanitizers, and
# in make check).
secs=60
short && secs=5
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
