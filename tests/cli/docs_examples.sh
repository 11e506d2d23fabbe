# docs_examples.sh — every example in README.md and docs/ is run and its
# output matches what the page shows (times and rates aside). The rules —
# what an example is, how a block is exempted, what is masked — are in
# tests/cli/docs_examples.py and docs/contributing.md.
#
# The examples are checked with the optimised build: under the sanitizers
# and at -O0 the same commands give the same output (the golden tests check
# that), only slower.
. "$(dirname "$0")/lib.sh"
case $BUILD in */san|*/o0) echo "the examples are checked with the -O2 build"; exit 77 ;; esac
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
python3 "$ROOT/tests/cli/docs_examples.py" "$ROOT" "$BUILD" "$C2RT_SHARED" "$T/ex" "$@"
