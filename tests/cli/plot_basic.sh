# plot_basic.sh — `c2rt plot` on synthetic traces: the PNG has the asked size,
# one distinct colour per series, and lines inside the plot area.
. "$(dirname "$0")/lib.sh"
FIX="$ROOT/tests/fixtures/plot_trace.csv"

# A dense trace (3000 rows, 25 min) with the fixture's columns: 14 chemicals.
head -n 1 "$FIX" >"$T/big.csv"
awk -F, -v rows=3000 '
NR == 1 { n = NF; for (j = 1; j <= NF; j++) h[j] = $j }
END {
	for (i = 0; i < rows; i++) {
		printf "%d,%.1f,adult,1,rest,food", i * 5, i * 0.5
		for (j = 7; j <= n; j++) {
			if (h[j] ~ /^lf:/) v = 1000000 - i
			else if (h[j] ~ /^drive:/) v = (i + j) % 256
			else v = int(128 + 100 * sin(i / 300.0 + j * 0.45))
			printf ",%s", v
		}
		printf "\n"
	}
}' "$FIX" >>"$T/big.csv"

# png_stats FILE: "W H COLOURS INSIDE LIST" — image size; saturated colours
# covering at least a fifth as many pixels as the commonest one (the series'
# full colours, not grey text or grid, nor anti-aliased edges); the
# share (per mille) of saturated pixels in the middle of the image, where
# the plot area is; those series colours (rrggbb, sorted). Reads the PNG
# with tests/cli/pngread.py (Python's zlib only).
png_stats() {
	python3 - "$1" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "cli"))
from pngread import read_png
w, h, bpp, rows = read_png(sys.argv[1])
counts, inside, total = {}, 0, 0
for y in range(h):
    line = rows[y]
    for x in range(w):
        r, g, b = line[x * bpp], line[x * bpp + 1], line[x * bpp + 2]
        sat = max(r, g, b) - min(r, g, b) > 60 or max(r, g, b) < 40
        if sat:
            counts[(r, g, b)] = counts.get((r, g, b), 0) + 1
        if w // 8 < x < w * 3 // 4 and h // 8 < y < h * 7 // 8:
            total += 1
            inside += sat
top = sorted(counts.items(), key=lambda kv: -kv[1])
floor = max(40, top[0][1] // 5)
series = sorted("%02x%02x%02x" % c for c, n in counts.items() if n >= floor)
print(w, h, len(series), inside * 1000 // total, ",".join(series))
PY
}

# Every chem: column of the file, default size.
expect_exit 0 "$C2RT" plot "$T/big.csv" -o "$T/all.png"
[ -s "$T/out" ] && die "plot printed on stdout"
set -- $(png_stats "$T/all.png")
[ "$1 $2" = "1200 700" ] || die "size $1x$2, expected 1200x700"
[ "$3" -ge 14 ] || die "only $3 distinct series colours, expected 14"
[ "$4" -ge 20 ] || die "plot area nearly empty ($4 per mille coloured)"

# Two chemicals named loosely, a size and a title.
expect_exit 0 "$C2RT" plot "$T/big.csv" -o "$T/two.png" --chem 'atp, GLUCOSE' --size 640x400 --title "two"
set -- $(png_stats "$T/two.png")
[ "$1 $2" = "640 400" ] || die "size $1x$2, expected 640x400"
[ "$3" -eq 2 ] || die "$3 series colours for two chemicals"
[ "$4" -ge 10 ] || die "plot area nearly empty ($4 per mille coloured)"
# The first two palette colours (blue, red), in full.
[ "$5" = 1f77b4,d62728 ] || die "series colours $5, expected 1f77b4,d62728"

# By number, from stdin, to stdout; the picture is the same either way.
expect_exit 0 "$C2RT" plot - -o "$T/num.png" --chem 99,70 --size 640x400 --title two <"$T/big.csv"
cmp -s "$T/num.png" "$T/two.png" || die "--chem 99,70 from stdin differs from --chem atp,glucose"
"$C2RT" plot "$T/big.csv" -o - --chem atp,glucose --size 640x400 --title two >"$T/stdout.png" ||
	die "-o - failed"
cmp -s "$T/stdout.png" "$T/two.png" || die "-o - differs from the file output"

# Overwriting replaces the file; no temporary file is left behind.
expect_exit 0 "$C2RT" plot "$FIX" -o "$T/two.png"
set -- $(png_stats "$T/two.png")
[ "$1 $2" = "1200 700" ] || die "overwritten file has size $1x$2"
ls "$T" | grep -q tmp && die "temporary file left: $(ls "$T")"

# Help is generated from the option table.
expect_exit 0 "$C2RT" plot --help
contains "$T/out" "--chem NAME,..."
exit 0
