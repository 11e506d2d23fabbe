#!/bin/sh
# batch-parallel.sh — a c2rt batch in N shards under GNU parallel (on this
# machine, or on others with parallel's -S), then the shards merged in run
# order: the same file one `c2rt batch` would write (wall times aside).
#
# Usage:
#   scripts/batch-parallel.sh N RESULTS [c2rt batch arguments, without -o, --jobs, --quiet:
#   the script gives those, and an option given twice is refused]
#   e.g. scripts/batch-parallel.sh 8 all.csv --dir mutants --until death --events feed.ev
#
# It runs, for I = 1..N,
#   c2rt batch --jobs 1 --quiet ARGS --shard I/N --resume -o all.shardIofN.csv
# as `parallel` jobs (one per core unless PARALLEL_OPTS says otherwise), then
#   c2rt batch --merge all.shard*ofN.csv -o all.csv
# Rerun the same command after an interruption: finished shards and finished
# rows are kept (--resume), the rest runs.
#
# Environment:
#   C2RT           the c2rt binary (default: c2rt on PATH, else build/c2rt here)
#   PARALLEL_OPTS  more options for parallel, split on spaces: -j 4, or
#                  -S host1,host2 --workdir . (other machines: the same paths
#                  and a c2rt at $C2RT there, e.g. a shared file system)
#
# `--command evolve` first (scripts/evolve-parallel.sh says it) runs `c2rt
# evolve` the same way: RESULTS is the output folder, shard I writes the
# folder RESULTS.shardIofN, and `c2rt evolve --merge` joins them.
set -eu
cmd=batch
if [ "${1:-}" = --command ]; then
	cmd=${2:-}
	shift 2 || true
fi
case $cmd in batch | evolve) ;; *) echo "$0: --command batch or evolve, not '$cmd'" >&2; exit 1 ;; esac
[ $# -ge 2 ] || { echo "usage: $0 [--command batch|evolve] N RESULTS [c2rt $cmd arguments]" >&2; exit 1; }
N=$1 OUT=$2
shift 2
case $N in '' | *[!0-9]* | 0) echo "$0: N must be a positive number, not '$N'" >&2; exit 1 ;; esac
if [ -z "${C2RT:-}" ]; then
	if command -v c2rt >/dev/null 2>&1; then C2RT=$(command -v c2rt)
	else C2RT=$(cd "$(dirname "$0")/.." && pwd)/build/c2rt; fi
fi
command -v parallel >/dev/null 2>&1 || { echo "$0: GNU parallel is not installed (Debian: apt-get install parallel)" >&2; exit 1; }

case ${OUT##*/} in
?*.*) pattern="${OUT%.*}.shard{}of$N.${OUT##*.}" ;;
*) pattern="$OUT.shard{}of$N" ;;
esac
# -q: quote the command's words, so arguments with spaces survive the shell.
# shellcheck disable=SC2086  # PARALLEL_OPTS is a list of options
seq 1 "$N" | parallel -q --will-cite --halt now,fail=1 ${PARALLEL_OPTS:-} \
	"$C2RT" "$cmd" --jobs 1 --quiet "$@" --shard "{}/$N" --resume -o "$pattern"

set --
I=1
while [ "$I" -le "$N" ]; do
	set -- "$@" "$(echo "$pattern" | sed "s/{}/$I/")"
	I=$((I + 1))
done
exec "$C2RT" "$cmd" --merge "$@" -o "$OUT"
