"""bench_step.py — what stepping from Python costs, in instructions.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        /usr/bin/python3 python/bench_step.py GENOME TICKS PER_CALL

hatches GENOME (seed 1) and steps TICKS ticks, PER_CALL ticks a call
(scripts/python-bench.sh runs it at several sizes and subtracts the runs
of 0 ticks, leaving the cost of the ticks and of the calls alone)."""
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
import c2rt  # noqa: E402

genome, ticks, per_call = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
c = c2rt.Creature(genome, seed=1)
for _ in range(ticks // per_call):
    c.step(per_call)
assert c.ticks == ticks // per_call * per_call, c.ticks
print("%d %016x" % (c.ticks, c.hash()))
