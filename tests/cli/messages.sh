# messages.sh — what c2rt says when something is wrong: bytes from a bad
# file shown escaped, numbers that say what is wrong, "did you mean", the
# version, usage lines that list every option, goals not reached, and the
# inputs that hold nothing.
. tests/cli/lib.sh
G="$BUILD/genomes/starter.gen"

# ---- raw bytes from a bad file never reach the terminal: an escape
# sequence, a bell, a carriage return and bytes that are not UTF-8.
nasty=$(printf 'x\033[31mred\007\r\377\376y')
no_raw() { # no_raw FILE: only printable text (and newlines) in FILE
	if LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$1" ||
	   ! iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1; then
		od -c "$1" | head -n 5 >&2
		die "raw bytes in $1"
	fi
}
printf 'at 10 %s 5\n' "$nasty" >"$T/bad.ev"
expect_exit 2 "$C2RT" run "$G" --ticks 10 --events "$T/bad.ev"
no_raw "$T/err"
contains "$T/err" "unknown command 'x\\x1b[31mred\\x07"
printf 'gene lobe\n    %s 3\n' "$nasty" >"$T/bad.txt"
expect_exit 2 "$C2RT" asm "$T/bad.txt" -o "$T/bad.gen"
no_raw "$T/err"
contains "$T/err" "\\x1b[31mred"
head -n 1 "$ROOT/tests/fixtures/plot_trace.csv" >"$T/bad.csv"
head -n 2 "$ROOT/tests/fixtures/plot_trace.csv" | tail -n 1 | sed "s/^[0-9]*,/$nasty,/" >>"$T/bad.csv"
expect_exit 2 "$C2RT" plot "$T/bad.csv" -o "$T/p.png"
no_raw "$T/err"
printf 'state PLUS %s\t-\t1\n' "$nasty" >"$T/bad.tsv"
expect_exit 2 "$C2RT" svrule check "$T/bad.tsv"
no_raw "$T/out"
expect_exit 1 "$C2RT" "run$nasty"
no_raw "$T/err"
# Valid UTF-8 passes unchanged.
expect_exit 2 "$C2RT" dump "$T/dür.gen"
contains "$T/err" "dür.gen"

# ---- numbers: what is wrong with them.
expect_exit 1 "$C2RT" run "$G" --ticks 0
contains "$T/err" "--ticks: '0' is too small (it must be at least 1)"
expect_exit 1 "$C2RT" run "$G" --ticks 99999999999999999999999
contains "$T/err" "--ticks: '99999999999999999999999' is too large (at most 18446744073709551615)"
expect_exit 1 "$C2RT" run "$G" --ticks -5
contains "$T/err" "--ticks: '-5' is negative"
expect_exit 1 "$C2RT" run "$G" --ticks 10k
contains "$T/err" "--ticks: '10k' is not a whole number"
expect_exit 1 "$C2RT" run "$G" --ticks 10 --every 0
contains "$T/err" "--every: '0' is too small"
expect_exit 1 "$C2RT" brain "$G" --ticks 100000001
contains "$T/err" "--ticks: '100000001' is out of range 0..100000000"
expect_exit 1 "$C2RT" svrule eval state --state 256
contains "$T/err" "--state: '256' is out of range 0..255"

# ---- the nearest command, subcommand or option.
expect_exit 1 "$C2RT" rn
contains "$T/err" "unknown command 'rn' (did you mean 'run'?"
expect_exit 1 "$C2RT" valdiate "$G"
contains "$T/err" "did you mean 'validate'?"
expect_exit 1 "$C2RT" run "$G" --tick 5
contains "$T/err" "unknown option '--tick' (did you mean --ticks?)"
expect_exit 1 "$C2RT" run "$G" --trace-fromat csv
contains "$T/err" "did you mean --trace-format?"
expect_exit 1 "$C2RT" run "$G" --max 5
contains "$T/err" "did you mean --max-ticks?"
expect_exit 1 "$C2RT" svrule evl state
contains "$T/err" "unknown subcommand 'evl' (did you mean 'eval'?)"
expect_exit 1 "$C2RT" --verison
contains "$T/err" "did you mean --version?"
expect_exit 1 "$C2RT" help rnu
contains "$T/err" "did you mean 'run'?"
expect_exit 1 "$C2RT" xyzzy
contains "$T/err" "unknown command 'xyzzy' ('c2rt help' lists them)"

