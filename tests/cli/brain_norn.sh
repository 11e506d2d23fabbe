# brain_norn.sh — c2rt brain on the real norn: the reference's structure
# figures (10 lobes, 970 neurons, 128+128 decision dendrites, 1+1 attention,
# the concept histogram with no two-dendrite cell), dreaming (19 instincts
# wired, 3 dropped), --json, --hash and errors.
. tests/cli/lib.sh
need_shared

expect_exit 0 "$C2RT" brain "$NORN"
contains "$T/out" "10 lobes, 970 neurons"
contains "$T/out" "22 instincts pending"
contains "$T/out" "processing order: 0 1 2 3 4 5 9 7 6 8"
contains "$T/out" "lobe 6 Decision: 1x16 = 16 neurons at (62,15), WTA"
contains "$T/out" "  state rule: state PLUS type0 MINUS type1"
contains "$T/out" "  type 0: from lobe 8 (Concept), 2048 dendrites, per neuron 128:16;"
contains "$T/out" "  type 1: from lobe 8 (Concept), 2048 dendrites, per neuron 128:16;"
contains "$T/out" "  type 0: from lobe 2 (Source), 40 dendrites, per neuron 1:40;"
contains "$T/out" "  type 1: from lobe 4 (Noun), 40 dendrites, per neuron 1:40;"
line=$(grep "type 0: from lobe 0 (Perception)" "$T/out") || die "no concept dendrites"
case $line in *" 2:"*) die "a concept cell with two dendrites: $line" ;; esac
ones=$(echo "$line" | sed 's/.*per neuron 1:\([0-9]*\) 3:\([0-9]*\);.*/\1/')
threes=$(echo "$line" | sed 's/.*per neuron 1:\([0-9]*\) 3:\([0-9]*\);.*/\2/')
[ $((ones + threes)) -eq 640 ] || die "histogram: $line"
[ "$ones" -ge 379 ] && [ "$ones" -le 475 ] || die "not ~2/3 with one dendrite: $line"

expect_exit 0 "$C2RT" brain "$NORN" --dream
contains "$T/out" "instincts: 22 processed, 19 wired, 3 dropped"
contains "$T/out" "-> action 1, reward 255: wired: concept"
contains "$T/out" "<- perception 19; decision 1 type 0"
contains "$T/out" "no-candidate (no concept cell with 2 dendrites)"
contains "$T/out" "0 instincts pending"
expect_exit 0 "$C2RT" brain "$NORN" --dream --stage adult
contains "$T/out" "instincts: 43 processed, 30 wired, 13 dropped"
expect_exit 0 "$C2RT" brain "$NORN" --dream --opt instinct_fallback=1
contains "$T/out" "instincts: 22 processed, 22 wired, 0 dropped"

# the same seed gives the same brain; another seed another one
expect_exit 0 "$C2RT" brain "$NORN" --hash --seed 7 --ticks 50 --locus 0:18=30
h1=$(cat "$T/out")
expect_exit 0 "$C2RT" brain "$NORN" --hash --seed 7 --ticks 50 --locus 0:18=30
[ "$(cat "$T/out")" = "$h1" ] || die "not deterministic"
echo "$h1" | grep -q '^[0-9a-f]\{16\}$' || die "not a 64-bit hash: $h1"
expect_exit 0 "$C2RT" brain "$NORN" --hash --seed 8 --ticks 50 --locus 0:18=30
[ "$(cat "$T/out")" != "$h1" ] || die "the seed does not matter"
# --hash equals the hash printed by --hash-every at the last tick
expect_exit 0 "$C2RT" brain "$NORN" --seed 7 --ticks 50 --locus 0:18=30 --hash-every 25
[ "$(sed -n 's/^tick 50 //p' "$T/out")" = "$h1" ] || die "--hash-every disagrees with --hash"

# --json: the full state
expect_exit 0 "$C2RT" brain "$NORN" --json --dream --ticks 3
if command -v python3 >/dev/null 2>&1; then
	python3 - "$T/out" <<'PY' || die "--json is not the expected state"
import json, sys
j = json.load(open(sys.argv[1]))
lobes = j["lobes"]
assert len(lobes) == 10
assert sum(len(l["neurons"]) for l in lobes) == 970
assert j["ticks"] == 3 and j["pending_instincts"] == 0
dec = lobes[6]
assert (dec["width"], dec["height"]) == (1, 16)
for n in dec["neurons"]:
    assert [len(t) for t in n["dendrites"]] == [128, 128]
    for d in n["dendrites"][0]:
        assert d["src_lobe"] == 8 and 0 <= d["src"] < 640
        assert set(d) >= {"src_lobe", "src", "stw", "ltw", "strength", "suscept"}
att = lobes[7]
assert all([len(t) for t in n["dendrites"]] == [1, 1] for n in att["neurons"])
con = lobes[8]
counts = [len(n["dendrites"][0]) for n in con["neurons"]]
assert counts.count(2) == 0 and counts.count(1) + counts.count(3) == 640
assert lobes[0]["state_rule"] == "random 0 chem5 PLUS state"
PY
fi

# errors
expect_exit 2 "$C2RT" brain "$T/nothing.gen"
expect_exit 1 "$C2RT" brain "$NORN" --stage teenager
expect_exit 1 "$C2RT" brain "$NORN" --sex x
expect_exit 1 "$C2RT" brain "$NORN" --opt lobe_order=sideways
expect_exit 1 "$C2RT" brain "$NORN" --locus 0:18
expect_exit 1 "$C2RT" brain "$NORN" --ticks 1 --locus 12:0=1
contains "$T/err" "--locus 12:0=1: no lobe 12: this brain's lobes are 0..9"
expect_exit 1 "$C2RT" brain "$NORN" --json --hash
exit 0
