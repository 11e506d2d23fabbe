# svrule_check.sh — the shipped corpus passes; a deliberately wrong line, a
# malformed line and a bad value are each reported as FILE:LINE, exit 2.
. tests/cli/lib.sh

expect_exit 0 "$C2RT" svrule check tests/svrule/corpus.tsv
contains "$T/out" "tests/svrule/corpus.tsv: "
contains "$T/out" ", 0 mismatches"
n=$(sed -n 's/.*: \([0-9]*\) cases, 0 mismatches/\1/p' "$T/out")
[ "$n" -ge 300 ] || die "corpus has only $n cases"

# A corpus with one wrong expectation (line 4), one malformed line (6), an
# unknown input (7), and a random range that is too narrow (8).
printf '# a corpus of my own\n' >"$T/mine.tsv"
printf 'state PLUS type0\tstate=10 type0=5\t15\n' >>"$T/mine.tsv"
printf '\n' >>"$T/mine.tsv"
printf 'state PLUS type0\tstate=10 type0=5\t16\tdeliberately wrong\n' >>"$T/mine.tsv"
printf 'random 0 255\t-\tevery 0..255\n' >>"$T/mine.tsv"
printf 'state PLUS type0\tstate=10\n' >>"$T/mine.tsv"
printf 'state\tbanana=3\t0\n' >>"$T/mine.tsv"
printf 'random 0 chem0\tchem0=9\tevery 0..8\n' >>"$T/mine.tsv"
expect_exit 2 "$C2RT" svrule check "$T/mine.tsv"
contains "$T/out" "$T/mine.tsv:4: state PLUS type0 [state=10 type0=5]: got 15, expected 16"
contains "$T/out" "$T/mine.tsv:6: expected RULE<TAB>INPUTS<TAB>EXPECTED"
contains "$T/out" "$T/mine.tsv:7: inputs: unknown input 'banana'"
contains "$T/out" "$T/mine.tsv:8: random 0 chem0 [chem0=9]: got 9, expected every 0..8"
contains "$T/out" "$T/mine.tsv: 6 cases, 4 mismatches"
if grep -q "mine.tsv:2:" "$T/out" || grep -q "mine.tsv:5:" "$T/out"; then
	die "a correct line was reported"
fi
expect_exit 2 "$C2RT" svrule check "$T/does-not-exist.tsv"
exit 0
