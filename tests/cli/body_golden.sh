# body_golden.sh — determinism of creatures with bodies: the starter
# creature (our own genome) with our own f0 walker (genomes/walker.f0) and
# our own XODE paddler (tests/fixtures/paddler.xode), state hashes every
# 250 ticks, against tests/golden/. make test runs this at -O2, under the
# sanitizers and at -O0 (test-determinism), so ODE's results through our
# code are held to the same bits at all three.
. "$(dirname "$0")/lib.sh"
STARTER="$BUILD/genomes/starter.gen"
[ -f "$STARTER" ] || die "no $STARTER (make builds it)"
: >"$T/all"
for body in "$ROOT/genomes/walker.f0" "$ROOT/tests/fixtures/paddler.xode"; do
	expect_exit 0 "$C2RT" run "$STARTER" --seed 3 --events "$ROOT/genomes/starter.events" \
		--body "$body" --ticks 1000 --hash-every 250 --quiet
	[ "$(wc -l <"$T/out")" -eq 4 ] || die "expected 4 hash lines for $body"
	{ echo "# $(basename "$body")"; cat "$T/out"; } >>"$T/all"
done
golden run_body_hashes.txt "$T/all"
exit 0
