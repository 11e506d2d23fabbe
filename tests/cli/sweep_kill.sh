# sweep_kill.sh — `kill -9` at 20 moments spread over a sweep's life: its
# results file is always the old file or the complete new one (never torn,
# never header-only), and --resume afterwards gives the rows and the table
# of an uninterrupted sweep (wall times aside), leaving no journal and no
# lock (kill_rounds in lib.sh). The moments are drawn from [0, 1.2 x the
# sweep's own duration], measured first.
. "$(dirname "$0")/lib.sh"
S="$BUILD/genomes/starter.gen" EV="$ROOT/genomes/starter.events"

set -- "$S" --gene half-lives:1 --field halflife:Ageing --values 120,128 --seeds 3 --ticks 12000 \
	--events "$EV" --jobs 2 --variants "$T/v" --plot "$T/r.png" --quiet
t0=$(now)
expect_exit 0 "$C2RT" sweep "$@" -o "$T/ref.csv"
dur=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')
cp "$T/out" "$T/ref.out"
expect_exit 0 "$C2RT" sweep "$S" --gene half-lives:1 --field halflife:Ageing --values 1 --ticks 5 \
	-o "$T/old.csv" --quiet
kill_rounds sweep "$@"
exit 0
