# batch_body_jobs.sh — with --body, `batch --jobs J` runs its runs in J
# worker processes (ODE keeps process-wide state, so not in threads;
# cli/workers.h), and the rows are those of one process (batch_body.sh
# checks them against `c2rt run --body`). At --jobs 2 the CPU time is spent
# by two processes at once, never more, the parent's share small; --jobs 1
# starts none. SIGTERM to the batch or to each of its processes (a batch
# system), SIGINT to its process group (Ctrl-C) end the workers and reap
# them: exit 130, and --resume gives the uninterrupted rows (none taken
# for a failed run). Killed with -9, the batch takes its workers with it
# and frees its lock at once. A worker killed is its run's failure, saying
# why (exit 2), the other rows as they should be, the dead one reaped while
# the batch goes on. Rows on stdout (-o -) are the file's.
. "$(dirname "$0")/lib.sh"
S="$BUILD/genomes/starter.gen" W="$ROOT/genomes/walker.f0"
CMP="python3 $ROOT/tests/cli/batchcmp.py"
set -- "$S" --seeds 4 --ticks 300 --body "$W" --quiet
expect_exit 0 "$C2RT" batch "$@" --jobs 1 -o "$T/ref.csv"

# The CPU time's split: two workers at once, each with a good share of it.
# (LeakSanitizer's check at exit runs in a child process of its own: not
# here, where children are counted.)
for j in 1 2; do
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" python3 "$ROOT/tests/cli/cpusplit.py" "$T/cpu$j.json" "$C2RT" batch "$@" --jobs $j -o "$T/j$j.csv" ||
		die "--jobs $j failed"
	$CMP "$T/ref.csv" "$T/j$j.csv" || die "--jobs $j: other rows than one process gives"
done
python3 - "$T/cpu1.json" "$T/cpu2.json" <<'PY' || die "--jobs 2 does not spread its runs over two processes"
import json, sys
one, two = (json.load(open(f)) for f in sys.argv[1:3])
assert one["most_at_once"] == 0, one                       # --jobs 1: in the process itself
assert two["most_at_once"] == 2, two                       # J processes at once, no more
w = two["workers"]
assert len(w) == 2 and min(w) >= 0.2 * sum(w), two         # both did a good share
assert two["parent"] <= 0.1 * sum(w), two                  # and the parent little of it
print("--jobs 2: worker CPU %s s, parent %.2f s; --jobs 1: %.2f s in one process"
      % (" + ".join("%.2f" % x for x in w), two["parent"], one["parent"]))
PY

# workers_of PID: its children, once there are two (5 s at most).
workers_of() {
	n=0
	while [ "$(pgrep -P "$1" | wc -l)" -lt 2 ] && [ $n -lt 100 ] && kill -0 "$1" 2>/dev/null; do
		sleep 0.05
		n=$((n + 1))
	done
	pgrep -P "$1"
}
# running PID: is it a process that runs (not gone, not a zombie)?
running() { [ -e "/proc/$1" ] && ! grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null; }

# Interrupted once the first row is in: SIGTERM to the batch; SIGTERM to
# each of its processes, the workers first, as a batch system's time limit
# may send it; SIGINT to the process group, as a terminal's Ctrl-C does.
# The workers ignore those (the parent ends them): none dies of it first
# and passes for a failed run.
for sig in TERM TERM-each INT-group; do
	rm -f "$T/i.csv" "$T/i.csv.journal"
	setsid "$C2RT" batch "$@" --jobs 2 -o "$T/i.csv" 2>"$T/i.err" &
	bpid=$!
	kids=$(workers_of $bpid)
	n=0
	while [ "$(cat "$T/i.csv.journal" 2>/dev/null | wc -l)" -lt 2 ] && [ $n -lt 600 ]; do
		sleep 0.02
		n=$((n + 1))
	done
	case $sig in
	TERM) kill -TERM "$bpid" ;;
	TERM-each) kill -TERM $kids && sleep 0.3 && kill -TERM "$bpid" ;;
	INT-group) kill -INT "-$bpid" ;;
	esac
	wait "$bpid"
	rc=$?
	[ $rc -eq 130 ] || die "SIG$sig: exit $rc, not 130: $(cat "$T/i.err")"
	for k in $kids; do
		! [ -e "/proc/$k" ] || die "SIG$sig: worker $k is still there ($(grep State /proc/$k/status))"
	done
	[ ! -e "$T/i.csv" ] || die "SIG$sig: a results file was written"
	expect_exit 0 "$C2RT" batch "$@" --jobs 2 -o "$T/i.csv" --resume
	$CMP "$T/ref.csv" "$T/i.csv" || die "SIG$sig, then --resume: not the uninterrupted rows"
done
echo "SIGTERM, to the batch or to each process, and SIGINT to the group: workers ended and reaped, exit 130, --resume whole"

# kill -9: the workers die with the batch (they would otherwise run on to
# the end of their long runs), and the lock is free at once.
"$C2RT" batch "$S" --seeds 2 --ticks 100000 --body "$W" --jobs 2 --quiet -o "$T/k.csv" &
bpid=$!
kids=$(workers_of $bpid)
[ "$(echo $kids | wc -w)" -eq 2 ] || die "no two workers: '$kids'"
kill -9 $bpid
wait $bpid 2>/dev/null
n=0
for k in $kids; do
	while running "$k" && [ $n -lt 40 ]; do sleep 0.05; n=$((n + 1)); done
	! running "$k" || { kill -9 $kids; die "kill -9: worker $k outlived the batch"; }
done
flock -n "$T/k.csv.lock" true || die "kill -9: the lock is still held"

# A worker killed: its run fails saying why, the batch goes on in a new
# worker (the dead one reaped meanwhile) and exits 2.
"$C2RT" batch "$@" --jobs 2 -o "$T/d.csv" 2>"$T/d.err" &
bpid=$!
victim=$(workers_of $bpid | head -n 1)
kill -9 "$victim"
n=0
while [ -e "/proc/$victim" ] && [ $n -lt 200 ]; do sleep 0.02; n=$((n + 1)); done
kill -0 $bpid 2>/dev/null || die "the batch ended before its dead worker was seen reaped"
[ ! -e "/proc/$victim" ] || die "the dead worker $victim is not reaped ($(grep State /proc/$victim/status))"
wait $bpid
rc=$?
[ $rc -eq 2 ] || die "a killed worker: exit $rc, not 2"
contains "$T/d.err" "1 of 4 runs failed"
python3 - "$T/ref.csv" "$T/d.csv" <<'PY' || die "a killed worker's rows"
import csv, sys
ref, got = (list(csv.DictReader(open(f))) for f in sys.argv[1:3])
bad = [r for r in got if r["error"]]
assert len(bad) == 1 and bad[0]["error"] == "its worker process was killed by signal 9 (Killed)", bad
assert bad[0]["state_hash"] == "" and bad[0]["ticks"] == "", bad
for a, b in zip(ref, got):
    if not b["error"]:
        assert a["state_hash"] == b["state_hash"], (a["run"], a["state_hash"], b["state_hash"])
PY

# Rows on standard output as runs end: the file's rows, in another order.
expect_exit 0 "$C2RT" batch "$@" --jobs 2 -o -
python3 - "$T/out" "$T/sorted.csv" <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines(True)
open(sys.argv[2], "w").write(lines[0] + "".join(sorted(lines[1:], key=lambda l: int(l.split(",")[0]))))
PY
$CMP "$T/ref.csv" "$T/sorted.csv" || die "-o -: other rows"
exit 0
