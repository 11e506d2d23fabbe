#!/bin/sh
# Install the Debian packages c2rt needs, but only those that are missing.
#
# Usage: scripts/deps.sh [--check] [GROUP...]
#   groups: core (the library, c2rt and the tests of both), view (c2rt-view:
#   SDL, fonts), build (both, the default), test, fuzz, bench, cluster,
#   python (the Python package: python/python.mk)
# Each package is probed cheaply (pkg-config, a header or a command) so that
# a check on a machine that already has everything costs a few milliseconds.
# `make deps` runs this: as root (or with password-less sudo) missing
# packages are installed with apt-get; otherwise the exact apt-get line is
# printed and we fail. With --check (what every build runs) nothing is
# installed: the missing packages are named, with `make deps` to get them.
set -u
check=0
if [ "${1:-}" = --check ]; then
	check=1
	shift
fi

missing=""
need() { # need PACKAGE TEST...   (the TEST command succeeds when PACKAGE is present)
	pkg=$1; shift
	if ! "$@" >/dev/null 2>&1; then
		missing="$missing $pkg"
	fi
}
have_pc()  { pkg-config --exists "$1"; }
have_cmd() { command -v "$1"; }
have_file() { test -e "$1"; }

groups=${*:-build}
groups=$(echo " $groups " | sed 's/ build / core view /g')
for g in $groups; do
	case $g in
	core)
		need make have_cmd make
		need gcc have_cmd gcc
		need pkg-config have_cmd pkg-config
		need libcmocka-dev have_pc cmocka
		need libexpat1-dev have_pc expat
		need libode-dev have_pc ode # bodies in motion (body/sim.c)
		;;
	view)
		need libsdl2-dev have_pc sdl2
		need libsdl2-ttf-dev have_pc SDL2_ttf
		need libsdl2-image-dev have_pc SDL2_image
		need fonts-dejavu-core have_file /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
		need libfontconfig-dev have_pc fontconfig
		;;
	test)
		need python3 have_cmd python3
		need xvfb have_cmd Xvfb
		need xauth have_cmd xauth
		need cmp have_cmd cmp
		need groff-base have_cmd groff
		need parallel have_cmd parallel
		need clang have_cmd clang # the golden hashes again from a second compiler
		;;
	fuzz)
		need clang have_cmd clang
		need libclang-rt-14-dev have_file /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a
		;;
	bench)
		need valgrind have_cmd valgrind
		;;
	python) # make python: Debian's modules, probed by their folders (cheap)
		need python3 have_file /usr/bin/python3
		need python3-cffi have_file /usr/lib/python3/dist-packages/cffi
		need python3-numpy have_file /usr/lib/python3/dist-packages/numpy
		need python3-pytest have_file /usr/lib/python3/dist-packages/pytest
		need python3-pandas have_file /usr/lib/python3/dist-packages/pandas
		need python3-matplotlib have_file /usr/lib/python3/dist-packages/matplotlib
		;;
	cluster) # make test-cluster: a one-node Slurm cluster
		need munge have_cmd munged
		need slurm-wlm have_cmd slurmctld
		need slurm-client have_cmd sbatch
		need python3 have_cmd python3
		;;
	*) echo "deps.sh: unknown group '$g'" >&2; exit 1 ;;
	esac
done

[ -z "$missing" ] && exit 0

echo "c2rt: missing Debian packages:$missing" >&2
if [ $check = 1 ]; then
	echo "c2rt: 'make deps' installs them (as root), or: apt-get install$missing" >&2
	exit 1
fi
if [ "$(id -u)" = 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	SUDO="sudo -n"
else
	echo "c2rt: run this as root, then try again:" >&2
	echo "  apt-get update && apt-get install -y --no-install-recommends$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp "${TMPDIR:-/tmp}/c2rt-apt.XXXXXX")
# shellcheck disable=SC2086  # word splitting of the package list is intended
if $SUDO apt-get update -q >"$log" 2>&1 &&
   $SUDO apt-get install -y -q --no-install-recommends $missing >>"$log" 2>&1; then
	echo "c2rt: installed$missing" >&2
	rm -f "$log"
else
	tail -n 30 "$log" >&2
	echo "c2rt: apt-get failed (full log: $log)" >&2
	exit 1
fi
