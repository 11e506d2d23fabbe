# run_golden.sh — determinism of whole creatures: state hashes every 2000
# ticks of the starter creature (our own genome: runs without the shared C2
# data), of the real norn and of a breeding pair of norns must match
# tests/golden/. make test runs this
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
	# A population: a female and a male norn in the taught garden court,
	# conceive (tick 41096), lay and hatch; the world's hashes and the
	# genealogy are held to the same bits.
	expect_exit 0 "$C2RT" run "$NORN" --sex f --seed 1 --world "$ROOT/worlds/garden.world" \
		--creature "$NORN:m:2" --events "$ROOT/worlds/garden.teach" --opt goal_direction=1 \
		--ticks 50000 --hash-every 5000 --genealogy "$T/gen.ndjson" --quiet
	# (who, when and what, not the crossovers and mutations: their field
	# values are the norn's bytes, which stay out of the repository)
	python3 -c 'import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    print(" ".join("%s=%s" % (k, r[k]) for k in r if k not in ("genome", "crossovers", "mutations")))' \
		"$T/gen.ndjson" >>"$T/out" || die "the genealogy is no NDJSON"
	grep -q ' type=hatch ' "$T/out" || die "the pair hatched no child in 50000 ticks"
	golden run_pop_hashes.txt "$T/out"
fi
exit 0
