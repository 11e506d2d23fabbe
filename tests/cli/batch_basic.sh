# batch_basic.sh — c2rt batch on our own genomes: the columns, a row equal to
# what `c2rt run` says, CSV and NDJSON alike, shards merged equal to one
# batch, a torn last row dropped on --resume, SIGINT and SIGKILL mid-batch
# then --resume equal to an uninterrupted batch, failed runs as rows (and
# exit 2), merging nothing refused, errors.
. "$(dirname "$0")/lib.sh"
S="$BUILD/genomes/starter.gen" M="$BUILD/genomes/mayfly.gen" D="$BUILD/genomes/diabetic.gen"
EV="$ROOT/genomes/starter.events"
CMP="python3 $ROOT/tests/cli/batchcmp.py"

# Three genomes x 2 seeds, until death (the mayfly dies; the others stop at
# --max-ticks, alive).
expect_exit 0 "$C2RT" batch "$S" "$M" "$D" --seeds 2 --seed 5 --until death --max-ticks 20000 \
	--events "$EV" --jobs 2 -o "$T/a.csv"
contains "$T/err" "c2rt batch: 6 runs (6 this time, 0 failed)"
[ "$(wc -l <"$T/a.csv")" -eq 7 ] || die "expected a header and 6 rows"
head -n 1 "$T/a.csv" | grep -q '^run,batch,runs,genome,genome_hash,seed,sex,body,ticks,alive,lifespan_s,age_s,stage,cause,state_hash,avg:chem:ATP,end:chem:ATP,avg:chem:Glucose,.*,avg:drive:Hunger,end:drive:Hunger,avg:drive:Sleepiness,end:drive:Sleepiness,act:quiescent,.*,act:eat,act:hit,act:14,act:15,act:other,act:none,act:asleep,act:dreaming,wall_s,error,check$' ||
	die "header: $(head -n 1 "$T/a.csv")"
expect_exit 0 "$C2RT" run "$M" --seed 6 --until death --events "$EV" --hash-every 1
death=$(sed -n 's/.*(old age at tick \([0-9]*\)).*/\1/p' "$T/err")
hash=$(tail -n 1 "$T/out" | cut -d' ' -f2)
python3 - "$T/a.csv" "$M" "$death" "$hash" <<'PY' || die "rows"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [int(r["run"]) for r in rows] == list(range(6)), "not in run order"
assert [r["seed"] for r in rows] == ["5", "6"] * 3
assert len({r["batch"] for r in rows}) == 1 and all(r["runs"] == "6" for r in rows)
assert all(r["error"] == "" and r["sex"] == "f" for r in rows)
m = rows[3]                                    # the mayfly, seed 6: as `c2rt run` says
assert m["genome"] == sys.argv[2] and m["alive"] == "0" and m["cause"] == "old age", m
assert round(float(m["lifespan_s"]) * 10) == int(sys.argv[3]), (m["lifespan_s"], sys.argv[3])
assert m["age_s"] == m["lifespan_s"], m        # dead: its age is its lifespan
assert m["state_hash"] == sys.argv[4], (m["state_hash"], sys.argv[4])  # the state it died in
assert all(r["body"] == "" for r in rows)
assert rows[0]["alive"] == "1" and rows[0]["ticks"] == "20000" and rows[0]["cause"] == "alive"
# alive at the end: an age, no lifespan
assert rows[0]["lifespan_s"] == "" and rows[0]["age_s"] == "2000.0", rows[0]
lived = int(m["ticks"]) - 1                    # the death tick is not lived
acts = sum(int(v) for k, v in m.items() if k.startswith("act:"))
assert acts == lived, (acts, lived)
assert rows[0]["genome_hash"] != rows[2]["genome_hash"] and rows[0]["genome_hash"] == rows[1]["genome_hash"]
PY

# NDJSON carries the same values.
expect_exit 0 "$C2RT" batch "$S" "$M" "$D" --seeds 2 --seed 5 --until death --max-ticks 20000 \
	--events "$EV" --jobs 1 -o "$T/a.ndjson" --quiet
[ ! -s "$T/err" ] || die "--quiet printed something"
$CMP "$T/a.csv" "$T/a.ndjson" || die "CSV and NDJSON differ"

# Shards 1/3 + 2/3 + 3/3, merged, equal the whole batch (wall times aside).
for i in 1 2 3; do
	expect_exit 0 "$C2RT" batch "$S" "$M" "$D" --seeds 2 --seed 5 --until death --max-ticks 20000 \
		--events "$EV" --shard "$i/3" -o "$T/s$i.csv" --quiet
