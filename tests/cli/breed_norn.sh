# breed_norn.sh — mutate, cross and diff on the real norn (read from
# $C2RT_SHARED): 40 children whose every difference (c2rt diff --format json)
# is in their log and touches only genes whose header allows it (read from
# c2rt dump --json of the parent); crossing the norn with itself gives it back.
# (test_breed checks 1,000 children through the library.)
. "$(dirname "$0")/lib.sh"
need_shared

expect_exit 0 "$C2RT" dump --json "$NORN" -o "$T/norn.json"
expect_exit 0 "$C2RT" mutate "$NORN" --n 40 -o "$T/kids" --seed 1 --rate 3 --log "$T/kids.json"
for k in "$T"/kids/*.gen; do
	"$C2RT" diff --format json "$NORN" "$k" >"$T/$(basename "$k" .gen).diff.json"
	[ $? -le 1 ] || die "diff failed on $k"
done
python3 - "$T" <<'PY' || die "mutations outside what the genes allow, or missing from the log"
import glob, json, os, sys
d = sys.argv[1]
parent = json.load(open(os.path.join(d, "norn.json")))["genes"]
logs = {os.path.basename(j["child"]): j for j in map(json.loads, open(os.path.join(d, "kids.json")))}
MUT, DUP, DEL = 1, 2, 4
n = {"point": 0, "add": 0, "delete": 0}
for path in sorted(glob.glob(os.path.join(d, "kids", "*.gen"))):
    diff = json.load(open(os.path.join(d, os.path.basename(path)[:-4] + ".diff.json")))
    log = logs[os.path.basename(path)]["changes"]
    for c in diff["changes"]:
        n[c["op"]] += 1
        if c["op"] == "point":
            g = parent[c["input"]]
            assert g["gene_flags"] & MUT, ("a non-mutable gene changed", c)
            assert c["field"] not in ("id", "dup", "mut"), c
            assert any(l["op"] == "point" and (l["kind"], l["id"], l["dup"], l["field"]) ==
                       (c["kind"], c["id"], c["dup"], c["field"]) for l in log), ("not in the log", c)
        elif c["op"] == "add":
            src = [g for g in parent if (g["kind"], g["id"], g["dup"]) == (c["kind"], c["id"], c["dup"] - 1)]
            assert src and src[0]["gene_flags"] & DUP, ("a non-duplicable gene was copied", c)
            assert any(l["op"] == "duplicate" and (l["kind"], l["id"], l["dup"]) ==
                       (c["kind"], c["id"], c["dup"]) for l in log), ("not in the log", c)
        elif c["op"] == "delete":
            assert parent[c["input"]]["gene_flags"] & DEL, ("a non-deletable gene was deleted", c)
            assert any(l["op"] == "delete" and l["input"] == c["input"] for l in log), c
        else:
            raise AssertionError(c)
assert n["point"] > 40, n
PY

expect_exit 0 "$C2RT" cross "$NORN" "$NORN" -o "$T/self.gen" --rate 0 --seed 11
cmp "$NORN" "$T/self.gen" || die "crossing the norn with itself changed it"
expect_exit 0 "$C2RT" cross "$NORN" "$T/kids/c2-norn-0003.gen" -o "$T/x.gen" --seed 2 \
	--mum-moniker toby --dad-moniker kid3 --log "$T/x.log"
grep -q "set father \".*\" -> \"kid3\"" "$T/x.log" || die "the genus gene does not name dad"
contains "$T/x.log" "crossover to dad's strand"
exit 0
