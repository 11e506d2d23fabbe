# view_record.sh — a viewer session recorded and replayed (Chocolate Doom's
# demos): keys pressed in a real window under Xvfb become event lines; the
# recording, replayed headless by `c2rt run --events`, reaches the same state
# hash at every tick. On the starter creature (and the norn when present).
. "$(dirname "$0")/lib.sh"
command -v xvfb-run >/dev/null 2>&1 || { echo "no xvfb-run (make deps DEPS=test installs xvfb)"; exit 77; }
printf 'leak:libdbus-1.so\n' >"$T/lsan.supp"
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$T/lsan.supp:print_suppressions=0"

STARTER="$BUILD/genomes/starter.gen"
[ -f "$STARTER" ] || die "no $STARTER (make builds it)"

# record GENOME EVENTS NAME KEYS: a paused session driven only by --keys
# (<Run:N> runs N ticks), hashes every 10 ticks, then compare with its replay.
record() {
	genome=$1 events=$2 name=$3 keys=$4
	expect_exit 0 xvfb-run -a -s "-screen 0 1280x800x24" "$C2RT" view "$genome" --events "$events" \
		--seed 7 --paused --hash-every 10 --record "$T/$name.ev" --keys "$keys"
	cp "$T/out" "$T/$name.view-hashes"
	cp "$T/err" "$T/$name.view-err"
	[ -s "$T/$name.view-hashes" ] || die "$name: the viewer printed no hashes"
	# The recording: the events file it started from, then one line per input.
	grep -q '^at [0-9]* inject 70 80 ' "$T/$name.ev" || { cat "$T/$name.ev" >&2; die "$name: no inject line"; }
	grep -q '^at [0-9]* sleep ' "$T/$name.ev" || die "$name: no sleep line"
	grep -q '^at [0-9]* wake ' "$T/$name.ev" || die "$name: no wake line"
	grep -q '^at [0-9]* dream ' "$T/$name.ev" || die "$name: no dream line"
	n=$(sed -n 's/^# the session ended at tick [0-9]* after \([0-9]*\) ticks (N) .*/\1/p' "$T/$name.ev")
	hash=$(sed -n 's/^# the session ended at tick [0-9]* after [0-9]* ticks (N) with state hash \([0-9a-f]*\)$/\1/p' "$T/$name.ev")
	[ -n "$n" ] && [ -n "$hash" ] || die "$name: no closing line in the recording"
	contains "$T/$name.view-err" "state hash $hash"
	# The replay command the recording names, headless.
	replay=$(sed -n 's/^#   c2rt run //p' "$T/$name.ev" | sed "s/--ticks N/--ticks $n/")
	[ -n "$replay" ] || die "$name: no replay command in the recording"
	# shellcheck disable=SC2086
	expect_exit 0 "$C2RT" run $replay --hash-every 10 --quiet
	diff -u "$T/$name.view-hashes" "$T/out" >"$T/diff" || { head -n 20 "$T/diff" >&2; die "$name: replay differs"; }
	tail -n 1 "$T/out" | grep -q " $hash\$" || die "$name: replay ends at another hash"
	echo "$name: $(wc -l <"$T/out") hashes equal over $n ticks"
}

# Inject glucose (at tick 200, where the events file injects too: order kept),
# pat it, say "eat", sleep and wake, dream, inject again; ticks run between.
KEYS='<Run:200>iglucose<Enter>80<Enter><Run:150>tpats<Enter><Run:50>wverb eat<Enter>'
KEYS="$KEYS"'<Run:7>z<Run:300>z<Run:100>d<Run:43>iglucose<Enter>80<Enter><Run:150>q'
record "$STARTER" "$ROOT/genomes/starter.events" starter "$KEYS"

# Without a recording the same keys give another state: the inputs matter.
expect_exit 0 "$C2RT" run "$STARTER" --seed 7 --events "$ROOT/genomes/starter.events" --ticks 1000 --hash-every 1000 --quiet
grep -q "$(tail -n 1 "$T/starter.view-hashes" | cut -d' ' -f2)" "$T/out" && die "inputs changed nothing"

have_shared || { echo "no C2 data at $C2RT_SHARED: norn part skipped"; exit 0; }
printf 'every 100 inject Glucose 80\n' >"$T/feed.ev"
record "$NORN" "$T/feed.ev" norn "$KEYS"
exit 0
