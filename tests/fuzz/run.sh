#!/bin/sh
# Fuzz every target with libFuzzer for a bounded time (make fuzz).
#
# Usage: tests/fuzz/run.sh BUILD_DIR FUZZ_BUILD_DIR SECONDS
#
# BUILD_DIR holds the tool that makes the inputs (tests/fuzz/make-inputs.sh);
# FUZZ_BUILD_DIR/fuzz/fuzz_* are the targets built by `make FUZZ=1`. Each
# target starts from its committed seeds (tests/fuzz/seeds/TARGET/), the
# inputs made at run time (BUILD_DIR/fuzz-inputs/TARGET/, the real norn
# among them) and its regressions (tests/fuzz/regressions/TARGET/), and
# grows its own corpus in FUZZ_BUILD_DIR/corpus/TARGET/. A crash, leak,
# timeout or out-of-memory input is saved as
# tests/fuzz/regressions/TARGET/crash-* (leak-*, timeout-*, oom-*) — rename
# it after what it caught, note it in tests/fuzz/regressions/README.md,
# and `make test` replays it from then on — and the run fails.
# The last lines are a table: coverage when the seeds were loaded and at
# the end, and the executions, per target.
set -u
BUILD=${1:?usage: tests/fuzz/run.sh BUILD_DIR FUZZ_BUILD_DIR SECONDS}
FB=${2:?}
SECS=${3:?}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
tests/fuzz/make-inputs.sh "$BUILD" || exit 1
mkdir -p "$FB/logs"
failed="" table=""
for bin in "$FB"/fuzz/fuzz_*; do
	[ -x "$bin" ] || continue
	n=$(basename "$bin")
	corpus=$FB/corpus/$n
	reg=tests/fuzz/regressions/$n
	mkdir -p "$corpus" "$reg"
	dirs=$corpus
	for d in "tests/fuzz/seeds/$n" "$BUILD/fuzz-inputs/$n" "$reg"; do
		[ -d "$d" ] && dirs="$dirs $d"
	done
	log=$FB/logs/$n.log
	echo "fuzz: $n for ${SECS}s"
	# shellcheck disable=SC2086  # the corpus folders are separate arguments
	"$bin" -max_total_time="$SECS" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$reg/" $dirs >"$log" 2>&1
	rc=$?
	init=$(grep -m1 'INITED' "$log" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
	final=$(grep 'cov:' "$log" | tail -n 1 | sed -n 's/.*cov: \([0-9]*\) ft: \([0-9]*\).*/\1 \2/p')
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	corp=$(grep 'corp:' "$log" | tail -n 1 | sed -n 's/.*corp: \([0-9]*\)\/\([0-9a-zA-Z]*\).*/\1 (\2)/p')
	table="$table$(printf '%-18s %8s %8s %8s %10s  %s' "$n" "${init:-?}" "${final% *}" \
		"${final#* }" "${execs:-?}" "${corp:-?}")
"
	if [ $rc -ne 0 ]; then
		failed="$failed $n"
		echo "fuzz: $n FAILED (exit $rc); the input is in $reg/:"
		grep -E 'ERROR|SUMMARY|Test unit written|artifact_prefix' "$log" | tail -n 10 | sed 's/^/    /'
	fi
done
echo
printf '%-18s %8s %8s %8s %10s  %s\n' target "cov@seed" cov features executions "corpus (bytes)"
printf '%s' "$table"
[ -z "$failed" ] || { echo "fuzz: failed:$failed (logs in $FB/logs/)"; exit 1; }
echo "fuzz: every target ran ${SECS}s without a finding (logs in $FB/logs/)"
