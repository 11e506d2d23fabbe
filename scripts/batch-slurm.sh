#!/bin/sh
# batch-slurm.sh — a c2rt batch as a Slurm job array: N tasks each run one
# shard (`c2rt batch ... --shard $SLURM_ARRAY_TASK_ID/N`), and a job that
# depends on them all merges the shards' files in run order.
#
# Usage (on a login node, from the folder the paths are relative to):
#   scripts/batch-slurm.sh N RESULTS [c2rt batch arguments, without -o, --jobs, --quiet:
#   the script gives those, and an option given twice is refused]
#   e.g. scripts/batch-slurm.sh 16 all.csv --dir mutants --seeds 4 --until death \
#            --events feed.ev
#
# Shard I writes RESULTS' name with .shardIofN before its extension (all.csv:
# all.shard3of16.csv); the Slurm logs go beside it (all.slurm-JOB_TASK.log). A
# task runs with --resume, so a requeued or rerun task continues its shard.
# Each task runs --jobs $SLURM_CPUS_PER_TASK (1 unless given) runs at once.
#
# Environment:
#   C2RT         the c2rt binary (default: c2rt on PATH, else build/c2rt here)
#   SBATCH_OPTS  more sbatch options for every job (--partition, --time,
#                --cpus-per-task ...), split on spaces
#   SLURM_WAIT=1 wait until the merge job has finished (sbatch --wait) and
#                exit with its status
# The script is also the jobs' script: `--task N RESULTS ARGS...` runs one
# shard, `--merge N RESULTS` the merge; sbatch passes those arguments.
#
# `--command evolve` first (scripts/evolve-slurm.sh says it) runs `c2rt
# evolve` the same way: RESULTS is then the output folder, shard I writes
# the folder RESULTS.shardIofN, and the merge job `c2rt evolve --merge`.
set -eu

cmd=batch
if [ "${1:-}" = --command ]; then
	cmd=${2:-}
	shift 2 || true
fi
case $cmd in batch | evolve) ;; *) echo "$0: --command batch or evolve, not '$cmd'" >&2; exit 1 ;; esac

stem() { # RESULTS without its extension
	case ${1##*/} in ?*.*) echo "${1%.*}" ;; *) echo "$1" ;; esac
}
shard_file() { # shard_file RESULTS I N: all.csv 3 16 -> all.shard3of16.csv
	case ${1##*/} in ?*.*) echo "${1%.*}.shard$2of$3.${1##*.}" ;; *) echo "$1.shard$2of$3" ;; esac
}

mode=submit
case ${1:-} in
--task) mode=task; shift ;;
--merge) mode=merge; shift ;;
esac
[ $# -ge 2 ] || { echo "usage: $0 [--command batch|evolve] N RESULTS [c2rt $cmd arguments]" >&2; exit 1; }
N=$1 OUT=$2
shift 2
case $N in '' | *[!0-9]* | 0) echo "$0: N must be a positive number, not '$N'" >&2; exit 1 ;; esac

if [ -z "${C2RT:-}" ]; then
	if command -v c2rt >/dev/null 2>&1; then C2RT=$(command -v c2rt)
	else C2RT=$(cd "$(dirname "$0")/.." && pwd)/build/c2rt; fi
fi

case $mode in
task)
	I=${SLURM_ARRAY_TASK_ID:?--task runs inside a Slurm array job}
	exec "$C2RT" "$cmd" --jobs "${SLURM_CPUS_PER_TASK:-1}" --quiet "$@" \
		--shard "$I/$N" --resume -o "$(shard_file "$OUT" "$I" "$N")"
	;;
merge)
	set --
	I=1
	while [ "$I" -le "$N" ]; do
		set -- "$@" "$(shard_file "$OUT" "$I" "$N")"
		I=$((I + 1))
	done
	exec "$C2RT" "$cmd" --merge "$@" -o "$OUT"
	;;
esac

# Submit: the array, then the merge once every task succeeded.
case $C2RT in /*) ;; *) C2RT=$(pwd)/$C2RT ;; esac
export C2RT
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
# shellcheck disable=SC2086  # SBATCH_OPTS is a list of options
array=$(sbatch --parsable ${SBATCH_OPTS:-} --job-name="c2rt-$cmd" --array="1-$N" \
	--output="$(stem "$OUT").slurm-%A_%a.log" "$self" --command "$cmd" --task "$N" "$OUT" "$@")
array=${array%%;*}
wait_opt=""
[ "${SLURM_WAIT:-0}" = 1 ] && wait_opt=--wait
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTS:-} --job-name=c2rt-merge --dependency="afterok:$array" \
	--kill-on-invalid-dep=yes --output="$(stem "$OUT").slurm-%j-merge.log" $wait_opt \
	"$self" --command "$cmd" --merge "$N" "$OUT")
echo "c2rt $cmd on Slurm: array job $array ($N tasks), merge job ${merge%%;*} -> $OUT"
