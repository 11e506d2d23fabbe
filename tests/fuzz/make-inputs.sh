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
cp "$OUT/fuzz_genome/tiny.gen" "$OUT/fuzz_breed/tiny.gen"
"$C2RT" asm "$ROOT/genomes/starter.txt" -o "$OUT/fuzz_breed/starter.gen"
# Batch results of our starter genome, whole and with a torn last row.
"$C2RT" batch "$OUT/fuzz_breed/starter.gen" --seeds 3 --ticks 50 --quiet -o "$OUT/fuzz_batch_rows/starter.csv"
"$C2RT" batch "$OUT/fuzz_breed/starter.gen" --seeds 3 --ticks 50 --quiet -o "$OUT/fuzz_batch_rows/starter.ndjson"
head -c -30 "$OUT/fuzz_batch_rows/starter.csv" >"$OUT/fuzz_batch_rows/torn.csv"
"$C2RT" run "$OUT/fuzz_genome/tiny.gen" --ticks 200 --quiet \
	--events "$ROOT/tests/fuzz/seeds/fuzz_events/all.ev" --save "$OUT/fuzz_snapshot/tiny.snap"

# Regressions kept as text: snapshot regressions are a genome (NAME.txt)
# saved after one tick with organ failure disabled.
for txt in "$ROOT"/tests/fuzz/regressions/fuzz_snapshot/*.txt; do
	[ -f "$txt" ] || continue
	n=$(basename "$txt" .txt)
	"$C2RT" asm "$txt" -o "$tmp/$n.gen"
	"$C2RT" run "$tmp/$n.gen" --ticks 1 --opt organ_failure_death=0 --quiet \
		--save "$OUT/fuzz_snapshot/regression-$n.snap"
done
