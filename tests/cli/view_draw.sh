# view_draw.sh — how c2rt hands a picture to c2rt-view (cli/helper.h):
# `c2rt-view draw` turns a plot request (cli/plotreq.h) on standard input
# into a PNG on standard output and refuses a bad one in one line (exit 2);
# c2rt finds it in $C2RT_EXEC_PATH first, writes the picture whole or not
# at all whatever the helper does, and passes on why it failed.
. "$(dirname "$0")/lib.sh"
VIEW=$BUILD/c2rt-view
S=$ROOT/tests/fuzz/seeds/fuzz_plot_request
TR=$ROOT/tests/fixtures/plot_trace.csv

# The protocol, by hand.
for r in exact:1200,700 buckets:800,500; do
	size=${r#*:} r=${r%%:*}
	expect_exit 0 sh -c '"$1" draw <"$2" >"$3"' - "$VIEW" "$S/$r.bin" "$T/$r.png"
	python3 -c "import sys; sys.path.insert(0, '$ROOT/tests/cli'); import pngread
w, h, _, _ = pngread.read_png('$T/$r.png'); sys.exit(0 if (w, h) == ($size) else 1)" ||
		die "c2rt-view draw: $r.bin gave no picture of its size"
done
head -c 60 "$S/exact.bin" >"$T/cut.bin"
expect_exit 2 sh -c '"$1" draw <"$2"' - "$VIEW" "$T/cut.bin"
contains "$T/err" "plot request:"
[ "$(wc -l <"$T/err")" -eq 1 ] || die "c2rt-view draw: more than a line: $(cat "$T/err")"
[ ! -s "$T/out" ] || die "c2rt-view draw wrote something for a bad request"
expect_exit 1 "$VIEW"
contains "$T/err" "c2rt runs this program"
expect_exit 1 "$VIEW" draw extra

# What c2rt-view says reaches c2rt's message.
expect_exit 2 env C2RT_FONT=/nonexistent/font.ttf "$C2RT" plot "$TR" -o "$T/f.png"
contains "$T/err" "c2rt plot: "
contains "$T/err" "/nonexistent/font.ttf"
[ ! -e "$T/f.png" ] || die "a picture after a failed drawing"

# A helper that fails halfway: the old file stays, no temporary file is left.
mkdir -p "$T/bad"
cat >"$T/bad/c2rt-view" <<'EOF'
#!/bin/sh
cat >/dev/null
printf 'half a picture'
[ -n "${BAD_SIGNAL:-}" ] && kill -9 $$
[ -n "${BAD_SILENT:-}" ] && exit 3
echo "the drawing went wrong" >&2
exit 2
EOF
chmod +x "$T/bad/c2rt-view"
echo old >"$T/o.png"
expect_exit 2 env C2RT_EXEC_PATH="$T/bad" "$C2RT" plot "$TR" -o "$T/o.png"
contains "$T/err" "c2rt plot: the drawing went wrong"
expect_exit 2 env C2RT_EXEC_PATH="$T/bad" BAD_SILENT=1 "$C2RT" run "$BUILD/genomes/starter.gen" \
	--ticks 20 --plot "$T/o.png"
contains "$T/err" "c2rt run: --plot $T/o.png: $T/bad/c2rt-view failed (exit 3) without saying why"
expect_exit 2 env C2RT_EXEC_PATH="$T/bad" BAD_SIGNAL=1 "$C2RT" plot "$TR" -o "$T/o.png"
contains "$T/err" "$T/bad/c2rt-view was killed by signal 9"
[ "$(cat "$T/o.png")" = old ] || die "a failed drawing replaced the old file"
ls "$T" | grep -q '\.tmp\.' && die "a temporary file was left: $(ls "$T")"
# Standard output: the picture goes there (streamed, so a failure is only
# the exit status and the message).
expect_exit 2 env C2RT_EXEC_PATH="$T/bad" "$C2RT" plot "$TR" -o -
expect_exit 0 env C2RT_EXEC_PATH="$BUILD" "$C2RT" plot "$TR" -o -
cmp -s "$T/out" "$T/exact.png" && die "two different plots gave the same bytes"
[ "$(head -c 4 "$T/out" | od -An -tx1 | tr -d ' ')" = 89504e47 ] || die "plot -o - wrote no PNG"
exit 0
