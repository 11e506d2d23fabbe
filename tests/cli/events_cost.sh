# events_cost.sh — events wait in a schedule ordered by tick (engine/events.c):
# the cost of a world tick does not grow with the events still pending
# (issue 21). 10,000 events that fall after the run, or repeating ones that
# began and are seldom due, add less than 10% to a fed norn's instructions
# per tick (callgrind, deterministic: the marginal cost of 20,000 more
# ticks, so that parsing the file does not count). Checking every event at
# every tick made it about 8 times as much (0.24 s -> 2.65 s for a life).
. "$(dirname "$0")/lib.sh"
need_shared
command -v valgrind >/dev/null 2>&1 || { echo "valgrind not installed"; exit 77; }
case $BUILD in */san|*/o0) echo "instruction counts are measured on the -O2 build"; exit 77 ;; esac

FEED='every 100 inject Glucose 80
every 100 inject Hunger_Decrease 20'
printf '%s\n' "$FEED" >"$T/feed.ev"
{ printf '%s\n' "$FEED"; awk 'BEGIN { for (i = 0; i < 10000; i++) printf "at %d inject ATP 1\n", 9000000 + i }'; } >"$T/future.ev"
{ printf '%s\n' "$FEED"; awk 'BEGIN { for (i = 0; i < 10000; i++) printf "every 1000000 from %d inject ATP 0\n", 1 + i % 50 }'; } >"$T/begun.ev"

ir() { # events ticks -> total Ir of a run
	valgrind --tool=callgrind --callgrind-out-file="$T/cg" "$C2RT" run "$NORN" --events "$1" \
		--ticks "$2" --quiet >/dev/null 2>"$T/cg.err" || { cat "$T/cg.err" >&2; die "callgrind failed"; }
	sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$T/cg" | head -n 1
}
# The marginal ticks: 20,000, or 4,000 when short (make check: callgrind
# counts exactly, and 4,000 ticks hold 40 feeds and 1,000 brain ticks).
more=20000
short && more=4000
per_tick() { echo $(( ($(ir "$1" $((2000 + more))) - $(ir "$1" 2000)) / more )); }
base=$(per_tick "$T/feed.ev")
future=$(per_tick "$T/future.ev")
begun=$(per_tick "$T/begun.ev")
echo "instructions per tick: fed norn $base, with 10000 future events $future, with 10000 begun repeating ones $begun"
[ $((future * 10)) -lt $((base * 11)) ] || die "10000 future events cost $future per tick, over 110% of $base"
[ $((begun * 10)) -lt $((base * 11)) ] || die "10000 begun repeating events cost $begun per tick, over 110% of $base"
exit 0
