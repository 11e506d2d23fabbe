# batch_norn.sh — c2rt batch on mutants of the real norn (read from
# $C2RT_SHARED), fed: 10 mutants x 2 seeds; --shard 1/2 + 2/2 + --merge equal
# the unsharded batch (wall times aside); a batch stopped by SIGINT and
# resumed equals an uninterrupted one; a row agrees with `c2rt run`.
# (The 200- and 1,000-run figures are in `make bench`.)
. "$(dirname "$0")/lib.sh"
need_shared
CMP="python3 $ROOT/tests/cli/batchcmp.py"
printf 'every 100 inject Glucose 80\nevery 100 inject Hunger_Decrease 20\n' >"$T/feed.ev"

expect_exit 0 "$C2RT" mutate "$NORN" --n 10 -o "$T/mut" --seed 1
set -- --dir "$T/mut" --seeds 2 --ticks 30000 --events "$T/feed.ev" --jobs 2 --quiet
expect_exit 0 "$C2RT" batch "$@" -o "$T/all.csv"
[ "$(wc -l <"$T/all.csv")" -eq 21 ] || die "expected 20 rows"
expect_exit 0 "$C2RT" batch "$@" --shard 1/2 -o "$T/s1.csv"
expect_exit 0 "$C2RT" batch "$@" --shard 2/2 -o "$T/s2.csv"
expect_exit 0 "$C2RT" batch --merge "$T/s1.csv" "$T/s2.csv" -o "$T/m.csv"
$CMP "$T/all.csv" "$T/m.csv" || die "shards + merge differ from the unsharded batch"

ticks=30000
for attempt in 1 2 3; do
	set -- --dir "$T/mut" --seeds 2 --ticks $ticks --events "$T/feed.ev" --jobs 2
	rm -f "$T/i.csv" "$T/i.csv.journal"
	batch_signal INT "$T/i.csv" "$T/i.err" "$@"; rc=$?
	rows=$(batch_rows "$T/i.csv")
	[ $rc -eq 200 ] || [ "$rows" -ge 20 ] || break
	ticks=$((ticks * 4)) # it was done before the signal: longer runs
done
[ $rc -eq 130 ] && [ "$rows" -lt 20 ] || die "SIGINT: exit $rc with $rows rows, expected 130 and fewer than 20"
expect_exit 0 "$C2RT" batch "$@" --resume -o "$T/i.csv"
cp "$T/all.csv" "$T/full.csv"
[ $ticks -eq 30000 ] || { rm -f "$T/full.csv"; expect_exit 0 "$C2RT" batch "$@" -o "$T/full.csv"; }
$CMP "$T/full.csv" "$T/i.csv" || die "interrupted and resumed batch differs"

expect_exit 0 "$C2RT" run "$T/mut/c2-norn-0005.gen" --seed 2 --ticks 30000 --events "$T/feed.ev" \
	--trace "$T/t.csv" --every 30000 --chem ATP,Glucose,Glycogen
python3 - "$T/all.csv" "$T/t.csv" <<'PY' || die "the batch row disagrees with c2rt run"
import csv, sys
row = list(csv.DictReader(open(sys.argv[1])))[11]        # genome 5, seed 2
last = list(csv.DictReader(open(sys.argv[2])))[-1]
assert row["genome"].endswith("c2-norn-0005.gen") and row["seed"] == "2", row
assert row["ticks"] == last["tick"] and row["stage"] == last["stage"], (row, last)
for c in ("ATP", "Glucose", "Glycogen"):
    assert row["end:chem:" + c] == last["chem:" + c], c
for d in ("Hunger", "Sleepiness"):
    assert row["end:drive:" + d] == last["drive:" + d], d
PY
exit 0
