# import_errors.sh — `c2rt import` on synthetic exports (written from our own
# genomes by tests/fuzz/make_export_seeds.c): import, resume, and refusals.
. "$(dirname "$0")/lib.sh"
SYNTH="$BUILD/fuzz-inputs/fuzz_import/synth-1-blocks.exp"
[ -f "$SYNTH" ] || die "no $SYNTH (tests/fuzz/make-inputs.sh makes it)"

# Import: a summary, the skipped blocks by name and offset, a snapshot that runs on.
expect_exit 0 "$C2RT" import "$SYNTH" -o "$T/s.snap" --genome "$T/s.gen"
contains "$T/err" "TEST, male, stage 0 (embryo), age 150 biochem ticks = 300 world ticks"
contains "$T/err" "skipped: Creature @0 (54 bytes); CGallery @54 (314 bytes);"
contains "$T/err" "wrote $T/s.snap"
expect_exit 0 "$C2RT" run --resume "$T/s.snap" --ticks 1000
contains "$T/err" "c2rt run: 1300 ticks (1000 this run)"
if command -v xvfb-run >/dev/null 2>&1; then
	# the viewer continues it too (SDL's D-Bus allocation is not ours; see view_screenshot)
	printf 'leak:libdbus-1.so\n' >"$T/lsan.supp"
	LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$T/lsan.supp:print_suppressions=0" \
		expect_exit 0 xvfb-run -a "$C2RT" view --resume "$T/s.snap" --screenshot-after 40 "$T/s.png"
	[ -s "$T/s.png" ] || die "view --resume wrote no screenshot"
	contains "$T/err" "c2rt view: 40 ticks this session"
	# It is called by its moniker: the left of the status line (who it is;
	# the right tells the pace, which varies) differs from that of the same
	# creature resumed without the snapshot's events (then called by the
	# snapshot's file name).
	: >"$T/none.events"
	LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$T/lsan.supp:print_suppressions=0" \
		expect_exit 0 xvfb-run -a "$C2RT" view --resume "$T/s.snap" --events "$T/none.events" \
		--screenshot-after 40 "$T/s-file.png"
	python3 - "$T/s.png" "$T/s-file.png" <<'PY' || die "the moniker is not the title"
import os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "cli"))
from pngread import read_png
a, b = read_png(sys.argv[1]), read_png(sys.argv[2])
assert a[:3] == b[:3], "sizes differ"
w, h, bpp = a[:3]
left = w // 3 * bpp
assert any(a[3][y][:left] != b[3][y][:left] for y in range(h // 25)), "the same status line"
PY
fi
grep -aq '# moniker TEST' "$T/s.snap" || die "the snapshot does not name its creature"
expect_exit 0 "$C2RT" run --resume "$T/s.snap" --ticks 10 --save "$T/s2.snap"
grep -aq '# moniker TEST' "$T/s2.snap" || die "a resumed run lost the creature's name"
expect_exit 0 "$C2RT" validate "$T/s.gen"
expect_exit 0 "$C2RT" run --resume "$T/s.snap" "$T/s.gen" --ticks 10

# Its own genome's run agrees with it on every row the genome decides.
expect_exit 0 "$C2RT" import "$SYNTH" --compare --seed 1
grep -q '^ITEM  *FIELD  *EXPORT  *C2RT  *VERDICT  *BASIS  *NOTE' "$T/out" || die "no header"
grep -E ' (close|different) +genome ' "$T/out" && die "a genome row differs"
expect_exit 0 "$C2RT" import "$SYNTH" --compare --format json
python3 - "$T/out" <<'PY' || die "compare json"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["moniker"] == "TEST" and r["world_ticks"] == 300, r
rows = r["rows"]
assert len(rows) > 100
assert all(x["verdict"] == "equal" for x in rows if x["basis"] == "genome")
assert r["summary"]["genome"]["equal"] == sum(1 for x in rows if x["basis"] == "genome")
PY

# Refusals: truncated, corrupted, not an export, bad usage.
head -c 5000 "$SYNTH" >"$T/cut.exp"
expect_exit 2 "$C2RT" import "$T/cut.exp"
grep -q "^c2rt: $T/cut.exp:[0-9][0-9]*: " "$T/err" || die "no offset: $(cat "$T/err")"
printf 'not an export' >"$T/no.exp"
expect_exit 2 "$C2RT" import "$T/no.exp"
contains "$T/err" "no.exp:0: not a Creatures 2 export"
expect_exit 2 "$C2RT" import "$T/missing.exp"
expect_exit 1 "$C2RT" import "$SYNTH" --format json
expect_exit 1 "$C2RT" import "$SYNTH" --compare --format yaml
expect_exit 1 "$C2RT" import "$SYNTH" --seeds 4
contains "$T/err" "--seeds goes with --compare"
expect_exit 1 "$C2RT" import "$SYNTH" --compare --seeds 0
expect_exit 1 "$C2RT" import
[ ! -e "$T/none.snap" ] || die "stray snapshot"
expect_exit 2 "$C2RT" import "$T/cut.exp" -o "$T/none.snap"
[ ! -e "$T/none.snap" ] || die "a refused import wrote a snapshot"
exit 0
