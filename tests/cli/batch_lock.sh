# batch_lock.sh — one writer per results file, and rows that are checked:
# a second `batch -o SAME` (fresh, --resume, or a --merge into it) while the
# first runs is refused naming the first's pid, and the first ends whole;
# --merge refuses a results file that is being written; two names of one
# file (a symlink) share the lock. Each row carries a check: --resume runs
# altered rows again (CSV and NDJSON) and --merge refuses them; an older
# c2rt's file (no check column) and a journal of another batch are refused
# by --resume, and a plain run replaces that journal; a plain run onto
# finished runs of its own batch (results or journal) is refused.
. "$(dirname "$0")/lib.sh"
S="$BUILD/genomes/starter.gen" M="$BUILD/genomes/mayfly.gen" EV="$ROOT/genomes/starter.events"
CMP="python3 $ROOT/tests/cli/batchcmp.py"
set -- "$S" "$M" --seeds 6 --ticks 20000 --events "$EV" --jobs 2 --quiet
expect_exit 0 "$C2RT" batch "$@" -o "$T/ref.csv"
expect_exit 0 "$C2RT" batch "$@" -o "$T/ref.ndjson"

# A failure below must not leave the stopped first writer behind.
pid=
trap '[ -n "$pid" ] && kill -CONT "$pid" 2>/dev/null && kill "$pid" 2>/dev/null' EXIT
# Two batches at once on one file: the second is refused, whichever way.
"$C2RT" batch "$@" -o "$T/x.csv" 2>"$T/first.err" &
pid=$!
n=0
while [ ! -e "$T/x.csv.journal" ] && [ $n -lt 500 ]; do sleep 0.01; n=$((n + 1)); done
kill -STOP "$pid"
[ -e "$T/x.csv.lock" ] || die "no lock file beside the results"
expect_exit 2 "$C2RT" batch "$@" -o "$T/x.csv"
contains "$T/err" "c2rt batch: $T/x.csv is being written by another c2rt (pid $pid on "
expect_exit 2 "$C2RT" batch "$@" -o "$T/x.csv" --resume
contains "$T/err" "is being written by another c2rt (pid $pid"
expect_exit 2 "$C2RT" batch --merge "$T/ref.csv" -o "$T/x.csv"
contains "$T/err" "is being written by another c2rt (pid $pid"
expect_exit 2 "$C2RT" batch --merge "$T/x.csv" -o "$T/y.csv"
contains "$T/err" "$T/x.csv is being written by another c2rt (pid $pid"
ln -s x.csv "$T/link.csv"
expect_exit 2 "$C2RT" batch "$@" -o "$T/link.csv"
contains "$T/err" "is being written by another c2rt (pid $pid"
kill -CONT "$pid"
wait "$pid" || die "the first batch failed: $(cat "$T/first.err")"
$CMP "$T/ref.csv" "$T/x.csv" || die "the first batch's results are not whole"
[ ! -e "$T/x.csv.lock" ] && [ ! -e "$T/x.csv.journal" ] || die "lock or journal left"
[ ! -e "$T/y.csv" ] || die "a refused merge wrote its output"

# Altered rows: run again on --resume, said so; the rest is kept.
for f in csv ndjson; do
	cp "$T/ref.$f" "$T/a.$f"
	python3 - "$T/a.$f" <<'PY'
import sys
p = sys.argv[1]
lines = open(p).read().split("\n")
for i in (1, 3):                      # a value changed in two rows (starters)
    lines[i] = lines[i].replace("20000", "20001", 1)
    assert "20001" in lines[i], lines[i]
open(p, "w").write("\n".join(lines))
PY
	expect_exit 2 "$C2RT" batch --merge "$T/a.$f" -o "$T/m.$f"
	contains "$T/err" "a row altered since it was written"
	expect_exit 0 "$C2RT" batch "$S" "$M" --seeds 6 --ticks 20000 --events "$EV" --jobs 2 \
		-o "$T/a.$f" --resume
	contains "$T/err" "2 rows altered since written (the first on line"
	contains "$T/err" "12 runs (2 this time"
	$CMP "$T/ref.$f" "$T/a.$f" || die "$f: altered rows were not run again"
	grep -q 20001 "$T/a.$f" && die "$f: an altered row was kept"
done
# Every row altered: not trusted at all.
sed '2,$s/,f,/,m,/' "$T/ref.csv" >"$T/b.csv"
expect_exit 2 "$C2RT" batch "$@" -o "$T/b.csv" --resume
contains "$T/err" "no line is a row whose check matches"

# An older c2rt's results (no check column) cannot be verified: refused.
sed '1s/,error,check$/,error/; 2,$s/,[0-9a-f]*$//' "$T/ref.csv" >"$T/old.csv"
cp "$T/old.csv" "$T/old.bak"
expect_exit 2 "$C2RT" batch "$@" -o "$T/old.csv" --resume
contains "$T/err" "results of an older c2rt (no check column)"
cmp -s "$T/old.csv" "$T/old.bak" || die "a refused --resume changed the file"

# A journal of another batch: refused by --resume, replaced by a plain run.
expect_exit 0 "$C2RT" batch "$S" --ticks 50 -o "$T/j.csv" --quiet
cp "$T/j.csv" "$T/x.csv.journal"
expect_exit 2 "$C2RT" batch "$@" -o "$T/x.csv" --resume
contains "$T/err" "x.csv.journal holds rows of another batch"
contains "$T/err" "remove it, or run without --resume"
rm "$T/x.csv"
expect_exit 0 "$C2RT" batch "$S" "$M" --seeds 6 --ticks 20000 --events "$EV" -o "$T/x.csv"
contains "$T/err" "x.csv.journal: the journal of another batch's interrupted run is replaced"
$CMP "$T/ref.csv" "$T/x.csv" || die "after a stale journal"
[ ! -e "$T/x.csv.journal" ] || die "the stale journal stayed"

# Without --resume, runs of this batch already done are not run again
# silently: a results file holding them, or the journal of an interrupted
# run, is refused (status 1) and left as it was; another batch's results
# file is replaced, as any output.
set -- "$S" --seeds 2 --ticks 50 --quiet
expect_exit 0 "$C2RT" batch "$@" -o "$T/r.csv"
cp "$T/r.csv" "$T/r.bak"
expect_exit 1 "$C2RT" batch "$@" -o "$T/r.csv"
contains "$T/err" "c2rt batch: $T/r.csv already holds 2 runs of this batch: --resume keeps them and runs the rest (if any); remove it to run them again"
cmp -s "$T/r.csv" "$T/r.bak" || die "a refused rerun changed the results"
expect_exit 0 "$C2RT" batch "$@" -o "$T/r.csv" --resume
expect_exit 0 "$C2RT" batch "$S" --seeds 2 --ticks 60 --quiet -o "$T/r.csv"
mv "$T/r.bak" "$T/r.csv.journal"
expect_exit 1 "$C2RT" batch "$S" --seeds 2 --ticks 50 --quiet -o "$T/r.csv"
contains "$T/err" "c2rt batch: $T/r.csv.journal holds 2 finished runs of this batch, interrupted: --resume runs only the rest; remove it to run them all again"
[ -e "$T/r.csv.journal" ] || die "a refused rerun removed the journal"
exit 0
