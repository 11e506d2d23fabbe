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
# ... and with our own bodies (version 2 snapshots: the body, its wiring, its state).
"$C2RT" run "$OUT/fuzz_genome/tiny.gen" --ticks 20 --quiet --body "$ROOT/genomes/walker.f0" \
	--save "$OUT/fuzz_snapshot/tiny-walker.snap"
printf 'left_hip <- rhythm@0.5 * 0.5\n' >"$tmp/paddler.wiring"
"$C2RT" run "$OUT/fuzz_genome/tiny.gen" --ticks 20 --quiet --body "$ROOT/tests/fixtures/paddler.xode" \
	--wiring "$tmp/paddler.wiring" --save "$OUT/fuzz_snapshot/tiny-paddler.snap"

# Regressions kept as text: snapshot regressions are a genome (NAME.txt)
# saved after one tick with organ failure disabled.
for txt in "$ROOT"/tests/fuzz/regressions/fuzz_snapshot/*.txt; do
	[ -f "$txt" ] || continue
	n=$(basename "$txt" .txt)
	"$C2RT" asm "$txt" -o "$tmp/$n.gen"
	"$C2RT" run "$tmp/$n.gen" --ticks 1 --opt organ_failure_death=0 --quiet \
		--save "$OUT/fuzz_snapshot/regression-$n.snap"
done

# Body seeds from the shared test material, when it is there: the f0 cases
# and the Framsticks genotype files, copied into the build tree at run time
# (never committed).
SHARED_BODIES=${C2RT_SHARED:-$ROOT/../shared}/bodies
if [ -d "$SHARED_BODIES/f0/cases" ]; then
	cp "$SHARED_BODIES"/f0/cases/*.f0 "$OUT/fuzz_f0/"
	cp "$SHARED_BODIES"/frams/*.gen "$OUT/fuzz_frams/"
fi
# The shared XODE documents, when they are there, feed the XODE target (read
# at run time, never committed).
if [ -d "${C2RT_SHARED:-$ROOT/../shared}/bodies/xode" ]; then
	for f in "${C2RT_SHARED:-$ROOT/../shared}"/bodies/xode/*.xode "${C2RT_SHARED:-$ROOT/../shared}"/bodies/xode/pyode/*.xode; do
		[ -f "$f" ] && cp "$f" "$OUT/fuzz_xode/shared-$(basename "$f")"
	done
fi
