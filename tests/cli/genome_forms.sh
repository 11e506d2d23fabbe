# genome_forms.sh — every command that takes a GENOME reads the genome text
# form as it reads a .gen (the same creature, the same hash), and a file that
# is no genome at all is told the forms there are.
. tests/cli/lib.sh
G="$BUILD/genomes/starter.gen"
TXT="$ROOT/genomes/starter.txt"

# The text and the assembled genome are one creature: the same state hashes.
expect_exit 0 "$C2RT" run "$G" --ticks 200 --hash-every 100
cp "$T/out" "$T/gen.hash"
expect_exit 0 "$C2RT" run "$TXT" --ticks 200 --hash-every 100
cmp "$T/gen.hash" "$T/out" || die "run of the text form differs from the .gen"

# Each command that takes a GENOME.
expect_exit 0 "$C2RT" dump "$TXT"
tail -n +2 "$T/out" >"$T/txt.dump" # the first line names the file
expect_exit 0 "$C2RT" dump "$G"
tail -n +2 "$T/out" | cmp "$T/txt.dump" - || die "dump of the text form differs"
expect_exit 0 "$C2RT" validate "$TXT"
expect_exit 0 "$C2RT" express "$TXT" --sex f --stage adult
expect_exit 0 "$C2RT" brain "$TXT" --stage adult --ticks 2
expect_exit 0 "$C2RT" diff "$TXT" "$G"
expect_exit 0 "$C2RT" mutate "$TXT" --seed 3 -o "$T/m.gen"
expect_exit 0 "$C2RT" cross "$TXT" "$G" --seed 3 -o "$T/c.gen"
expect_exit 0 "$C2RT" batch "$TXT" --ticks 50 --quiet -o "$T/b.csv"
expect_exit 0 "$C2RT" batch "$G" --ticks 50 --quiet -o "$T/g.csv"
# Same genome bytes decide the row but the file's name and hash: the state
# hash (column 14) is the same.
[ "$(cut -d, -f14 "$T/b.csv")" = "$(cut -d, -f14 "$T/g.csv")" ] || die "batch of the text form differs"
expect_exit 0 "$C2RT" sweep "$TXT" --gene reaction:1 --field rate --values 1..2 --ticks 10 --quiet -o "$T/s.csv"
if command -v xvfb-run >/dev/null 2>&1 && "$C2RT" help view >/dev/null 2>&1; then
	printf 'leak:libdbus-1.so\n' >"$T/lsan.supp"
	LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$T/lsan.supp:print_suppressions=0" \
		expect_exit 0 xvfb-run -a "$C2RT" view "$TXT" --screenshot-after 5 "$T/v.png"
	[ -s "$T/v.png" ] || die "view of the text form drew nothing"
fi

# A resume checks the genome given against the snapshot's, in either form.
expect_exit 0 "$C2RT" run "$G" --ticks 50 --save "$T/s.snap" --quiet
expect_exit 0 "$C2RT" run "$TXT" --resume "$T/s.snap" --ticks 10 --quiet

# Not a genome: how it was read, and the forms there are.
expect_exit 2 "$C2RT" run "$ROOT/genomes/walker.f0" --ticks 10
contains "$T/err" "walker.f0:1: "
contains "$T/err" "(read as the genome text form, as 'c2rt asm' reads it)"
printf '\211PNG\r\n\032\n' >"$T/x.png"
expect_exit 2 "$C2RT" batch "$T/x.png" --ticks 10 --quiet -o "$T/x.csv"
expect_exit 2 "$C2RT" run "$T/x.png" --ticks 10
contains "$T/err" "x.png:0: missing 'dna2' magic: not a Creatures 2 genome (a genome is a dna2 file, a gene stream, or the text form 'c2rt dump' prints and 'c2rt asm' assembles)"
# A binary genome stays binary, however broken (an offset, not a line).
head -c 100 "$G" >"$T/cut.gen"
expect_exit 2 "$C2RT" dump "$T/cut.gen"
grep -q "cut.gen:[0-9]*: " "$T/err" || die "a cut .gen read as text: $(cat "$T/err")"
exit 0
