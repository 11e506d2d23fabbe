# view_screenshot.sh — `c2rt view` in a real window under Xvfb: the
# screenshot after N ticks (its size, its colours, plot lines in the plot,
# the brain panel), the keys (plot, inject, stimulus, word, sleep, snapshot,
# screenshot) through the window's own event handling, the snapshot they
# save resuming in `c2rt run`, and the live loop at max speed until SIGTERM.
# Runs on the tiny fixture (two lobes, no decision lobe) and the real norn.
. "$(dirname "$0")/lib.sh"
command -v xvfb-run >/dev/null 2>&1 || { echo "no xvfb-run (make deps DEPS=test installs xvfb)"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "no python3"; exit 77; }

# SDL's D-Bus connection (screensaver, input methods) keeps an allocation
# until exit; LeakSanitizer may ignore that library's allocations and only
# those (the pattern names the library, never our code).
printf 'leak:libdbus-1.so\n' >"$T/lsan.supp"
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$T/lsan.supp:print_suppressions=0"

"$C2RT" asm "$ROOT/tests/fixtures/tiny.txt" -o "$T/tiny.gen" || die "asm tiny"

view() { # view ARGS... : run the viewer on a fresh X server
	expect_exit 0 xvfb-run -a -s "-screen 0 1920x1200x24" "$C2RT" view "$@"
}

# png_stats FILE: "W H COLOURS SERIES BRAIN BAR" — the size; distinct
# colours; how many of the first 16 series colours draw at least 40 pixels
# in the plot's data area (the bottom left of the window, legend excluded);
# the share (per cent) of the top left quarter in the brain panel's or
# grid's background; the share of the top row in the status bar's colour. Reads the
# PNG with tests/cli/pngread.py (Python's zlib only).
png_stats() {
	python3 - "$1" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "cli"))
from pngread import read_png, pixel
w, h, bpp, rows = read_png(sys.argv[1])
def px(x, y):
    return pixel(rows, bpp, x, y)
palette = [0x1f77b4, 0xd62728, 0x2ca02c, 0xff7f0e, 0x9467bd, 0x8c564b, 0xe377c2, 0x17becf,
           0xbcbd22, 0x393b79, 0x000000, 0x00695c, 0x637939, 0xa55194, 0xe7ba52, 0x6b6ecf]
palette = [((c >> 16) & 255, (c >> 8) & 255, c & 255) for c in palette]
colours = set()
for y in range(h):
    r = rows[y]
    colours.update(zip(r[0::bpp], r[1::bpp], r[2::bpp]))
counts = {}
for y in range(int(h * 0.62), int(h * 0.93)):
    for x in range(int(w * 0.05), int(w * 0.80)):
        c = px(x, y)
        counts[c] = counts.get(c, 0) + 1
series = sum(1 for c in palette[:16] if c != (0, 0, 0) and counts.get(c, 0) >= 40)
brain = sum(1 for y in range(h // 8, h // 2) for x in range(0, w // 4)
            if px(x, y) in ((18, 21, 28), (30, 35, 46)))
brain = brain * 100 // ((h // 2 - h // 8) * (w // 4))
bar = sum(1 for x in range(w) if px(x, 1) == (38, 46, 60)) * 100 // w
print(w, h, len(colours), series, brain, bar)
PY
}

check_png() { # check_png FILE W H MIN_SERIES
	set -- "$1" "$2" "$3" "$4" $(png_stats "$1")
	[ "$5 $6" = "$2 $3" ] || die "$1: size $5x$6, expected $2x$3"
	[ "$7" -ge 300 ] || die "$1: only $7 distinct colours"
	[ "$8" -ge "$4" ] || die "$1: $8 series colours in the plot area, expected at least $4"
	[ "$9" -ge 10 ] || die "$1: brain panel covers $9% of the top left quarter"
	[ "${10}" -ge 50 ] || die "$1: status bar covers ${10}% of the top row"
}

# The tiny fixture: 300 ticks, default size and a small one. Its glucose
# sits at 100 and the rest at 0: at least those two lines show.
view "$T/tiny.gen" --screenshot-after 300 "$T/tiny.png"
contains "$T/err" "300 ticks this session"
check_png "$T/tiny.png" 1280 800 2
view "$T/tiny.gen" --screenshot-after 300 "$T/tiny-small.png" --size 1024x640
check_png "$T/tiny-small.png" 1024 640 2
ls "$T" | grep -q tmp && die "temporary file left: $(ls "$T")"

# The keys, pressed through the window's event handling before the frame:
# plot Pyruvate, inject 80 Glucose, fire a stimulus, say a word, sleep,
# save a snapshot and a screenshot into --dir.
mkdir "$T/keys"
view "$T/tiny.gen" --screenshot-after 300 "$T/keys.png" --dir "$T/keys" \
	--keys 'cpyruvate<Enter><Esc>iglucose<Enter>80<Enter>tpats<Enter>wverb push<Enter>zsp?'
