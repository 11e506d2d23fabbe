# view_body.sh — the viewer's body panel under Xvfb: a creature with our own
# f0 walker and with our own XODE paddler, screenshots after some ticks;
# the panel (right of the plot) shows the sky, the ground grid and the body
# in its shaded colours, and the b key turns it to a wireframe; a recorded
# session with a body replays. With the shared data, the norn with
# johnnie.xode too.
. "$(dirname "$0")/lib.sh"
command -v xvfb-run >/dev/null 2>&1 || { echo "no xvfb-run (make deps DEPS=test installs xvfb)"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "no python3"; exit 77; }
printf 'leak:libdbus-1.so\n' >"$T/lsan.supp"
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$T/lsan.supp:print_suppressions=0"
STARTER="$BUILD/genomes/starter.gen"

view() { expect_exit 0 xvfb-run -a -s "-screen 0 1920x1200x24" "$C2RT" view "$@"; }

# body_stats FILE: "SKY GRID WARM EDGE" — per cent of the body panel (the
# bottom right of the window) in the sky colour; pixels of the grid, of the
# body's warm shades (parts and geoms, shaded) and dark ones (wireframe edges).
body_stats() {
	python3 - "$1" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "cli"))
from pngread import read_png
w, h, bpp, rows = read_png(sys.argv[1])
x0, x1, y0, y1 = int(w * 0.62), int(w * 0.98), int(h * 0.62), int(h * 0.93)
sky = grid = warm = edge = 0
for y in range(y0, y1):
    r = rows[y]
    for x in range(x0, x1):
        p = (r[x * bpp], r[x * bpp + 1], r[x * bpp + 2])
        sky += p == (236, 241, 247)
        grid += p == (160, 168, 150)
        warm += p[0] > p[2] + 60 and p[1] > p[2] + 20
        edge += max(p) < 110
print(sky * 100 // ((x1 - x0) * (y1 - y0)), grid, warm, edge)
PY
}

check() { # check FILE MIN_WARM
	set -- "$1" "$2" $(body_stats "$1")
	[ "$3" -ge 20 ] || die "$1: the sky covers $3% of the body panel"
	[ "$4" -ge 50 ] || die "$1: $4 grid pixels"
	[ "$5" -ge "$2" ] || die "$1: $5 body pixels, expected at least $2"
}

view "$STARTER" --body "$ROOT/genomes/walker.f0" --screenshot-after 200 "$T/walker.png"
check "$T/walker.png" 200
view "$STARTER" --body "$ROOT/tests/fixtures/paddler.xode" --screenshot-after 200 "$T/paddler.png" \
	--size 1024x640
check "$T/paddler.png" 200
view "$STARTER" --body "$ROOT/genomes/walker.f0" --screenshot-after 200 "$T/wire.png" --keys b
set -- $(body_stats "$T/wire.png")
[ "$4" -ge 100 ] || die "wireframe: $4 edge pixels"
[ "$3" -lt 100 ] || die "wireframe: $3 shaded pixels"
# A session with a body, recorded: its replay command names the body, and
# replays to the same state hash.
expect_exit 0 xvfb-run -a -s "-screen 0 1280x800x24" "$C2RT" view "$STARTER" --seed 5 --paused \
	--body "$ROOT/genomes/walker.f0" --record "$T/s.ev" --keys '<Run:150>z<Run:100>z<Run:50>q'
n=$(sed -n 's/^# the session ended at tick [0-9]* after \([0-9]*\) ticks (N) .*/\1/p' "$T/s.ev")
hash=$(sed -n 's/^# the session ended at tick [0-9]* after [0-9]* ticks (N) with state hash \([0-9a-f]*\)$/\1/p' "$T/s.ev")
replay=$(sed -n 's/^#   c2rt run //p' "$T/s.ev" | sed "s/--ticks N/--ticks $n/")
case $replay in *"--body $ROOT/genomes/walker.f0"*) ;; *) die "the replay command has no body: $replay" ;; esac
# shellcheck disable=SC2086
expect_exit 0 "$C2RT" run $replay --hash-every "$n" --quiet
tail -n 1 "$T/out" | grep -q " $hash\$" || die "the replay ends at another hash than $hash"

# no body: no panel (the plot keeps the whole row)
view "$STARTER" --screenshot-after 50 "$T/none.png"
set -- $(body_stats "$T/none.png")
[ "$1" -eq 0 ] || die "a body panel without a body"

have_shared || { echo "no C2 data at $C2RT_SHARED: norn part skipped"; exit 0; }
view "$NORN" --body "$C2RT_SHARED/bodies/xode/johnnie.xode" --screenshot-after 300 "$T/johnnie.png"
check "$T/johnnie.png" 500
exit 0
