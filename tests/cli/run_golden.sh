# run_golden.sh — determinism of whole creatures: state hashes every 2000
# ticks of the starter creature (our own genome: runs without the shared C2
# data) and of the real norn must match tests/golden/. make test runs this
# for -O2, for the sanitizer build and for an -O0 build, so all three are
# held to the same bits.
. "$(dirname "$0")/lib.sh"
STARTER="$BUILD/genomes/starter.gen"
[ -f "$STARTER" ] || die "no $STARTER (make builds it)"

expect_exit 0 "$C2RT" run "$STARTER" --seed 3 --events "$ROOT/genomes/starter.events" \
	--ticks 40000 --hash-every 2000 --quiet
[ "$(wc -l <"$T/out")" -eq 20 ] || die "expected 20 hash lines"
golden run_starter_hashes.txt "$T/out"

if have_shared; then
	printf 'every 100 inject Glucose 80\nevery 100 inject Hunger_Decrease 20\nevery 700 stimulus 1 from hand\n' >"$T/feed.ev"
	expect_exit 0 "$C2RT" run "$NORN" --seed 9 --sex m --events "$T/feed.ev" \
		--ticks 40000 --hash-every 2000 --quiet
	golden run_norn_hashes.txt "$T/out"
fi
exit 0
