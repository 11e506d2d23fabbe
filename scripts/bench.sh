#!/bin/sh
# make bench: one table of the figures issue 16 asks for, each with its ratio
# to the committed baseline (bench/baseline.txt), so a regression shows.
#
# Usage: scripts/bench.sh [BUILD_DIR]        (make bench runs it for build/)
#
# Instruction counts come from callgrind (deterministic; never wall time):
#   fed norn      Ir per world tick over a fed, stimulated norn's first
#                 $BENCH_FED_TICKS ticks (bench/creature), minus the Ir of a
#                 run with --ticks 0 (set-up subtracted)
#   brain         Ir per brain tick of bench/brain, stimulated and --quiet
#   garden        Ir per world tick of the same fed norn in worlds/garden.world
#                 (bench/creature --world), set-up subtracted; what the world
#                 adds over the fed norn alone may be at most 10% of it (issue
#                 23): over that, make bench fails
#   biochemistry  Ir of bc_tick and bc_brain_organ_tick (inclusive) in the
#                 fed-norn run, per biochemistry tick (every 2 world ticks)
#   population    Ir per creature-tick of 16 norns in one garden world and of
#                 16 lone norns, each in a garden of its own (bench/world_many,
#                 $BENCH_POP_TICKS ticks, set-up subtracted); the population
#                 may cost at most 10% more (issue 24): over that, make bench fails
# and, measured directly:
#   bytes         heap per creature, 100 norns in one process (bench/memory)
#   ticks/s       world ticks per CPU second of bench/creature (not callgrind)
#   body costs    CPU microseconds per world tick of a body alone, of the fed
#                 norn, and of the norn with that body (bench/body; johnnie.xode,
#                 walking.gen's walker, our genomes/walker.f0), and how many
#                 times real time the norn with the body runs
#
#   BENCH_FED_TICKS   default 60000      BENCH_CG_TICKS  brain ticks, default 2000
#   BENCH_BASELINE    default bench/baseline.txt ("name value" lines)
#   BENCH_JOBS_RUNS   mutant lifetimes timed with --jobs 1 and --jobs 2 (default 200)
#   BENCH_LIFETIMES   mutant lifetimes in the big batch, --jobs 2 (default 1000; 0: skip)
set -u
BUILD=${1:-build}
FED=${BENCH_FED_TICKS:-60000}
CG=${BENCH_CG_TICKS:-2000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BASE=${BENCH_BASELINE:-$ROOT/bench/baseline.txt}
: "${C2RT_SHARED:=$ROOT/../shared}"
export C2RT_SHARED
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/c2rt-bench.XXXXXX")
trap 'rm -rf "$TMPD"' EXIT INT TERM

if [ ! -f "$C2RT_SHARED/genomes/c2-norn.gen" ]; then
	echo "bench: skipped: no $C2RT_SHARED/genomes/c2-norn.gen"
	exit 0
fi
command -v valgrind >/dev/null 2>&1 || { echo "bench: valgrind is not installed"; exit 1; }

# callgrind_run OUT CMD...: total Ir of one run, the profile kept in OUT.
callgrind_run() {
	out=$1
	shift
	valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>"$TMPD/cg.err" || {
		cat "$TMPD/cg.err" >&2
		return 1
	}
	sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$out" | head -n 1
}

# Inclusive Ir of function $2 in profile $1.
inclusive() {
	callgrind_annotate --inclusive=yes "$1" 2>/dev/null |
		awk -v f=":$2 " '{ line = $0 " " } index(line, f) { gsub(",", "", $1); print $1; exit }'
}

set -e
ir0=$(callgrind_run "$TMPD/fed0" "$BUILD/bench/creature" --ticks 0)
irn=$(callgrind_run "$TMPD/fed" "$BUILD/bench/creature" --ticks "$FED")
fed=$(( (irn - ir0) / FED ))
GARDEN=$ROOT/worlds/garden.world
irw0=$(callgrind_run "$TMPD/garden0" "$BUILD/bench/creature" --ticks 0 --world "$GARDEN")
irw=$(callgrind_run "$TMPD/garden" "$BUILD/bench/creature" --ticks "$FED" --world "$GARDEN")
garden=$(( (irw - irw0) / FED ))
bc=$(inclusive "$TMPD/fed" bc_tick)
bo=$(inclusive "$TMPD/fed" bc_brain_organ_tick)
biochem=$(( (${bc:-0} + ${bo:-0}) / (FED / 2) ))

b0=$(callgrind_run "$TMPD/b0" "$BUILD/bench/brain" --ticks 0)
bs=$(callgrind_run "$TMPD/bs" "$BUILD/bench/brain" --ticks "$CG")
bq=$(callgrind_run "$TMPD/bq" "$BUILD/bench/brain" --ticks "$CG" --quiet)
stim=$(( (bs - b0) / CG ))
idle=$(( (bq - b0) / CG ))

# pop_cost MODE...: Ir per creature-tick of bench/world_many MODE 16, set-up
# subtracted (its creature-ticks: the ticks each creature lived).
POP=${BENCH_POP_TICKS:-6000}
pop_cost() {
	p0=$(callgrind_run "$TMPD/pop0" "$BUILD/bench/world_many" "$@" 16 0 "$GARDEN")
	p1=$(callgrind_run "$TMPD/pop1" "$BUILD/bench/world_many" "$@" 16 "$POP" "$GARDEN")
	ct=$("$BUILD/bench/world_many" "$@" 16 "$POP" "$GARDEN" | sed -n 's/^creature_ticks \([0-9]*\).*/\1/p')
	echo $(( (p1 - p0) / ct ))
}
pop_world=$(pop_cost)
pop_lone=$(pop_cost --lone)

bytes=$("$BUILD/bench/memory" | sed -n 's/^bytes_per_creature //p')
C2RT_ROOT=$ROOT "$BUILD/bench/body" --ticks "${BENCH_BODY_TICKS:-2000}" >"$TMPD/body"
tps=$("$BUILD/bench/creature" --ticks 200000 | sed -n 's/^ticks_per_second //p')
set +e

row() { # name value unit higher_is_better description
	base=$(awk -v n="$1" '$1 == n { print $2 }' "$BASE" 2>/dev/null)
	if [ -n "$base" ] && [ "$base" != 0 ]; then
		ratio=$(awk -v v="$2" -v b="$base" 'BEGIN { printf "%.2f", v / b }')
	else
		ratio="-"
		base="-"
	fi
	printf '%-22s %12s %-10s %12s %7s  %s\n' "$1" "$2" "$3" "$base" "$ratio" "$5"
}

printf '%-22s %12s %-10s %12s %7s  %s\n' figure value unit baseline ratio "what"
row fed_norn_world_tick "$fed" Ir lower "fed norn, first $FED world ticks, set-up subtracted"
row garden_world_tick "$garden" Ir lower "the same fed norn in worlds/garden.world"
row brain_tick_stimulated "$stim" Ir lower "bench/brain, stimulated input"
row brain_tick_idle "$idle" Ir lower "bench/brain --quiet"
row biochem_tick "$biochem" Ir lower "bc_tick + brain organ, per biochemistry tick (fed norn)"
row pop16_creature_tick "$pop_world" Ir lower "16 norns in one garden, per creature-tick ($POP ticks)"
row lone16_creature_tick "$pop_lone" Ir lower "16 lone norns, a garden each, per creature-tick"
row bytes_per_creature "$bytes" bytes lower "100 norns in one process (bench/memory)"
row ticks_per_second "$tps" ticks/s higher "fed norn world ticks per CPU second"
# body NAME body_us B norn_us C with_body_us W realtime R
while read -r _ name _ bus _ nus _ wus _ rt; do
	short=${name%%.*}
	row "body_${short}_tick" "$bus" us lower "$name alone, CPU per world tick"
	row "norn_${short}_tick" "$wus" us lower "the fed norn with $name ($nus us without), ${rt}x real time"
done <"$TMPD/body"
echo "(ratio = value / baseline from ${BASE#$ROOT/}; for ticks_per_second higher is better)"

status=0
# Issue 23's limit: the garden adds at most 10% to the fed norn's Ir per tick.
limit=$((fed / 10))
added=$((garden - fed))
pct=$(awk -v a="$added" -v f="$fed" 'BEGIN { printf "%.1f", 100 * a / f }')
if [ "$added" -le "$limit" ]; then
	echo "the garden adds $added Ir per world tick to the fed norn's $fed ($pct%; limit 10%: $limit): ok"
else
	echo "the garden adds $added Ir per world tick to the fed norn's $fed ($pct%): over the limit of 10% ($limit)"
	status=1
fi

# Issue 24's limit: a world of 16 norns costs at most 10% more per creature-tick.
pct=$(awk -v a="$pop_world" -v b="$pop_lone" 'BEGIN { printf "%.1f", 100 * (a - b) / b }')
if [ $((pop_world * 10)) -le $((pop_lone * 11)) ]; then
	echo "16 norns in one world: $pop_world Ir per creature-tick, 16 lone norns $pop_lone ($pct%; limit +10%): ok"
else
	echo "16 norns in one world: $pop_world Ir per creature-tick, 16 lone norns $pop_lone ($pct%): over the limit of +10%"
	status=1
fi

# Issue 12's acceptance runs: walkers alone for 60 s, the norn with a body.
echo "== bodies in motion (issue 12)"
C2RT_ROOT=$ROOT "$BUILD/bench/body" --acceptance

# Issue 4's figure: a whole standard-norn lifetime, measured, not estimated.
echo "== a whole lifetime (the standard norn, fed, until it dies)"
"$BUILD/bench/creature" --lifetime

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
life = sorted(float(r["age_s"]) / 3600 for r in rows if not r["error"])  # the alive ones too
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
