# body_gen.sh — Framsticks genotype files of the shared test material (read
# at run time): the SDK loader's listing of edge_format.gen, every .gen file
# loads, every f0 genotype in them builds (and is valid), picking a genotype
# by number and by name, and truncated or mangled files are refused with a
# line or load, never crash.
. "$(dirname "$0")/lib.sh"
FR="$C2RT_SHARED/bodies/frams"
[ -f "$FR/edge_format.gen" ] || { echo "no body test material at $C2RT_SHARED/bodies"; exit 77; }

# --list: exactly the SDK's listing, then the formats.
expect_exit 0 "$C2RT" body "$FR/edge_format.gen" --list
n=$(wc -l <"$FR/edge_format.expected")
head -n "$n" "$T/out" | cmp -s - "$FR/edge_format.expected" || {
	diff "$FR/edge_format.expected" "$T/out" >&2; die "--list differs from edge_format.expected"; }
tail -n +"$((n + 1))" "$T/out" >"$T/formats"
# Its first genotype is no f1 (the SDK's converter stops at the '~').
cat >"$T/formats.expected" <<'EOF'

formats:
1. f1, not loadable: line 4: invalid f1 genotype: character 4 ('~') is no stick, branch, neuron or modifier
2. f1, loadable: 2 parts, 1 joints, 0 neurons
3. f1, loadable: 4 parts, 3 joints, 0 neurons
4. f0, loadable: 1 parts, 0 joints, 0 neurons

loadable: 3 of 4 genotypes
EOF
cmp -s "$T/formats.expected" "$T/formats" || { diff "$T/formats.expected" "$T/formats" >&2; die "formats listing"; }
# The loader's warnings, with their lines.
contains "$T/err" "edge_format.gen:21: warning: Ignored unknown property 'org.org'"
contains "$T/err" "edge_format.gen:25: warning: Skipping object 'unknownobj'"
contains "$T/err" "edge_format.gen:30: warning: Closing '~' (tilde) not found in 'org.genotype'"
# Its only f0 genotype ("unclosed", read to the end of the file) builds.
expect_exit 0 "$C2RT" body "$FR/edge_format.gen" --format f0
[ "$(cat "$T/out")" = "p:" ] || die "edge_format.gen's f0 genotype"

# Every f0 genotype of every file builds; count the valid ones.
nf0=0 nvalid=0
for f in "$FR"/*.gen; do
	expect_exit 0 "$C2RT" body "$f" --list
	for k in $(sed -n '/^formats:$/,$p' "$T/out" | sed -n 's/^\([0-9]*\)\. f0, .*$/\1/p'); do
		nf0=$((nf0 + 1))
		"$C2RT" body "$f" --genotype "$k" --format sdk >"$T/sdk" 2>"$T/err"
		rc=$?
		grep -q -e 'Sanitizer' -e 'runtime error:' "$T/err" && { cat "$T/err" >&2; die "sanitizer"; }
		[ $rc -eq 0 ] && grep -q '^valid=1 ' "$T/sdk" && nvalid=$((nvalid + 1))
	done
done
echo "f0 genotypes in the .gen files: $nvalid of $nf0 valid"
[ "$nf0" -eq 13 ] || die "expected 13 f0 genotypes (with edge_format's), found $nf0"
[ "$nvalid" -eq 13 ] || die "only $nvalid of $nf0 valid"

# walking.gen: 56 genotypes, all loadable; the default is the first f0 one.
expect_exit 0 "$C2RT" body "$FR/walking.gen" --list
contains "$T/out" "total: 56 items, "
contains "$T/out" "loadable: 56 of 56 genotypes"
expect_exit 0 "$C2RT" body "$FR/walking.gen"
head -n 2 "$T/out" | grep -q '^name      Tritonius' || { head -n 3 "$T/out" >&2; die "default genotype"; }
expect_exit 0 "$C2RT" body "$FR/walking.gen" --genotype "Rolling Wheel" --format json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["name"]=="Rolling Wheel" and len(d["parts"])==16 and len(d["connections"])==24' "$T/out" || die "json"
expect_exit 0 "$C2RT" body "$FR/walking.gen" --genotype 51 --format f0
# f1 (body_f1.sh has more), another format, not there
expect_exit 0 "$C2RT" body "$FR/walking.gen" --genotype 1
contains "$T/out" "name      Slow, smelling puller"
expect_exit 2 "$C2RT" body "$FR/tests_similarity.gen" --genotype 5
contains "$T/err" "genotype format fF is not supported (f0 and f1 are)"
expect_exit 2 "$C2RT" body "$FR/walking.gen" --genotype "No such creature"
contains "$T/err" "no genotype 'No such creature'"

# Truncated copies of walking.gen: each loads or is refused, never crashes.
size=$(wc -c <"$FR/walking.gen")
for cut in 1 100 1000 15000 25000 25090 25200 35000 36000 42999; do
	[ "$cut" -lt "$size" ] || continue
	head -c "$cut" "$FR/walking.gen" >"$T/cut.gen"
	"$C2RT" body "$T/cut.gen" >"$T/out" 2>"$T/err"
	rc=$?
	grep -q -e 'Sanitizer' -e 'runtime error:' "$T/err" && { cat "$T/err" >&2; die "sanitizer at $cut"; }
	[ $rc -eq 0 ] || [ $rc -eq 2 ] || die "cut at $cut: exit $rc"
done
# Byte-mangled copies: every 97th byte replaced.
python3 - "$FR/walking.gen" "$T/mangled.gen" <<'PY'
import sys
d = bytearray(open(sys.argv[1], "rb").read())
for i in range(0, len(d), 97):
    d[i] = (d[i] * 7 + 13) & 0xff
open(sys.argv[2], "wb").write(d)
PY
"$C2RT" body "$T/mangled.gen" --list >"$T/out" 2>"$T/err"
rc=$?
grep -q -e 'Sanitizer' -e 'runtime error:' "$T/err" && { cat "$T/err" >&2; die "sanitizer (mangled)"; }
[ $rc -eq 0 ] || [ $rc -eq 2 ] || die "mangled: exit $rc"
exit 0
