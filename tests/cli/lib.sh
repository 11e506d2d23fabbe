# lib.sh — helpers for the command-line tests (sourced, not run).
#
# Environment from tests/run.sh: C2RT (the tool), C2RT_SHARED (real C2 data),
# C2RT_TMP (scratch dir), ROOT (the checkout). Set C2RT_GOLDEN_UPDATE=1
# (make golden-update) to rewrite golden files instead of comparing.
set -u
: "${C2RT:?run through tests/run.sh}"
NORN="$C2RT_SHARED/genomes/c2-norn.gen"
NORN_GNO="$C2RT_SHARED/genomes/c2-norn.gno"
T=$(mktemp -d "$C2RT_TMP/t.XXXXXX")

die() { echo "FAIL: $*" >&2; exit 1; }

# short: run a test's long acceptance part shorter — under the sanitizers
# (ten times slower) and in make check (C2RT_QUICK: the one-minute loop);
# the -O2 pass of make test runs it whole.
short() {
	case $BUILD in */san) return 0 ;; esac
	[ -n "${C2RT_QUICK:-}" ]
}

# have_shared: is the real C2 data there? Under CI (the CI variable set) its
# absence fails the test instead: a CI run must not pass by skipping.
have_shared() {
	[ -f "$NORN" ] && return 0
	[ -n "${CI:-}" ] && die "CI: no C2 data at $C2RT_SHARED (the tests need ../shared)"
	return 1
}

need_shared() { # skip the test when the real C2 data is not present
	have_shared || { echo "no C2 data at $C2RT_SHARED"; exit 77; }
}

# expect_exit CODE COMMAND... : run, check the exit status, keep stdout in
# $T/out and stderr in $T/err.
expect_exit() {
	want=$1; shift
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	[ "$got" -eq "$want" ] || {
		echo "command: $*" >&2; echo "stderr:" >&2; tail -n 20 "$T/err" >&2
		die "exit $got, expected $want"
	}
	# Sanitizer reports must never appear, whatever the exit status.
	if grep -q -e 'Sanitizer' -e 'runtime error:' "$T/err"; then
		cat "$T/err" >&2; die "sanitizer report from: $*"
	fi
}

# golden NAME FILE : compare FILE with tests/golden/NAME (or update it).
golden() {
	g="$ROOT/tests/golden/$1"
	if [ "${C2RT_GOLDEN_UPDATE:-0}" = 1 ]; then
		cp "$2" "$g"; echo "updated $g"; return 0
	fi
	[ -f "$g" ] || die "missing golden file $g (run make golden-update)"
	diff -u "$g" "$2" >"$T/diff" || { head -n 40 "$T/diff" >&2; die "output differs from $g"; }
}

contains() { # contains FILE TEXT
	grep -q -F -- "$2" "$1" || { echo "--- $1:" >&2; head -n 20 "$1" >&2; die "'$2' not found"; }
}

# batch_signal SIGNAL RESULTS ERRFILE ARGS...: run `c2rt batch ARGS --resume
# -o RESULTS` in the background, send it SIGNAL once its journal
# (RESULTS.journal, where rows go until the batch ends) holds two rows, and
# return its exit status — or 200 when it had finished before the signal
# could land (a machine faster than the test assumed: retry with longer runs).
batch_signal() {
	sig=$1 out=$2 errf=$3
	shift 3
	"$C2RT" batch "$@" --resume -o "$out" --quiet 2>"$errf" &
	bpid=$!
	n=0
	while [ "$(cat "$out.journal" 2>/dev/null | wc -l)" -lt 3 ] && [ $n -lt 600 ] &&
		kill -0 "$bpid" 2>/dev/null; do
		sleep 0.05
		n=$((n + 1))
	done
	kill "-$sig" "$bpid" 2>/dev/null || { wait "$bpid"; return 200; }
	wait "$bpid"
}

# batch_rows RESULTS: the rows (CSV) of RESULTS' journal while there is one
# (an interrupted batch), else of RESULTS.
batch_rows() {
	f=$1; [ -e "$f.journal" ] && f=$f.journal
	echo $(($(wc -l <"$f") - 1))
}

# same_as_run RESULTS GENOME ARGS...: every row of RESULTS (its seed, $N
# ticks) has the state hash `c2rt run GENOME --seed SEED --ticks $N
# --hash-every $N ARGS` prints (batch_body.sh, batch_world.sh).
same_as_run() {
	res=$1 g=$2
	shift 2
	python3 -c 'import csv,sys; [print(r["seed"], r["state_hash"], r["ticks"], r["error"]) for r in csv.DictReader(open(sys.argv[1]))]' \
		"$res" >"$T/rows"
	[ -s "$T/rows" ] || die "$res: no rows"
	while read -r seed hash ticks error; do
		[ "$ticks" = "$N" ] || die "$res: seed $seed ran $ticks ticks: $error"
		expect_exit 0 "$C2RT" run "$g" --seed "$seed" --ticks $N --hash-every $N --quiet "$@"
		[ "$(cat "$T/out")" = "$N $hash" ] ||
			die "$res, seed $seed: batch state hash $hash, run says $(cat "$T/out")"
	done <"$T/rows"
}

