# view_world.sh — `c2rt view --world` in a real window under Xvfb: the
# creature stepped in its world exactly as `c2rt run --world` steps it (the
# same hashes, fresh and resumed from a world snapshot); the hand driven by
# the mouse (scripted clicks through the window's own event handling: pat,
# slap, pick up, drop, yes, no) recorded as events lines that `c2rt run
# --world --events` replays to the same hashes; and the world strip in a
# screenshot (floor, rooms, objects, the creature). On the starter creature
# in the garden (and the norn when present).
. "$(dirname "$0")/lib.sh"
command -v xvfb-run >/dev/null 2>&1 || { echo "no xvfb-run (make deps-test installs xvfb)"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "no python3"; exit 77; }
printf 'leak:libdbus-1.so\n' >"$T/lsan.supp"
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$T/lsan.supp:print_suppressions=0"

STARTER="$BUILD/genomes/starter.gen"
[ -f "$STARTER" ] || die "no $STARTER (make builds it)"
GARDEN="$ROOT/worlds/garden.world"

view() { # view ARGS... : run the viewer on a fresh X server
	expect_exit 0 xvfb-run -a -s "-screen 0 1280x800x24" "$C2RT" view "$@"
}

# 1. Without inputs the viewer's world is `c2rt run --world`'s, hash for hash.
view "$STARTER" --world "$GARDEN" --seed 5 --hash-every 50 --screenshot-after 400 "$T/plain.png"
cp "$T/out" "$T/plain.view"
[ "$(wc -l <"$T/plain.view")" -eq 8 ] || die "expected 8 hashes, got $(wc -l <"$T/plain.view")"
expect_exit 0 "$C2RT" run "$STARTER" --world "$GARDEN" --seed 5 --ticks 400 --hash-every 50 --quiet
diff -u "$T/out" "$T/plain.view" || die "view --world differs from run --world"
# and not the creature's hash alone: the world's
expect_exit 0 "$C2RT" run "$STARTER" --seed 5 --ticks 400 --hash-every 400 --quiet
[ "$(cat "$T/out")" != "$(tail -n 1 "$T/plain.view")" ] || die "view --world printed a worldless hash"

# 2. The hand with the mouse, recorded, then replayed headless.
# record GENOME NAME KEYS: a paused session driven by --keys, hashes every
# 10 ticks, compared with the replay the recording names.
record() {
	genome=$1 name=$2 keys=$3
	view "$genome" --world "$GARDEN" --seed 7 --paused --hash-every 10 --record "$T/$name.ev" --keys "$keys"
	cp "$T/out" "$T/$name.view-hashes"
	cp "$T/err" "$T/$name.view-err"
	[ -s "$T/$name.view-hashes" ] || die "$name: the viewer printed no hashes"
	for line in 'pat' 'slap' 'pickup ball\.1' 'drop [0-9][0-9]*' 'pickup cheese\.1' 'yes' 'no'; do
		grep -q "^at [0-9]* $line  *# " "$T/$name.ev" || { cat "$T/$name.ev" >&2; die "$name: no '$line' line"; }
	done
	# the right button on the creature's head slaps it
	grep -q '^at 0 slap ' "$T/$name.ev" || die "$name: the right-click at tick 0 did not slap"
	[ "$(grep -c '^at [0-9]* slap ' "$T/$name.ev")" -eq 2 ] || die "$name: expected two slaps"
	n=$(sed -n 's/^# the session ended at tick [0-9]* after \([0-9]*\) ticks (N) .*/\1/p' "$T/$name.ev")
	hash=$(sed -n 's/^# the session ended at tick [0-9]* after [0-9]* ticks (N) with state hash \([0-9a-f]*\)$/\1/p' "$T/$name.ev")
	[ -n "$n" ] && [ -n "$hash" ] || die "$name: no closing line in the recording"
	contains "$T/$name.view-err" "state hash $hash"
	replay=$(sed -n 's/^#   c2rt run //p' "$T/$name.ev" | sed "s/--ticks N/--ticks $n/")
	case $replay in *"--world $GARDEN"*) ;; *) die "$name: the replay command names no world: $replay" ;; esac
	# shellcheck disable=SC2086
	expect_exit 0 "$C2RT" run $replay --hash-every 10 --quiet --log "$T/$name.ndjson"
	diff -u "$T/$name.view-hashes" "$T/out" >"$T/diff" || { head -n 20 "$T/diff" >&2; die "$name: replay differs"; }
	tail -n 1 "$T/out" | grep -q " $hash\$" || die "$name: replay ends at another hash"
	# What the hand did, in the world's log: the stimuli and the carrying.
	contains "$T/$name.ndjson" '"command":"pat"'
	contains "$T/$name.ndjson" '"name":"Pointer pats me"'
	contains "$T/$name.ndjson" '"name":"Pointer slaps me"'
	contains "$T/$name.ndjson" '"command":"pickup","x":1050.000'
	echo "$name: $(wc -l <"$T/out") hashes equal over $n ticks"
}

