# body_stimuli.sh — the stimuli a body fires (`run --body --log`): falling
# is a body in the air going down as a real fall does, not a foot lifted or
# a hop; impact is the landing after such a fall. A box dropped from 10
# units fires "Falling through air" then "Impact post fall", once each; a
# hop fires neither, unless fall_drop is lowered below its height; a walker
# on flat ground fires neither in 5 creature-minutes (our f0 walker worn by
# the starter; with the shared data, the norn wearing genomes/walker.f0
# and johnnie.xode, whose Anger and Suffocation then stay 0). --log errors.
. "$(dirname "$0")/lib.sh"
STARTER="$BUILD/genomes/starter.gen"

# box Y VY: an XODE box of side 1 at height Y moving up at VY, over a floor.
box() {
	cat <<X
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23" name="box">
<world><space>
	<body name="box">
		<transform><position x="0" y="$1" z="0"/></transform>
		<mass><mass_shape density="1"><box sizex="1" sizey="1" sizez="1"/></mass_shape></mass>
		<geom><box sizex="1" sizey="1" sizez="1"/></geom>
		<linearVel x="0" y="$2" z="0"/>
	</body>
	<geom name="floor"><plane a="0" b="1" c="0" d="0"/></geom>
</space></world>
</xode>
X
}

# falls LOG: the log's falling and impact records, "tick kind" a line.
falls() {
	python3 - "$1" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    assert r["type"] == "body" and r["name"] and r[{"touch": "touch"}.get(r["body"], "speed")] >= 0, line
    if r["body"] in ("falling", "impact"):
        print(r["tick"], r["body"])
PY
}

# Dropped from 10 units (9.5 under its bottom): falling while it falls, the
# impact when it lands (v = sqrt(2 g 9.5) = 13.65 units a second), then
# nothing more as it lies there.
box 10 0 >"$T/drop.xode"
expect_exit 0 "$C2RT" run "$STARTER" --body "$T/drop.xode" --ticks 200 --log "$T/drop.ndjson" --quiet
falls "$T/drop.ndjson" >"$T/drop.falls" || die "bad log: $(cat "$T/drop.ndjson")"
[ "$(cut -d' ' -f2 "$T/drop.falls" | tr '\n' ' ')" = "falling impact " ] ||
	die "dropped box: expected falling then impact, got: $(cat "$T/drop.falls")"
grep '"impact"' "$T/drop.ndjson" | grep -q '"name":"Impact post fall"' || die "impact not named"
python3 - "$T/drop.ndjson" <<'PY' || die "impact speed"
import json, sys
r = [json.loads(l) for l in open(sys.argv[1]) if '"impact"' in l][0]
# 13.65 units a second over the box's size (3.46: twice its half-diagonal)
assert 3.8 < r["speed"] < 4.1, r
PY

# A hop of 0.46 units (3 units a second up, under a third of its size):
# in the air for 6 ticks, no fall. With fall_drop=5 the same hop is a fall,
# and with impact_drop=5 too its landing (3 units a second) an impact.
box 0.5 3 >"$T/hop.xode"
expect_exit 0 "$C2RT" run "$STARTER" --body "$T/hop.xode" --ticks 100 --log "$T/hop.ndjson" --quiet
falls "$T/hop.ndjson" >"$T/hop.falls" || die "bad log"
[ -s "$T/hop.falls" ] && die "a hop fired: $(cat "$T/hop.falls")"
expect_exit 0 "$C2RT" run "$STARTER" --body "$T/hop.xode" --ticks 100 --log "$T/hop5.ndjson" \
	--opt fall_drop=5 --opt impact_drop=5 --quiet
[ "$(falls "$T/hop5.ndjson" | cut -d' ' -f2 | tr '\n' ' ')" = "falling impact " ] ||
	die "fall_drop=5: the hop should be a fall: $(cat "$T/hop5.ndjson")"
# impact_drop above the fall's height: the landing is no impact
expect_exit 0 "$C2RT" run "$STARTER" --body "$T/drop.xode" --ticks 200 --log "$T/soft.ndjson" \
	--opt impact_drop=1000 --quiet
[ "$(falls "$T/soft.ndjson" | cut -d' ' -f2 | tr '\n' ' ')" = "falling " ] ||
	die "impact_drop=1000: expected falling alone: $(cat "$T/soft.ndjson")"

# In a world, the world's log has the body's records, with the creature.
expect_exit 0 "$C2RT" run "$STARTER" --world "$ROOT/worlds/empty.world" --body "$T/drop.xode" \
	--ticks 200 --log "$T/world.ndjson" --quiet
grep '"type":"body"' "$T/world.ndjson" | sed 's/,"creature":0//' | cmp -s - "$T/drop.ndjson" ||
	die "the world's log: $(grep '"type":"body"' "$T/world.ndjson")"

# A walker on flat ground: 5 creature-minutes (1 when short), no fall, no
# impact.
WALK=3000
short && WALK=600
walk() { # GENOME BODY NAME
	expect_exit 0 "$C2RT" run "$1" --body "$2" --ticks $WALK --every 10 --trace "$T/$3.csv" \
		--log "$T/$3.ndjson" --quiet
	falls "$T/$3.ndjson" >"$T/$3.falls" || die "$3: bad log"
	[ -s "$T/$3.falls" ] && die "$3 on flat ground fired: $(head -n 5 "$T/$3.falls")"
	echo "$3: $(wc -l <"$T/$3.ndjson") body stimuli, none a fall or an impact"
}
walk "$STARTER" "$ROOT/genomes/walker.f0" starter-walker

# --log needs --world or a body; a resumed creature without one is refused.
expect_exit 1 "$C2RT" run "$STARTER" --ticks 10 --log "$T/x.ndjson"
grep -q -- '--log goes with --world or --body' "$T/err" || die "--log alone: $(cat "$T/err")"
expect_exit 0 "$C2RT" run "$STARTER" --ticks 10 --save "$T/nobody.snap" --quiet
expect_exit 1 "$C2RT" run --resume "$T/nobody.snap" --ticks 10 --log "$T/x.ndjson"
grep -q 'has no body' "$T/err" || die "--resume without a body: $(cat "$T/err")"
[ -e "$T/x.ndjson" ] && die "a refused run left its log"
# a resumed body logs on: the drop saved in mid-air lands in the resumed run
expect_exit 0 "$C2RT" run "$STARTER" --body "$T/drop.xode" --ticks 8 --save "$T/mid.snap" \
	--log "$T/first.ndjson" --quiet
expect_exit 0 "$C2RT" run --resume "$T/mid.snap" --ticks 192 --log "$T/rest.ndjson" --quiet
cat "$T/first.ndjson" "$T/rest.ndjson" | cmp -s - "$T/drop.ndjson" ||
	die "saved in mid-air and resumed: the log differs from a straight run"

have_shared || exit 0
short && exit 0
# The norn: on walker.f0, and on johnnie.xode, which thrashes and leaves the
# ground (hops of its centre of mass up to half its size) but never falls.
walk "$NORN" "$ROOT/genomes/walker.f0" norn-walker
walk "$NORN" "$C2RT_SHARED/bodies/xode/johnnie.xode" norn-johnnie
python3 - "$T/norn-johnnie.csv" <<'PY' || die "johnnie's drives"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
top = {d: max(int(r["drive:" + d]) for r in rows) for d in ("Pain", "Anger", "Suffocation")}
print("norn on johnnie.xode, 5 creature-minutes, highest drives:", top)
assert top["Anger"] == 0 and top["Suffocation"] == 0, top
PY
exit 0
