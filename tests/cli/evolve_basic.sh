# evolve_basic.sh — c2rt evolve with the real norn in the garden, short:
# the same results whatever --jobs; a run killed (SIGTERM, then SIGKILL)
# and continued with --resume equals a straight run bit for bit; shards
# merged equal the whole; the CSV and `c2rt lineage` agree with the
# genealogy log; usage errors and output safety.
. "$(dirname "$0")/lib.sh"
need_shared
W="$ROOT/worlds/garden.world"
set -- --world "$W" --founder "$NORN:m" --founder "$NORN:f" --founder "$NORN:f" \
	--gene receptor:12 --quiet
# the run's length, replicates and seed, given apart (an option given twice is
# refused) so that a case can change one of them
STD="--hours 0.15 --replicates 3 --seed 5"
# (checkpoints every 1000 ticks in the straight runs, every 300 in the killed
# ones: where a run checkpoints changes none of its results)
same() { # same DIR1 DIR2: the three result files equal
	for f in generations.csv lineage.ndjson replicates.ndjson; do
		cmp "$1/$f" "$2/$f" || die "$f of $1 and $2 differ"
	done
}

expect_exit 0 "$C2RT" evolve "$@" $STD --checkpoint-every 1000 --jobs 1 -o "$T/a"
for f in generations.csv lineage.ndjson replicates.ndjson replicates/r0002.csv \
	replicates/r0002.ndjson checkpoints/r0002.world; do
	[ -s "$T/a/$f" ] || die "no $f"
done
[ ! -e "$T/a/generations.csv.journal" ] || die "the journal stayed"
[ "$(wc -l <"$T/a/replicates.ndjson")" -eq 3 ] || die "replicates.ndjson: $(cat "$T/a/replicates.ndjson")"
grep -q '"stop":"time","ticks":5400,' "$T/a/replicates.ndjson" || die "stop: $(cat "$T/a/replicates.ndjson")"
head -n 1 "$T/a/generations.csv" | grep -q '^replicate,generation,conceived,.*,new:receptor:12:0,alleles:receptor:12:0$' ||
	die "header: $(head -n 1 "$T/a/generations.csv")"

# --jobs 3: the same bytes.
expect_exit 0 "$C2RT" evolve "$@" $STD --checkpoint-every 1000 --jobs 3 -o "$T/b"
same "$T/a" "$T/b"

# The CSV and lineage agree with the log: recounted here from the records.
expect_exit 0 "$C2RT" lineage --format json --generations "$T/a/lineage.ndjson"
python3 "$ROOT/tests/cli/evolvecheck.py" "$T/a" "$T/out" || die "the CSV and the log disagree"

# Killed and resumed: the same bytes as the straight run. SIGTERM first
# (the finished replicates stay in the journal, exit 130), then SIGKILL
# (the journal and the checkpoints are all there is).
evolve_kill() { # evolve_kill SIGNAL DIR
	sig=$1 dir=$2; shift 2
	"$C2RT" evolve "$@" --jobs 1 --resume -o "$dir" 2>"$T/kill.err" &
	pid=$!
	n=0
	until [ -s "$dir/checkpoints/r0001.world" ] || [ $n -gt 600 ]; do sleep 0.05; n=$((n + 1)); done
	kill "-$sig" "$pid"
	wait "$pid"
}
for sig in TERM KILL; do
	evolve_kill "$sig" "$T/r$sig" "$@" $STD --checkpoint-every 300
	rc=$?
	case $sig in TERM) [ $rc -eq 130 ] || die "SIGTERM: exit $rc, expected 130: $(cat "$T/kill.err")" ;;
	KILL) [ $rc -eq 137 ] || die "SIGKILL: exit $rc" ;; esac
	[ ! -e "$T/r$sig/generations.csv" ] || die "$sig: generations.csv written by an interrupted run"
	[ -s "$T/r$sig/checkpoints/r0001.world" ] || die "$sig: no checkpoint"
	expect_exit 0 "$C2RT" evolve "$@" $STD --checkpoint-every 300 --jobs 2 --resume -o "$T/r$sig"
	contains "$T/err" "replicate 1 continued from its checkpoint at tick"
	! grep -q "replicate 0 continued" "$T/err" || die "$sig: the finished replicate 0 ran again"
	same "$T/a" "$T/r$sig"
done

