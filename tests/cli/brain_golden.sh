# brain_golden.sh — determinism: the state hash of the norn's adult brain
# (instincts dreamt, driven through receptor loci: perception noise, a
# drive, reward and atrophy signals) every 100 ticks for 2000 ticks must
# match tests/golden/brain_norn_hashes.txt. make test runs this for -O2 and
# for the sanitizer build, so both are checked against the same hashes.
. tests/cli/lib.sh
need_shared

expect_exit 0 "$C2RT" brain "$NORN" --seed 1 --stage adult --dream --ticks 2000 \
	--hash-every 100 --locus 0:18=30 --locus 1:21=200 --locus 1:28=150 \
	--locus 6:13=40 --locus 6:15=10 --locus 8:13=20 --locus 8:14=2
[ "$(wc -l <"$T/out")" -eq 20 ] || die "expected 20 hash lines"
golden brain_norn_hashes.txt "$T/out"
exit 0
