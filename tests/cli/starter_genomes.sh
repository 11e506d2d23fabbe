# starter_genomes.sh — our own genomes (genomes/*.txt) as data: each one
# assembles, round-trips through the text form byte for byte (asm | dump |
# asm), matches what `make` built, validates without a single warning, and
# wires every instinct it has into a brain of the nine engine lobes. The
# variants are up to date with starter.txt (genomes/variants.py --check).
. "$(dirname "$0")/lib.sh"

n=0
for txt in "$ROOT"/genomes/*.txt; do
	name=$(basename "$txt" .txt)
	n=$((n + 1))
	expect_exit 0 "$C2RT" asm "$txt" -o "$T/$name.gen"
	expect_exit 0 "$C2RT" dump "$T/$name.gen"
	cp "$T/out" "$T/$name.dump.txt"
	expect_exit 0 "$C2RT" asm "$T/$name.dump.txt" -o "$T/$name.again.gen"
	cmp -s "$T/$name.gen" "$T/$name.again.gen" || die "$name: asm | dump | asm is not byte-identical"
	cmp -s "$T/$name.gen" "$BUILD/genomes/$name.gen" || die "$name: $BUILD/genomes/$name.gen is stale (run make)"

	expect_exit 0 "$C2RT" validate --strict "$T/$name.gen"
	contains "$T/out" ", 0 warnings"

	# Every instinct of every stage finds its concept and decision cells.
	expect_exit 0 "$C2RT" brain "$T/$name.gen" --dream --stage senile
	contains "$T/out" " wired, 0 dropped"
	contains "$T/out" ": 9 lobes,"
done
[ "$n" -ge 3 ] || die "expected starter.txt and its variants in genomes/, found $n genomes"

python3 "$ROOT/genomes/variants.py" --check || die "a variant is out of date: run python3 genomes/variants.py"
exit 0
