# lineage_basic.sh — c2rt lineage on hand-written genealogy logs and one
# a real evolve run wrote: the family
# tree and the summary per generation in text and JSON (golden), replicates
# apart (a moniker is unique in its world only), --generations and --tree,
# and malformed logs refused with their line, never a crash.
. "$(dirname "$0")/lib.sh"
F="$ROOT/tests/fixtures/lineage"

expect_exit 0 "$C2RT" lineage "$F/family.ndjson"
golden lineage_family.txt "$T/out"
expect_exit 0 "$C2RT" lineage --format json "$F/family.ndjson"
golden lineage_family.json "$T/out"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$T/out" || die "lineage --format json is not JSON"
expect_exit 0 "$C2RT" lineage "$F/replicates.ndjson"
golden lineage_replicates.txt "$T/out"
contains "$T/out" "replicate 1"

# A real run's log (c2rt evolve: 4 standard norns in the garden, 2
# replicates; tests/fixtures/lineage/garden-run.ndjson says how it was made).
expect_exit 0 "$C2RT" lineage "$F/garden-run.ndjson"
golden lineage_garden_run.txt "$T/out"

# --generations and --tree print their part alone; -o writes a file.
expect_exit 0 "$C2RT" lineage --generations "$F/family.ndjson"
head -n 1 "$T/out" | grep -q '^gen conceived' || die "--generations: $(head -n 1 "$T/out")"
expect_exit 0 "$C2RT" lineage --tree "$F/family.ndjson" -o "$T/tree.txt"
[ ! -s "$T/out" ] && grep -q '^AAAA male' "$T/tree.txt" && ! grep -q '^gen ' "$T/tree.txt" ||
	die "--tree -o: $(cat "$T/tree.txt")"
expect_exit 0 "$C2RT" lineage --format json --generations "$F/family.ndjson"
contains "$T/out" '{"generations":['
expect_exit 1 "$C2RT" lineage --tree --generations "$F/family.ndjson"
expect_exit 1 "$C2RT" lineage --format xml "$F/family.ndjson"
# never its own input
expect_exit 2 "$C2RT" lineage "$F/family.ndjson" -o "$F/family.ndjson"

# Malformed logs: refused with the line at fault.
bad() { # bad LINE MESSAGE TEXT
	printf '%b' "$3" >"$T/bad.ndjson"
	expect_exit 2 "$C2RT" lineage "$T/bad.ndjson"
	contains "$T/err" "bad.ndjson:$1: $2"
}
FOUND='{"tick":0,"type":"found","creature":"AAAA","sex":"male","generation":0}\n'
bad 2 'AAAA is in the log already (line 1)' "$FOUND$FOUND"
bad 2 'mother ZZZZ is not in the log before this line' \
	"$FOUND"'{"tick":1,"type":"conceive","mother":"ZZZZ","father":"AAAA","child":"C","generation":1}\n'
bad 1 'generation 2, but a founder' '{"tick":0,"type":"found","creature":"A","generation":2}'
bad 1 'unknown record type "birth"' '{"tick":0,"type":"birth"}\n'
bad 1 'a record needs a "tick"' '{"type":"found","creature":"A"}\n'
bad 3 "an unfinished string" "\n$FOUND"'{"tick":1,"type":"death","creature":"AAA'
bad 1 'nested too deep' "{\"x\":$(printf '[%.0s' $(seq 70))"
bad 3 'AAAA is dead already' \
	"$FOUND"'{"tick":9,"type":"death","creature":"AAAA","cause":"old age"}\n{"tick":9,"type":"death","creature":"AAAA"}\n'
bad 1 '"sex": male or female, not m' '{"tick":0,"type":"found","creature":"A","sex":"m"}'
# an empty log has nothing to show
: >"$T/empty.ndjson"
expect_exit 2 "$C2RT" lineage "$T/empty.ndjson"
contains "$T/err" "no records"
# A long line of generations costs linear time (the tree's stack is its own).
python3 - "$T/chain.ndjson" <<'PY'
import json, sys
out = open(sys.argv[1], "w")
w = lambda r: out.write(json.dumps(r) + "\n")
w({"tick": 0, "type": "found", "creature": "M0", "sex": "male"})
w({"tick": 0, "type": "found", "creature": "F0", "sex": "female"})
for g in range(1, 20001):
    w({"tick": g, "type": "conceive", "mother": "F%d" % (g - 1), "father": "M0", "child": "F%d" % g, "mutations": [{}]})
    w({"tick": g, "type": "hatch", "child": "F%d" % g, "sex": "female"})
PY
expect_exit 0 "$C2RT" lineage "$T/chain.ndjson"
grep -q '^ *F20000 female gen 20000 .*carries 2.00' "$T/out" || die "chain: $(grep F20000 "$T/out")"
exit 0
