# validate_run.sh — `c2rt validate` accepts exactly what `c2rt run` accepts:
# both ask creature_check_genome, for each sex.
. tests/cli/lib.sh

lobe() { # lobe FLAGS SOURCE MIN MAX: a full 32x32 lobe
	printf 'gene lobe flags=%s\n    width 32\n    height 32\n    state_rule state\n' "$1"
	printf '    d0.source %s\n    d0.min %s\n    d0.max %s\n' "$2" "$3" "$4"
	printf '    d1.source %s\n    d1.min %s\n    d1.max %s\n' "$2" "$3" "$4"
}
# No lobe genes at all.
printf 'gene organ\n    clock_rate 10\n' >"$T/nolobes.txt"
# Nine full lobes whose dendrite counts may reach 9 x 1024 x 510 = 4,700,160,
# past the 4,194,304 cap, whatever the draws give.
{ for i in 0 1 2 3 4 5 6 7 8; do lobe mutable 0 255 255; done; } >"$T/dense.txt"
# The same with counts of 0..255 (about half the cap drawn on average): the
# old check, on the drawn counts, let some seeds through and not others.
{ for i in 0 1 2 3 4 5 6 7 8; do lobe mutable 0 0 255; done; } >"$T/lucky.txt"
# Lobes for males only.
{ lobe male 0 0 2; lobe male 0 0 2; } >"$T/males.txt"
for g in nolobes dense lucky males; do
	"$C2RT" asm "$T/$g.txt" -o "$T/$g.gen" || die "asm $g"
done

# validate's answer, and run's for each sex and a few seeds, agree.
for g in nolobes dense lucky males; do
	for sex in m f; do
		"$C2RT" validate "$T/$g.gen" --sex $sex >/dev/null 2>"$T/verr"
		v=$?
		for seed in 1 2 3; do
			"$C2RT" run "$T/$g.gen" --sex $sex --seed $seed --ticks 1 --quiet 2>"$T/rerr"
			r=$?
			[ $v -eq $r ] || die "$g --sex $sex --seed $seed: validate exits $v, run exits $r: $(cat "$T/verr" "$T/rerr")"
		done
		if [ $v -ne 0 ]; then # the same reason
			reason=$(sed 's/.*: //' "$T/rerr")
			grep -q -F -- "$reason" "$T/verr" || die "$g: validate says $(cat "$T/verr"), run says $reason"
		fi
	done
done
expect_exit 2 "$C2RT" validate "$T/nolobes.gen"
contains "$T/err" "$T/nolobes.gen: no creature can hatch: the genome has no brain lobe genes"
contains "$T/out" "cannot hatch"
expect_exit 2 "$C2RT" validate "$T/dense.gen"
contains "$T/err" "up to 4700160 dendrites"
expect_exit 2 "$C2RT" validate "$T/lucky.gen"
# Without --sex both sexes must hatch; each failing sex is named.
expect_exit 2 "$C2RT" validate "$T/males.gen"
contains "$T/err" "no female can hatch: the genome has no brain lobe genes"
expect_exit 0 "$C2RT" validate "$T/males.gen" --sex male
expect_exit 0 "$C2RT" run "$T/males.gen" --sex m --ticks 10 --quiet
expect_exit 2 "$C2RT" run "$T/males.gen" --sex f --ticks 10 --quiet
expect_exit 0 "$C2RT" validate "$BUILD/genomes/starter.gen"
if [ -f "$NORN" ]; then
	expect_exit 0 "$C2RT" validate "$NORN"
fi
expect_exit 1 "$C2RT" validate "$T/males.gen" --sex x
