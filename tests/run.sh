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
set -u
BUILD=${1:?usage: tests/run.sh BUILD_DIR}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 1
BUILD=$(cd "$BUILD" && pwd)

: "${C2RT_SHARED:=$ROOT/../shared}"
C2RT=$BUILD/c2rt
export C2RT C2RT_SHARED ROOT BUILD
# The PNG checks import tests/cli/pngread.py: no __pycache__ in the tree.
export PYTHONDONTWRITEBYTECODE=1
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# cmocka prints each case; keep its output on failure only.
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/c2rt-test.XXXXXX")
trap 'rm -rf "$TMPD"' EXIT INT TERM
export C2RT_TMP="$TMPD"

pass=0 fail=0 skip=0 failed=""
# C2RT_T=NAME (make test-one T=NAME): only the tests whose name contains NAME.
run_one() { # run_one NAME COMMAND...
	name=$1; shift
	case $name in *"${C2RT_T:-}"*|"fuzz inputs") ;; *) return 0 ;; esac
	log="$TMPD/log"
	start=$(date +%s)
	"$@" >"$log" 2>&1
	rc=$?
	secs=$(( $(date +%s) - start ))
	if [ $rc -eq 0 ]; then
		pass=$((pass + 1)); printf '  ok    %-40s %3ds\n' "$name" "$secs"
	elif [ $rc -eq 77 ]; then
		skip=$((skip + 1)); printf '  skip  %-40s %s\n' "$name" "$(tail -n 1 "$log")"
	else
		fail=$((fail + 1)); failed="$failed $name"
		printf '  FAIL  %-40s (exit %d)\n' "$name" "$rc"
		sed 's/^/        /' "$log" | tail -n 60
	fi
}

# C2RT_ONLY="name ...": run only these CLI tests (used for the -O0 pass).
if [ -n "${C2RT_ONLY:-}" ]; then
	echo "== determinism: golden state hashes with $BUILD"
	for n in $C2RT_ONLY; do
		run_one "$n" sh "tests/cli/$n.sh"
	done
	echo "== $pass passed, $skip skipped, $fail failed ($BUILD)"
	[ $fail -eq 0 ] || { echo "failed:$failed"; exit 1; }
	exit 0
fi

echo "== unit tests ($BUILD)"
for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	run_one "$(basename "$t")" "$t"
done

echo "== fuzz regression replays"
# Binary inputs (genomes, snapshots) are made from their text sources first,
# by the tool (not built for C2RT_CORE_ONLY: the committed cases run alone).
[ -n "${C2RT_CORE_ONLY:-}" ] || run_one "fuzz inputs" tests/fuzz/make-inputs.sh "$BUILD"
for t in "$BUILD"/tests/fuzz_*_replay; do
	[ -x "$t" ] || continue
	n=$(basename "$t" _replay)
	run_one "$n (regressions)" "$t" "tests/fuzz/regressions/$n" "tests/fuzz/seeds/$n" \
		"$BUILD/fuzz-inputs/$n"
done

if [ -n "${C2RT_CORE_ONLY:-}" ]; then
	echo "== $pass passed, $skip skipped, $fail failed ($BUILD, core only)"
	[ $fail -eq 0 ] || { echo "failed:$failed"; exit 1; }
	exit 0
fi

echo "== command-line and golden tests"
for t in tests/cli/*.sh; do
	[ -f "$t" ] || continue
	case $t in */lib.sh) continue ;; esac
	run_one "$(basename "$t" .sh)" sh "$t"
done

echo "== $pass passed, $skip skipped, $fail failed ($BUILD)"
[ $fail -eq 0 ] || { echo "failed:$failed"; exit 1; }
