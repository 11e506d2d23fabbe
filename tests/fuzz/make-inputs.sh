#!/bin/sh
# Build the binary fuzz inputs from their text sources, with the tool under test.
#
# Usage: tests/fuzz/make-inputs.sh BUILD_DIR
#
# Genomes and snapshots used as seeds or regressions are not committed as
# binaries: snapshots change layout when an option is added, and both are
# derived from text we own. They are made here, into BUILD/fuzz-inputs/TARGET/,
# and replayed by tests/run.sh and fed to libFuzzer by `make fuzz`.
set -eu
BUILD=$1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
C2RT=$BUILD/c2rt
OUT=$BUILD/fuzz-inputs
for f in "$ROOT"/tests/fuzz/fuzz_*.c; do
	mkdir -p "$OUT/$(basename "$f" .c)" # one corpus folder per target, even if empty
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/c2rt-inputs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# Seeds: the synthetic test genome, and a snapshot of it after 200 ticks of events.
"$C2RT" asm "$ROOT/tests/fixtures/tiny.txt" -o "$OUT/fuzz_genome/tiny.gen"
"$C2RT" run "$OUT/fuzz_genome/tiny.gen" --ticks 200 --quiet \
	--events "$ROOT/tests/fuzz/seeds/fuzz_events/all.ev" --save "$OUT/fuzz_snapshot/tiny.snap"

# Exports: synthetic ones written from our own genomes (never from a game
# file), and, at run time only, the real export when the shared data is there.
"$BUILD/tests/make_export_seeds" "$OUT/fuzz_import" "$OUT/fuzz_genome/tiny.gen" \
	"$BUILD/genomes/starter.gen"
SHARED=${C2RT_SHARED:-$ROOT/../shared}
for exp in "$SHARED"/exports/*.exp; do
	[ -f "$exp" ] && cp "$exp" "$OUT/fuzz_import/shared-$(basename "$exp")"
done

# Regressions kept as text: snapshot regressions are a genome (NAME.txt)
# saved after one tick with organ failure disabled.
for txt in "$ROOT"/tests/fuzz/regressions/fuzz_snapshot/*.txt; do
	[ -f "$txt" ] || continue
	n=$(basename "$txt" .txt)
	"$C2RT" asm "$txt" -o "$tmp/$n.gen"
	"$C2RT" run "$tmp/$n.gen" --ticks 1 --opt organ_failure_death=0 --quiet \
		--save "$OUT/fuzz_snapshot/regression-$n.snap"
done
