# view_errors.sh — `c2rt view` refuses what it cannot do with a clear
# message and the right status, before any window: no display, a dead
# display, no font, bad options, bad genomes and snapshots.
. "$(dirname "$0")/lib.sh"
"$C2RT" asm "$ROOT/tests/fixtures/tiny.txt" -o "$T/tiny.gen" || die "asm tiny"
# SDL's D-Bus connection keeps an allocation until exit even when the display
# fails; LeakSanitizer may ignore that library's, never ours (as in
# view_screenshot.sh).
printf 'leak:libdbus-1.so\n' >"$T/lsan.supp"
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$T/lsan.supp:print_suppressions=0"

# No display at all: status 2, and the headless way out is named.
expect_exit 2 env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$C2RT" view "$T/tiny.gen"
contains "$T/err" "no display"
contains "$T/err" "c2rt run"
# A display nobody answers on: an error too, not SDL's invisible fallback.
expect_exit 2 env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER DISPLAY=:31999 "$C2RT" view "$T/tiny.gen"
contains "$T/err" "cannot open the display"
# No font: said before a window opens (the display is not even tried).
expect_exit 2 env DISPLAY=:31999 C2RT_FONT=/nonexistent/font.ttf "$C2RT" view "$T/tiny.gen"
contains "$T/err" "no font file at '/nonexistent/font.ttf'"

# Usage errors: status 1, nothing opened.
expect_exit 1 "$C2RT" view
contains "$T/err" "missing GENOME"
expect_exit 1 "$C2RT" view "$T/tiny.gen" --screenshot-after 10
contains "$T/err" "--screenshot-after TICKS FILE.png"
expect_exit 1 "$C2RT" view "$T/tiny.gen" --screenshot-after ten "$T/x.png"
expect_exit 1 "$C2RT" view "$T/tiny.gen" --size 100x100
contains "$T/err" "--size"
expect_exit 1 "$C2RT" view "$T/tiny.gen" --size 1280x
expect_exit 1 "$C2RT" view "$T/tiny.gen" --speed 0
expect_exit 1 "$C2RT" view "$T/tiny.gen" --speed fast
expect_exit 1 "$C2RT" view "$T/tiny.gen" --pin 3
# A cell the brain does not have: the ranges it has (before any display).
expect_exit 1 env -u DISPLAY -u WAYLAND_DISPLAY "$C2RT" view "$T/tiny.gen" --pin 99:1
contains "$T/err" "c2rt view: --pin 99:1: no lobe 99: this brain's lobes are 0..1"
expect_exit 1 env -u DISPLAY -u WAYLAND_DISPLAY "$C2RT" view "$T/tiny.gen" --pin 1:18
contains "$T/err" "c2rt view: --pin 1:18: lobe 1 (Drive) has cells 0..17"
expect_exit 1 "$C2RT" view "$T/tiny.gen" --keys 'a<Home>'
contains "$T/err" "<Home>"
expect_exit 1 "$C2RT" view "$T/tiny.gen" --sex x
expect_exit 1 "$C2RT" view "$T/tiny.gen" --opt no_such_option=1
expect_exit 1 "$C2RT" view --resume "$T/x.snap" --seed 3

# Bad input: status 2 with the file named.
expect_exit 2 "$C2RT" view "$T/missing.gen"
contains "$T/err" "missing.gen"
printf 'at 10 inject NoSuchChemical 5\n' >"$T/bad.ev"
expect_exit 2 "$C2RT" view "$T/tiny.gen" --events "$T/bad.ev"
contains "$T/err" "bad.ev:1"
head -c 100 "$T/tiny.gen" >"$T/cut.snap"
expect_exit 2 "$C2RT" view --resume "$T/cut.snap"
contains "$T/err" "cut.snap"

# The help comes from the option table.
expect_exit 0 "$C2RT" view --help
contains "$T/out" "--screenshot-after TICKS FILE.png"
contains "$T/out" "--keys KEYS"
expect_exit 0 "$C2RT" help
contains "$T/out" "  view "
# --creature: with --world only, a genome that is there, GENOME[:SEX[:SEED]]
expect_exit 1 "$C2RT" view "$T/tiny.gen" --creature "$T/tiny.gen"
contains "$T/err" "--creature goes with --world"
expect_exit 1 "$C2RT" view "$T/tiny.gen" --world "$ROOT/worlds/garden.world" --creature "$T/tiny.gen:m:x"
contains "$T/err" "SEED must be a number"
expect_exit 2 "$C2RT" view "$T/tiny.gen" --world "$ROOT/worlds/garden.world" --creature "$T/nothing.gen"
contains "$T/err" "nothing.gen"
exit 0
