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
# The body formats fill the body model (body/body.h) and nothing else of
# body/; body/ (the format table, the simulation) reads them.
allowed framsticks base body
allowed xode base body
for d in framsticks xode; do
	other=$(grep -ho '^#include "body/[a-z_0-9]*\.h' $d/*.[ch] | grep -v '"body/body\.h' | sort -u)
	[ -z "$other" ] || die "$d/ includes more of body/ than the model: $other"
done
allowed body base framsticks xode
allowed engine base genome brain biochem body
# Exports are read, imported and compared above the creature (nothing
# below includes exchange/).
allowed exchange base genome brain biochem body engine
# The world is above the creature: it may use the core below it, and the
# engine (above) never includes it.
allowed world base genome brain biochem body engine
# Traces are written and read above the creature and its world; batches
# name their chemical columns as traces do.
allowed trace base genome brain biochem body engine world
allowed batch base genome brain biochem body engine world trace
# The rooms above the creature use the engine's public headers only (an
# import assembles its creature through engine/assemble.h), never its
# internals.
for d in exchange world trace batch; do
	in=$(grep -ln '^#include "engine/internal\.h"' $d/*.[ch] 2>/dev/null)
	[ -z "$in" ] || die "$d/ reaches into the engine's internals: $in"
done
# The front ends: c2rt (cli/) over the whole core and nothing of the
# viewer; the viewer's program (viewer/) over the core and the cli's option
# tables.
allowed cli base genome brain biochem framsticks xode body engine exchange world trace batch
allowed viewer base genome brain biochem framsticks xode body engine exchange world trace batch cli

# A name tells its room: every symbol a room's objects define starts with
# the room's prefix (or the short prefix of its internals, declared in its
# internal.h / *_impl.h), and no prefix belongs to two rooms. (AddressSanitizer
# adds an __odr_asan.NAME beside each global: not ours.)
ROOM_PREFIXES="base:c2_ genome:genome_ brain:brain_ biochem:bc_ framsticks:frams_
xode:xode_,xt_ body:body_ engine:creature_,eng_ exchange:exchange_ world:world_,w_ trace:trace_ batch:batch_
cli:cli_,main$ viewer:view_,main$"
if command -v nm >/dev/null 2>&1 && [ -f "$BUILD/libc2rt.a" ]; then
	for rp in $ROOM_PREFIXES; do
		room=${rp%%:*}
		pat="^($(echo "${rp#*:}" | sed 's/,/|/g'))"
		# the objects of the room's sources only: a build folder may still
		# hold the objects of files that have moved to another room; ASan's
		# own markers of the globals (__odr_asan.NAME) are the compiler's
		objs=$(for f in "$room"/*.c; do echo "$BUILD/obj/${f%.c}.o"; done)
		bad=$(nm -g --defined-only $objs 2>/dev/null |
			awk '$2 ~ /^[TDBRCV]$/ && $3 !~ /^__odr_asan[.]/ {print $3}' | grep -Ev "$pat" |
			tr '\n' ' ')
		[ -z "$bad" ] || die "$room/ defines names without its prefix (${rp#*:}): $bad"
	done
	# (main: the one entry point of each of the two programs)
	dup=$(echo "$ROOM_PREFIXES" | tr ' ' '\n' | sed 's/^[a-z]*://' | tr ',' '\n' | grep -v '^main[$]$' | sort | uniq -d)
	[ -z "$dup" ] || die "a prefix belongs to two rooms: $dup"
fi

# SDL only in the viewer: not in the core, not in c2rt (cli/), whose
# program links none of the drawing stack (tests/cli/no_sdl.sh runs it
# without).
CORE="base genome brain biochem framsticks xode body engine exchange world trace batch"
sdl=$(for d in $CORE cli; do grep -l -e '^#include <SDL' -e '^#include <fontconfig' $d/*; done 2>/dev/null)
[ -z "$sdl" ] || die "SDL below the viewer: $sdl"

# The installed headers are the public ones: every header another room or a
# front end includes, and what those include; no other (a room's own
# headers are internal.h, *_impl.h, or named in the Makefile's INTERNAL_HDR).
public=$(
	for d in $CORE; do
		for h in $d/*.h $d/*.def; do
			[ -f "$h" ] || continue
			grep -l "^#include \"$h\"" */*.[ch] 2>/dev/null | grep -v -e "^$d/" -e '^tests/' -e '^bench/' |
				grep -q . && echo "$h"
		done
	done | sort -u)
while :; do # and the headers they include, until nothing is added
	more=$( (echo "$public"; for h in $public; do sed -n 's/^#include "\([a-z]*\/[a-z_0-9]*\.[a-z]*\)".*/\1/p' "$h"; done) |
		sort -u)
	[ "$more" = "$public" ] && break
	public=$more
done
echo "$public" >"$T/public"
make -s --no-print-directory -C "$ROOT" public-headers | sort -u >"$T/installed"
diff "$T/public" "$T/installed" >"$T/hdiff" ||
	die "make install's headers (>) are not the public ones (<): $(cat "$T/hdiff")"

# The core never prints (snprintf into buffers is fine).
out=$(grep -n '[^sn]printf(\|[^a-z_]puts(\|putchar(\|stdout\|stderr' \
	$(for d in $CORE; do echo $d/*.c; done) 2>/dev/null |
	grep -v 'snprintf\|c2_w_printf')
[ -z "$out" ] || die "the core prints: $out"

# One step function: no front end ticks a creature or applies events itself,
# and none reaches into the engine's internals.
fe=$(grep -nw 'creature_tick\|events_apply\|eng_[a-z_]*\|engine/internal.h\|world/internal.h' cli/*.c viewer/*.c)
[ -z "$fe" ] || die "a front end steps the creature itself: $fe"

# Writable globals in the core: every file-scope variable is const.
globals=$(for f in $(for d in $CORE; do echo $d/*.c; done); do
	[ -f "$f" ] || continue
	# file-scope definitions: no indentation, not a function, not const
	grep -n '^\(static \)\?[a-z_][a-z_0-9 ]*[ *][a-z_][a-z_0-9]*\(\[[^]]*\]\)* *\(=.*\)\?;$' "$f" |
		grep -v 'const\|^[0-9]*:typedef\|^[0-9]*:extern\|(' | sed "s|^|$f:|"
done)
[ -z "$globals" ] || die "writable globals in the core: $globals"

# c2rt, the core's unit tests and the fuzz replays link without SDL; the
# viewer's program and its own tests do link it (the check can fail).
command -v ldd >/dev/null 2>&1 || { echo "no ldd"; exit 77; }
! ldd "$C2RT" | grep -q -e libSDL -e libfontconfig || die "$C2RT links the drawing stack"
ldd "$BUILD/c2rt-view" | grep -q libSDL2 || die "$BUILD/c2rt-view should link SDL"
for b in "$BUILD"/tests/test_* "$BUILD"/tests/fuzz_*_replay; do
	case $(basename "$b") in
	test_view*) ldd "$b" | grep -q libSDL2 || die "$b should link SDL" ;;
	*) ! ldd "$b" | grep -q libSDL || die "$b links SDL" ;;
	esac
done
exit 0
