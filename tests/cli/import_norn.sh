# import_norn.sh — the real C2 export (read from $C2RT_SHARED at run time):
# it imports, its genome is the standard norn's but for the 20 bytes the
# reference names, the resumed creature runs 10,000 ticks, and the compare
# report's equal rows are pinned: every row the genome alone decides, the
# organ fields of §5.8.1, the birth-instinct wiring, and the decision lobe's
# loose counts within 10%.
. "$(dirname "$0")/lib.sh"
need_shared
EXP="$C2RT_SHARED/exports/c2-norn-6KUC.exp"
[ -f "$EXP" ] || { echo "no export at $EXP"; exit 77; }

expect_exit 0 "$C2RT" import "$EXP" -o "$T/c.snap" --genome "$T/c.gen"
contains "$T/err" "6KUC, male, stage 0 (embryo)"
contains "$T/err" "skipped: Creature @0"
n=$(head -c 19033 "$NORN" | cmp -l - "$T/c.gen" | wc -l)
[ "$n" -eq 20 ] || die "the export's genome differs from c2-norn.gen in $n bytes, not 20"

expect_exit 0 "$C2RT" run --resume "$T/c.snap" --ticks 10000 --every 5000 --trace "$T/t.csv" \
	--chem ATP,ADP,Glucose,Glycogen,Pyruvate
contains "$T/err" "(10000 this run)"
contains "$T/err" "alive"
python3 - "$T/t.csv" <<'PY' || die "the resumed creature's chemistry does not move"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
chem = [[r[k] for k in r if k.startswith("chem:")] for r in rows]
assert len(rows) >= 2 and chem[0] != chem[-1], chem
PY

expect_exit 0 "$C2RT" import "$EXP" --compare --format json
python3 - "$T/out" <<'PY' || die "compare report"
import json, sys
r = json.load(open(sys.argv[1]))
rows = r["rows"]
def where(item=None, field=None, basis=None):
    return [x for x in rows if (item is None or x["item"].startswith(item))
            and (field is None or x["field"] == field) and (basis is None or x["basis"] == basis)]
bad = [x for x in where(basis="genome") if x["verdict"] != "equal"]
assert not bad, bad
organ_fields = ["clock rate", "clock", "bioticks", "initial life force", "short-term life force",
                "long-term life force", "energy cost", "damage without energy", "receptors",
                "emitters", "reactions"]
for item in ("body organ", "brain organ"):
    for f in organ_fields + ["repair-rate locus"]:
        got = where(item, f)
        assert len(got) == 1 and got[0]["verdict"] == "equal" and got[0]["basis"] == "genome", (item, f, got)
# organs whose rate receptors set from the first tick (5.8.1): at least the six it names
rx = [x for x in where(field="clock") if "clock_receptors_first" in x["note"]]
assert len(rx) >= 6 and all(x["verdict"] == "equal" for x in rx), rx
fixed = [x for x in where(field="clock", basis="genome") if "(organ " in x["item"]]
assert len(fixed) >= 12, len(fixed)
# the organs by name (by what they hold: an export has no notes beside it)
assert len(where("Heart (organ 8, gene 359)", "clock")) == 1
assert len(where("Lung 2 (organ 10, gene 403)", "clock")) == 1
inst = where("instinct")
assert len(inst) >= 19 and all(x["verdict"] == "equal" for x in inst), inst
assert any(x["export"] == "yes" for x in inst) and any(x["export"] == "no" for x in inst)
for t in (0, 1):
    got = where("lobe 6", "type %d loose dendrites" % t)
    assert len(got) == 1 and got[0]["verdict"] in ("equal", "close"), got
    got = where("lobe 6", "type %d loose with STW or LTW" % t)
    assert len(got) == 1 and got[0]["verdict"] == "equal", got
# chemistry the world drives is listed with why
assert all(x["note"] for x in where("chemical", "concentration"))
PY

# the wiring's rows over 20 seeds: every one gets a spread that holds seed
# 1's own value, and its verdict is the spread's (equal: every seed gave the
# export's value; close: inside the range and within 3 sd of the mean;
# else different), not seed 1's; every other row keeps seed 1's verdict,
# as every row does with --seeds 1; the text report says how many hold the
# export's
expect_exit 0 "$C2RT" import "$EXP" --compare --format json
mv "$T/out" "$T/one.json"
expect_exit 0 "$C2RT" import "$EXP" --compare --seeds 1 --format json
cmp -s "$T/out" "$T/one.json" || die "--seeds 1 is not the one-seed comparison"
expect_exit 0 "$C2RT" import "$EXP" --compare --seeds 20 --format json
python3 - "$T/out" "$T/one.json" <<'PY' || die "compare --seeds"
import json, sys
r = json.load(open(sys.argv[1]))
one = json.load(open(sys.argv[2]))
assert r["seeds"] == 20
rnd = [x for x in r["rows"] if x["basis"] == "random"]
assert len(rnd) >= 5, rnd
for x in rnd:
    s, e = x["spread"], int(x["export"])
    assert s["n"] == 20 and s["min"] <= int(x["c2rt"]) <= s["max"], x
    assert s["inside"] == (s["min"] <= e <= s["max"]), x
    want = ("equal" if s["min"] == s["max"] == e else
            "close" if s["inside"] and abs(e - s["mean"]) <= 3 * s["sd"] + 0.001 else "different")
    assert x["verdict"] == want, x
    assert "over 20 seeds: close = in c2rt's range and within 3 sd of its mean" in x["note"], x
assert not [x for x in r["rows"] if x["basis"] != "random" and "spread" in x]
assert any(x["spread"]["sd"] > 0 for x in rnd)
for x, y in zip(r["rows"], one["rows"]):
    assert x["item"] == y["item"] and x["field"] == y["field"]
    assert x["basis"] == "random" or x["verdict"] == y["verdict"], (x, y)
print("random rows, one seed / 20 seeds:", [y["verdict"] for y in one["rows"] if y["basis"] == "random"],
      [x["verdict"] for x in rnd])
PY
expect_exit 0 "$C2RT" import "$EXP" --compare --seeds 20
contains "$T/out" "SEEDS"
contains "$T/out" "# spread over 20 seeds: the export's value lies in c2rt's range on"
exit 0
