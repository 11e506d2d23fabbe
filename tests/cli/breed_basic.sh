# breed_basic.sh — c2rt mutate, cross and diff on our own starter genome:
# logs in text and JSON that account for every difference diff finds, --n
# children reproducible one by one from their seeds, crossing a genome with
# itself without mutation, monikers, diff's exit status, usage errors.
. "$(dirname "$0")/lib.sh"
G="$BUILD/genomes/starter.gen"
[ -f "$G" ] || die "missing $G (make assembles genomes/*.txt)"

# diff: the same genome is "the same" (exit 0, no output).
expect_exit 0 "$C2RT" diff "$G" "$G"
[ ! -s "$T/out" ] || die "diff of a genome with itself printed something"
expect_exit 0 "$C2RT" diff --format json "$G" "$G"
contains "$T/out" '"same":true,"changes":[]'

# One child, log to a file in text and to stdout in JSON.
expect_exit 0 "$C2RT" mutate "$G" -o "$T/c1.gen" --seed 7 --rate 30 --log "$T/c1.log"
head -n 1 "$T/c1.log" | grep -q "^# .*starter.gen -> .*c1.gen, seed 7, rate 30: [0-9]* changes$" ||
	die "log header: $(head -n 1 "$T/c1.log")"
expect_exit 0 "$C2RT" mutate "$G" -o "$T/c1b.gen" --seed 7 --rate 30 --log - --log-format json
cmp "$T/c1.gen" "$T/c1b.gen" || die "the same seed gave another child"
cp "$T/out" "$T/c1.json"
expect_exit 1 "$C2RT" diff "$G" "$T/c1.gen"
cp "$T/out" "$T/c1.diff"
expect_exit 1 "$C2RT" diff --format json "$G" "$T/c1.gen"
cp "$T/out" "$T/c1.diff.json"
# Every line diff prints is a line of the log (a duplicate is an added gene),
# and so is every change of the JSON forms.
python3 - "$T" <<'PY' || die "the log does not account for the diff"
import json, os, sys
d = sys.argv[1]
log = open(os.path.join(d, "c1.log")).read().splitlines()[1:]
diff = open(os.path.join(d, "c1.diff")).read().splitlines()
assert diff, "no differences at rate 30?"
logset = set(l.split(": duplicate of")[0] + ": added" if ": duplicate of" in l else l for l in log)
missing = [l for l in diff if l not in logset and not l.startswith("input gene")]
dels = [l for l in diff if l.startswith("input gene")]
assert not missing, missing
assert all(l in log for l in dels), dels
j = json.loads(open(os.path.join(d, "c1.json")).read())
assert j["seed"] == 7 and j["rate"] == 30 and j["child"].endswith("c1b.gen"), j
ops = {c["op"] for c in j["changes"]}
assert ops <= {"point", "duplicate", "delete"}, ops
assert len(j["changes"]) == len(log), (len(j["changes"]), len(log))
dj = json.loads(open(os.path.join(d, "c1.diff.json")).read())
assert dj["same"] is False and len(dj["changes"]) == len(diff)
key = lambda c: (c["kind"], c["id"], c["dup"], c.get("field"))
logkeys = {key(c) for c in j["changes"]}
for c in dj["changes"]:
    assert key(c) in logkeys or (c["op"] == "add" and (c["kind"], c["id"], c["dup"], None) in logkeys), c
PY

# --n: a folder of children, child k made with seed S+k.
expect_exit 0 "$C2RT" mutate "$G" --n 12 -o "$T/kids/" --seed 100 --rate 5 --log "$T/kids.json"
[ "$(ls "$T/kids" | wc -l)" -eq 12 ] || die "expected 12 children"
[ -f "$T/kids/starter-0011.gen" ] || die "children are named STEM-NNNN.gen"
[ "$(wc -l <"$T/kids.json")" -eq 12 ] || die "a JSON log has one object per child"
expect_exit 0 "$C2RT" mutate "$G" -o "$T/k7.gen" --seed 107 --rate 5
cmp "$T/k7.gen" "$T/kids/starter-0007.gen" || die "child 7 is not 'mutate --seed S+7'"
for k in "$T"/kids/*.gen; do "$C2RT" validate "$k" >/dev/null || die "$k does not load"; done

# cross: a genome with itself at rate 0 is the genome; monikers land in genus.
expect_exit 0 "$C2RT" cross "$G" "$G" -o "$T/self.gen" --rate 0 --seed 3 --log "$T/self.log"
cmp "$G" "$T/self.gen" || die "crossing a genome with itself changed it"
grep -v '^#' "$T/self.log" | grep -qv 'crossover to' && die "rate 0 logged mutations"
expect_exit 0 "$C2RT" cross "$G" "$T/c1.gen" -o "$T/x.gen" --seed 4 --rate 0 \
	--mum-moniker ABCD --dad-moniker WXYZ --log "$T/x.log"
"$C2RT" dump "$T/x.gen" | grep -q 'mother *"ABCD"' || die "mum's moniker missing"
"$C2RT" dump "$T/x.gen" | grep -q 'father *"WXYZ"' || die "dad's moniker missing"
contains "$T/x.log" "set father"

# Errors.
expect_exit 1 "$C2RT" mutate "$G"
contains "$T/err" "missing -o"
expect_exit 1 "$C2RT" mutate "$G" -o "$T/z.gen" --rate -1
contains "$T/err" "--rate"
expect_exit 1 "$C2RT" mutate "$G" -o "$T/z.gen" --log-format xml --log "$T/z.log"
expect_exit 1 "$C2RT" cross "$G" "$G" -o "$T/z.gen" --mum-moniker toolong
contains "$T/err" "4 printable characters"
# A usage error has its own status: 1 is "different".
expect_exit 4 "$C2RT" diff "$G"
contains "$T/err" "missing argument"
expect_exit 4 "$C2RT" diff "$G" "$G" --format xml
expect_exit 4 "$C2RT" diff "$G" "$G" --bogus
expect_exit 2 "$C2RT" diff "$G" "$T/nonesuch.gen"
printf 'not a genome' >"$T/bad.gen"
expect_exit 2 "$C2RT" mutate "$T/bad.gen" -o "$T/z.gen"
[ ! -e "$T/z.gen" ] || die "a failed mutate left a file"
exit 0
