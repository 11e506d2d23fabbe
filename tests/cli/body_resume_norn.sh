# body_resume_norn.sh — issue 12's resume acceptance as written: the fed
# norn with johnnie.xode saved at tick 3000 (the tick its sleep event is
# due) and resumed gives the same trace and state hashes as a straight run
# (run_body.sh checks the same at tick 300 on our own genome and bodies).
. "$(dirname "$0")/lib.sh"
need_shared
J="$C2RT_SHARED/bodies/xode/johnnie.xode"
printf 'every 600 food 5 Starch 60 Glucose 40\nat 3000 sleep\n' >"$T/ev"
opts="--chem ATP,Hexokinase --every 1 --hash-every 25 --quiet"
expect_exit 0 "$C2RT" run "$NORN" --body "$J" --events "$T/ev" --ticks 3200 $opts \
	--trace "$T/straight.csv"
grep -E '^(30[2-9][0-9]|31[0-9][0-9]|3200) ' "$T/out" >"$T/straight.hash"
expect_exit 0 "$C2RT" run "$NORN" --body "$J" --events "$T/ev" --ticks 3000 --save "$T/s.snap" --quiet
expect_exit 0 "$C2RT" run --resume "$T/s.snap" --events "$T/ev" --ticks 200 $opts \
	--trace "$T/resumed.csv"
grep -E '^(30[2-9][0-9]|31[0-9][0-9]|3200) ' "$T/out" >"$T/resumed.hash"
[ "$(wc -l <"$T/straight.hash")" -eq 8 ] || die "expected 8 hashes after tick 3000: $(cat "$T/straight.hash")"
cmp -s "$T/straight.hash" "$T/resumed.hash" || die "resumed hashes differ: $(diff "$T/straight.hash" "$T/resumed.hash" | head -4)"
tail -n 200 "$T/straight.csv" >"$T/a"
tail -n 200 "$T/resumed.csv" >"$T/b"
cmp -s "$T/a" "$T/b" || die "the resumed trace differs: $(diff "$T/a" "$T/b" | head -4)"
# the sleep took effect in the resumed part (the body then settles)
grep -q 'asleep' "$T/b" || die "no sleep after tick 3000 in the resumed trace"
echo "johnnie: straight and resumed-at-3000 runs agree on 200 trace rows and 8 hashes"
