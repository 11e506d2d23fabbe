#!/bin/sh
# Print the viewer sources that never include SDL, directly or through the
# project headers they include (transitively): they may link into tests and
# fuzz replays that do not link SDL. Usage: scripts/sdl-free.sh FILE.c...
uses_sdl() { # uses_sdl FILE [SEEN...]: does FILE reach an SDL header?
	local f h
	f=$1; shift
	grep -q '^#include <SDL' "$f" && return 0
	for h in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
		case " $* " in *" $h "*) continue ;; esac
		[ -f "$h" ] && uses_sdl "$h" "$@" "$f" && return 0
	done
	return 1
}
for src in "$@"; do
	uses_sdl "$src" || echo "$src"
done
