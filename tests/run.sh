#!/bin/sh
# Run the whole test suite against one build directory.
#
# Usage: tests/run.sh BUILD_DIR      (make test runs it for build/ and build/san/)
#
#   - every cmocka unit test binary   BUILD/tests/test_*
#   - every fuzz target's replay      BUILD/tests/fuzz_*_replay over
#                                     tests/fuzz/regressions/fuzz_*/ and tests/fuzz/seeds/fuzz_*/
#   - every CLI / golden test script  tests/cli/*.sh
#
# A test exits 0 to pass, 77 to report a skip (e.g. the shared C2 data is not
# present) and anything else to fail. Real C2 data is read from $C2RT_SHARED
# (default: ../shared next to the checkout) and never copied into the repo.
#
# Environment (the Makefile sets these):
#   C2RT_T=NAME      only the tests whose name contains NAME
#   C2RT_CASES=GLOB  in the cmocka binaries, only the cases matching GLOB
#                    (tests/unit/cases.c)
#   C2RT_JOBS=N      N tests at a time (default 1; 0: one per core, what
#                    make check runs),
#                    the longest first (their times of the last run are kept
#                    in BUILD/test-times)
#   C2RT_QUICK=1     leave out LONG_TESTS below (make check)
#   C2RT_ONLY="a b"  only these CLI tests (the -O0 and clang passes)
#   C2RT_CORE_ONLY=1 the unit tests and fuzz replays only (make test-core)
set -u
BUILD=${1:?usage: tests/run.sh BUILD_DIR}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 1
BUILD=$(cd "$BUILD" && pwd)

# The long acceptance tests: make test runs them, make check does not (it
# would not stay within a minute). Each proves something the quick ones
# prove in small; keep this list short, and say why a test is on it.
#   body_resume_norn   the norn with a body, resumed at many points of a
#                      long run (run_body checks resuming on a short one)
#   run_body_sleep     the norn with a body until it falls asleep (bench/body
#                      --acceptance's run)
#   batch_kill, breed_kill, sweep_kill
#                      kill -9 at 20 moments each (outputs_attack and the
#                      batch tests cover the paths in a few)
#   world_learn        20 seeds of three learning experiments and their
#                      control (world_run, world_teach cover the hand)
#   docs_examples      every example of the README and docs/ (its commands
#                      are those the CLI tests check piecewise)
#   options            every option of every command shown to change the
#                      output (messages and options_used's quick cases stay)
#   batch_body, batch_body_jobs, run_body, view_body, body_f0_conformance
#                      bodies on ODE, each run seconds long (body_golden,
#                      body_simulate and test_body_sim cover the physics)
#   batch_world, view_world, view_screenshot, outputs_attack, events_cost
#                      runs of the norn, the garden and the window compared
#                      with run (world_run, view_record, outputs do in small)
LONG_TESTS="body_resume_norn run_body_sleep batch_kill breed_kill sweep_kill world_learn
docs_examples options batch_body batch_body_jobs run_body view_body body_f0_conformance
batch_world view_world view_screenshot outputs_attack events_cost"
LONG_TESTS=$(echo $LONG_TESTS) # one line, one space between names

: "${C2RT_SHARED:=$ROOT/../shared}"
C2RT=$BUILD/c2rt
export C2RT C2RT_SHARED ROOT BUILD
# The PNG checks import tests/cli/pngread.py: no __pycache__ in the tree.
export PYTHONDONTWRITEBYTECODE=1
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# cmocka prints each case; keep its output on failure only.
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/c2rt-test.XXXXXX")
trap 'rm -rf "$TMPD"' EXIT
trap 'exit 130' INT TERM
export C2RT_TMP="$TMPD"
JOBS=${C2RT_JOBS:-1}
case $JOBS in '' | *[!0-9]* | 0) JOBS=$(nproc 2>/dev/null || echo 1) ;; esac
TIMES=$BUILD/test-times
mkdir -p "$TMPD/q"