# A right-click on the creature's head at tick 0 (it starts at x 300 facing
# east), pat (left on the head), slap (left on the bottom); the
# hand takes the ball (at x 1050) and drops it at x 500; takes the cheese
# (1350) and drops it where it was (right button); yes, no; an inject key
# in between (engine and world lines in one file).
KEYS='<RHand:310><Run:100><Pat><Run:50><Slap><Run:20><Hand:1050><Run:30><Hand:500><Run:40>'
KEYS="$KEYS"'<Hand:1350><Run:5><RHand:1350><Run:20>y<Run:3>n<Run:10>iglucose<Enter>80<Enter>'
KEYS="$KEYS"'<Run:30><Move:1,1><Run:2>'
record "$STARTER" starter "$KEYS<RClick:0,0><Run:10>q"
# the left button on the same spot pats
view "$STARTER" --world "$GARDEN" --seed 7 --paused --record "$T/lh.ev" --keys '<Hand:310><Run:2>q'
contains "$T/lh.ev" "at 0 pat "
# The recording is not the same without the inputs.
expect_exit 0 "$C2RT" run "$STARTER" --world "$GARDEN" --seed 7 --ticks 400 --hash-every 400 --quiet
grep -q "$(cut -d' ' -f2 "$T/out")" "$T/starter.view-hashes" && die "the hand changed nothing"

# A click with nothing under it records nothing; a world token without a
# world says so; a bad token is refused before the window opens.
view "$STARTER" --world "$GARDEN" --seed 7 --paused --record "$T/none.ev" --keys '<Hand:700><Run:5>q'
grep -q '^at ' "$T/none.ev" && die "a click on the empty floor recorded a line"
view "$STARTER" --paused --keys '<Pat>q'
contains "$T/err" "<Pat>: there is no world"
expect_exit 1 "$C2RT" view "$STARTER" --world "$GARDEN" --keys '<Hand:x>'
contains "$T/err" "bad key at '<Hand:x>'"

# 3. Resumed from a world snapshot: the viewer and run continue alike.
expect_exit 0 "$C2RT" run "$STARTER" --world "$GARDEN" --seed 9 --ticks 200 --save "$T/w.snap" --quiet
view --resume "$T/w.snap" --hash-every 25 --screenshot-after 200 "$T/resumed.png"
cp "$T/out" "$T/resumed.view"
expect_exit 0 "$C2RT" run --resume "$T/w.snap" --ticks 200 --hash-every 25 --quiet
diff -u "$T/out" "$T/resumed.view" || die "view --resume of a world differs from run --resume"
# the hand in a resumed world: its lines at the world's ticks, replayed
view --resume "$T/w.snap" --paused --hash-every 10 --record "$T/rr.ev" --keys '<Run:20><Pat><Run:30><Hand:1050><Run:10>q'
cp "$T/out" "$T/rr.view"
contains "$T/rr.ev" "at 220 pat "
contains "$T/rr.ev" "at 250 pickup ball.1 "
expect_exit 0 "$C2RT" run --resume "$T/w.snap" --events "$T/rr.ev" --ticks 60 --hash-every 10 --quiet
diff -u "$T/out" "$T/rr.view" || die "the hand in a resumed world does not replay"
# and the snapshot key saves the whole world
mkdir "$T/keys"
view "$STARTER" --world "$GARDEN" --seed 9 --screenshot-after 200 "$T/k.png" --dir "$T/keys" --keys 's'
contains "$T/err" "saved snapshot $T/keys/c2rt-view-200.snap"
expect_exit 0 "$C2RT" run --resume "$T/keys/c2rt-view-200.snap" --ticks 200 --hash-every 25 --quiet
diff -u "$T/out" "$T/resumed.view" || die "the snapshot key's world does not resume as run's"

