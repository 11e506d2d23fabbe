# brain_sum_rules.sh — issue 15: dendrite rules that read the input sums
# (type0/type1/anded0/anded1) cost linear time. The norn with its decision
# lobe's susceptibility and reinforcement rules rewritten to read all four
# sums on every dendrite (made here from ../shared, never committed) runs the
# stimulated brain bench within a bounded factor of the norn, in instructions
# per brain tick counted by callgrind (deterministic): at most 3x (issue 15).
# Before the sums were kept current the factor was ~220 (every read summed
# the neuron's 128 dendrites), then ~26 on the plain per-dendrite path;
# such rules now run neuron by neuron sixteen dendrites at a time, planned
# again whenever a weight moves a sum (brain/sum_rules.c, BRAIN_DSUMS): ~2.
. tests/cli/lib.sh
need_shared
command -v valgrind >/dev/null 2>&1 || { echo "valgrind not installed"; exit 77; }
case $BUILD in */san|*/o0) echo "instruction counts are measured on the -O2 build"; exit 77 ;; esac
BENCH=$BUILD/bench/brain
[ -x "$BENCH" ] || die "no $BENCH"

expect_exit 0 "$C2RT" dump "$NORN"
awk '
/^gene lobe/ { lobe++ }
lobe == 7 && $1 == "d0.suscept_rule" { print "    d0.suscept_rule type1 FALSE input TRUE output TRUE suscept move-twrds 255 64"; next }
lobe == 7 && $1 == "d1.suscept_rule" { print "    d1.suscept_rule type0 FALSE input TRUE output TRUE suscept move-twrds 255 64"; next }
lobe == 7 && $1 == "d0.reinforce_rule" { print "    d0.reinforce_rule anded0 FALSE chem0"; next }
lobe == 7 && $1 == "d1.reinforce_rule" { print "    d1.reinforce_rule anded1 FALSE chem1"; next }
{ print }' "$T/out" >"$T/sums.txt"
[ "$(diff "$T/out" "$T/sums.txt" | grep -c '^>')" -eq 4 ] || die "the four rules were not rewritten"
expect_exit 0 "$C2RT" asm "$T/sums.txt" -o "$T/sums.gen"
expect_exit 0 "$C2RT" validate "$T/sums.gen" --strict

ir() { # genome ticks -> total Ir
	valgrind --tool=callgrind --callgrind-out-file="$T/cg" "$BENCH" --genome "$1" --ticks "$2" \
		>/dev/null 2>"$T/cg.err" || { cat "$T/cg.err" >&2; die "callgrind failed"; }
	sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$T/cg" | head -n 1
}
N=200
norn=$(( ($(ir "$NORN" $N) - $(ir "$NORN" 0)) / N ))
sums=$(( ($(ir "$T/sums.gen" $N) - $(ir "$T/sums.gen" 0)) / N ))
echo "instructions per brain tick: norn $norn, sum-reading rules $sums"
[ "$sums" -le $(( 3 * norn )) ] || die "sum-reading rules cost $sums per brain tick, over 3x the norn's $norn"