pass=0 fail=0 skip=0 failed="" sum_secs=0 sum_ms=0

selected() { # selected NAME: is test NAME to run?
	case " ${C2RT_QUICK:+$LONG_TESTS} " in *" $1 "*) return 1 ;; esac
	case $1 in *"${C2RT_T:-}"*) return 0 ;; esac
	return 1
}

TAB=$(printf '\t')

# run_now ID NAME COMMAND...: run one test, its log and status in
# $TMPD/q/ID.*; its wall and CPU seconds (the CPU time, user + system, of
# the test and what it waited for, from `times` in the test's subshell:
# "0m1.250000s 0m0.030000s" on its second line; it does not grow when the
# machine is shared: what make check's budget is kept in).
run_now() {
	n_id=$1 n_name=$2
	shift 2
	n_start=$(date +%s)
	("$@" >"$TMPD/q/$n_id.log" 2>&1; n_rc=$?; times >"$TMPD/q/$n_id.times"; exit $n_rc)
	n_rc=$?
	n_ms=$(awk 'NR == 2 {
		for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); t += p[1] * 60 + p[2] }
		printf "%d\n", t * 1000 }' "$TMPD/q/$n_id.times")
	printf '%s\t%s\t%s\n' "$(( $(date +%s) - n_start ))" "$n_name" "${n_ms:-0}" >"$TMPD/q/$n_id.secs"
	# Renamed into place: reap takes the .rc file's existence for the end
	# of the test, and must not read it between its creation and the write.
	echo $n_rc >"$TMPD/q/$n_id.rc.tmp" && mv "$TMPD/q/$n_id.rc.tmp" "$TMPD/q/$n_id.rc"
}

# report ID: print a finished test's line (and its log when it failed).
# (Functions here share the shell's variables: each keeps to its own names.)
report() {
	IFS=$TAB read -r r_secs r_name r_ms <"$TMPD/q/$1.secs"
	r_rc=$(cat "$TMPD/q/$1.rc")
	cat "$TMPD/q/$1.secs" >>"$TMPD/times"
	sum_secs=$((sum_secs + r_secs)) sum_ms=$((sum_ms + r_ms))
	if [ "$r_rc" -eq 0 ]; then
		pass=$((pass + 1))
		printf '  ok    %-40s %3ds %5.1fs CPU\n' "$r_name" "$r_secs" "$((r_ms / 100))e-1"
	elif [ "$r_rc" -eq 77 ]; then
		skip=$((skip + 1)); printf '  skip  %-40s %s\n' "$r_name" "$(tail -n 1 "$TMPD/q/$1.log")"
	else
		fail=$((fail + 1)); failed="$failed $r_name"
		printf '  FAIL  %-40s (exit %d)\n' "$r_name" "$r_rc"
		sed 's/^/        /' "$TMPD/q/$1.log" | tail -n 60
	fi
	rm -f "$TMPD/q/$1".*
}

section() { # a heading, when the tests run one at a time (in order)
	[ "$JOBS" -gt 1 ] || echo "$1"
}

# One at a time: run_one NAME COMMAND... runs it now. With C2RT_JOBS > 1
# it is queued, and run_queue runs the queue.
nq=0
run_one() {
	selected "$1" || return 0
	if [ "$JOBS" -le 1 ]; then
		run_now 0 "$@"
		report 0
		return 0
	fi
	nq=$((nq + 1))
	# Its last time (unknown: first), its number, its name; the command's
	# words one a line (no test's arguments hold a newline).
	o_secs=$(awk -F "$TAB" -v n="$1" '$2 == n {s = $1} END {print s}' "$TIMES" 2>/dev/null)
	printf '%s\t%s\t%s\n' "${o_secs:-9999}" "$nq" "$1" >>"$TMPD/queue"
	shift
	printf '%s\n' "$@" >"$TMPD/q/cmd.$nq"
}