done
expect_exit 0 "$C2RT" batch --merge "$T/s3.csv" "$T/s1.csv" "$T/s2.csv" -o "$T/m.csv"
$CMP "$T/a.csv" "$T/m.csv" || die "merged shards differ from the whole batch"
expect_exit 2 "$C2RT" batch --merge "$T/s1.csv" "$T/s2.csv" -o "$T/m2.csv"
contains "$T/err" "2 runs of the batch are in none of the files"
[ ! -e "$T/m2.csv" ] || die "an incomplete merge wrote a file"
expect_exit 2 "$C2RT" batch --merge "$T/s1.csv" "$T/s1.csv" "$T/s2.csv" "$T/s3.csv" -o "$T/m2.csv"
contains "$T/err" "is also in file"
expect_exit 0 "$C2RT" batch "$S" --ticks 100 -o "$T/other.csv" --quiet
expect_exit 2 "$C2RT" batch --merge "$T/s1.csv" "$T/other.csv" -o "$T/m2.csv"
contains "$T/err" "rows of another batch"

# --resume: a torn last row (a kill while it was written) is dropped and run again.
cp "$T/a.csv" "$T/r.csv"
head -c "$(( $(wc -c <"$T/a.csv") - 40 ))" "$T/a.csv" >"$T/r.csv"
expect_exit 0 "$C2RT" batch "$S" "$M" "$D" --seeds 2 --seed 5 --until death --max-ticks 20000 \
	--events "$EV" --resume -o "$T/r.csv"
contains "$T/err" "dropped an unfinished last row"
contains "$T/err" "6 runs (1 this time"
$CMP "$T/a.csv" "$T/r.csv" || die "resumed batch differs"
# ... and refuses a file of another batch.
expect_exit 2 "$C2RT" batch "$S" "$M" "$D" --seeds 3 --until death --max-ticks 20000 \
	--events "$EV" --resume -o "$T/r.csv"
contains "$T/err" "holds rows of another batch"

# Interrupted: SIGINT (exit 130, finished rows kept in the journal, no
# results file), then SIGKILL, then --resume twice: the same rows as an
# uninterrupted batch.
ticks=40000
for attempt in 1 2 3; do
	set -- "$S" "$D" --seeds 10 --ticks $ticks --events "$EV" --jobs 2
	rm -f "$T/i.csv" "$T/i.csv.journal"
	batch_signal INT "$T/i.csv" "$T/i.err" "$@"; rc=$?
	rows=$(batch_rows "$T/i.csv")
	[ $rc -eq 200 ] || [ "$rows" -ge 20 ] || break
	ticks=$((ticks * 4)) # it was done before the signal: longer runs
done
[ $rc -eq 130 ] || die "SIGINT: exit $rc, expected 130 ($(cat "$T/i.err"))"
contains "$T/i.err" "interrupted:"
[ "$rows" -ge 2 ] && [ "$rows" -lt 20 ] || die "SIGINT left $rows rows"
[ -e "$T/i.csv" ] && die "an interrupted batch made its results file"
[ -e "$T/i.csv.lock" ] && die "an interrupted batch left its lock file"
batch_signal KILL "$T/i.csv" "$T/i.err" "$@"
printf '99,deadbeef' >>"$T/i.csv.journal"  # as if killed in the middle of a row
expect_exit 0 "$C2RT" batch "$@" --resume -o "$T/i.csv"
contains "$T/err" "dropped an unfinished last row"
expect_exit 0 "$C2RT" batch "$@" -o "$T/full.csv" --quiet
$CMP "$T/full.csv" "$T/i.csv" || die "interrupted and resumed batch differs from the straight one"

# A genome that does not load is a row with an error, not the end of the
# batch; the batch then exits 2 and says how many runs failed.
printf 'not a genome' >"$T/bad,name.gen"
expect_exit 2 "$C2RT" batch "$M" "$T/bad,name.gen" --ticks 100 -o "$T/e.csv"
contains "$T/err" "(2 this time, 1 failed)"
contains "$T/err" "c2rt batch: 1 of 2 runs failed (the error column of $T/e.csv says why)"
python3 - "$T/e.csv" <<'PY' || die "error row"
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))
assert r[1]["genome"].endswith("bad,name.gen") and "outside a gene" in r[1]["error"], r[1]
assert r[1]["lifespan_s"] == "" and r[0]["error"] == ""
PY
# ... and so does a resumed batch that kept the failed row.
expect_exit 2 "$C2RT" batch "$M" "$T/bad,name.gen" --ticks 100 -o "$T/e.csv" --resume
contains "$T/err" "(0 this time, 0 failed)"
contains "$T/err" "1 of 2 runs failed"
mkdir -p "$T/dir"
cp "$S" "$T/dir/b.gen"; cp "$M" "$T/dir/a.gen"; touch "$T/dir/notes.txt"
expect_exit 0 "$C2RT" batch --dir "$T/dir" --ticks 10 -o - --quiet
# rows come as runs finish (two threads: either order); the folder's .gen
# files, and nothing else, are run
[ "$(cut -d, -f4 "$T/out" | tail -n +2 | sort | tr '\n' ' ')" = "$T/dir/a.gen $T/dir/b.gen " ] ||
	die "--dir: $(cut -d, -f4 "$T/out")"
