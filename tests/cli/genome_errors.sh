# genome_errors.sh — bad genomes and bad text exit 2 with a located message;
# usage errors exit 1; never a signal or a sanitizer report.
. "$(dirname "$0")/lib.sh"
need_shared

# Truncations (the unit test tries every length; here the CLI format).
for n in 0 3 4 7 11 14 70 500 5000 19028 19029 19032; do
	head -c "$n" "$NORN" >"$T/cut.gen"
	expect_exit 2 "$C2RT" dump "$T/cut.gen"
	grep -q "^c2rt: $T/cut.gen:[0-9][0-9]*: " "$T/err" || die "no offset for a $n-byte prefix: $(cat "$T/err")"
done

patch_byte() { # patch_byte FILE OFFSET OCTAL
	printf "\\$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
# Gene 4 starts at offset 70: marker, then type (74) and subtype (75).
cp "$NORN" "$T/bad.gen"; patch_byte "$T/bad.gen" 74 011
expect_exit 2 "$C2RT" dump "$T/bad.gen"
contains "$T/err" "$T/bad.gen:74: gene 4: unknown gene type 9 subtype 0"
cp "$NORN" "$T/bad.gen"; patch_byte "$T/bad.gen" 72 130
expect_exit 2 "$C2RT" dump "$T/bad.gen"
contains "$T/err" "$T/bad.gen:70: expected 'gene' or 'gend' marker after 4 genes"
cp "$NORN" "$T/bad.gen"; patch_byte "$T/bad.gen" 0 104
expect_exit 2 "$C2RT" validate "$T/bad.gen"
contains "$T/err" "$T/bad.gen:0: missing 'dna2' magic"
# Garbage before "gend".
{ head -c 19029 "$NORN"; printf 'junk'; tail -c +19030 "$NORN"; } >"$T/bad.gen"
expect_exit 2 "$C2RT" dump "$T/bad.gen"
contains "$T/err" "$T/bad.gen:19029: expected 'gene' or 'gend' marker after 787 genes"
expect_exit 2 "$C2RT" dump "$T/missing.gen"
contains "$T/err" "cannot open"

# Text errors name the line and the field.
printf 'gene receptor\n    chemical Glucose\n    colour 3\n' >"$T/bad.txt"
expect_exit 2 "$C2RT" asm "$T/bad.txt" -o "$T/x.gen"
contains "$T/err" "$T/bad.txt:3: unknown field 'colour' for a receptor gene"
[ ! -e "$T/x.gen" ] || die "a failed asm left an output file"

# Usage errors.
expect_exit 1 "$C2RT" dump
expect_exit 1 "$C2RT" dump "$NORN" --bogus
expect_exit 1 "$C2RT" asm "$T/bad.txt"
expect_exit 1 "$C2RT" express "$NORN" --stage child
expect_exit 1 "$C2RT" nosuchcommand
expect_exit 0 "$C2RT" dump --help
contains "$T/out" "usage: c2rt dump"
exit 0