# 4. The screenshot: the world strip under the status line shows the floor,
# the rooms' tints, the objects' boxes in their categories' colours and the
# creature, at the scale that fits (the garden is 2400 px wide).
strip_stats() {
	python3 - "$1" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "cli"))
from pngread import read_png, pixel
w, h, bpp, rows = read_png(sys.argv[1])
def px(x, y):
    return pixel(rows, bpp, x, y)
ground = (120, 98, 72)
crt = (232, 190, 120)
# the floor: the longest run of the ground colour down the middle column, in the top third
floor = [y for y in range(h // 3) if px(w // 2, y) == ground]
top = min(floor) if floor else 0
counts = {}
for y in range(max(0, top - h // 8), top):
    for x in range(w):
        c = px(x, y)
        counts[c] = counts.get(c, 0) + 1
palette = [0x1f77b4, 0xd62728, 0x2ca02c, 0xff7f0e, 0x9467bd, 0x8c564b, 0xe377c2, 0x17becf,
           0xbcbd22, 0x393b79, 0x000000, 0x00695c, 0x637939, 0xa55194, 0xe7ba52, 0x6b6ecf]
palette = [((c >> 16) & 255, (c >> 8) & 255, c & 255) for c in palette]
objects = sum(1 for c in palette if c != (0, 0, 0) and counts.get(c, 0) >= 10)
print(len(floor), top, counts.get(crt, 0), objects)
PY
}
check_strip() { # check_strip FILE MIN_OBJECT_COLOURS
	set -- "$1" "$2" $(strip_stats "$1")
	[ "$3" -ge 4 ] || die "$1: no floor under the status line ($3 rows)"
	[ "$5" -ge 100 ] || die "$1: the creature covers $5 pixels above the floor"
	[ "$6" -ge "$2" ] || die "$1: $6 object colours above the floor, expected at least $2"
	echo "$1: floor at y $4, creature $5 px, $6 object colours"
}
# garden: food (carrots, cheese), seed, plant, fruit, toys, a bad plant
check_strip "$T/plain.png" 5
check_strip "$T/resumed.png" 5
# Without a world there is no strip.
view "$STARTER" --seed 5 --screenshot-after 10 "$T/noworld.png"
set -- $(strip_stats "$T/noworld.png")
[ "$1" -eq 0 ] || die "a strip without a world"
# A world wider than the window at the least scale follows the creature.
printf 'room long 0 9000\nkind rock toy width 40\nobject rock 200\nobject rock 8800\ncreature 300 east\n' >"$T/long.world"
view "$STARTER" --world "$T/long.world" --seed 5 --screenshot-after 10 "$T/long.png" --size 1024x640
check_strip "$T/long.png" 1

have_shared || { echo "no C2 data at $C2RT_SHARED: norn part skipped"; exit 0; }
record "$NORN" norn "$KEYS<Run:10>q"
view "$NORN" --world "$GARDEN" --seed 3 --screenshot-after 3000 "$T/norn.png" --size 1024x640
check_strip "$T/norn.png" 5
exit 0
