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
exit $status
