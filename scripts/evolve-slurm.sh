#!/bin/sh
# evolve-slurm.sh — a c2rt evolve in N shards as a Slurm job array, then the
# shards' folders merged: scripts/batch-slurm.sh --command evolve, which says how.
#
# Usage:
#   scripts/evolve-slurm.sh N DIR [c2rt evolve arguments, without -o]
#   e.g. scripts/evolve-slurm.sh 5 run --world worlds/garden.world \
#            --founder norn.gen:m --founder norn.gen:f --generations 5 --replicates 10
exec "$(dirname "$0")/batch-slurm.sh" --command evolve "$@"
