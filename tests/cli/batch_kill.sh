# batch_kill.sh — `kill -9` at 20 moments spread over a batch's life: its
# results file is always the old file or the complete new one (never torn,
# never header-only), and --resume afterwards gives the rows of an
# uninterrupted batch (wall times aside), leaving no journal and no lock
# (kill_rounds in lib.sh). The moments are drawn from [0, 1.2 x the batch's
# own duration], measured first, so a slow build (ASan) is hit as evenly
# as a fast one. Then the same with a body, on worker processes.
. "$(dirname "$0")/lib.sh"
S="$BUILD/genomes/starter.gen" EV="$ROOT/genomes/starter.events"

set -- "$S" --seeds 8 --ticks 20000 --events "$EV" --jobs 2 --quiet
t0=$(now)
expect_exit 0 "$C2RT" batch "$@" -o "$T/ref.csv"
dur=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')
expect_exit 0 "$C2RT" batch "$S" --ticks 5 -o "$T/old.csv" --quiet
kill_rounds batch "$@"

# The same with a body, its runs in two worker processes (which die with
# the batch and leave the lock free for --resume).
set -- "$S" --seeds 4 --ticks 40 --body "$ROOT/genomes/walker.f0" --jobs 2 --quiet
t0=$(now)
expect_exit 0 "$C2RT" batch "$@" -o "$T/ref.csv"
dur=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')
kill_rounds batch "$@"
exit 0