# now: seconds since the epoch, with fractions.
now() { date +%s.%N; }

# kill_moment I DURATION: round I's moment to kill, in [0, 1.2 DURATION).
kill_moment() { awk -v i="$1" -v d="$2" 'BEGIN { srand(i * 7919); printf "%.3f", rand() * d * 1.2 }'; }

# kill_rounds COMMAND ARGS...: `c2rt COMMAND ARGS -o $T/r.csv` (batch or
# sweep) killed with -9 at 20 moments over $dur seconds (its measured
# duration), each followed by --resume: $T/r.csv must always be the old
# file ($T/old.csv: another batch's results, put there in even rounds; odd
# rounds start with none) or the complete new one (equal to $T/ref.csv),
# and after --resume the complete new one, with no journal or lock left;
# stdout of the resumed command must equal $T/ref.out when that exists.
# Killed before its journal began, a run leaves old.csv alone, which
# --resume refuses (another batch's rows): then a plain rerun replaces it.
kill_rounds() {
	cmd=$1
	shift
	old=0 new=0 unstarted=0
	for i in $(seq 1 20); do
		rm -f "$T/r.csv" "$T/r.csv.journal"
		[ $((i % 2)) -eq 0 ] && cp "$T/old.csv" "$T/r.csv"
		at=$(kill_moment "$i" "$dur")
		"$C2RT" "$cmd" "$@" -o "$T/r.csv" >/dev/null 2>&1 &
		pid=$!
		sleep "$at"
		kill -9 "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		if [ ! -e "$T/r.csv" ] || cmp -s "$T/r.csv" "$T/old.csv"; then
			old=$((old + 1))
		elif python3 "$ROOT/tests/cli/batchcmp.py" "$T/ref.csv" "$T/r.csv" >/dev/null; then
			new=$((new + 1))
		else
			die "killed at $at s: $T/r.csv is neither the old file nor the complete new one"
		fi
		if [ -e "$T/r.csv" ] && [ ! -e "$T/r.csv.journal" ] && cmp -s "$T/r.csv" "$T/old.csv"; then
			expect_exit 2 "$C2RT" "$cmd" "$@" -o "$T/r.csv" --resume
			contains "$T/err" "holds rows of another batch"
			unstarted=$((unstarted + 1))
			expect_exit 0 "$C2RT" "$cmd" "$@" -o "$T/r.csv"
		else
			expect_exit 0 "$C2RT" "$cmd" "$@" -o "$T/r.csv" --resume
		fi
		python3 "$ROOT/tests/cli/batchcmp.py" "$T/ref.csv" "$T/r.csv" ||
			die "killed at $at s, then --resume: not the uninterrupted rows"
		[ ! -e "$T/ref.out" ] || cmp -s "$T/out" "$T/ref.out" ||
			die "killed at $at s, then --resume: printed $(cat "$T/out")"
		[ ! -e "$T/r.csv.journal" ] && [ ! -e "$T/r.csv.lock" ] ||
			die "killed at $at s: a journal or lock stayed"
		rm -f "$T"/r.csv.tmp.* "$T"/r.csv.journal.tmp.* "$T"/r.png.tmp.*
	done
	echo "20 kills over ${dur}s: $old left the old file ($unstarted before the journal began), $new the new one"
	# The moments must have hit both sides of the end, or the test proved little.
	[ $old -ge 5 ] || die "only $old kills landed before the end"
}

# xvfb_start: one X server (Xvfb picks a free display) for the rest of the
# test, DISPLAY set to it and SDL's D-Bus allocation kept out of LeakSanitizer's
# reports; returns 1 when there is no Xvfb. xvfb_stop ends it.
xvfb_start() {
	command -v Xvfb >/dev/null 2>&1 || return 1
	printf 'leak:libdbus-1.so\n' >"$T/lsan.supp"
	export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$T/lsan.supp:print_suppressions=0"
	Xvfb -displayfd 3 -screen 0 1280x800x24 3>"$T/xdisplay" 2>"$T/xvfb.err" &
	xvfb_pid=$!
	trap 'kill $xvfb_pid 2>/dev/null' EXIT
	n=0
	while [ ! -s "$T/xdisplay" ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
	[ -s "$T/xdisplay" ] || die "Xvfb did not start: $(cat "$T/xvfb.err")"
	export DISPLAY=":$(cat "$T/xdisplay")"
}
xvfb_stop() {
	kill "$xvfb_pid" 2>/dev/null
	wait "$xvfb_pid" 2>/dev/null
	trap - EXIT
	unset DISPLAY
}
