# svrule_basic.sh — c2rt svrule disasm / asm / eval: the documented examples,
# both rule notations, options, and errors (exit 1 usage, 2 bad input).
. tests/cli/lib.sh

expect_exit 0 "$C2RT" svrule disasm 9 31 12 32 13
[ "$(cat "$T/out")" = "state PLUS type0 MINUS type1" ] || die "disasm: $(cat "$T/out")"
expect_exit 0 "$C2RT" svrule disasm "16 30 10 30 18 39 4 3"
[ "$(cat "$T/out")" = "input TRUE output TRUE suscept move-twrds 255 64" ] || die "disasm one argument"
expect_exit 0 "$C2RT" svrule disasm 0
[ "$(cat "$T/out")" = "<end>" ] || die "disasm of an empty rule"
expect_exit 0 "$C2RT" svrule disasm 9 200
[ "$(cat "$T/out")" = "state <200>" ] || die "disasm of an unknown byte"

expect_exit 0 "$C2RT" svrule asm "state PLUS type0 MINUS type1"
[ "$(cat "$T/out")" = "9 31 12 32 13 0 0 0 0 0 0 0" ] || die "asm: $(cat "$T/out")"
expect_exit 0 "$C2RT" svrule asm random 0 chem5 PLUS state
[ "$(cat "$T/out")" = "40 1 26 31 9 0 0 0 0 0 0 0" ] || die "asm of several arguments"
expect_exit 2 "$C2RT" svrule asm "state PLUS banana"
contains "$T/err" "banana"
expect_exit 2 "$C2RT" svrule asm "state state state state state state state state state state state state state"
expect_exit 1 "$C2RT" svrule asm

# eval: names or bytes, values as options, saturation, options
expect_exit 0 "$C2RT" svrule eval "state PLUS type0 MINUS type1" --state 80 --type0 30 --type1 10
[ "$(cat "$T/out")" = 100 ] || die "eval: $(cat "$T/out")"
expect_exit 0 "$C2RT" svrule eval "9 31 12 32 13" --state 80 --type0 200 --type1 100
[ "$(cat "$T/out")" = 155 ] || die "eval saturates: $(cat "$T/out")"
expect_exit 0 "$C2RT" svrule eval "9 31 12 32 13" --state 80 --type0 200 --type1 100 --opt wrap_arithmetic=1
[ "$(cat "$T/out")" = 180 ] || die "eval wraps: $(cat "$T/out")"
expect_exit 0 "$C2RT" svrule eval "input TRUE output TRUE suscept move-twrds 255 64" --input 5 --output 5 --suscept 63
[ "$(cat "$T/out")" = 111 ] || die "move-twrds"
expect_exit 0 "$C2RT" svrule eval "suscept" --suscept 9 --neuron
[ "$(cat "$T/out")" = 0 ] || die "neuron rules see no dendrite"
expect_exit 0 "$C2RT" svrule eval "rnd-const" --rnd 42
[ "$(cat "$T/out")" = 42 ] || die "rnd"
expect_exit 0 "$C2RT" svrule eval "random 0 255" --seed 5
a=$(cat "$T/out")
expect_exit 0 "$C2RT" svrule eval "random 0 255" --seed 5
[ "$(cat "$T/out")" = "$a" ] || die "random is not reproducible for one seed"
for s in 1 2 3 4 5 6 7 8; do
	expect_exit 0 "$C2RT" svrule eval "random chem0 chem1" --chem0 7 --chem1 3 --seed $s
	v=$(cat "$T/out")
	[ "$v" -ge 3 ] && [ "$v" -le 7 ] || die "random 7 3 gave $v"
done
expect_exit 1 "$C2RT" svrule eval "state" --state 256
expect_exit 1 "$C2RT" svrule eval "state" --opt no_such_option=1
contains "$T/err" "no_such_option"
expect_exit 1 "$C2RT" svrule eval "state" --opt wrap_arithmetic=7
expect_exit 2 "$C2RT" svrule eval "state PLUS pear"
expect_exit 1 "$C2RT" svrule frobnicate
expect_exit 0 "$C2RT" svrule eval --help
contains "$T/out" "--srcleakin N"
contains "$T/out" "--opt NAME=VALUE"

# c2rt options: every option with its default
expect_exit 0 "$C2RT" options
for o in input_weight wrap_arithmetic times_divisor strength_rates ltw_gain loose_count \
	reinforce instinct_fallback dendrites_before_wta lobe_order rnd_const random_swap; do
	contains "$T/out" "$o = "
done
contains "$T/out" "# brain"
contains "$T/out" "# biochemistry"
contains "$T/out" "# engine"
expect_exit 0 "$C2RT" options --opt reinforce=set
contains "$T/out" "reinforce = set *"
expect_exit 0 "$C2RT" options --json
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len([o for o in d if o["module"] == "brain"]) >= 12 and all("help" in o for o in d)' "$T/out" ||
		die "options --json is not the expected JSON"
fi

# ops and disasm --explain print the opcode table's synopsis column, and the
# opcode table of docs/commands/svrule.md is that output.
expect_exit 0 "$C2RT" svrule ops
[ "$(wc -l <"$T/out")" -eq 42 ] || die "svrule ops: $(wc -l <"$T/out") lines, expected 42"
contains "$T/out" " 31  PLUS               binary   acc = min(255, acc + x)"
expect_exit 0 "$C2RT" svrule disasm --explain "state PLUS type0 MINUS type1"
contains "$T/out" " 2   12    type0              weighted input sum of type-0 dendrites"
expect_exit 0 "$C2RT" svrule ops --markdown
sed -n '/^<!-- svrule-ops/,/^<!-- \/svrule-ops/p' "$ROOT/docs/commands/svrule.md" | sed '1d;$d' >"$T/readme-ops"
diff -u "$T/readme-ops" "$T/out" || die "docs/commands/svrule.md's opcode table differs from 'c2rt svrule ops --markdown'"

# An invalid opcode is read and said to be one; an unknown name gets the
# nearest opcode.
expect_exit 0 "$C2RT" svrule eval 255
[ "$(cat "$T/out")" = 0 ] || die "eval 255 is not 0"
contains "$T/err" "svrule eval: RULE token 1: 255 is not an SV-rule opcode (0..40 are): it evaluates as the value 0"
expect_exit 0 "$C2RT" svrule disasm 9 31 41
contains "$T/err" "token 3: 41 is not an SV-rule opcode"
expect_exit 0 "$C2RT" svrule eval "state PLUS type0" --state 3
[ ! -s "$T/err" ] || die "a valid rule was warned about: $(cat "$T/err")"
expect_exit 2 "$C2RT" svrule asm "stat PLUS type0"
contains "$T/err" "token 1: unknown SV-rule opcode 'stat' (did you mean 'state'?"
expect_exit 2 "$C2RT" svrule eval "state plsu type0"
contains "$T/err" "token 2: unknown SV-rule opcode 'plsu' (did you mean 'PLUS'?"
expect_exit 2 "$C2RT" svrule asm "state PLUS 41"
contains "$T/err" "byte 41 is written <41>"
exit 0
