# batch_world.sh — `c2rt batch` and `c2rt sweep` with --world FILE: each run
# is the creature in its own copy of the world, stepped exactly as
# `c2rt run --world` steps it (each row's state hash is the world hash `run
# --world ... --hash-every N` prints at the run's last tick), with the
# world's commands in --events and the world's --opt options passing
# through, on threads and (with --body) on worker processes; the world file
# is read and checked once before any run (a bad one refused as run refuses
# it, nothing written) and its bytes and options are in the batch id; the
# world columns count what the world log and trace of `run --world` show.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null 2>&1 || { echo "no python3"; exit 77; }
S="$BUILD/genomes/starter.gen" G="$ROOT/worlds/garden.world" E="$ROOT/worlds/empty.world"
N=600

# column RESULTS NAME: the values of a column, one a line.
column() {
	python3 -c 'import csv,sys; [print(r[sys.argv[2]]) for r in csv.DictReader(open(sys.argv[1]))]' "$1" "$2"
}

# Threads, and the world's events and options.
expect_exit 0 "$C2RT" batch "$S" --seeds 3 --ticks $N --world "$G" --jobs 2 -o "$T/g.csv" --quiet
same_as_run "$T/g.csv" "$S" --world "$G"
[ "$(column "$T/g.csv" world | sort -u)" = "$G" ] || die "the world column"
WEV="--events $ROOT/worlds/garden.teach --opt sight_range=100 --opt reinforce=set"
# shellcheck disable=SC2086
expect_exit 0 "$C2RT" batch "$S" --seeds 2 --ticks $N --world "$G" $WEV --jobs 2 -o "$T/ge.csv" --quiet
# shellcheck disable=SC2086
same_as_run "$T/ge.csv" "$S" --world "$G" $WEV
echo "garden: batch rows equal run --world, with and without events and world options"

# A body in the world: worker processes.
B="$ROOT/genomes/walker.f0"
expect_exit 0 "$C2RT" batch "$S" --seeds 3 --ticks $N --world "$G" --body "$B" --jobs 2 -o "$T/b.csv" --quiet
same_as_run "$T/b.csv" "$S" --world "$G" --body "$B"
echo "garden with a body: rows at --jobs 2 (worker processes) equal run --world --body"

# sweep: each variant in the world, as run has it.
expect_exit 0 "$C2RT" sweep "$S" --gene half-lives:1 --field halflife:Ageing --values 96,104 --ticks $N \
	--world "$G" --variants "$T/vv" -o "$T/sw.csv" --plot "$T/sw.png" --quiet
for v in 096 104; do # variant files are zero-padded to the widest value, so they sort
	python3 -c 'import csv,sys; [print(r["seed"], r["state_hash"], r["ticks"], r["error"]) for r in csv.DictReader(open(sys.argv[1])) if r["genome"].endswith("-%s.gen" % sys.argv[2])]' \
		"$T/sw.csv" $v >"$T/rows"
	read -r seed hash ticks error <"$T/rows"
	expect_exit 0 "$C2RT" run "$T/vv/starter-halflife_Ageing-$v.gen" --seed "$seed" --ticks $N --hash-every $N \
		--quiet --world "$G"
	[ "$(cat "$T/out")" = "$N $hash" ] || die "sweep value $v: state hash $hash, run says $(cat "$T/out")"
done
echo "sweep --world: each variant's row equals run --world"

# A bad world file: refused before any run as run refuses it, nothing written.
printf 'room yard 0 1000\nkind weed plant width 0\n' >"$T/bad.world"
expect_exit 2 "$C2RT" run "$S" --ticks 5 --world "$T/bad.world"
cp "$T/err" "$T/run.err"
for cmd in batch sweep; do
	set -- "$S" --ticks 5 --world "$T/bad.world" -o "$T/no.csv"
	[ $cmd = sweep ] && set -- "$@" --gene half-lives:1 --field halflife:Ageing --values 96,104
	expect_exit 2 "$C2RT" $cmd "$@"
	grep -F "bad.world:2:" "$T/err" >"$T/e" && cmp -s "$T/e" "$T/run.err" ||
		die "$cmd: the bad world refused otherwise than run: $(cat "$T/err")"
	[ -z "$(ls "$T" | grep '^no\.')" ] || die "$cmd: a refused world left $(ls "$T" | grep '^no\.')"
done
expect_exit 2 "$C2RT" batch "$S" --ticks 5 --world "$T/none.world" -o "$T/no.csv"
contains "$T/err" "none.world: cannot open"
# A world option without a world does nothing: refused.
expect_exit 1 "$C2RT" batch "$S" --ticks 5 --opt sight_range=100 -o "$T/no.csv"
contains "$T/err" "a world --opt goes with --world"
# The world is an input: never the results.
cp "$E" "$T/e.world"
expect_exit 2 "$C2RT" batch "$S" --ticks 5 --world "$T/e.world" -o "$T/e.world"
contains "$T/err" "is the --world input"
cmp -s "$E" "$T/e.world" || die "-o onto the world changed it"
echo "bad world files refused as run refuses them, nothing written"

