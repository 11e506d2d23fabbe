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

# 5. A population: a second creature (--creature, as `run` takes it) in the
# same world. The viewer steps it as `run` does (the same hashes); both are
# drawn, the selected one under the red arrow; Tab selects the other (the
# arrow moves), a click on a creature selects it; the hand pats the selected
# one (its moniker on the line), and the selection, a comment in the
# recording, replays to the same hashes.
TWO="--creature $STARTER:m:11"
# the garden with a second place: the second creature starts in the meadow
{ cat "$GARDEN"; echo 'creature 1800 west'; } >"$T/garden2.world"
G2=$T/garden2.world
# shellcheck disable=SC2086
view "$STARTER" --world "$G2" $TWO --seed 5 --hash-every 50 --screenshot-after 300 "$T/two.png"
cp "$T/out" "$T/two.view"
# shellcheck disable=SC2086
expect_exit 0 "$C2RT" run "$STARTER" --world "$G2" $TWO --seed 5 --ticks 300 --hash-every 50 --quiet
diff -u "$T/out" "$T/two.view" || die "view --world --creature differs from run"
head -n 6 "$T/plain.view" | diff -q - "$T/two.view" >/dev/null && die "the second creature changed nothing"
# shellcheck disable=SC2086
view "$STARTER" --world "$G2" $TWO --seed 5 --screenshot-after 300 "$T/two-tab.png" --keys '<Tab>'
contains "$T/err" "c2rt view: selected "
# creatures STRIP: "RUNS MARKED" — the creatures' colour runs along the row
# just above the floor (one per creature standing apart) and the index of
# the run under the red arrow (-1: none).
creatures() {
	python3 - "$1" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "cli"))