# Shards, merged: the same bytes as the whole run; the shards draw no plot.
expect_exit 0 "$C2RT" evolve "$@" $STD --shard 1/2 -o "$T/s1"
expect_exit 0 "$C2RT" evolve "$@" $STD --shard 2/2 -o "$T/s2"
[ "$(wc -l <"$T/s1/replicates.ndjson")" -eq 2 ] && [ ! -e "$T/s1/generations.png" ] ||
	die "shard 1/2: $(cat "$T/s1/replicates.ndjson")"
expect_exit 2 "$C2RT" evolve --merge "$T/s1" -o "$T/m1"
contains "$T/err" "1 of the 3 replicates are in none of the folders"
expect_exit 0 "$C2RT" evolve --merge "$T/s2" "$T/s1" -o "$T/m"
same "$T/a" "$T/m"
expect_exit 2 "$C2RT" evolve --merge "$T/s1" "$T/s1" -o "$T/m2"
contains "$T/err" "replicate 0 is in"
expect_exit 1 "$C2RT" evolve --merge "$T/s1" "$T/s2" --jobs 2 -o "$T/m3"
# merged into a shard's own folder: its files are inputs, never outputs
cp "$T/s1/replicates.ndjson" "$T/s1.keep"
expect_exit 2 "$C2RT" evolve --merge "$T/s1" "$T/s2" -o "$T/s1"
contains "$T/err" "refusing to overwrite it"
cmp -s "$T/s1/replicates.ndjson" "$T/s1.keep" || die "a shard's file was overwritten"

# --resume with other options keeps nothing of the old run: all runs again.
expect_exit 0 "$C2RT" evolve "$@" --hours 0.15 --replicates 3 --seed 6 --resume -o "$T/a"
cmp -s "$T/a/lineage.ndjson" "$T/b/lineage.ndjson" && die "--seed 6 gave the genealogy of --seed 5"
grep -q '"replicates":3' "$T/a/replicates.ndjson" || die "resume with another seed"

# --max-population: three founders alive at once end it at the first tick.
expect_exit 0 "$C2RT" evolve "$@" --hours 0.15 --seed 5 --max-population 3 --replicates 1 -o "$T/crowd"
grep -q '"stop":"crowded","ticks":1,"alive":3,' "$T/crowd/replicates.ndjson" ||
	die "--max-population: $(cat "$T/crowd/replicates.ndjson")"

# Usage errors.
expect_exit 1 "$C2RT" evolve --founder "$NORN:m" --founder "$NORN:f" --hours 1 -o "$T/u"
contains "$T/err" "missing --world"
expect_exit 1 "$C2RT" evolve --world "$W" --founder "$NORN:m" --hours 1 -o "$T/u"
contains "$T/err" "at least two --founder"
expect_exit 1 "$C2RT" evolve --world "$W" --founder "$NORN:x" --founder "$NORN:f" --hours 1 -o "$T/u"
contains "$T/err" "GENOME:SEX"
expect_exit 1 "$C2RT" evolve --world "$W" --founder "$NORN:m" --founder "$NORN:f" --hours 1 --generations 2 -o "$T/u"
expect_exit 1 "$C2RT" evolve --world "$W" --founder "$NORN:m" --founder "$NORN:f" --hours 0 -o "$T/u"
expect_exit 1 "$C2RT" evolve --world "$W" --founder "$NORN:m" --founder "$NORN:f" --hours 1 --gene nonesuch:3 -o "$T/u"
expect_exit 1 "$C2RT" evolve --world "$W" --founder "$NORN:m" --founder "$NORN:f" --hours 1 --shard 3/2 -o "$T/u"
# Never an input: the events file inside -o is refused before any work.
mkdir -p "$T/o"
cp "$ROOT/worlds/garden.teach" "$T/o/lineage.ndjson"
expect_exit 2 "$C2RT" evolve --world "$W" --founder "$NORN:m" --founder "$NORN:f" --hours 1 \
	--events "$T/o/lineage.ndjson" -o "$T/o"
[ ! -e "$T/o/generations.csv" ] && cmp -s "$ROOT/worlds/garden.teach" "$T/o/lineage.ndjson" ||
	die "an input was overwritten"
# A second evolve into the same folder while one runs is refused (the lock).
"$C2RT" evolve "$@" --replicates 3 --seed 5 --hours 2 -o "$T/l" 2>/dev/null &
lpid=$!
n=0
until [ -e "$T/l/generations.csv.lock" ] || [ $n -gt 200 ]; do sleep 0.05; n=$((n + 1)); done
expect_exit 2 "$C2RT" evolve "$@" $STD -o "$T/l"
contains "$T/err" "is being written by another c2rt"
kill "$lpid"
wait "$lpid"
exit 0
