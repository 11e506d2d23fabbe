#!/bin/sh
# Make the fuzz inputs that are not committed, with the tool under test.
#
# Usage: tests/fuzz/make-inputs.sh BUILD_DIR
#
# Into BUILD/fuzz-inputs/TARGET/ (replayed by tests/run.sh in every
# `make test`, and seeds of `make fuzz`):
#   - binaries made from text we own: genomes assembled from their text
#     (snapshots change layout when an option is added, so none is
#     committed), snapshots and traces of our creatures;
#   - the real Creatures 2 data from $C2RT_SHARED (default ../shared beside
#     the checkout) when it is there: the norn genome, its dump, its .gno,
#     a snapshot of it. Never committed: it is read at run time only.
set -eu
BUILD=$1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
: "${C2RT_SHARED:=$ROOT/../shared}"
C2RT=$BUILD/c2rt
OUT=$BUILD/fuzz-inputs
for f in "$ROOT"/tests/fuzz/fuzz_*.c; do
	mkdir -p "$OUT/$(basename "$f" .c)" # one corpus folder per target, even if empty
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/c2rt-inputs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# The synthetic test genome, and a snapshot of it after 200 ticks of events.
"$C2RT" asm "$ROOT/tests/fixtures/tiny.txt" -o "$OUT/fuzz_genome/tiny.gen"
cp "$OUT/fuzz_genome/tiny.gen" "$OUT/fuzz_breed/tiny.gen"
"$C2RT" asm "$ROOT/genomes/starter.txt" -o "$OUT/fuzz_breed/starter.gen"
# Batch results of our starter genome, whole and with a torn last row (the
# results of an earlier make replaced: batch keeps them only with --resume).
rm -f "$OUT/fuzz_batch_rows/starter.csv" "$OUT/fuzz_batch_rows/starter.ndjson"
"$C2RT" batch "$OUT/fuzz_breed/starter.gen" --seeds 3 --ticks 50 --quiet -o "$OUT/fuzz_batch_rows/starter.csv"
"$C2RT" batch "$OUT/fuzz_breed/starter.gen" --seeds 3 --ticks 50 --quiet -o "$OUT/fuzz_batch_rows/starter.ndjson"
head -c -30 "$OUT/fuzz_batch_rows/starter.csv" >"$OUT/fuzz_batch_rows/torn.csv"
"$C2RT" run "$OUT/fuzz_genome/tiny.gen" --ticks 200 --quiet \
	--events "$ROOT/tests/fuzz/seeds/fuzz_events/all.ev" --save "$OUT/fuzz_snapshot/tiny.snap"
# ... and with our own bodies (version 2 snapshots: the body, its wiring, its state).
"$C2RT" run "$OUT/fuzz_genome/tiny.gen" --ticks 20 --quiet --body "$ROOT/genomes/walker.f0" \
	--save "$OUT/fuzz_snapshot/tiny-walker.snap"
printf 'left_hip <- rhythm@0.5 * 0.5\n' >"$tmp/paddler.wiring"
"$C2RT" run "$OUT/fuzz_genome/tiny.gen" --ticks 20 --quiet --body "$ROOT/tests/fixtures/paddler.xode" \
	--wiring "$tmp/paddler.wiring" --save "$OUT/fuzz_snapshot/tiny-paddler.snap"

# Our own creatures (genomes/): each genome, its text, the events they live
# by, and of the starter a snapshot and a short trace in both formats.
for txt in "$ROOT"/genomes/*.txt; do
	n=$(basename "$txt" .txt)
	"$C2RT" asm "$txt" -o "$OUT/fuzz_genome/$n.gen"
	cp "$txt" "$OUT/fuzz_text/$n.txt"
done
for ev in "$ROOT"/genomes/*.events; do
	[ -f "$ev" ] && cp "$ev" "$OUT/fuzz_events/$(basename "$ev")"
done
"$C2RT" run "$OUT/fuzz_genome/starter.gen" --ticks 100 --quiet --save "$OUT/fuzz_snapshot/starter.snap"
"$C2RT" run "$OUT/fuzz_genome/starter.gen" --ticks 600 --every 100 --quiet \
	--trace "$OUT/fuzz_trace_csv/starter.csv"
"$C2RT" run "$OUT/fuzz_genome/starter.gen" --ticks 600 --every 100 --quiet \
	--trace "$OUT/fuzz_trace_csv/starter.ndjson" --trace-format ndjson

# A world snapshot: the starter in the garden, with the hand at work.
printf 'every 50 pat\nat 10 pickup carrot.1\nat 30 drop\nat 40 say eat food\n' >"$tmp/hand.ev"
"$C2RT" run "$OUT/fuzz_genome/starter.gen" --ticks 300 --quiet --world "$ROOT/worlds/garden.world" \
	--events "$tmp/hand.ev" --save "$OUT/fuzz_world/garden.snap"
# Its traces, with the world: columns (IT's distance empty, or null, without IT).
for f in csv ndjson; do
	"$C2RT" run "$OUT/fuzz_genome/starter.gen" --ticks 300 --every 20 --quiet \
		--world "$ROOT/worlds/garden.world" --events "$tmp/hand.ev" \
		--trace "$OUT/fuzz_trace_csv/garden.$f" --trace-format $f
done

# SV-rules: each distinct rule of the semantics corpus (its first column).
rm -f "$OUT"/fuzz_svrule/corpus-*.txt
i=0
grep -v '^#' "$ROOT/tests/svrule/corpus.tsv" | cut -f1 | grep -v '^$' | sort -u | while IFS= read -r rule; do
	i=$((i + 1))
	printf '%s' "$rule" >"$OUT/fuzz_svrule/corpus-$i.txt"
done

# The real norn, when the shared data is there.
NORN=$C2RT_SHARED/genomes/c2-norn.gen
if [ -f "$NORN" ]; then
	cp -f "$NORN" "$OUT/fuzz_genome/c2-norn.gen"
	"$C2RT" dump "$NORN" -o "$OUT/fuzz_text/c2-norn.txt"
	[ -f "$C2RT_SHARED/genomes/c2-norn.gno" ] && cp -f "$C2RT_SHARED/genomes/c2-norn.gno" "$OUT/fuzz_gno/c2-norn.gno"
	"$C2RT" run "$NORN" --ticks 40 --quiet --save "$OUT/fuzz_snapshot/c2-norn.snap"
fi

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
