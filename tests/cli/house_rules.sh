# house_rules.sh — the architecture's rules, checked on the tree and the
# build (docs/ARCHITECTURE.md): who may include whom, no SDL below the front
# ends, no printing and no writable globals in the core, one step function,
# and a core whose tests link without SDL.
. "$(dirname "$0")/lib.sh"
cd "$ROOT" || die "no checkout"

# includes_of DIR: the project headers DIR's files include, as folder names.
includes_of() {
	grep -ho '^#include "[a-z]*/' "$1"/*.[ch] 2>/dev/null | sed 's/#include "//; s/\///' | sort -u
}
# allowed DIR LIST: DIR may include only its own folder and those of LIST.
allowed() {
	dir=$1; shift
	for inc in $(includes_of "$dir"); do
		case " $dir $* " in *" $inc "*) ;; *)
			grep -ln "^#include \"$inc/" "$dir"/*.[ch] >&2
			die "$dir/ includes $inc/ (it may use: $*)" ;;
		esac
	done
}
allowed base
allowed genome base
allowed brain base genome
allowed biochem base genome
allowed body base
allowed engine base genome brain biochem body
# The world is above the creature: it may use the core below it, and the
# engine (above) never includes it.
allowed world base genome brain biochem body engine

# SDL only in the viewer and the tool.
sdl=$(grep -l '^#include <SDL' base/* genome/* brain/* biochem/* engine/* body/* world/* 2>/dev/null)
[ -z "$sdl" ] || die "SDL in the core: $sdl"

# The core never prints (snprintf into buffers is fine).
out=$(grep -n '[^sn]printf(\|[^a-z_]puts(\|putchar(\|stdout\|stderr' \
	base/*.c genome/*.c brain/*.c biochem/*.c engine/*.c body/*.c world/*.c 2>/dev/null |
	grep -v 'snprintf\|c2_w_printf')
[ -z "$out" ] || die "the core prints: $out"

# One step function: no front end ticks a creature or applies events itself,
# and none reaches into the engine's internals.
fe=$(grep -nw 'creature_tick\|events_apply\|eng_[a-z_]*\|engine/internal.h\|world/internal.h' cli/*.c viewer/*.c)
[ -z "$fe" ] || die "a front end steps the creature itself: $fe"

# Writable globals in the core: every file-scope variable is const.
globals=$(for f in base/*.c genome/*.c brain/*.c biochem/*.c engine/*.c body/*.c world/*.c; do
	[ -f "$f" ] || continue
	# file-scope definitions: no indentation, not a function, not const
	grep -n '^\(static \)\?[a-z_][a-z_0-9 ]*[ *][a-z_][a-z_0-9]*\(\[[^]]*\]\)* *\(=.*\)\?;$' "$f" |
		grep -v 'const\|^[0-9]*:typedef\|^[0-9]*:extern\|(' | sed "s|^|$f:|"
done)
[ -z "$globals" ] || die "writable globals in the core: $globals"

# The core's unit tests and the fuzz replays link without SDL; the viewer's
# own tests do link it (the check can fail).
command -v ldd >/dev/null 2>&1 || { echo "no ldd"; exit 77; }
for b in "$BUILD"/tests/test_* "$BUILD"/tests/fuzz_*_replay; do
	case $(basename "$b") in
	test_view*) ldd "$b" | grep -q libSDL2 || die "$b should link SDL" ;;
	*) ! ldd "$b" | grep -q libSDL || die "$b links SDL" ;;
	esac
done
exit 0
