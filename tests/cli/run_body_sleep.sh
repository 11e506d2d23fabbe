# run_body_sleep.sh — issue 12's "lies still after a sleep event", whenever
# the sleep comes: the standard norn, fed as `bench/body --acceptance` feeds
# it ("every 600 food 5 Starch 60 Glucose 40"), with johnnie.xode and with
# the f0 walker of walking.gen, put to sleep at ticks 600, 1500, 3000 and
# 4500 (one run each, as the acceptance's single `at N sleep`): from 10
# creature-seconds after the sleep event on, the body's speed stays under
# 1% of its mean while awake (not asleep, dreaming or resting) before it.
#
# The four runs share their first N ticks, so they are one run fed up to
# each N, saved there, and each resumed with the sleep event added (a
# resumed run continues bit for bit: run_body.sh checks it) for 20 s.
# Needs the shared data. Not under the sanitizers: 6,000 world ticks of
# ODE per body take minutes there, and the same bits are held at -O2, -O0
# and under ASan by body_golden.sh.
. "$(dirname "$0")/lib.sh"
need_shared
case $BUILD in */san) echo "sanitizer build: skipped (see the header)"; exit 0 ;; esac

SLEEPS="600 1500 3000 4500"
AFTER=200 # ticks watched after each sleep event (20 creature-seconds)
FEED='every 600 food 5 Starch 60 Glucose 40'
printf '%s\n' "$FEED" >"$T/feed.ev"

for body in "$C2RT_SHARED/bodies/xode/johnnie.xode" "$C2RT_SHARED/bodies/frams/walking.gen"; do
	name=$(basename "$body")
	# The fed run, saved at each sleep tick; its trace is every tick.
	prev=0 snap=
	: >"$T/awake.csv"
	for n in $SLEEPS; do
		if [ -z "$snap" ]; then
			expect_exit 0 "$C2RT" run "$NORN" --body "$body" --events "$T/feed.ev" --ticks "$n" \
				--every 1 --trace "$T/part.csv" --save "$T/at$n.snap" --quiet
		else
			expect_exit 0 "$C2RT" run --resume "$snap" --events "$T/feed.ev" --ticks $((n - prev)) \
				--every 1 --trace "$T/part.csv" --save "$T/at$n.snap" --quiet
		fi
		if [ -s "$T/awake.csv" ]; then tail -n +2 "$T/part.csv" >>"$T/awake.csv"; else cp "$T/part.csv" "$T/awake.csv"; fi
		prev=$n snap="$T/at$n.snap"
	done
	for n in $SLEEPS; do
		printf '%s\nat %d sleep\n' "$FEED" "$n" >"$T/sleep.ev"
		expect_exit 0 "$C2RT" run --resume "$T/at$n.snap" --events "$T/sleep.ev" --ticks "$AFTER" \
			--every 1 --trace "$T/asleep.csv" --quiet
		python3 - "$T/awake.csv" "$T/asleep.csv" "$n" <<'PY' >"$T/check" || die "$name, sleep at $n: $(cat "$T/check")"
import csv, sys
sleep = int(sys.argv[3])
awake = {}
for r in csv.DictReader(open(sys.argv[1])):
    awake[int(r["tick"])] = r
speeds = [float(r["body:speed"]) for t, r in awake.items()
          if t < sleep and r["action"] not in ("asleep", "dreaming", "rest")]
mean = sum(speeds) / len(speeds)
after = {sleep: float(awake[sleep]["body:speed"])}
after.update((int(r["tick"]), float(r["body:speed"])) for r in csv.DictReader(open(sys.argv[2])))
ticks = sorted(after)
if mean <= 0.01 or len(ticks) < 150:
    print("awake mean speed %g over %d ticks; %d ticks after the sleep" % (mean, len(speeds), len(ticks)))
    sys.exit(1)
still = None # the first tick from which every speed stays under 1% of the awake mean
for t in reversed(ticks):
    if after[t] >= 0.01 * mean:
        break
    still = t
if still is None or still > sleep + 100:
    print("not still within 10 s: still from tick %s (awake mean %.4f, %.4f at %d)"
          % (still, mean, max(after[t] for t in ticks if t > sleep + 100), sleep + 100))
    sys.exit(1)
print("awake mean %.4f, still %.1f s after the sleep event" % (mean, (still - sleep) / 10))
PY
		echo "$name, sleep at $n: $(cat "$T/check")"
	done
done
exit 0
