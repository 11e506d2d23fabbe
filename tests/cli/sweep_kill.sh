# sweep_kill.sh — `kill -9` at 20 moments spread over a sweep's life: its
# results file is always the old file or the complete new one (never torn,
# never header-only), and --resume afterwards gives the rows and the table
# of an uninterrupted sweep (wall times aside), leaving no journal and no
# lock.
# The moments are drawn from [0, 1.2 x the batch's own duration], measured
# first, so a slow build (ASan) is hit as evenly as a fast one. Odd rounds
# start with no results file, even ones with the results of another batch
# in its place: killed before its journal began, that batch is refused by
# --resume (its rows are not this batch's), and a plain rerun replaces it.
. "$(dirname "$0")/lib.sh"
S="$BUILD/genomes/starter.gen" EV="$ROOT/genomes/starter.events"
CMP="python3 $ROOT/tests/cli/batchcmp.py"

# now: seconds since the epoch, with fractions
now() { date +%s.%N; }
# moment I DURATION: a kill moment for round I, in [0, 1.2 DURATION)
moment() { awk -v i="$1" -v d="$2" 'BEGIN { srand(i * 7919); printf "%.3f", rand() * d * 1.2 }'; }

set -- "$S" --gene half-lives:1 --field halflife:Ageing --values 120,128 --seeds 4 --ticks 20000 \
	--events "$EV" --jobs 2 --variants "$T/v" --quiet
t0=$(now)
expect_exit 0 "$C2RT" sweep "$@" -o "$T/ref.csv" --plot "$T/ref.png"
dur=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')
cp "$T/out" "$T/ref.table"
expect_exit 0 "$C2RT" sweep "$S" --gene half-lives:1 --field halflife:Ageing --values 1 --ticks 5 \
	-o "$T/old.csv" --quiet

old=0 new=0 unstarted=0
for i in $(seq 1 20); do
	rm -f "$T/r.csv" "$T/r.csv.journal"
	[ $((i % 2)) -eq 0 ] && cp "$T/old.csv" "$T/r.csv"
	at=$(moment "$i" "$dur")
	"$C2RT" sweep "$@" -o "$T/r.csv" >/dev/null 2>&1 &
	pid=$!
	sleep "$at"
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	if [ ! -e "$T/r.csv" ] || cmp -s "$T/r.csv" "$T/old.csv"; then
		old=$((old + 1))
	elif $CMP "$T/ref.csv" "$T/r.csv" >/dev/null; then
		new=$((new + 1))
	else
		die "killed at $at s: $T/r.csv is neither the old file nor the complete new one"
	fi
	if [ -e "$T/r.csv" ] && [ ! -e "$T/r.csv.journal" ] && cmp -s "$T/r.csv" "$T/old.csv"; then
		expect_exit 2 "$C2RT" sweep "$@" -o "$T/r.csv" --resume
		contains "$T/err" "holds rows of another batch"
		unstarted=$((unstarted + 1))
		expect_exit 0 "$C2RT" sweep "$@" -o "$T/r.csv"
	else
		expect_exit 0 "$C2RT" sweep "$@" -o "$T/r.csv" --resume
	fi
	$CMP "$T/ref.csv" "$T/r.csv" || die "killed at $at s, then --resume: not the uninterrupted sweep's rows"
	cmp -s "$T/out" "$T/ref.table" || die "killed at $at s, then --resume: another table: $(cat "$T/out")"
	[ ! -e "$T/r.csv.journal" ] && [ ! -e "$T/r.csv.lock" ] || die "killed at $at s: a journal or lock stayed"
	rm -f "$T"/r.csv.tmp.* "$T"/r.csv.journal.tmp.* "$T"/r.png.tmp.* "$T"/v/*.tmp.*
done
echo "20 kills over ${dur}s: $old left the old file (of which $unstarted before the journal began), $new the new one"
# The moments must have hit both sides of the end, or the test proved little.
[ $old -ge 5 ] || die "only $old kills landed before the end"
exit 0