# --dir with 2 of 3 genomes broken: every row written, exit 2.
printf 'gene' >"$T/dir/c.gen"; printf 'dna2' >"$T/dir/d.gen"; rm "$T/dir/b.gen"
expect_exit 2 "$C2RT" batch --dir "$T/dir" --ticks 10 -o "$T/d.csv" --quiet
contains "$T/err" "2 of 3 runs failed"
[ "$(wc -l <"$T/d.csv")" -eq 4 ] || die "--dir with broken genomes: $(cat "$T/d.csv")"

# Merging nothing fails and writes nothing.
head -n 1 "$T/a.csv" >"$T/empty.csv"
expect_exit 2 "$C2RT" batch --merge "$T/empty.csv" -o "$T/m3.csv"
contains "$T/err" "no rows in $T/empty.csv; nothing written"
: >"$T/empty.ndjson"
expect_exit 2 "$C2RT" batch --merge "$T/empty.ndjson" -o "$T/m3.ndjson"
[ ! -e "$T/m3.csv" ] && [ ! -e "$T/m3.ndjson" ] || die "merging nothing wrote a file"
# What is not a results file is refused from its first bytes: an endless
# device is not read up to the 8 GiB cap (a 2 GB address-space limit would
# stop that), and --resume of a genome named as the results is refused too.
# (AddressSanitizer reserves terabytes of address space: no limit there.)
lim=2000000
case $BUILD in */san) lim=unlimited ;; esac
( ulimit -v $lim; exec "$C2RT" batch --merge /dev/zero -o "$T/m4.csv" ) >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 2 ] || die "--merge /dev/zero: exit $rc ($(cat "$T/err"))"
contains "$T/err" "/dev/zero:1: not a c2rt results file"
cp "$S" "$T/g.csv"
expect_exit 2 "$C2RT" batch "$S" --ticks 10 -o "$T/g.csv" --resume --quiet
contains "$T/err" "$T/g.csv:1: not a c2rt results file"
cmp -s "$S" "$T/g.csv" || die "--resume onto a non-results file changed it"

# Usage errors.
expect_exit 1 "$C2RT" batch "$S" --ticks 10
contains "$T/err" "missing -o"
expect_exit 1 "$C2RT" batch "$S" -o "$T/u.csv"
contains "$T/err" "say how long"
expect_exit 1 "$C2RT" batch "$S" --ticks 10 --until death -o "$T/u.csv"
expect_exit 1 "$C2RT" batch "$S" --ticks 10 --shard 3/2 -o "$T/u.csv"
contains "$T/err" "--shard"
expect_exit 1 "$C2RT" batch --ticks 10 -o "$T/u.csv"
contains "$T/err" "no genomes"
expect_exit 1 "$C2RT" batch "$S" --ticks 10 --chem Nonesuch -o "$T/u.csv"
expect_exit 1 "$C2RT" batch "$S" --ticks 10 --drive Nonesuch -o "$T/u.csv"
expect_exit 2 "$C2RT" batch "$T/missing.gen" --ticks 10 -o "$T/u.csv"

# --parent: each row carries its genome's mutations (what `c2rt diff PARENT
# GENOME` prints, "; " between), so results and mutations join without a
# script; a resume with another parent is another batch.
expect_exit 0 "$C2RT" mutate "$S" --n 4 --rate 4 --seed 7 -o "$T/kids" --log "$T/kids.log"
expect_exit 0 "$C2RT" batch --dir "$T/kids" "$S" --parent "$S" --ticks 10 --quiet -o "$T/m.csv"
for k in "$T"/kids/*.gen "$S"; do
	"$C2RT" diff "$S" "$k" >"$T/d"
	python3 - "$T/m.csv" "$k" "$T/d" <<'PY' || die "mutations of $k"
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["genome"] == sys.argv[2]]
want = "; ".join(open(sys.argv[3]).read().splitlines())
assert len(rows) == 1 and rows[0]["mutations"] == want, (rows[0]["mutations"], want)
PY
done
python3 -c 'import csv, sys; assert sum(1 for r in csv.DictReader(open(sys.argv[1])) if r["mutations"]) >= 3' "$T/m.csv" ||
	die "the kids' mutations are missing"
head -n 1 "$T/m.csv" | grep -q ',mutations,wall_s,error,check$' || die "mutations column: $(head -n 1 "$T/m.csv")"
head -n 1 "$T/a.csv" | grep -q 'mutations' && die "a mutations column without --parent"
expect_exit 2 "$C2RT" batch --dir "$T/kids" "$S" --parent "$M" --ticks 10 --quiet -o "$T/m.csv" --resume
contains "$T/err" "holds rows of another batch"
exit 0
