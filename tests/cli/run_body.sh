# run_body.sh — a creature with a body (`c2rt run GENOME --body FILE`):
# the trace's body columns; the body moving while the creature acts and
# lying still (speed under 1% of its awake mean within 10 creature-seconds)
# once it sleeps; a saved and resumed run identical to a straight one;
# wiring files, good and bad; option errors. Our own genome and bodies
# first; then, with the shared data, the norn with johnnie.xode and with the
# f0 walker of walking.gen, fed, and the ATP its muscles spend with a
# moving body against none. (make bench runs the 6000-tick versions.)
. "$(dirname "$0")/lib.sh"
STARTER="$BUILD/genomes/starter.gen"
W="$ROOT/genomes/walker.f0"
P="$ROOT/tests/fixtures/paddler.xode"

# check_body TRACE SLEEP_TICK [WITHIN]: awake mean speed (before SLEEP_TICK,
# not asleep, resting or dreaming) > 0.01, and from SLEEP_TICK + WITHIN
# (default 100: 10 creature-seconds) on, for the 20 creature-seconds
# run_body_sleep.sh watches, every speed under 1% of it. (Not to the end of
# the run: a body lying limp can still settle — the norn's johnnie.xode,
# asleep from tick 600, slid 0.09 units at tick 1290, 0.4% of its size.)
# Prints "mean first_still_tick".
check_body() {
	python3 - "$1" "$2" "${3:-100}" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
sleep, within = int(sys.argv[2]), int(sys.argv[3])
awake = [float(r["body:speed"]) for r in rows
         if int(r["tick"]) < sleep and r["action"] not in ("asleep", "dreaming", "rest")]
mean = sum(awake) / len(awake)
after = [(int(r["tick"]), float(r["body:speed"])) for r in rows
         if sleep <= int(r["tick"]) <= sleep + within + 200]
still = next((t for t, _ in after if all(s < 0.01 * mean for u, s in after if u >= t)), None)
if mean <= 0.01:
    sys.exit("the body hardly moved while the creature was awake (mean speed %g)" % mean)
if still is None or still > sleep + within:
    sys.exit("still from tick %s after sleeping at %d (awake mean %g)" % (still, sleep, mean))
print(mean, still)
PY
}

# The body columns, and a body that moves while awake and rests asleep
# (the starter is a quiet creature: its walker gets 20 s to settle).
printf 'at 700 sleep\n' >"$T/sleep.ev"
for body in "$W:200" "$P:100"; do
	expect_exit 0 "$C2RT" run "$STARTER" --body "${body%:*}" --events "$T/sleep.ev" --ticks 1000 \
		--trace "$T/b.csv" --quiet
	head -n 1 "$T/b.csv" | grep -q ',body:x,body:y,body:z,body:speed,body:energy$' ||
		die "no body columns: $(head -n 1 "$T/b.csv")"
	check_body "$T/b.csv" 700 "${body#*:}" >"$T/check" || die "$(basename "${body%:*}")"
	echo "$(basename "${body%:*}"): awake mean speed and first still tick: $(cat "$T/check")"
done
expect_exit 0 "$C2RT" run "$STARTER" --ticks 10 --trace "$T/nobody.csv" --quiet
grep -q 'body:' "$T/nobody.csv" && die "body columns without a body"

# Save at tick 300, resume: the same trace and hashes as a straight run.
for body in "$W" "$P"; do
	expect_exit 0 "$C2RT" run "$STARTER" --body "$body" --ticks 600 --hash-every 50 \
		--trace "$T/straight.csv" --every 1 --quiet
	tail -n 6 "$T/out" >"$T/straight.hash"
	expect_exit 0 "$C2RT" run "$STARTER" --body "$body" --ticks 300 --save "$T/s.snap" --quiet
	expect_exit 0 "$C2RT" run --resume "$T/s.snap" --ticks 300 --hash-every 50 \
		--trace "$T/resumed.csv" --every 1 --quiet
	tail -n 6 "$T/out" >"$T/resumed.hash"
	cmp -s "$T/straight.hash" "$T/resumed.hash" || die "$(basename "$body"): resumed hashes differ"
	tail -n 300 "$T/straight.csv" >"$T/a"
	tail -n 300 "$T/resumed.csv" >"$T/b"
	cmp -s "$T/a" "$T/b" || die "$(basename "$body"): the resumed trace differs"
done
# A snapshot without a body keeps version 1; with one it is version 2.
expect_exit 0 "$C2RT" run "$STARTER" --ticks 5 --save "$T/nobody.snap" --quiet
[ "$(od -An -tu1 -j8 -N1 "$T/nobody.snap" | tr -d ' ')" = 1 ] || die "bodyless snapshot not version 1"
[ "$(od -An -tu1 -j8 -N1 "$T/s.snap" | tr -d ' ')" = 2 ] || die "body snapshot not version 2"

# Wiring files: a good one changes what drives the body; bad lines are
# refused with FILE:LINE: reason.
printf '# drive nothing\nall <- 0\n' >"$T/still.wiring"
expect_exit 0 "$C2RT" run "$STARTER" --body "$W" --wiring "$T/still.wiring" --ticks 400 \
	--trace "$T/still.csv" --quiet
