# batch_parallel.sh — the GNU parallel recipe of docs/commands/batch.md, for real:
# scripts/batch-parallel.sh runs 3 shards of a batch of mutants as parallel
# jobs and merges them; the result equals one local `c2rt batch` (wall times
# aside). Rerunning it with everything done runs nothing and changes nothing.
# scripts/evolve-parallel.sh does the same for `c2rt evolve`: 3 shards of 4
# replicates of a starter pair in the garden, merged, equal a local evolve.
. "$(dirname "$0")/lib.sh"
command -v parallel >/dev/null 2>&1 || die "GNU parallel is missing (scripts/deps.sh test installs it)"
G="$BUILD/genomes/starter.gen" EV="$ROOT/genomes/starter.events"
export C2RT

expect_exit 0 "$C2RT" mutate "$G" --n 5 -o "$T/mut" --seed 9 --rate 20
set -- --dir "$T/mut" --seeds 2 --ticks 4000 --events "$EV" --chem "ATP,Need for Pleasure"
expect_exit 0 "$C2RT" batch "$@" -o "$T/local.csv" --quiet
expect_exit 0 sh "$ROOT/scripts/batch-parallel.sh" 3 "$T/all.csv" "$@"
for i in 1 2 3; do [ -s "$T/all.shard${i}of3.csv" ] || die "shard $i missing"; done
python3 "$ROOT/tests/cli/batchcmp.py" "$T/local.csv" "$T/all.csv" || die "parallel shards differ from a local batch"
cp "$T/all.csv" "$T/first.csv"
expect_exit 0 sh "$ROOT/scripts/batch-parallel.sh" 3 "$T/all.csv" "$@"
cmp "$T/first.csv" "$T/all.csv" || die "a rerun changed the results"
expect_exit 1 sh "$ROOT/scripts/batch-parallel.sh" x "$T/all.csv" "$@"
expect_exit 1 sh "$ROOT/scripts/batch-parallel.sh" --command run 3 "$T/all.csv" "$@"

set -- --world "$ROOT/worlds/garden.world" --founder "$G:m" --founder "$G:f" --hours 0.05 --replicates 4
expect_exit 0 "$C2RT" evolve "$@" --quiet -o "$T/evo-local"
expect_exit 0 sh "$ROOT/scripts/evolve-parallel.sh" 3 "$T/evo" "$@"
for i in 1 2 3; do [ -s "$T/evo.shard${i}of3/replicates.ndjson" ] || die "evolve shard $i missing"; done
for f in generations.csv lineage.ndjson replicates.ndjson; do
	cmp "$T/evo-local/$f" "$T/evo/$f" || die "evolve-parallel.sh's $f differs from a local evolve's"
done
exit 0