from pngread import read_png, pixel
w, h, bpp, rows = read_png(sys.argv[1])
px = lambda x, y: pixel(rows, bpp, x, y)
ground, crt, red = (120, 98, 72), (232, 190, 120), (214, 39, 40)
floor = min(y for y in range(h // 3) if px(w // 2, y) == ground)
runs, x = [], 0
while x < w:
    if px(x, floor - 3) == crt:
        a = x
        while x < w and px(x, floor - 3) == crt:
            x += 1
        runs.append((a, x))
    x += 1
# merge the pieces of one creature (its belly, its head split a run)
merged = []
for a, b in runs:
    if merged and a - merged[-1][1] < 12:
        merged[-1] = (merged[-1][0], b)
    else:
        merged.append((a, b))
# the arrow: the creature with the most red over its own stretch of the row
# (objects may be red too, a pear: they stand elsewhere)
reds = [x for y in range(floor - h // 8, floor) for x in range(w) if px(x, y) == red]
count = [sum(1 for x in reds if a - 8 <= x <= b + 8) for a, b in merged]
mark = max(range(len(merged)), key=lambda i: count[i]) if merged and max(count) > 0 else -1
print(len(merged), mark)
PY
}
set -- $(creatures "$T/two.png")
[ "$1" -ge 2 ] || die "two.png: $1 creatures drawn in the strip, expected 2"
[ "$2" -ge 0 ] || die "two.png: no creature under the red arrow"
first_mark=$2
set -- $(creatures "$T/two-tab.png")
[ "$1" -ge 2 ] || die "two-tab.png: $1 creatures drawn"
[ "$2" -ge 0 ] && [ "$2" -ne "$first_mark" ] || die "Tab did not move the arrow (run $first_mark, then $2)"
echo "two creatures drawn; the arrow on run $first_mark, after Tab on run $2"
# Recorded: Tab, pat the selected one, Shift+Tab back, pat the first.
# shellcheck disable=SC2086
view "$STARTER" --world "$G2" $TWO --seed 7 --paused --hash-every 10 --record "$T/two.ev" \
	--keys '<Run:20><Tab><Run:10><Pat><Run:10><S-Tab><Run:10><Pat><Run:10>q'
cp "$T/out" "$T/two.view-hashes"
grep -q '^# at 20 select [0-9A-Z]\{4\} (key Tab)' "$T/two.ev" || { cat "$T/two.ev" >&2; die "no select comment"; }
grep -q '^at 30 pat [0-9A-Z]\{4\}  *# ' "$T/two.ev" || die "no pat at the second creature"
grep -q '^at 50 pat  *# ' "$T/two.ev" || die "no pat at the first creature"
grep -q -- "--creature $STARTER:m:11" "$T/two.ev" || die "the replay line names no --creature"
replay=$(sed -n 's/^#   c2rt run //p' "$T/two.ev" | sed "s/--ticks N/--ticks 60/")
# shellcheck disable=SC2086
expect_exit 0 "$C2RT" run $replay --hash-every 10 --quiet
diff -u "$T/two.view-hashes" "$T/out" || die "the two-creature session does not replay"

have_shared || { echo "no C2 data at $C2RT_SHARED: norn part skipped"; exit 0; }
record "$NORN" norn "$KEYS<Run:10>q"
view "$NORN" --world "$GARDEN" --seed 3 --screenshot-after 3000 "$T/norn.png" --size 1024x640
check_strip "$T/norn.png" 5

# A breeding pair of norns (seed 1: the female lays her first egg about
# tick 43000 and it hatches 6000 ticks later; the ticks come from run's
# genealogy): the egg drawn as an egg, the child flashing as born, the
# events in the summary, the world stepped as `run` steps it.
PAIR="$NORN --sex f --world $GARDEN --events $ROOT/worlds/garden.teach --creature $NORN:m --seed 1"
# shellcheck disable=SC2086
expect_exit 0 "$C2RT" run $PAIR --ticks 60000 --quiet --genealogy "$T/pair.ndjson"
lay=$(sed -n 's/^{"tick":\([0-9]*\),"type":"lay".*/\1/p' "$T/pair.ndjson" | head -n 1)
hatch=$(sed -n 's/^{"tick":\([0-9]*\),"type":"hatch".*/\1/p' "$T/pair.ndjson" | head -n 1)
[ -n "$lay" ] && [ -n "$hatch" ] || { head -n 5 "$T/pair.ndjson" >&2; die "the pair lays and hatches no egg in 60000 ticks: pick another seed"; }
egg_at=$((lay + 20)) born_at=$((hatch + 20))
# shellcheck disable=SC2086
view $PAIR --screenshot-after "$egg_at" "$T/egg.png"
contains "$T/err" "population 2 alive of 2, 0 hatched, 1 eggs"
# shellcheck disable=SC2086
expect_exit 0 "$C2RT" run $PAIR --ticks "$born_at" --hash-every 7000 --quiet
cp "$T/out" "$T/pair.run"
# shellcheck disable=SC2086
view $PAIR --hash-every 7000 --screenshot-after "$born_at" "$T/born.png"
diff -u "$T/pair.run" "$T/out" || die "the pair in the viewer differs from run"
contains "$T/err" "population 3 alive of 3, 1 hatched, 1 eggs"
# colour_count FILE R,G,B: pixels of that colour in the strip (above the floor)
colour_count() {
	python3 - "$1" "$2" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "cli"))
from pngread import read_png, pixel
w, h, bpp, rows = read_png(sys.argv[1])
want = tuple(int(v) for v in sys.argv[2].split(","))
ground = (120, 98, 72)
floor = min(y for y in range(h // 3) if pixel(rows, bpp, w // 2, y) == ground)
print(sum(1 for y in range(floor - h // 8, floor) for x in range(w) if pixel(rows, bpp, x, y) == want))
PY
}
shell=$(colour_count "$T/egg.png" 246,240,214)
[ "$shell" -ge 20 ] || die "egg.png: the egg's shell covers $shell pixels"
[ "$(colour_count "$T/born.png" 246,240,214)" -lt 20 ] || die "born.png: the hatched egg is still drawn"
ring=$(colour_count "$T/born.png" 250,160,50)
[ "$ring" -ge 20 ] || die "born.png: the newborn's ring covers $ring pixels"
[ "$(colour_count "$T/egg.png" 250,160,50)" -eq 0 ] || die "egg.png: a birth ring before any birth"
echo "norn pair: the egg $shell px at $egg_at, the newborn's ring $ring px at $born_at"
exit 0
