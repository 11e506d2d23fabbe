#!/bin/sh
# Run every benchmark of a build: ticks per second, and with valgrind the
# instructions per tick measured by callgrind.
#
# Usage: scripts/bench.sh [BUILD_DIR]        (make bench runs it for build/)
#
# The contract for a benchmark binary BUILD/bench/NAME (so a new one just
# drops in): it accepts `--ticks N`, prints a line `ticks N` among its
# output, and exits 77 when it cannot run (e.g. the C2 data is missing).
# Instructions per tick = (Ir of a run with --ticks $BENCH_CG_TICKS minus Ir
# of a run with --ticks 0) / $BENCH_CG_TICKS, so set-up cost is not counted.
#
#   BENCH_TICKS      ticks for the timed run (default 20000)
#   BENCH_CG_TICKS   ticks for the callgrind run (default 2000)
#   BENCH_JOBS_RUNS  mutant lifetimes timed with --jobs 1 and --jobs 2 (default 200)
#   BENCH_LIFETIMES  mutant lifetimes in the big batch, --jobs 2 (default 1000; 0: skip)
set -u
BUILD=${1:-build}
TICKS=${BENCH_TICKS:-20000}
CG_TICKS=${BENCH_CG_TICKS:-2000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
: "${C2RT_SHARED:=$ROOT/../shared}"
export C2RT_SHARED
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/c2rt-bench.XXXXXX")
trap 'rm -rf "$TMPD"' EXIT INT TERM

# Total instructions (Ir) of one callgrind run of "$@".
callgrind_ir() {
	out="$TMPD/cg.out"
	rm -f "$out"
	valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>"$TMPD/cg.err" ||
		return 1
	sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$out" | head -n 1
}

status=0
for bin in "$BUILD"/bench/*; do
	[ -f "$bin" ] && [ -x "$bin" ] || continue
	name=$(basename "$bin")
	echo "== bench $name"
	"$bin" --ticks "$TICKS" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ $rc -eq 77 ]; then
		echo "$name: skipped: $(tail -n 1 "$TMPD/err")"
		continue
	elif [ $rc -ne 0 ]; then
		cat "$TMPD/err"
		echo "$name: FAILED (exit $rc)"
		status=1
		continue
	fi
	cat "$TMPD/out"
	grep -q "^ticks $TICKS\$" "$TMPD/out" || {
		echo "$name: did not print 'ticks $TICKS'"
		status=1
		continue
	}
	if ! command -v valgrind >/dev/null 2>&1; then
		echo "$name: valgrind not installed: no instruction counts"
		continue
	fi
	ir0=$(callgrind_ir "$bin" --ticks 0) && irn=$(callgrind_ir "$bin" --ticks "$CG_TICKS") &&
		[ -n "$ir0" ] && [ -n "$irn" ] || {
		echo "$name: callgrind failed"
		cat "$TMPD/cg.err"
		status=1
		continue
	}
	per=$(( (irn - ir0) / CG_TICKS ))
	echo "$name: $per instructions per tick (callgrind: $irn - $ir0 Ir over $CG_TICKS ticks)"
done
# Issue 4's figure: a whole standard-norn lifetime, measured, not estimated.
if [ -x "$BUILD/bench/creature" ]; then
	echo "== a whole lifetime (the standard norn, fed, until it dies)"
	"$BUILD/bench/creature" --lifetime 2>"$TMPD/err"
	rc=$?
	if [ $rc -eq 77 ]; then
		echo "lifetime: skipped: $(tail -n 1 "$TMPD/err")"
	elif [ $rc -ne 0 ]; then
		cat "$TMPD/err"
		status=1
	fi
fi
# Issue 13's figures: batches of fed norn mutants, each run until it dies.
NORN="$C2RT_SHARED/genomes/c2-norn.gen"
JOBS_RUNS=${BENCH_JOBS_RUNS:-200}
LIFETIMES=${BENCH_LIFETIMES:-1000}
now() { date +%s.%N; }
# CPU seconds (user + system) used so far by this script's finished children,
# into $cpu_s: with other work on the machine, CPU / wall says how many
# cores a batch got. (`times` must run in this shell, not in a $(...).)
cpu() {
	times >"$TMPD/times"
	cpu_s=$(awk 'NR == 2 { split($1, u, "m"); split($2, s, "m"); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$TMPD/times")
}
if [ -f "$NORN" ] && [ -x "$BUILD/c2rt" ]; then
	C2RT=$BUILD/c2rt
	n=$((JOBS_RUNS > LIFETIMES ? JOBS_RUNS : LIFETIMES))
	printf 'every 100 inject Glucose 80\nevery 100 inject Hunger_Decrease 20\n' >"$TMPD/feed.ev"
	"$C2RT" mutate "$NORN" --n "$n" -o "$TMPD/mut" --seed 1 --log "$TMPD/mut.json" || status=1
	mkdir -p "$TMPD/first"
	for f in $(ls "$TMPD/mut" | head -n "$JOBS_RUNS"); do ln -s "$TMPD/mut/$f" "$TMPD/first/$f"; done
	echo "== batch: $JOBS_RUNS fed norn mutants until death, --jobs 1 against --jobs 2"
	echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) (other work on this machine slows both)"
	for j in 1 2; do
		cpu; t0=$(now) c0=$cpu_s
		"$C2RT" batch --dir "$TMPD/first" --until death --events "$TMPD/feed.ev" --jobs $j --quiet \
			-o "$TMPD/jobs$j.csv" || status=1
		cpu; t1=$(now) c1=$cpu_s
		eval "wall$j=$(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }")"
		echo "jobs $j: $(awk "BEGIN { printf \"%.1f s wall, %.1f s CPU: %.2f cores\", $t1 - $t0, $c1 - $c0, ($c1 - $c0) / ($t1 - $t0) }")"
	done
	echo "speed-up of --jobs 2 over --jobs 1: $(awk "BEGIN { printf \"%.2f\", $wall1 / $wall2 }")"
	python3 "$ROOT/tests/cli/batchcmp.py" "$TMPD/jobs1.csv" "$TMPD/jobs2.csv" >/dev/null &&
		echo "the two result files agree (wall times aside)" || { echo "jobs 1 and 2 disagree"; status=1; }
	if [ "$LIFETIMES" -gt 0 ]; then
		echo "== batch: $LIFETIMES fed norn mutant lifetimes, --jobs 2"
		echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
		cpu; t0=$(now) c0=$cpu_s
		"$C2RT" batch --dir "$TMPD/mut" --until death --events "$TMPD/feed.ev" --jobs 2 --quiet \
			-o "$TMPD/life.csv" || status=1
		cpu; t1=$(now) c1=$cpu_s
		echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
		echo "$LIFETIMES lifetimes: $(awk "BEGIN { printf \"%.1f s wall, %.1f s CPU: %.2f cores\", $t1 - $t0, $c1 - $c0, ($c1 - $c0) / ($t1 - $t0) }")"
		python3 - "$TMPD/life.csv" <<'PY' || status=1
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
life = sorted(float(r["lifespan_s"]) / 3600 for r in rows if not r["error"])
causes = {}
for r in rows:
    causes[r["cause"] or "error"] = causes.get(r["cause"] or "error", 0) + 1
ticks = sum(int(r["ticks"] or 0) for r in rows)
cpu = sum(float(r["wall_s"]) for r in rows)
print("%d runs, %d failed; lifespan (creature hours) min %.2f, median %.2f, max %.2f" %
      (len(rows), len(rows) - len(life), life[0], statistics.median(life), life[-1]))
print("causes of death: " + ", ".join("%s %d" % kv for kv in sorted(causes.items())))
print("%.0f ticks per second per run (sum of the runs' wall times %.0f s)" % (ticks / cpu, cpu))
PY
	fi
fi
exit $status
