# body_errors.sh — `c2rt body` on our own input: the walker in every format,
# invalid bodies refused as FILE:LINE: reason (exit 2), warnings with their
# lines, usage errors (exit 1), and garbage or truncated files never crash.
. "$(dirname "$0")/lib.sh"
W="$ROOT/genomes/walker.f0"

expect_exit 0 "$C2RT" body "$W"
contains "$T/out" "genomes/walker.f0: f0 body, valid"
contains "$T/out" "joints    6 (6 placed by delta)"
contains "$T/out" "  N8   @      Rotation muscle  on J4  p=0.5  <- N7*1"
expect_exit 0 "$C2RT" body "$W" --format sdk
contains "$T/out" "valid=1 parts=7 joints=6 neurons=10 shape=2"
contains "$T/out" "P3 p=(-2.73996109e-06,0.745931962,-0.939992292)"
# the re-saved genotype builds to itself
expect_exit 0 "$C2RT" body "$W" --format f0
cp "$T/out" "$T/resaved"
{ echo "//0"; cat "$T/resaved"; } >"$T/again.f0"
expect_exit 0 "$C2RT" body "$T/again.f0" --format f0
cmp -s "$T/out" "$T/resaved" || die "re-saved walker does not re-save to itself"
expect_exit 0 "$C2RT" body "$W" --format json
python3 - "$T/out" <<'PY' || die "json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["valid"] and d["shape"] == "ball-and-stick"
assert len(d["parts"]) == 7 and len(d["geoms"]) == 7 and len(d["joints"]) == 6
assert len(d["neurons"]) == 10 and len(d["connections"]) == 8
assert d["parts"][3]["f0"]["line"] == 12 and d["joints"][2]["f0"]["usedelta"]
assert abs(d["parts"][3]["pos"][2] + 0.939992292) < 1e-8
assert d["neurons"][1]["class"] == "|" and d["neurons"][1]["class_location"] == "joint"
PY

# Invalid bodies: the reason with its line, exit 2 (the SDK report too).
printf '//0\np:\np:\n# a comment\nj:0,1\nj:1,0\n' >"$T/dup.f0"
expect_exit 2 "$C2RT" body "$T/dup.f0"
contains "$T/err" "dup.f0:6: Joint #1 joins the same two parts as Joint #0"
expect_exit 2 "$C2RT" body "$T/dup.f0" --format sdk
contains "$T/out" "[ERROR] Model.internalCheck: Illegal duplicate Joint #0 and Joint #1"
contains "$T/out" "rc=1"
printf '//0\np:\nj:0,1\n' >"$T/ref.f0"
expect_exit 2 "$C2RT" body "$T/ref.f0"
contains "$T/err" "ref.f0:3: j: joins Part #1, which is not defined before this line"
printf '/*0*/p:x=abc\n' >"$T/num.f0"
expect_exit 2 "$C2RT" body "$T/num.f0" --format json
contains "$T/err" "num.f0:1: invalid p: line: Could not parse 'abc'"
# No marker is f1, as in the SDK: converted; f4 is refused by name.
printf 'X(X,X)\n' >"$T/f1.f0"
expect_exit 0 "$C2RT" body "$T/f1.f0"
contains "$T/out" "f1.f0: f1 body (converted to f0), valid"
printf '/*4*/X(X,X)\n' >"$T/f4.f0"
expect_exit 2 "$C2RT" body "$T/f4.f0"
contains "$T/err" "f4.f0:1: genotype format f4 is not supported (f0 and f1 are)"
printf '//0\n' >"$T/empty.f0"
expect_exit 2 "$C2RT" body "$T/empty.f0"
contains "$T/err" "empty.f0:2: the genotype has no parts and no neurons"
# Warnings keep their lines and do not fail.
printf '//0\np:fr = 2\np:1,dx=5\nj:0,1\n' >"$T/warn.f0"
expect_exit 0 "$C2RT" body "$T/warn.f0"
contains "$T/err" "warn.f0:2: warning: Unknown property 'p.fr ' (ignored)"
contains "$T/err" "warn.f0:3: warning: Unknown property 'p.dx' (ignored)"
# A genotype file of our own.
printf 'org:\nname:one\ngenotype:X\n\norg:\nname:two\ngenotype:~\n//0\np:\np:1\nj:0,1~\n' >"$T/own.gen"
expect_exit 0 "$C2RT" body "$T/own.gen" --list
contains "$T/out" "2. two	(16 characters)"
expect_exit 0 "$C2RT" body "$T/own.gen" --genotype two --format f0
[ "$(cat "$T/out")" = "$(printf 'p:\np:1.0\nj:0, 1')" ] || die "own.gen genotype two"

# Usage errors.
expect_exit 1 "$C2RT" body "$W" --format yaml
expect_exit 1 "$C2RT" body "$W" --list
expect_exit 1 "$C2RT" body
expect_exit 2 "$C2RT" body "$T/missing.f0"

# Garbage, binary, truncated: refused (exit 2) or loaded, never a crash.
printf 'hello world\n' >"$T/garbage.txt"
expect_exit 2 "$C2RT" body "$T/garbage.txt"
python3 -c 'import random,sys; random.seed(7); sys.stdout.buffer.write(bytes(random.randrange(256) for _ in range(3000)))' >"$T/random.f0"
"$C2RT" body "$T/random.f0" >/dev/null 2>"$T/err"; rc=$?
[ $rc -eq 2 ] || die "random bytes: exit $rc"
size=$(wc -c <"$W")
i=1
while [ $i -lt "$size" ]; do
	head -c $i "$W" >"$T/cut.f0"
	"$C2RT" body "$T/cut.f0" --format sdk >/dev/null 2>"$T/err"; rc=$?
	grep -q -e 'Sanitizer' -e 'runtime error:' "$T/err" && { cat "$T/err" >&2; die "sanitizer at $i"; }
	[ $rc -eq 0 ] || [ $rc -eq 2 ] || die "cut at $i: exit $rc"
	i=$((i + 37))
done
exit 0