expect_exit 0 "$C2RT" run "$STARTER" --body "$W" --ticks 400 --trace "$T/default.csv" --quiet
python3 - "$T/still.csv" "$T/default.csv" <<'PY' || die "a body wired to nothing worked as hard"
import csv, sys
still, default = (float(list(csv.DictReader(open(f)))[-1]["body:energy"]) for f in sys.argv[1:3])
sys.exit(0 if still < 0.05 * default else "work %g wired to nothing, %g by default" % (still, default))
PY
printf 'J2| <- rhythm@0.25 * drive hunger * 2 + 0.1\nleft_hip <- rhythm * activity\n' >"$T/mixed.wiring"
expect_exit 2 "$C2RT" run "$STARTER" --body "$W" --wiring "$T/mixed.wiring" --ticks 10
contains "$T/err" "mixed.wiring:2: no effector 'left_hip'"
printf 'left_hip <- rhythm * activity\nright_hip <- own * chem ATP - 0.5\ntail_slide <- lobe decision 3\n' >"$T/p.wiring"
expect_exit 0 "$C2RT" run "$STARTER" --body "$P" --wiring "$T/p.wiring" --ticks 50 --quiet
bad() { # bad 'LINE' 'REASON'
	printf '# a comment\n%s\n' "$1" >"$T/bad.wiring"
	expect_exit 2 "$C2RT" run "$STARTER" --body "$P" --wiring "$T/bad.wiring" --ticks 1
	contains "$T/err" "bad.wiring:2: $2"
}
bad 'left_hip rhythm' "expected 'EFFECTOR <- SIGNAL * ...'"
bad 'left_hip <-' "expected 'EFFECTOR <- SIGNAL * ...'"
bad 'left_hip <- rhythm * own' "one wave (rhythm, own) a line"
bad 'left_hip <- drive nothing' "'drive' wants a drive, not 'nothing'"
bad 'left_hip <- chem' "'chem' needs 1 argument"
bad 'left_hip <- gait 99' "'gait' wants a gait locus number, not '99'"
bad 'left_hip <- rhythm@x' "rhythm@PHASE wants a phase in cycles"
bad 'left_hip <- rhythm activity' "expected '*', '+' or '-' before 'activity'"
bad 'left_hip <- rhythm *' "nothing after '*'"
bad 'left_hip <- rhythm + x' "'+' must be followed by a number"
bad 'left_hip <- banana' "'banana' is not a number, a wave"
bad 'nobody <- rhythm' "no effector 'nobody'"

# Option errors.
expect_exit 1 "$C2RT" run "$STARTER" --wiring "$T/p.wiring" --ticks 1
contains "$T/err" "go with --body"
expect_exit 1 "$C2RT" run --resume "$T/s.snap" --body "$W" --ticks 1
contains "$T/err" "come from the snapshot"
expect_exit 1 "$C2RT" run "$STARTER" --body "$STARTER" --ticks 1
contains "$T/err" "a Creatures genome, not a body"
printf '//0\np:\np:1\nj:0,1\nj:1,0\n' >"$T/bad.f0"
expect_exit 2 "$C2RT" run "$STARTER" --body "$T/bad.f0" --ticks 1
contains "$T/err" "bad.f0:5:"
printf '//0\np:\nn:d="C2In:s=drive:nothing"\n' >"$T/port.f0"
expect_exit 2 "$C2RT" run "$STARTER" --body "$T/port.f0" --ticks 1
contains "$T/err" "port.f0:3: 'drive' wants a drive, not 'nothing'"

# C2In and C2Out: a drive into the network, its sum out to a floating locus
# (the walker with a port neuron runs and its body moves).
printf '//0\np:\np:1\nj:0,1\nn:d="C2In:s=drive:hunger"\nn:j=0,d=|\nn:d="C2Out:s=float:2"\nc:1,0\nc:2,0,0.5\n' >"$T/ports.f0"
expect_exit 0 "$C2RT" run "$STARTER" --body "$T/ports.f0" --ticks 100 --trace "$T/ports.csv" --quiet

have_shared || { echo "no C2 data at $C2RT_SHARED: norn part skipped"; exit 0; }
# The norn, fed, with johnnie.xode and the walker of walking.gen: moving
# while awake, still after sleeping; the ATP its muscles spend (hexokinase,
# which turns ATP into ADP one for one, summed over its rises) against the
# same norn without a body.
# (When short, 750 ticks: still the feeds at 300 and 600, the sleep at 600
# and the 100 ticks check_body allows it to come to rest.)
ticks=1500
short && ticks=750
printf 'every 300 food 5 Starch 60 Glucose 40\nat 600 sleep\n' >"$T/norn.ev"
hexo() { python3 -c "
import csv, sys
h = [int(r['chem:Hexokinase']) for r in csv.DictReader(open(sys.argv[1]))]
print(sum(max(0, b - a) for a, b in zip(h, h[1:])))" "$1"; }
expect_exit 0 "$C2RT" run "$NORN" --events "$T/norn.ev" --ticks "$ticks" --chem ATP,Hexokinase \
	--trace "$T/none.csv" --quiet
none=$(hexo "$T/none.csv")
for body in "$C2RT_SHARED/bodies/xode/johnnie.xode" "$C2RT_SHARED/bodies/frams/walking.gen"; do
	expect_exit 0 "$C2RT" run "$NORN" --body "$body" --events "$T/norn.ev" --ticks "$ticks" \
		--chem ATP,Hexokinase --trace "$T/n.csv" --quiet
	check_body "$T/n.csv" 600 >"$T/check" || die "$(basename "$body")"
	spent=$(hexo "$T/n.csv")
	echo "$(basename "$body"): awake mean speed, first still tick: $(cat "$T/check"); muscle ATP $spent (no body: $none)"
	[ "$spent" -gt "$none" ] || die "$(basename "$body"): muscle ATP $spent, no more than $none without a body"
done
exit 0