# reap: report the running tests that have ended; `running` keeps the rest.
reap() {
	p_left=""
	for p_id in $running; do
		if [ -e "$TMPD/q/$p_id.rc" ]; then report "$p_id"; else p_left="$p_left $p_id"; fi
	done
	running=$p_left
}

# Run the queue JOBS at a time, the longest (by the last run) first,
# reporting each as it ends.
run_queue() {
	[ -s "$TMPD/queue" ] || return 0
	echo "== $nq tests, $JOBS at a time, the longest first ($BUILD)"
	sort -t "$TAB" -k1,1nr -k2,2n "$TMPD/queue" >"$TMPD/order"
	running=""
	while IFS=$TAB read -r q_secs q_id q_name; do
		while reap && [ "$(echo $running | wc -w)" -ge "$JOBS" ]; do
			sleep 0.1
		done
		set --
		while IFS= read -r q_w; do set -- "$@" "$q_w"; done <"$TMPD/q/cmd.$q_id"
		rm -f "$TMPD/q/cmd.$q_id"
		run_now "$q_id" "$q_name" "$@" &
		running="$running $q_id"
	done <"$TMPD/order"
	while reap && [ -n "$running" ]; do
		sleep 0.1
	done
	wait
}

# The times of this run, for the next one's order.
save_times() {
	[ -s "$TMPD/times" ] || return 0
	cat "$TIMES" "$TMPD/times" 2>/dev/null |
		awk -F "$TAB" '{t[$2] = $1} END {for (n in t) printf "%s\t%s\n", t[n], n}' |
		sort -t "$TAB" -k2 >"$TMPD/times.new" && mv "$TMPD/times.new" "$TIMES"
}

finish() { # finish WHAT: the queued tests, the summary line, the exit status
	run_queue
	save_times
	if [ -n "${C2RT_CASES:-}" ] && [ $pass -eq 0 ]; then
		fail=$((fail + 1)) failed="$failed (no case matches '$C2RT_CASES')"
	fi
	echo "== $pass passed, $skip skipped, $fail failed ($BUILD$1)"
	echo "== the tests' own times summed: ${sum_secs}s wall, $((sum_ms / 1000))s CPU"
	[ $fail -eq 0 ] || { echo "failed:$failed"; exit 1; }
	exit 0
}

# C2RT_ONLY="name ...": run only these CLI tests (used for the -O0 pass).
if [ -n "${C2RT_ONLY:-}" ]; then
	section "== determinism: golden state hashes with $BUILD"
	for n in $C2RT_ONLY; do
		run_one "$n" sh "tests/cli/$n.sh"
	done
	finish ""
fi

section "== unit tests ($BUILD)"
for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	run_one "$(basename "$t")" "$t"
done

section "== fuzz regression replays"
# Binary inputs (genomes, snapshots) are made from their text sources first,
# by the tool (not built for C2RT_CORE_ONLY: the committed cases run alone),
# before any replay starts, when one is to run.
replays=""
for t in "$BUILD"/tests/fuzz_*_replay; do
	[ -x "$t" ] && selected "$(basename "$t" _replay) (regressions)" && replays="$replays $t"
done
if [ -n "$replays" ] && [ -z "${C2RT_CORE_ONLY:-}" ]; then
	run_now 0 "fuzz inputs" tests/fuzz/make-inputs.sh "$BUILD"
	report 0
fi
for t in $replays; do
	n=$(basename "$t" _replay)
	run_one "$n (regressions)" "$t" "tests/fuzz/regressions/$n" "tests/fuzz/seeds/$n" \
		"$BUILD/fuzz-inputs/$n"
done

if [ -n "${C2RT_CORE_ONLY:-}" ]; then
	finish ", core only"
fi

section "== command-line and golden tests"
for t in tests/cli/*.sh; do
	[ -f "$t" ] || continue
	case $t in */lib.sh) continue ;; esac
	run_one "$(basename "$t" .sh)" sh "$t"
done
finish ""
