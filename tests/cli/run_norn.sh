# run_norn.sh — `c2rt run` on the real norn: traces, summaries, causes of
# death, hashes and snapshot/resume equality (read from $C2RT_SHARED).
. "$(dirname "$0")/lib.sh"
need_shared

# A trace in CSV: header + a row every 1000 ticks, the summary on stderr.
expect_exit 0 "$C2RT" run "$NORN" --ticks 5000 --every 1000 --trace "$T/t.csv" --chem ATP,Glucose
[ "$(wc -l <"$T/t.csv")" -eq 7 ] || die "expected a header and 6 rows"
head -n 1 "$T/t.csv" | grep -q '^tick,seconds,stage,alive,action,object,drive:Pain,' || die "bad header"
head -n 1 "$T/t.csv" | grep -q ',lf:body,lf:Drive Lobe Support,.*,lf:brain,chem:ATP,chem:Glucose$' || die "bad header tail"
contains "$T/err" "c2rt run: 5000 ticks (5000 this run), creature time 500 s"
contains "$T/err" "stage embryo, alive"

# The organs are named by the Genetics Kit notes beside the genome; a copy
# without them by what each organ holds; two lungs get distinct names.
cp "$NORN" "$T/norn.gen"
expect_exit 0 "$C2RT" run "$T/norn.gen" --ticks 10 --trace "$T/named.csv"
head -n 1 "$T/named.csv" | grep -q ',lf:body,lf:DriveLobeSupport,lf:ConceptLobeSupport,.*,lf:Heart,lf:Lung,lf:Lung 2,.*,lf:Uterus,lf:brain,' || die "organs not named by what they hold: $(head -n 1 "$T/named.csv")"
# A notes file that does not read is a warning, and the organs are named by what they hold.
printf 'junk' >"$T/norn.gno"
expect_exit 0 "$C2RT" run "$T/norn.gen" --ticks 10 --trace "$T/named2.csv"
contains "$T/err" "warning: $T/norn.gno:"
cmp -s "$T/named.csv" "$T/named2.csv" || die "a broken notes file changed the trace"
# The old numbered name draws the same organ as its name.
expect_exit 0 "$C2RT" run "$T/norn.gen" --ticks 2000 --every 100 --trace "$T/named.csv"
expect_exit 0 "$C2RT" plot "$T/named.csv" --column lf:Heart -o "$T/heart.png" --title heart
expect_exit 0 "$C2RT" plot "$T/named.csv" --column lf:organ8 -o "$T/organ8.png" --title heart
cmp -s "$T/heart.png" "$T/organ8.png" || die "lf:organ8 did not draw the Heart"
expect_exit 0 "$C2RT" plot "$T/named.csv" --column lf:organ9 -o "$T/organ9.png" --title heart
cmp -s "$T/heart.png" "$T/organ9.png" && die "lf:organ9 drew the Heart too"

# NDJSON: one object per line.
expect_exit 0 "$C2RT" run "$NORN" --ticks 300 --every 100 --trace "$T/t.ndjson" --trace-format ndjson
python3 -c 'import json,sys; rows=[json.loads(l) for l in open(sys.argv[1])]; assert len(rows)==4 and rows[-1]["tick"]==300 and "chem:ATP" in rows[0] and "drive:Hunger" in rows[0]' "$T/t.ndjson" || die "ndjson"

# ATP held at 0 by an events file: the organs fail and the norn dies.
printf 'every 1 from 0 inject ATP -255\n' >"$T/noatp.ev"
expect_exit 0 "$C2RT" run "$NORN" --until death --events "$T/noatp.ev"
contains "$T/err" "dead (organ failure at tick"

# Fed generously, it lives to old age, ~10.7 creature-hours (§7.1).
printf 'every 100 inject Glucose 80\nevery 100 inject Hunger_Decrease 20\n' >"$T/feed.ev"
expect_exit 0 "$C2RT" run "$NORN" --until death --events "$T/feed.ev" --every 3600 --trace "$T/life.csv" --plot "$T/life.png"
contains "$T/err" "stage senile, dead (old age at tick"
python3 - "$T/life.csv" "$T/err" <<'PY' || die "lifetime trace"
import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1])))
stages = []
for r in rows:
    if not stages or stages[-1] != r["stage"]:
        stages.append(r["stage"])
assert stages == ["embryo", "child", "adolescent", "youth", "adult", "old", "senile"], stages
hours = float(re.search(r"creature time (\d+) s", open(sys.argv[2]).read()).group(1)) / 3600
assert 10.5 < hours < 10.9, hours
PY
[ -s "$T/life.png" ] || die "--plot wrote nothing"

# Until a stage (fed: unfed, it starves at about the same age).
expect_exit 0 "$C2RT" run "$NORN" --until stage:child --events "$T/feed.ev"
contains "$T/err" "stage child, alive"

# Determinism and snapshots: 20,000 ticks straight, or 8,000 + save +
# resume + 12,000, give identical traces and hashes.
expect_exit 0 "$C2RT" run "$NORN" --seed 7 --events "$T/feed.ev" --ticks 20000 --every 50 --trace "$T/a.csv" --hash-every 1000
cp "$T/out" "$T/a.hash"
expect_exit 0 "$C2RT" run "$NORN" --seed 7 --events "$T/feed.ev" --ticks 8000 --every 50 --trace "$T/b1.csv" --hash-every 1000 --save "$T/snap"
cp "$T/out" "$T/b.hash"
expect_exit 0 "$C2RT" run --resume "$T/snap" --ticks 12000 --every 50 --trace "$T/b2.csv" --hash-every 1000
cat "$T/out" >>"$T/b.hash"
{ cat "$T/b1.csv"; tail -n +2 "$T/b2.csv"; } >"$T/b.csv"
cmp "$T/a.csv" "$T/b.csv" || die "resumed trace differs from the straight one"
cmp "$T/a.hash" "$T/b.hash" || die "resumed hashes differ"
[ "$(wc -l <"$T/a.hash")" -eq 20 ] || die "expected 20 hash lines"
# The genome given with --resume must be the snapshot's.
expect_exit 0 "$C2RT" run "$NORN" --resume "$T/snap" --ticks 10 --quiet
"$C2RT" asm "$ROOT/tests/fixtures/tiny.txt" -o "$T/tiny.gen"
expect_exit 2 "$C2RT" run "$T/tiny.gen" --resume "$T/snap" --ticks 10
contains "$T/err" "is not the genome of snapshot"

# Truncated and corrupted snapshots are refused.
head -c 1000 "$T/snap" >"$T/cut.snap"
expect_exit 2 "$C2RT" run --resume "$T/cut.snap" --ticks 10
contains "$T/err" "truncated or padded"
cp "$T/snap" "$T/bad.snap"
printf '\377' | dd of="$T/bad.snap" bs=1 seek=5000 conv=notrunc 2>/dev/null
expect_exit 2 "$C2RT" run --resume "$T/bad.snap" --ticks 10
contains "$T/err" "checksum mismatch"
exit 0
