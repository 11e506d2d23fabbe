# genome_golden.sh — user-visible genome output on a synthetic genome,
# pinned by golden files (make golden-update rewrites them).
. "$(dirname "$0")/lib.sh"
TINY="$ROOT/tests/fixtures/tiny.txt"

expect_exit 0 "$C2RT" asm "$TINY" -o "$T/tiny.gen"
expect_exit 0 "$C2RT" dump "$T/tiny.gen"
sed "s|$T/tiny.gen|tiny.gen|" "$T/out" >"$T/dump.txt"
golden genome_tiny_dump.txt "$T/dump.txt"
expect_exit 0 "$C2RT" dump "$T/tiny.gen" --json
golden genome_tiny_dump.json "$T/out"
expect_exit 0 "$C2RT" express "$T/tiny.gen" --sex male --stage adolescent --upto
golden genome_tiny_express.txt "$T/out"
expect_exit 0 "$C2RT" validate "$T/tiny.gen"
sed "s|$T/tiny.gen|tiny.gen|" "$T/out" >"$T/val.txt"
golden genome_tiny_validate.txt "$T/val.txt"
expect_exit 2 "$C2RT" validate "$T/tiny.gen" --strict

# The dump assembles back to the same bytes.
"$C2RT" dump "$T/tiny.gen" | "$C2RT" asm - -o "$T/again.gen" || die "asm of the dump failed"
cmp "$T/tiny.gen" "$T/again.gen" || die "tiny: dump | asm differs"
exit 0
