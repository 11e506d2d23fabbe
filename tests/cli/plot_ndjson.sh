# plot_ndjson.sh — `c2rt plot` reads the NDJSON traces `c2rt run` writes:
# the same trace as CSV and as NDJSON (keys in any order) draws the same
# picture, byte for byte; bad NDJSON lines are located and refused.
. tests/cli/lib.sh
G="$BUILD/genomes/starter.gen"
EV="$ROOT/genomes/starter.events"
run_args="$G --events $EV --ticks 6000 --every 20 --chem ATP,Glucose,Glycogen,Starch --quiet"
"$C2RT" run $run_args --trace "$T/t.csv" || die "run csv"
"$C2RT" run $run_args --trace "$T/t.ndjson" --trace-format ndjson || die "run ndjson"
"$C2RT" plot "$T/t.csv" -o "$T/csv.png" --title same || die "plot csv"
expect_exit 0 "$C2RT" plot "$T/t.ndjson" -o "$T/nd.png" --title same
cmp -s "$T/csv.png" "$T/nd.png" || die "the NDJSON trace draws another picture than the CSV one"
expect_exit 0 "$C2RT" plot - -o "$T/stdin.png" --title same --chem glucose <"$T/t.ndjson"

# JSON objects are unordered: keys moved around (the chemicals first, in
# their order, which is the order they are drawn in; the rest reversed),
# spaces and escapes read the same.
python3 - "$T/t.ndjson" "$T/rev.ndjson" <<'PY'
import json, sys
with open(sys.argv[1]) as f, open(sys.argv[2], "w") as out:
    for line in f:
        obj = json.loads(line)
        items = list(obj.items())
        items = [i for i in items if i[0].startswith("chem:")] + [i for i in items if not i[0].startswith("chem:")][::-1]
        out.write("{ " + " , ".join(json.dumps(k, ensure_ascii=True).replace("A", "\\u0041") + " : " + json.dumps(v) for k, v in items) + " }\n")
PY
expect_exit 0 "$C2RT" plot "$T/rev.ndjson" -o "$T/rev.png" --title same
cmp -s "$T/csv.png" "$T/rev.png" || die "reordered keys draw another picture"

# Bad lines: each is FILE:LINE: reason, exit 2, and no picture.
head -n 3 "$T/t.ndjson" >"$T/bad.ndjson"
printf '{"tick":60,"seconds":6.0}\n' >>"$T/bad.ndjson"                          # line 4
sed -n 4p "$T/t.ndjson" | sed 's/"chem:ATP":/"chem:ATP":"/; s/,"chem:Glucose"/",&/; s/",,/",/' >>"$T/bad.ndjson"  # line 5
sed -n 5p "$T/t.ndjson" | sed 's/}$/,"extra":1}/' >>"$T/bad.ndjson"              # line 6
sed -n 6p "$T/t.ndjson" | sed 's/"alive":1/"alive":true/' >>"$T/bad.ndjson"      # line 7
printf '[1,2,3]\n' >>"$T/bad.ndjson"                                           # line 8
sed -n 8p "$T/t.ndjson" | sed 's/}$/} x/' >>"$T/bad.ndjson"                      # line 9
sed -n 9p "$T/t.ndjson" | sed 's/"tick"/"seconds"/' >>"$T/bad.ndjson"            # line 10
expect_exit 2 "$C2RT" plot "$T/bad.ndjson" -o "$T/bad.png"
contains "$T/err" "$T/bad.ndjson:4: no key 'stage' (every line has the first line's keys)"
contains "$T/err" "$T/bad.ndjson:5: 'chem:ATP' should be a number"
contains "$T/err" "$T/bad.ndjson:6: 39 keys; the first line has 38"
contains "$T/err" "$T/bad.ndjson:7: key 'alive': the value is not a number or a string"
contains "$T/err" "$T/bad.ndjson:8: expected a JSON object"
contains "$T/err" "$T/bad.ndjson:9: text after the closing '}'"
contains "$T/err" "$T/bad.ndjson:10: key 'seconds' given twice"
[ ! -e "$T/bad.png" ] || die "a picture from a bad trace"
printf '{"tick":0}\n' >"$T/short.ndjson"
expect_exit 2 "$C2RT" plot "$T/short.ndjson" -o "$T/bad.png"
contains "$T/err" "$T/short.ndjson:1: no key 'seconds'"

# Chemicals that share a name (236..239 are all "Unknown Toxin") get keys of
# their own: the name's first owner keeps it, the others carry their number
# (issue 21: two keys of one name were refused, "given twice"). CSV and
# NDJSON draw the same picture, and a chemical is found by its label.
dup_args="$G --ticks 300 --every 10 --chem 236,ATP,237,238 --quiet"
"$C2RT" run $dup_args --trace "$T/dup.csv" || die "run csv"
"$C2RT" run $dup_args --trace "$T/dup.ndjson" --trace-format ndjson || die "run ndjson"
head -n 1 "$T/dup.csv" | grep -q ',chem:Unknown Toxin,chem:ATP,chem:Unknown Toxin 237,chem:Unknown Toxin 238$' ||
	die "CSV header: $(head -n 1 "$T/dup.csv" | tr , '\n' | tail -n 4 | tr '\n' ,)"
grep -q '"chem:Unknown Toxin":[0-9]*,"chem:ATP":[0-9]*,"chem:Unknown Toxin 237":[0-9]*,"chem:Unknown Toxin 238":' "$T/dup.ndjson" ||
	die "NDJSON keys: $(head -n 1 "$T/dup.ndjson")"
python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$T/dup.ndjson" || die "not JSON"
expect_exit 0 "$C2RT" plot "$T/dup.csv" -o "$T/dupc.png" --title dup
expect_exit 0 "$C2RT" plot "$T/dup.ndjson" -o "$T/dupn.png" --title dup
cmp -s "$T/dupc.png" "$T/dupn.png" || die "the NDJSON trace with shared names draws another picture"
expect_exit 0 "$C2RT" plot "$T/dup.ndjson" -o "$T/one.png" --chem unknown_toxin_237
expect_exit 0 "$C2RT" plot "$T/dup.ndjson" -o "$T/two.png" --chem 237
cmp -s "$T/one.png" "$T/two.png" || die "--chem unknown_toxin_237 is not chemical 237"
# Traces written before labels were unique still read: the k-th key of a
# shared name on a line is the k-th chemical of that name.
sed 's/"chem:Unknown Toxin 23[78]"/"chem:Unknown Toxin"/g' "$T/dup.ndjson" >"$T/old.ndjson"
sed '1s/chem:Unknown Toxin 23[78]/chem:Unknown Toxin/g' "$T/dup.csv" >"$T/old.csv"
expect_exit 0 "$C2RT" plot "$T/old.ndjson" -o "$T/oldn.png" --title dup
expect_exit 0 "$C2RT" plot "$T/old.csv" -o "$T/oldc.png" --title dup
cmp -s "$T/oldn.png" "$T/dupn.png" || die "an old NDJSON trace draws another picture"
cmp -s "$T/oldc.png" "$T/dupn.png" || die "an old CSV trace draws another picture"
# A chemical can be listed once: two columns of one key could not be told apart.
expect_exit 1 "$C2RT" run "$G" --ticks 300 --quiet --chem ATP,Glucose,atp --trace "$T/x.csv"
contains "$T/err" "--chem: chemical 'atp' is listed twice"