# The world is the batch's: its bytes and options are in the id, rows with
# and without a world (or with another) never mix.
expect_exit 0 "$C2RT" batch "$S" --seeds 3 --ticks $N -o "$T/n.csv" --quiet
expect_exit 0 "$C2RT" batch "$S" --seeds 3 --ticks $N --world "$E" -o "$T/e.csv" --quiet
expect_exit 0 "$C2RT" batch "$S" --seeds 3 --ticks $N --world "$G" --opt sight_range=100 -o "$T/o.csv" --quiet
ids=$(for f in n g e o; do column "$T/$f.csv" batch | sort -u; done)
[ "$(echo "$ids" | wc -l)" = 4 ] && [ "$(echo "$ids" | sort -u | wc -l)" = 4 ] ||
	die "batch ids of no world, garden, empty, garden with an option: $ids"
head -1 "$T/n.csv" | grep -q world && die "a batch without a world has world columns"
expect_exit 2 "$C2RT" batch "$S" --seeds 3 --ticks $N --world "$G" -o "$T/n.csv" --resume
contains "$T/err" "holds rows of another batch"
expect_exit 2 "$C2RT" batch "$S" --seeds 3 --ticks $N -o "$T/g.csv" --resume
contains "$T/err" "holds rows of another batch"
expect_exit 0 "$C2RT" batch "$S" --seeds 3 --ticks $N --world "$G" --shard 1/2 -o "$T/s1.ndjson" --quiet
expect_exit 0 "$C2RT" batch "$S" --seeds 3 --ticks $N --shard 2/2 -o "$T/s2.ndjson" --quiet
expect_exit 2 "$C2RT" batch --merge "$T/s1.ndjson" "$T/s2.ndjson" -o "$T/m.ndjson"
contains "$T/err" "rows of another batch"
expect_exit 0 "$C2RT" batch "$S" --seeds 3 --ticks $N --world "$G" --shard 2/2 -o "$T/s2.ndjson" --quiet
expect_exit 0 "$C2RT" batch --merge "$T/s1.ndjson" "$T/s2.ndjson" -o "$T/m.ndjson"
expect_exit 0 "$C2RT" batch "$S" --seeds 3 --ticks $N --world "$G" -o "$T/g.ndjson" --quiet
python3 "$ROOT/tests/cli/batchcmp.py" "$T/g.ndjson" "$T/m.ndjson" || die "world shards merged are not the batch"
python3 - "$T/g.csv" "$T/g.ndjson" <<'PY' || die "the CSV and NDJSON world rows differ"
import csv, json, sys
c = list(csv.DictReader(open(sys.argv[1])))
n = [json.loads(l, parse_float=str, parse_int=str) for l in open(sys.argv[2])]
for a, b in zip(c, n):
    for k in ("world", "world:acts", "world:eats", "world:food_eats", "world:it_none", "state_hash"):
        assert str(b[k]) == a[k], (k, a[k], b[k])
PY
echo "the world (its bytes, its options) is in the batch id; world shards merge"

# The world columns: what `run --world --log --trace` shows, counted apart
# (acts and eats from the log, IT from the trace). The norn eats; in this
# world one edible thing is a bad plant, not food.
have_shared || { echo "no C2 data: the world columns' counts are not checked"; exit 0; }
N=6000
printf 'room yard 0 1000\nkind nettle bad-plant width 30 edible\nkind carrot food width 24 edible\nobject nettle 380\nobject carrot 900\ncreature 300 east\n' \
	>"$T/meal.world"
expect_exit 0 "$C2RT" batch "$NORN" --seeds 2 --ticks $N --world "$T/meal.world" --jobs 2 -o "$T/meal.csv" --quiet
same_as_run "$T/meal.csv" "$NORN" --world "$T/meal.world"
for seed in 1 2; do
	expect_exit 0 "$C2RT" run "$NORN" --seed $seed --ticks $N --world "$T/meal.world" --quiet \
		--log "$T/l$seed.ndjson" --trace "$T/t$seed.csv" --every 1
	python3 - "$T/meal.csv" $seed "$T/l$seed.ndjson" "$T/t$seed.csv" <<'PY' || die "seed $seed: the world columns"
import csv, json, sys
row = [r for r in csv.DictReader(open(sys.argv[1])) if r["seed"] == sys.argv[2]][0]
acts = eats = food = 0
for line in open(sys.argv[3]):
    r = json.loads(line)
    if r["type"] == "act":
        acts += 1
        if r["action"] == "eat":
            eats += 1
            food += r["kind"] == "carrot"
lived = [r for r in csv.DictReader(open(sys.argv[4])) if r["tick"] != "0" and r["alive"] == "1"]
none = sum(r["world:it"] == "none" for r in lived) / len(lived)
want = {"world:acts": str(acts), "world:eats": str(eats), "world:food_eats": str(food),
        "world:it_none": "%.3f" % none}
got = {k: row[k] for k in want}
assert got == want, (got, want)
assert 0 < food < eats, (food, eats)  # the test proves something
print("seed", sys.argv[2], got)
PY
done
echo "the world columns count what run's log and trace show"
exit 0
