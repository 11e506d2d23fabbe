#!/bin/sh
# evolve-parallel.sh — a c2rt evolve in N shards under GNU parallel, then the
# shards' folders merged: scripts/batch-parallel.sh --command evolve, which says how.
#
# Usage:
#   scripts/evolve-parallel.sh N DIR [c2rt evolve arguments, without -o]
#   e.g. scripts/evolve-parallel.sh 5 run --world worlds/garden.world \
#            --founder norn.gen:m --founder norn.gen:f --generations 5 --replicates 10
exec "$(dirname "$0")/batch-parallel.sh" --command evolve "$@"
