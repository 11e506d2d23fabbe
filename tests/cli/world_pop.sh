# world_pop.sh — `c2rt run --world --creature ... --genealogy`: two norns
# that breed in the garden (the genealogy's records and keys), a world
# snapshot with a pregnancy and an egg resumed bit for bit (hashes and the
# genealogy), --creature's forms and errors, options that need a world,
# outputs that would overwrite an input.
. "$(dirname "$0")/lib.sh"
need_shared
GARDEN="$ROOT/worlds/garden.world"
TEACH="$ROOT/worlds/garden.teach"
RUN="run $NORN --world $GARDEN --events $TEACH --opt goal_direction=1 --creature $NORN:male --seed 1"

# Straight to 48000 ticks: conceived, laid and hatched (docs/populations.md).
expect_exit 0 "$C2RT" $RUN --ticks 48000 --hash-every 6000 --genealogy "$T/g.ndjson" --quiet
cp "$T/out" "$T/straight"
python3 - "$T/g.ndjson" <<'PY' || die "genealogy"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
types = [r["type"] for r in recs]
assert types[:2] == ["found", "found"], types
assert list(recs[0])[:2] == ["tick", "type"], recs[0]
for t in ("conceive", "lay", "hatch"):
    assert t in types, (t, types)
c = next(r for r in recs if r["type"] == "conceive")
assert list(c) == ["tick", "type", "mother", "father", "child", "generation", "crossovers",
                   "mutations", "mutation_chance", "mutation_degree"], list(c)
assert c["mother"] == recs[0]["creature"] and c["father"] == recs[1]["creature"], c
h = next(r for r in recs if r["type"] == "hatch")
assert h["child"] == c["child"] and h["generation"] == 1, h
PY

# The same in two halves through a world snapshot (taken while she carries
# a child and an egg lies in the garden): the same hashes, and the two
# genealogies together are the straight one.
expect_exit 0 "$C2RT" $RUN --ticks 42000 --save "$T/w.snap" --genealogy "$T/g1.ndjson" --quiet
grep -q '"type":"lay"' "$T/g1.ndjson" || die "no egg laid before the snapshot"
expect_exit 0 "$C2RT" run --resume "$T/w.snap" --ticks 6000 --hash-every 6000 --genealogy "$T/g2.ndjson" --quiet
[ "$(cat "$T/out")" = "$(tail -1 "$T/straight")" ] || die "resumed: $(cat "$T/out") vs $(tail -1 "$T/straight")"
cat "$T/g1.ndjson" "$T/g2.ndjson" | cmp -s - "$T/g.ndjson" || die "the genealogy in two halves differs"

# A lone creature's world keeps its hashes: --genealogy only adds a file.
expect_exit 0 "$C2RT" run "$NORN" --world "$GARDEN" --seed 2 --ticks 3000 --hash-every 3000
cp "$T/out" "$T/lone"
expect_exit 0 "$C2RT" run "$NORN" --world "$GARDEN" --seed 2 --ticks 3000 --hash-every 3000 --genealogy "$T/l.ndjson"
cmp -s "$T/out" "$T/lone" || die "--genealogy changed a lone creature's hashes"
[ "$(wc -l <"$T/l.ndjson")" -eq 1 ] || die "lone genealogy: $(cat "$T/l.ndjson")"

# --creature's forms: GENOME, GENOME:SEX, GENOME:SEX:SEED (a path may hold ':').
mkdir -p "$T/a:b"
cp "$NORN" "$T/a:b/n.gen"
expect_exit 0 "$C2RT" run "$NORN" --world "$GARDEN" --creature "$T/a:b/n.gen" --creature "$NORN:f:7" \
	--creature "$NORN:male" --ticks 10 --genealogy "$T/forms.ndjson"
python3 - "$T/forms.ndjson" <<'PY' || die "forms"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
assert [r["sex"] for r in recs] == ["female", "female", "female", "male"], recs
assert recs[1]["genome"].endswith("a:b/n.gen"), recs[1]
assert len({r["creature"] for r in recs}) == 4
PY
# usage errors exit 1, bad input 2
expect_exit 1 "$C2RT" run "$NORN" --world "$GARDEN" --creature "$NORN:male:x" --ticks 10
expect_exit 1 "$C2RT" run "$NORN" --creature "$NORN" --ticks 10
expect_exit 1 "$C2RT" run "$NORN" --genealogy "$T/x.ndjson" --ticks 10
expect_exit 1 "$C2RT" run --resume "$T/w.snap" --creature "$NORN" --ticks 10
expect_exit 2 "$C2RT" run "$NORN" --world "$GARDEN" --creature "$T/missing.gen" --ticks 10
# an output never overwrites an input
cp "$NORN" "$T/in.gen"
expect_exit 2 "$C2RT" run "$NORN" --world "$GARDEN" --creature "$T/in.gen" --genealogy "$T/in.gen" --ticks 10
cmp -s "$T/in.gen" "$NORN" || die "the genome was overwritten"
# creatures named in events: @N, monikers, every
printf 'at 5 pat @1\nat 6 slap every\nwhen every eat pat\nat 7 bring carrot to @1\n' >"$T/who.ev"
expect_exit 0 "$C2RT" run "$NORN" --world "$GARDEN" --creature "$NORN:m" --events "$T/who.ev" --ticks 20 --log "$T/who.ndjson"
grep -q '"type":"hand","creature":1' "$T/who.ndjson" || die "no hand command at creature 1"
printf 'at 5 pat @x\n' >"$T/bad.ev"
expect_exit 2 "$C2RT" run "$NORN" --world "$GARDEN" --events "$T/bad.ev" --ticks 10
grep -q "bad.ev:1:" "$T/err" || die "the error names no line: $(cat "$T/err")"