contains "$T/err" "plotting Pyruvate"
contains "$T/err" "injecting 80 Glucose"
contains "$T/err" "stimulus"
contains "$T/err" "no brain cell hears \"verb push\""   # tiny has no verb lobe
contains "$T/err" "going to sleep"
contains "$T/err" "saved snapshot $T/keys/c2rt-view-300.snap"
contains "$T/err" "saved screenshot $T/keys/c2rt-view-300.png"
[ -f "$T/keys/c2rt-view-300.snap" ] || die "no snapshot written"
set -- $(png_stats "$T/keys/c2rt-view-300.png")
[ "$1 $2" = "1280 800" ] || die "key screenshot is $1x$2"
set -- $(png_stats "$T/keys.png")
[ "$1 $2" = "1280 800" ] || die "help screenshot is $1x$2"
# The snapshot is a whole creature: `c2rt run` resumes it where it was, and
# so does the viewer.
expect_exit 0 "$C2RT" run --resume "$T/keys/c2rt-view-300.snap" --ticks 10
contains "$T/err" "310 ticks (10 this run)"
view --resume "$T/keys/c2rt-view-300.snap" --screenshot-after 600 "$T/resumed.png" --size 1024x640
contains "$T/err" "600 ticks this session, creature time 90 s"
check_png "$T/resumed.png" 1024 640 2

# The live loop: as fast as possible until SIGTERM ends it cleanly.
expect_exit 0 xvfb-run -a timeout --preserve-status -s TERM 2 "$C2RT" view "$T/tiny.gen" --speed max
grep -q "ticks this session" "$T/err" || die "no session summary: $(cat "$T/err")"
ran=$(sed -n 's/.*: \([0-9]*\) ticks this session.*/\1/p' "$T/err")
[ "${ran:-0}" -gt 1000 ] || die "only ${ran:-0} ticks ran in 2 s at max speed"

# The real norn, when the shared data is there.
have_shared || { echo "no C2 data at $C2RT_SHARED: norn part skipped"; exit 0; }
view "$NORN" --screenshot-after 300 "$T/norn.png" --pin 6:12
check_png "$T/norn.png" 1280 800 4
view "$NORN" --screenshot-after 3000 "$T/norn-small.png" --size 1024x640 --keys 'm'
check_png "$T/norn-small.png" 1024 640 4
# Named organs: the notes beside the genome name them ("Drive Lobe
# Support"); the same genome without its notes is named by what its organs
# hold ("DriveLobeSupport"). The two pictures differ, and only in the
# organs panel (test_view_live checks the names' rows and their text).
mkdir "$T/a" "$T/b"
cp "$NORN" "$T/a/norn.gen"
cp "$NORN" "$T/b/norn.gen"
cp "$(dirname "$NORN")/c2-norn.gno" "$T/a/norn.gno"
view "$T/a/norn.gen" --screenshot-after 100 "$T/a.png"
view "$T/b/norn.gen" --screenshot-after 100 "$T/b.png"
python3 - "$T/a.png" "$T/b.png" <<'PY' || die "the organs' names do not show"
import os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "cli"))
from pngread import read_png
a, b = read_png(sys.argv[1]), read_png(sys.argv[2])
w, h, bpp = a[:3]
assert a[:3] == b[:3]
diff = [(x, y) for y in range(h) for x in range(w)
        if a[3][y][x * bpp:x * bpp + 3] != b[3][y][x * bpp:x * bpp + 3]]
assert diff, "the same picture with and without the notes"
# the organs panel is on the right, in the top half (below the status line)
xs, ys = [x for x, _ in diff], [y for _, y in diff]
assert min(xs) > w // 2 and max(ys) < h * 2 // 3, (min(xs), max(ys))
PY

# The brain panel at 1920x1080 and 800x600, with and without a pinned
# neuron: the decision names are there at both sizes, in the panel's
# labels, which scale with the window (their column of 14 names, 13 lines
# apart, spans at least 14 px a line at 1920x1080 — before, the names were
# a neuron apart, 10.6 px — and 8 px at 800x600, where there were none); the pinned
# neuron's tooltip stays on the brain panel: every pixel it changes lies
# left of the panel's right edge, none on the drives.
brain_check() { # brain_check PLAIN.png PINNED.png MIN_PITCH
	python3 - "$@" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "cli"))
from pngread import read_png, pixel
w, h, bpp, a = read_png(sys.argv[1])
_, _, _, b = read_png(sys.argv[2])
BG, GRID, DIM = (18, 21, 28), (30, 35, 46), (150, 158, 176)
right = max(x for y in range(h // 8, h // 2) for x in range(w) if pixel(a, bpp, x, y) in (BG, GRID))
top = min(y for y in range(h) for x in range(0, right, 4) if pixel(a, bpp, x, y) == GRID)
dim = [y for y in range(top, h // 2) for x in range(right) if pixel(a, bpp, x, y) == DIM]
span = (max(dim) - min(dim)) if dim else 0
diff = [x for y in range(h // 20, h // 2) for x in range(w) if pixel(a, bpp, x, y) != pixel(b, bpp, x, y)]
print("panel right edge %d; decision names span %d px (%.1f a line); pinned tooltip changes "
      "%d pixels, rightmost at x %d" % (right, span, span / 13, len(diff), max(diff) if diff else -1))
assert span >= 13 * float(sys.argv[3]), "decision names too small or missing"
assert diff and max(diff) <= right, "the tooltip leaves the brain panel"
PY
}
for size in 1920x1080:14 800x600:8; do
	view "$NORN" --screenshot-after 300 "$T/plain.png" --size "${size%:*}"
	view "$NORN" --screenshot-after 300 "$T/pinned.png" --size "${size%:*}" --pin 8:5
	brain_check "$T/plain.png" "$T/pinned.png" "${size#*:}" || die "brain panel at ${size%:*}"
done
exit 0
