#!/bin/sh
# slurm.sh — scripts/batch-slurm.sh against a real Slurm cluster: this test
# starts one on this machine (munged, slurmctld and slurmd from Debian's
# munge and slurm-wlm, configured in a temporary folder, on free ports),
# submits a 4-task job array over 40 runs (10 mutants of our starter genome x
# 4 seeds) with the merge job depending on it, and checks the merged results
# equal a local `c2rt batch` of the same runs (wall times aside); then an
# evolve job array (scripts/evolve-slurm.sh: 4 replicates of a starter pair
# in the garden as 2 tasks and a merge) equal to a local `c2rt evolve`, byte
# for byte. Everything it started is stopped at the end.
#
# Usage: tests/cluster/slurm.sh [BUILD_DIR]     (make test-cluster)
# Needs root (the daemons); as another user it says so and skips (exit 77).
set -u
BUILD=${1:-build}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$(cd "$BUILD" && pwd)
C2RT=$BUILD/c2rt
die() { echo "FAIL: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || { echo "test-cluster: skipped: starting munged, slurmctld and slurmd needs root"; exit 77; }
for c in munged mungekey slurmctld slurmd sbatch sinfo python3; do
	command -v "$c" >/dev/null 2>&1 || die "$c is missing (scripts/deps.sh cluster installs it)"
done

D=$(mktemp -d "${TMPDIR:-/tmp}/c2rt-slurm.XXXXXX")
chmod 711 "$D" # munged wants its socket's folder searchable
cleanup() {
	for p in slurmd slurmctld munged; do
		[ -s "$D/$p.pid" ] && kill "$(cat "$D/$p.pid")" 2>/dev/null
	done
	sleep 1
	rm -rf "$D"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# Two free TCP ports for slurmctld and slurmd.
set -- $(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
CTLD_PORT=$1 SLURMD_PORT=$2
H=$(hostname -s)
mkdir -p "$D/state" "$D/spool" "$D/work"

mungekey -c -k "$D/munge.key" || die "mungekey"
munged --force --socket="$D/munge.sock" --key-file="$D/munge.key" --log-file="$D/munged.log" \
	--pid-file="$D/munged.pid" --seed-file="$D/munged.seed" || die "munged did not start: $(cat "$D/munged.log")"

cat >"$D/slurm.conf" <<CONF
ClusterName=c2rt-test
SlurmctldHost=$H(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$D/munge.sock
CredType=cred/munge
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/slurmctld.log
SlurmdLogFile=$D/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$H NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=c2rt Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$D/slurm.conf"
slurmctld -f "$SLURM_CONF" || die "slurmctld did not start: $(tail -n 20 "$D/slurmctld.log")"
slurmd -f "$SLURM_CONF" || die "slurmd did not start: $(tail -n 20 "$D/slurmd.log")"
n=0
until [ "$(sinfo -h -o %t 2>/dev/null)" = idle ]; do
	n=$((n + 1))
	[ $n -lt 60 ] || die "the node never became idle: $(sinfo 2>&1; tail -n 20 "$D/slurmd.log" "$D/slurmctld.log")"
	sleep 0.5
done
echo "slurm: one node ($H, $(nproc) CPUs) up, ports $CTLD_PORT/$SLURMD_PORT"

# The batch: 10 mutants x 4 seeds = 40 runs, as 4 array tasks and a merge.
cd "$D/work" || die "cd"
"$C2RT" mutate "$BUILD/genomes/starter.gen" --n 10 -o mut --seed 3 --rate 20 || die "mutate"
cp "$ROOT/genomes/starter.events" ev
set -- --dir mut --seeds 4 --ticks 20000 --events ev
"$C2RT" batch "$@" -o local.csv --quiet || die "local batch"
start=$(date +%s)
C2RT="$C2RT" SLURM_WAIT=1 timeout 600 sh "$ROOT/scripts/batch-slurm.sh" 4 all.csv "$@" >submit.out 2>&1
rc=$?
cat submit.out
[ $rc -eq 0 ] || {
	for f in all.slurm-*.log; do echo "--- $f"; cat "$f"; done
	tail -n 30 "$D/slurmctld.log"
	die "the Slurm batch failed (exit $rc)"
}
grep -q "array job [0-9]* (4 tasks), merge job [0-9]*" submit.out || die "submit output"
for i in 1 2 3 4; do
	[ "$(($(wc -l <"all.shard${i}of4.csv") - 1))" -eq 10 ] || die "shard $i does not hold 10 runs"
done
[ "$(ls all.slurm-*_*.log | wc -l)" -eq 4 ] || die "expected the logs of 4 array tasks"
grep -q "Launching batch job" "$D/slurmd.log" || die "slurmd ran nothing?"
python3 "$ROOT/tests/cli/batchcmp.py" local.csv all.csv || die "the Slurm results differ from a local batch"
echo "slurm: 40 runs in a 4-task array + merge: equal to the local batch ($(( $(date +%s) - start )) s)"

# An evolution run as a job array: 4 replicates in 2 shards, merged.
set -- --world "$ROOT/worlds/garden.world" --founder "$BUILD/genomes/starter.gen:m" \
	--founder "$BUILD/genomes/starter.gen:f" --hours 0.1 --replicates 4 --seed 2
"$C2RT" evolve "$@" --quiet -o evo-local || die "local evolve"
start=$(date +%s)
C2RT="$C2RT" SLURM_WAIT=1 timeout 600 sh "$ROOT/scripts/evolve-slurm.sh" 2 evo "$@" >submit.out 2>&1
rc=$?
cat submit.out
[ $rc -eq 0 ] || {
	for f in evo.slurm-*.log; do echo "--- $f"; cat "$f"; done
	tail -n 30 "$D/slurmctld.log"
	die "the Slurm evolve failed (exit $rc)"
}
grep -q "c2rt evolve on Slurm: array job [0-9]* (2 tasks), merge job [0-9]*" submit.out || die "evolve submit output"
for i in 1 2; do
	[ "$(wc -l <"evo.shard${i}of2/replicates.ndjson")" -eq 2 ] || die "evolve shard $i does not hold 2 replicates"
done
for f in generations.csv lineage.ndjson replicates.ndjson; do
	cmp evo-local/$f evo/$f || die "the Slurm evolve's $f differs from a local evolve's"
done
echo "slurm: 4 evolve replicates in a 2-task array + merge: equal to the local evolve ($(( $(date +%s) - start )) s)"
