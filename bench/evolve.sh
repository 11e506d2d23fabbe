#!/bin/sh
# evolve.sh — issue 24's evolution acceptance: 4 founders (2 male, 2 female
# standard norns) in worlds/garden.world, taught as a player would teach a
# population (every creature brought a carrot and told "eat food" every 5
# minutes, each one patted when it eats), 10 replicates to 5 generations: in how many
# is the population alive after 5 generations (target: at least 5 of 10)?
# The run is made with --jobs 1 and --jobs 2: their files must be the same
# bytes, and the speed-up (wall) is reported with the CPU time and the load
# (the machine may be shared); the CSV and lineage are checked against the
# log (tests/cli/evolvecheck.py).
#
# Usage: bench/evolve.sh [BUILD_DIR]
#   EVOLVE_REPLICATES (10), EVOLVE_GENERATIONS (5), EVOLVE_MAX_HOURS (200),
#   EVOLVE_KEEP=DIR to keep the runs' folders there,
#   EVOLVE_EVENTS=FILE instead of the population's teaching,
#   EVOLVE_OPT="NAME=VALUE ..." --opt for every replicate (default
#   goal_direction=1, as docs/populations.md's breeding figure has it; "" none)
set -u
BUILD=${1:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
: "${C2RT_SHARED:=$ROOT/../shared}"
C2RT=$BUILD/c2rt
NORN=$C2RT_SHARED/genomes/c2-norn.gen
[ -f "$NORN" ] || { echo "bench evolve: skipped: no $NORN"; exit 0; }
R=${EVOLVE_REPLICATES:-10} G=${EVOLVE_GENERATIONS:-5} MH=${EVOLVE_MAX_HOURS:-200}
D=${EVOLVE_KEEP:-$(mktemp -d "${TMPDIR:-/tmp}/c2rt-evolve.XXXXXX")}
mkdir -p "$D"

# The population's teaching: garden.teach's schedule for every creature
# (the hand brings a carrot to each in turn, says "eat food"), and a pat for
# each creature that eats.
cat >"$D/population.teach" <<'TEACH'
every 3000 from 600 bring carrot to every
every 3000 from 605 say eat food
when every eat pat
TEACH

set -- --world "$ROOT/worlds/garden.world" --events "${EVOLVE_EVENTS:-$D/population.teach}" \
	--founder "$NORN:m" --founder "$NORN:m" --founder "$NORN:f" --founder "$NORN:f" \
	--generations "$G" --max-hours "$MH" --replicates "$R" --seed 1 --quiet
for o in ${EVOLVE_OPT-goal_direction=1}; do set -- "$@" --opt "$o"; done
echo "c2rt evolve $*"
now() { date +%s.%N; }
cpu() { # CPU seconds of this script's finished children, into cpu_s
	times >"$D/times"
	cpu_s=$(awk 'NR == 2 { split($1, u, "m"); split($2, s, "m"); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$D/times")
}
status=0
for j in 2 1; do
	rm -rf "$D/jobs$j"
	echo "load before --jobs $j: $(cut -d' ' -f1-3 /proc/loadavg)"
	cpu; t0=$(now) c0=$cpu_s
	"$C2RT" evolve "$@" --jobs $j -o "$D/jobs$j" || { echo "bench evolve: c2rt evolve failed"; exit 1; }
	cpu; t1=$(now) c1=$cpu_s
	eval "wall$j=$(awk "BEGIN { printf \"%.2f\", $t1 - $t0 }")"
	echo "jobs $j: $(awk "BEGIN { printf \"%.1f s wall, %.1f s CPU: %.2f cores\", $t1 - $t0, $c1 - $c0, ($c1 - $c0) / ($t1 - $t0) }"); load after: $(cut -d' ' -f1-3 /proc/loadavg)"
done
echo "speed-up of --jobs 2 over --jobs 1: $(awk "BEGIN { printf \"%.2f\", $wall1 / $wall2 }")"
for f in generations.csv lineage.ndjson replicates.ndjson; do
	cmp -s "$D/jobs1/$f" "$D/jobs2/$f" || { echo "$f differs between --jobs 1 and 2"; status=1; }
done
[ $status = 0 ] && echo "--jobs 1 and --jobs 2 wrote the same bytes"
"$C2RT" lineage --format json --generations "$D/jobs2/lineage.ndjson" >"$D/gens.json" || status=1
python3 "$ROOT/tests/cli/evolvecheck.py" "$D/jobs2" "$D/gens.json" || status=1
python3 - "$D/jobs2" "$G" <<'PY' || status=1
import json, os, sys
d, g = sys.argv[1], int(sys.argv[2])
reps = [json.loads(l) for l in open(os.path.join(d, "replicates.ndjson"))]
ok = [r for r in reps if r["generation"] >= g and r["alive"] > 0]
for r in reps:
    print("replicate %d: %s after %.1f h, generation %d reached, %d alive, %d creatures" %
          (r["replicate"], r["stop"], r["ticks"] / 36000, r["generation"], r["alive"], r["creatures"]))
print("alive after %d generations in %d of %d replicates (target: at least half)" % (g, len(ok), len(reps)))
PY
[ -n "${EVOLVE_KEEP:-}" ] || rm -rf "$D"
exit $status
