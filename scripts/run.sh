#!/bin/sh
# `make run`: the main job on the bundled default genome.
#
# With a display (DISPLAY or WAYLAND_DISPLAY set) it opens the viewer on the
# default creature; without one it runs the creature headless for one
# creature-hour and writes out/trace.csv and out/chemistry.png.
#
# Usage: scripts/run.sh BUILD_DIR     (GENOME=... and EVENTS=... override the defaults)
set -eu
BUILD=${1:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
C2RT="$BUILD/c2rt"
GENOME=${GENOME:-$BUILD/genomes/starter.gen}
EVENTS=${EVENTS:-genomes/starter.events}
[ -f "$GENOME" ] || { echo "make run: no genome at $GENOME" >&2; exit 1; }
ev=""
[ -f "$EVENTS" ] && ev="--events $EVENTS"

if { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; } && "$C2RT" help | grep -q '^  view '; then
	echo "make run: opening the viewer on $GENOME (press ? for the keys)"
	# shellcheck disable=SC2086  # $ev is one option and its argument, or nothing
	exec "$C2RT" view "$GENOME" $ev
fi

mkdir -p out
echo "make run: no display; running $GENOME headless for one creature-hour"
# shellcheck disable=SC2086
"$C2RT" run "$GENOME" $ev --ticks 36000 --every 10 --trace out/trace.csv --plot out/chemistry.png
echo "make run: wrote $ROOT/out/trace.csv and $ROOT/out/chemistry.png"
