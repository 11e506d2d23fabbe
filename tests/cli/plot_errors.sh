# plot_errors.sh — `c2rt plot` refuses bad traces with FILE:LINE: (exit 2),
# bad usage with exit 1, and never leaves a half-written or clobbered PNG.
. "$(dirname "$0")/lib.sh"
FIX="$ROOT/tests/fixtures/plot_trace.csv"

# A good picture to check that failures leave it alone.
expect_exit 0 "$C2RT" plot "$FIX" -o "$T/keep.png" --chem atp
cp "$T/keep.png" "$T/keep.orig"

# Line 4 has a word where a number belongs, line 6 too few fields.
head -n 3 "$FIX" >"$T/bad.csv"
sed -n 4p "$FIX" | sed 's/,[0-9]*$/,lots/' >>"$T/bad.csv"
sed -n 5p "$FIX" >>"$T/bad.csv"
echo "1,2,3" >>"$T/bad.csv"
expect_exit 2 "$C2RT" plot "$T/bad.csv" -o "$T/keep.png"
contains "$T/err" "bad.csv:4: column 40 (chem:Fat): 'lots' is not a number"
contains "$T/err" "bad.csv:6: 3 fields; the header has 40"
cmp -s "$T/keep.png" "$T/keep.orig" || die "a failed plot changed the old picture"

# Header problems are line 1.
sed '1s/seconds/time/' "$FIX" >"$T/hdr.csv"
expect_exit 2 "$C2RT" plot "$T/hdr.csv" -o "$T/x.png"
contains "$T/err" "hdr.csv:1: column 2 is 'time'; expected 'seconds'"
sed '1s/chem:Fat/chem:Kryptonite/' "$FIX" >"$T/hdr2.csv"
expect_exit 2 "$C2RT" plot "$T/hdr2.csv" -o "$T/x.png"
contains "$T/err" "hdr2.csv:1: column 40: unknown chemical 'Kryptonite'"
: >"$T/empty.csv"
expect_exit 2 "$C2RT" plot "$T/empty.csv" -o "$T/x.png"
contains "$T/err" "empty.csv:1: empty file"
head -n 1 "$FIX" >"$T/nodata.csv"
expect_exit 2 "$C2RT" plot "$T/nodata.csv" -o "$T/x.png"
contains "$T/err" "nodata.csv:2: no data lines"
# Binary junk and an endless line: reported, no crash; reading stops at a
# line over the limit (its end is not looked for).
head -n 2 "$FIX" >"$T/junk.csv"
printf '\001\002\000\003\n' >>"$T/junk.csv"
head -c 100000 /dev/zero | tr '\0' 'x' >>"$T/junk.csv"
printf '\n\001\002\000\003\n' >>"$T/junk.csv"
expect_exit 2 "$C2RT" plot "$T/junk.csv" -o "$T/x.png"
contains "$T/err" "junk.csv:3: NUL byte"
contains "$T/err" "junk.csv:4: line longer than 65536 bytes; stopped reading"
grep -q "junk.csv:5" "$T/err" && die "read on past the endless line"
# A device or a pipe that never ends a line is refused at the limit, not
# read for ever (issue 21: plot /dev/zero never returned).
expect_exit 2 timeout 20 "$C2RT" plot /dev/zero -o "$T/x.png"
contains "$T/err" "/dev/zero:1: header longer than 65536 bytes"
{ head -n 2 "$FIX"; cat /dev/zero; } | expect_exit 2 timeout 20 "$C2RT" plot - -o "$T/x.png" || exit 1
contains "$T/err" "-:3: line longer than 65536 bytes; stopped reading"
expect_exit 2 "$C2RT" plot "$T/missing.csv" -o "$T/x.png"
contains "$T/err" "missing.csv: cannot open"
[ -e "$T/x.png" ] && die "a picture was written despite the errors"

# Chemicals: not a chemical at all is usage; a chemical the file lacks is input.
expect_exit 1 "$C2RT" plot "$FIX" -o "$T/x.png" --chem atp,unobtainium
contains "$T/err" "unknown chemical 'unobtainium'"
expect_exit 2 "$C2RT" plot "$FIX" -o "$T/x.png" --chem need_for_pleasure
contains "$T/err" "no column for chemical 2 (chem:Need for Pleasure)"

# Usage errors.
expect_exit 1 "$C2RT" plot "$FIX"
contains "$T/err" "missing -o"
expect_exit 1 "$C2RT" plot "$FIX" -o "$T/x.png" --size 12x7
expect_exit 1 "$C2RT" plot "$FIX" -o "$T/x.png" --size big
expect_exit 1 "$C2RT" plot
expect_exit 1 "$C2RT" plot "$FIX" -o "$T/x.png" --colour red

# Environment and output failures are clear messages, not crashes.
expect_exit 2 env C2RT_FONT=/no/such/font.ttf "$C2RT" plot "$FIX" -o "$T/x.png"
contains "$T/err" "no font file at '/no/such/font.ttf'"
expect_exit 2 "$C2RT" plot "$FIX" -o "$T/no/such/dir/x.png"
contains "$T/err" "no/such/dir/x.png"
[ -e "$T/x.png" ] && die "a picture was written despite the errors"
exit 0