# ---- the version: from base/version.h, the one place it is written.
expect_exit 0 "$C2RT" --version
v=$(sed -n 's/^#define C2RT_VERSION "\(.*\)"/\1/p' "$ROOT/base/version.h")
[ "$(head -n 1 "$T/out")" = "c2rt $v" ] || die "version line: $(head -n 1 "$T/out")"

# ---- usage lines list every option of the table, for every command and
# subcommand (they are generated from the tables).
"$C2RT" help >"$T/cmds" || die "help"
for c in $(sed -n 's/^  \([a-z]*\)  .*/\1/p' "$T/cmds"); do
	subs=$("$C2RT" help "$c" | sed -n '/^subcommands:/,/^$/s/^  \([a-z]*\) .*/\1/p')
	for full in "$c" $(for s in $subs; do echo "$c:$s"; done); do
		# shellcheck disable=SC2046
		"$C2RT" help $(echo "$full" | tr : ' ') >"$T/help" || die "help $full"
		sed -n '/^usage:/,/^$/p' "$T/help" >"$T/usage"
		for o in $(sed -n '/^options:/,$s/^  \(--*[a-z0-9-]*\).*/\1/p' "$T/help"); do
			[ "$o" = --help ] && continue
			grep -q -e "\[$o[] ]" "$T/usage" || die "c2rt $full: the usage line lacks $o"
		done
	done
done

# ---- a goal not reached is not success (exit 3).
printf 'at 100 kill\n' >"$T/kill.ev"
expect_exit 3 "$C2RT" run "$G" --events "$T/kill.ev" --until stage:adult
contains "$T/err" "the creature died (killed at tick 100) before reaching stage adult"
expect_exit 3 "$C2RT" run "$G" --until death --max-ticks 50
contains "$T/err" "stopped at --max-ticks 50 before death"
expect_exit 0 "$C2RT" run "$G" --until stage:child --quiet
expect_exit 0 "$C2RT" run "$G" --events "$T/kill.ev" --until death --quiet
# A kill between ticks counts no tick of its own: the summary counts the
# ticks run, the hashes name each tick once, and the death row repeats it.
expect_exit 0 "$C2RT" run "$G" --events "$T/kill.ev" --ticks 500 --hash-every 50 --every 50 --trace "$T/k.csv"
contains "$T/err" "100 ticks (100 this run)"
[ "$(grep -c '^100 ' "$T/out")" = 1 ] || die "tick 100 hashed $(grep -c '^100 ' "$T/out") times"
[ "$(grep -c '^100,' "$T/k.csv")" = 2 ] || die "tick 100 has $(grep -c '^100,' "$T/k.csv") rows, not its row and the death row"
tail -n 1 "$T/k.csv" | grep -q ',dead,' || die "the last row is not the death row: $(tail -n 1 "$T/k.csv")"

# ---- inputs that hold nothing.
: >"$T/empty.txt"
expect_exit 2 "$C2RT" asm "$T/empty.txt" -o "$T/empty.gen"
contains "$T/err" "$T/empty.txt:1: no genes"
[ ! -e "$T/empty.gen" ] || die "asm wrote a genome from nothing"
printf '# only a comment\n\n' >"$T/empty.tsv"
expect_exit 2 "$C2RT" svrule check "$T/empty.tsv"
contains "$T/err" "no cases"
expect_exit 2 "$C2RT" svrule check "$T"
contains "$T/err" "$T: is a directory, not a file"

# ---- the default trace: one row per creature second, unless asked.
expect_exit 0 "$C2RT" run "$G" --ticks 100 --trace "$T/d.csv" --quiet
[ "$(wc -l <"$T/d.csv")" -eq 12 ] || die "default trace: $(wc -l <"$T/d.csv") lines, expected header + 11"
expect_exit 0 "$C2RT" run "$G" --ticks 100 --every 1 --trace "$T/d.csv" --quiet
[ "$(wc -l <"$T/d.csv")" -eq 102 ] || die "--every 1: $(wc -l <"$T/d.csv") lines, expected header + 101"

# ---- cannot write X says why.
expect_exit 2 "$C2RT" dump "$G" -o "$T/none/x.txt"
contains "$T/err" "cannot write -o $T/none/x.txt: directory '$T/none': does not exist"
