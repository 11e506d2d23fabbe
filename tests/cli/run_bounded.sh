# run_bounded.sh — what a long `c2rt run` costs stays in bounds (issue 21): a
# trace that may outgrow 1 GB is announced before the run (a warning, not an
# error); inputs are read no further than their cap; `run --plot` and `plot`
# keep a bounded summary of a long run, not every sample (1.5 million ticks
# of every chemical would take 1.5 GB; under 64 MB now).
. "$(dirname "$0")/lib.sh"
G="$BUILD/genomes/starter.gen"
ALL=$(seq -s, 1 255)

# Every chemical, every tick, as NDJSON, for a million ticks: about 6 kB a
# row, so up to 6 GB. The creature is killed at tick 10, so the file stays
# small, but what may come is said first, and the run goes on.
printf 'at 10 kill\n' >"$T/kill.ev"
expect_exit 0 "$C2RT" run "$G" --events "$T/kill.ev" --ticks 1000000 --every 1 --chem "$ALL" \
	--trace "$T/t.ndjson" --trace-format ndjson --quiet
contains "$T/err" "c2rt run: warning: the trace may take up to "
contains "$T/err" " GB (1000002 rows of at most "
contains "$T/err" " bytes: --ticks 1000000, --every 1); a larger --every or fewer --chem make it smaller"
[ "$(wc -l <"$T/t.ndjson")" -le 12 ] || die "the trace should hold ticks 0..10 (and the death row)"
# The estimate is an upper bound that is not far off: 6.2 GB for 1e6 rows
# means 5.5 .. 7 kB a row; the rows written are no wider.
gb=$(sed -n 's/.*may take up to \([0-9.]*\) GB.*/\1/p' "$T/err")
awk -v gb="$gb" 'BEGIN { exit !(gb >= 5.5 && gb <= 7) }' || die "estimate $gb GB for 1e6 rows of ~6 kB"
width=$(awk '{ if (length($0) + 1 > w) w = length($0) + 1 } END { print w }' "$T/t.ndjson")
most=$(sed -n 's/.*rows of at most \([0-9]*\) bytes.*/\1/p' "$T/err")
[ "$width" -le "$most" ] || die "a row of $width bytes, over the estimate's $most"
# The same as CSV is narrower (no keys): about 1.1 GB, still announced;
# --every 10 brings it under 1 GB: no word. --max-ticks bounds --until.
expect_exit 0 "$C2RT" run "$G" --events "$T/kill.ev" --ticks 1000000 --every 1 --chem "$ALL" \
	--trace "$T/t.csv" --quiet
contains "$T/err" "warning: the trace may take up to 1."
expect_exit 0 "$C2RT" run "$G" --events "$T/kill.ev" --ticks 1000000 --every 10 --chem "$ALL" \
	--trace "$T/t.csv" --quiet
[ -s "$T/err" ] && die "a warning for a trace under 1 GB: $(cat "$T/err")"
expect_exit 0 "$C2RT" run "$G" --events "$T/kill.ev" --until death --max-ticks 20000000 --every 1 \
	--trace "$T/t.csv" --quiet
contains "$T/err" "rows of at most "
contains "$T/err" "bytes: --max-ticks 20000000, --every 1)"

# Inputs are read up to their cap, whatever the file: a regular file above
# it is refused from its size, a device or a pipe once the cap is passed (a
# snapshot as soon as its magic is missing); the refusal names the cap and
# no byte offset (FILE:16777216: read as a line number).
head -c 16777217 /dev/zero | tr '\0' '#' >"$T/big.ev"
expect_exit 2 "$C2RT" run "$G" --ticks 1 --events "$T/big.ev"
contains "$T/err" "c2rt: $T/big.ev: file larger than the 16777216-byte limit"
expect_exit 2 timeout 20 "$C2RT" run "$G" --ticks 1 --events /dev/zero
contains "$T/err" "c2rt: /dev/zero: file larger than the 16777216-byte limit"
expect_exit 2 timeout 20 "$C2RT" run --resume /dev/zero --ticks 1
contains "$T/err" "/dev/zero:0: not a c2rt snapshot"

# Memory: the peak resident size of the commands (python3's getrusage of
# its children, in kB). Not under the sanitizers (their shadow memory is
# the measure there) nor at -O0 (a minute of ticks).
case $BUILD in */san|*/o0) echo "RSS is measured on the -O2 build"; exit 0 ;; esac
peak_kb() { # COMMAND... -> its peak RSS in kB; fails with the command
	python3 -c '
import resource, subprocess, sys
rc = subprocess.call(sys.argv[1:])
if rc:
    sys.exit("exit %d from %s" % (rc, " ".join(sys.argv[1:])))
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
}
# 1.5 million ticks (organ failure off: the starter lives on), every
# chemical every tick: 1.5 million rows of 255 values (when short: 300,000
# rows, 300 MB kept whole, still 40 times the exact rows' budget). The peak
# is c2rt's or c2rt-view's, which draws it.
long=1500000 rows=400000
short && long=300000 rows=100000
kb=$(peak_kb "$C2RT" run "$G" --ticks $long --opt organ_failure_death=0 --every 1 --chem "$ALL" \
	--plot "$T/long.png" --quiet) || die "run --plot failed"
echo "run --plot, $long ticks, 255 chemicals: peak RSS $kb kB"
[ "$kb" -lt 65536 ] || die "run --plot of $long ticks took $kb kB, over 64 MB"
python3 - "$T/long.png" <<'PY' || die "the long run's picture"
import os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "cli"))
from pngread import read_png
w, h, bpp, rows = read_png(sys.argv[1])
assert (w, h) == (1200, 700)
coloured = sum(1 for y in range(100, 600) for x in range(100, 900)
               if max(rows[y][x * bpp:x * bpp + 3]) - min(rows[y][x * bpp:x * bpp + 3]) > 60)
assert coloured > 2000, coloured  # lines, not an empty frame
PY
# A long trace read from a pipe: 400,000 rows of 64 chemicals (100,000
# when short: 26 MB whole, three times the budget).
CH=$(seq -s, 1 64)
"$C2RT" run "$G" --ticks $rows --opt organ_failure_death=0 --every 1 --chem "$CH" --trace - --quiet |
	peak_kb "$C2RT" plot - -o "$T/pipe.png" >"$T/kb" || die "plot - failed"
kb=$(cat "$T/kb")
echo "plot - of $rows rows, 64 chemicals: peak RSS $kb kB"
[ "$kb" -lt 65536 ] || die "plot - of $rows rows took $kb kB, over 64 MB"
exit 0
