# options_shared.sh — what every command's options share, through the one
# parser (cli/opts.c): an option that takes one value given twice is
# refused (naming both values), a repeatable one (marked "..." in the
# usage) is not; an option naming a lobe, cell or locus says the ranges the
# brain has; --chem none wherever chemicals are listed; one --max-ticks
# default for run, batch and sweep.
. tests/cli/lib.sh
G="$BUILD/genomes/starter.gen"

# ---- a repeated option
expect_exit 1 "$C2RT" run "$G" --ticks 5 --ticks 10
contains "$T/err" "c2rt run: --ticks is given twice ('5', then '10'): it takes one value"
contains "$T/err" "usage: c2rt run"
expect_exit 1 "$C2RT" run "$G" --ticks 5 --quiet --quiet
contains "$T/err" "c2rt run: --quiet is given twice: once is enough"
expect_exit 1 "$C2RT" run "$G" --ticks=5 --ticks=5
contains "$T/err" "--ticks is given twice ('5', then '5')"
expect_exit 1 "$C2RT" batch "$G" --ticks 5 -o "$T/a.csv" -o "$T/b.csv"
contains "$T/err" "c2rt batch: -o is given twice ('$T/a.csv', then '$T/b.csv')"
[ ! -e "$T/a.csv" ] && [ ! -e "$T/b.csv" ] || die "a refused batch wrote a file"
expect_exit 1 "$C2RT" svrule eval state --state 1 --state 2
contains "$T/err" "--state is given twice"
expect_exit 1 "$C2RT" brain "$G" --stage adult --stage child
contains "$T/err" "--stage is given twice"
# Repeatable options stay repeatable.
expect_exit 0 "$C2RT" run "$G" --ticks 5 --quiet --opt reinforce=set --opt wrap_arithmetic=1
# ... but --opt sets each option once.
expect_exit 1 "$C2RT" run "$G" --ticks 5 --quiet --opt reinforce=set --opt reinforce=max
contains "$T/err" "c2rt run: --opt reinforce is given twice ('set', then 'max'): set it once"
expect_exit 1 "$C2RT" svrule eval state --opt wrap_arithmetic=1 --opt wrap_arithmetic=0
contains "$T/err" "--opt wrap_arithmetic is given twice"
expect_exit 0 "$C2RT" plot "$ROOT/tests/fixtures/plot_trace.csv" --chem ATP --chem Glucose -o "$T/p.png"

# ---- an option that names a part of the brain is checked against the brain
# built, with the ranges it has (view --pin: view_errors.sh)
expect_exit 1 "$C2RT" brain "$G" --locus 99:13=4 --ticks 1
contains "$T/err" "c2rt brain: --locus 99:13=4: no lobe 99: this brain's lobes are 0..8"
expect_exit 1 "$C2RT" brain "$G" --locus 1:999=4 --ticks 1
contains "$T/err" "c2rt brain: --locus 1:999=4: lobe 1 (Drive, 18 cells) has receptor loci 0..36: 0 threshold, 1 leakage, 2 rest, 3..12 dendrite rates, 13..18 chem0..chem5, 19..36 the cells' states"
expect_exit 1 "$C2RT" brain "$G" --locus 1:3=256 --ticks 1
contains "$T/err" "--locus '1:3=256': VALUE is a byte, 0..255"
expect_exit 1 "$C2RT" brain "$G" --locus 1:-3=2 --ticks 1
contains "$T/err" "--locus '1:-3=2' is not LOBE:LOCUS=VALUE"
expect_exit 0 "$C2RT" brain "$G" --locus 1:36=4 --ticks 1 --hash

# ---- --chem none: no chemical columns (run and batch; sweep is batch's)
expect_exit 0 "$C2RT" run "$G" --ticks 20 --chem none --trace "$T/t.csv" --quiet
head -n 1 "$T/t.csv" | grep -q 'chem:' && die "--chem none left chemical columns: $(head -n 1 "$T/t.csv")"
contains "$T/t.csv" "drive:Hunger"
expect_exit 1 "$C2RT" run "$G" --ticks 20 --chem none --plot "$T/p.png"
contains "$T/err" "--plot draws the traced chemicals: --chem none leaves it none"
expect_exit 0 "$C2RT" batch "$G" --ticks 20 --chem none --drive none --quiet -o "$T/b.csv"
head -n 1 "$T/b.csv" | grep -q -e 'chem:' -e 'drive:' && die "batch --chem none --drive none: $(head -n 1 "$T/b.csv")"

# ---- one --max-ticks default, said the same in every help
for c in run batch sweep; do
	expect_exit 0 "$C2RT" "$c" --help
	grep -- '--max-ticks N' "$T/out" | grep -o '(default [0-9]*)' >>"$T/defaults"
done
[ "$(sort -u "$T/defaults")" = "(default 2000000)" ] || die "--max-ticks defaults: $(cat "$T/defaults")"
exit 0
