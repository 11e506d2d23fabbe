#!/bin/sh
# python-bench.sh — instructions (callgrind) per world tick stepped from
# Python, 1,000 ticks a call and 1 tick a call, against `c2rt run` for the
# same ticks. Each figure is a difference of two runs (N ticks minus 0
# ticks), so start-up (the interpreter, imports, hatching) cancels out.
# Usage: scripts/python-bench.sh [BUILD [GENOME [TICKS]]]
set -eu
BUILD=${1:-build}
GENOME=${2:-$BUILD/genomes/starter.gen}
N=${3:-20000}
PY=${PYTHON:-/usr/bin/python3}
export C2RT_LIBRARY="$(cd "$BUILD" && pwd)/libc2rt.so"
ir() { # the instructions a command executes
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# First, without valgrind: both run all N ticks and end in the same state.
want=$("$BUILD/c2rt" run "$GENOME" --seed 1 --ticks "$N" --hash-every "$N" --quiet)
got=$("$PY" python/bench_step.py "$GENOME" "$N" 1000) || exit 1
[ "$want" = "$got" ] || { echo "python-bench: c2rt says '$want', Python '$got'" >&2; exit 1; }
cli0=$(ir "$BUILD/c2rt" run "$GENOME" --seed 1 --ticks 1 --quiet)
cli=$(ir "$BUILD/c2rt" run "$GENOME" --seed 1 --ticks $((N + 1)) --quiet)
py0=$(ir "$PY" python/bench_step.py "$GENOME" 0 1)
py1000=$(ir "$PY" python/bench_step.py "$GENOME" "$N" 1000)
py1=$(ir "$PY" python/bench_step.py "$GENOME" "$N" 1)
awk -v g="$GENOME" -v n="$N" -v c0="$cli0" -v c="$cli" -v p0="$py0" -v p1000="$py1000" -v p1="$py1" 'BEGIN {
	cli = (c - c0) / n; a = (p1000 - p0) / n; b = (p1 - p0) / n
	printf "%d ticks of %s, instructions per tick:\n", n, g
	printf "  c2rt run                 %10.0f\n", cli
	printf "  Python, 1000 ticks/call  %10.0f  (%+.2f%%)\n", a, 100 * (a - cli) / cli
	printf "  Python, 1 tick/call      %10.0f  (%+.2f%%)\n", b, 100 * (b - cli) / cli
}'
