# run_errors.sh — usage and input errors of `c2rt run` (synthetic genome).
. "$(dirname "$0")/lib.sh"
"$C2RT" asm "$ROOT/tests/fixtures/tiny.txt" -o "$T/tiny.gen" || die "asm"

printf 'at 10 inject Glucose 5\n\nat 20 inject Glucose\n' >"$T/bad.ev"
expect_exit 2 "$C2RT" run "$T/tiny.gen" --ticks 100 --events "$T/bad.ev"
contains "$T/err" "$T/bad.ev:3: usage: inject CHEMICAL AMOUNT"
printf 'every 5 dance\n' >"$T/bad.ev"
expect_exit 2 "$C2RT" run "$T/tiny.gen" --ticks 100 --events "$T/bad.ev"
contains "$T/err" "$T/bad.ev:1: unknown command 'dance'"

expect_exit 1 "$C2RT" run "$T/tiny.gen"
contains "$T/err" "say how long"
expect_exit 1 "$C2RT" run "$T/tiny.gen" --ticks 5 --until death
expect_exit 1 "$C2RT" run "$T/tiny.gen" --until tomorrow
expect_exit 1 "$C2RT" run "$T/tiny.gen" --ticks 5 --opt no_such_option=1
contains "$T/err" "unknown option 'no_such_option'"
expect_exit 1 "$C2RT" run "$T/tiny.gen" --ticks 5 --opt brain_while_asleep=7
expect_exit 1 "$C2RT" run "$T/tiny.gen" --ticks 5 --chem ATP,Kryptonite
expect_exit 1 "$C2RT" run "$T/tiny.gen" --ticks 5 --sex x
expect_exit 2 "$C2RT" run "$T/missing.gen" --ticks 5
expect_exit 2 "$C2RT" run --resume "$T/tiny.gen" --ticks 5
contains "$T/err" "not a c2rt snapshot"

# A genome with only two lobes and one organ still runs (missing roles are
# absent); it has no ATP, so its organs starve and it dies, and the run ends.
expect_exit 0 "$C2RT" run "$T/tiny.gen" --ticks 5000 --trace "$T/t.csv" --every 500 --opt action_period=10
contains "$T/err" "dead (organ failure at tick"
# Rows at 0, 500, 1000, 1500, then the death row whatever --every says (its
# brain organ fails first; its first update comes at world tick 4: late_brain_start).
[ "$(wc -l <"$T/t.csv")" -eq 6 ] || die "tiny trace rows"
tail -n 1 "$T/t.csv" | grep -q '^1801,180.1,embryo,0,dead,' || die "no death row: $(tail -n 1 "$T/t.csv" | cut -c1-40)"
exit 0
