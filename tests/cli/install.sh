# install.sh — `make install DESTDIR=...` installs a working tool and the
# viewer's program it runs (libexec/c2rt/c2rt-view, found from where c2rt
# is), its man page and bash completion (generated from the command
# tables), libc2rt.a, the public headers (and none of the internal ones)
# and c2rt.pc; a program builds against the library with `pkg-config
# --cflags --libs c2rt`; `make uninstall` removes it all.
. tests/cli/lib.sh
command -v pkg-config >/dev/null || { echo "no pkg-config"; exit 77; }
D=$T/dest
mkdir -p "$D"
# The variant of the build under test, and no job server from the outer make.
case $BUILD in
*/build/san) variant="SAN=1" ;;
*/build/o0) variant="OPT=0" ;;
*) variant="" ;;
esac
unset MAKEFLAGS MFLAGS MAKELEVEL
make -s -C "$ROOT" $variant install DESTDIR="$D" PREFIX=/usr/local >"$T/install.log" 2>&1 ||
	{ cat "$T/install.log"; die "make install"; }
P=$D/usr/local
for f in bin/c2rt libexec/c2rt/c2rt-view lib/libc2rt.a lib/pkgconfig/c2rt.pc share/man/man1/c2rt.1 \
         share/bash-completion/completions/c2rt include/c2rt/engine/engine.h \
         include/c2rt/base/version.h include/c2rt/genome/chemicals.def; do
	[ -f "$P/$f" ] || die "not installed: $f"
done
for h in engine/internal.h brain/simd.h body/neuro.h; do
	[ ! -e "$P/include/c2rt/$h" ] || die "an internal header was installed: $h"
done
"$P/bin/c2rt" --version >"$T/v" || die "installed c2rt --version"
grep -q "^c2rt [0-9]" "$T/v" || die "version: $(cat "$T/v")"
# The installed c2rt draws with the installed c2rt-view (nothing else told
# where it is), and says where it looked once that is gone.
"$P/bin/c2rt" run "$BUILD/genomes/starter.gen" --ticks 300 --plot "$T/i.png" --quiet ||
	die "installed c2rt run --plot"
[ "$(head -c 4 "$T/i.png" | od -An -c | tr -d ' ')" = "211PNG" ] || die "installed --plot: not a PNG"
mv "$P/libexec/c2rt/c2rt-view" "$T/hidden-view"
expect_exit 2 "$P/bin/c2rt" run "$BUILD/genomes/starter.gen" --ticks 300 --plot "$T/j.png"
contains "$T/err" "not found in $P/bin, $P/bin/../libexec/c2rt"
expect_exit 2 env C2RT_EXEC_PATH="$T" "$P/bin/c2rt" plot "$ROOT/tests/fixtures/plot_trace.csv" -o "$T/j.png"
contains "$T/err" "not found in $T, $P/bin"
mv "$T/hidden-view" "$P/libexec/c2rt/c2rt-view"

# A program built against the installed library through pkg-config
# (PKG_CONFIG_SYSROOT_DIR maps c2rt.pc's /usr/local into DESTDIR).
export PKG_CONFIG_PATH="$P/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$D"
flags=$(pkg-config --cflags --libs c2rt) || die "pkg-config c2rt"
case $flags in *"-I$P/include/c2rt"*"-lc2rt"*) ;; *) die "pkg-config gave: $flags" ;; esac
[ "$(pkg-config --modversion c2rt)" = "$(sed -n 1p "$T/v" | cut -d' ' -f2)" ] || die "c2rt.pc version"
cat >"$T/hello.c" <<'C'
/* hatch the starter creature through the installed library */
#include <stdio.h>
#include "base/version.h"
#include "engine/engine.h"
int main(int argc, char **argv)
{
	genome g;
	c2_err err;
	if (argc < 2 || genome_read_file(&g, argv[1], &err) != 0)
		return 2;
	creature_config cfg;
	creature_config_default(&cfg);
	creature *c;
	if (creature_hatch(&c, &g, &cfg, &err) != 0)
		return 3;
	for (int t = 0; t < 1000; t++)
		creature_step(c, NULL);
	printf("libc2rt %s: %llu ticks, %s\n", C2RT_VERSION, (unsigned long long)creature_ticks(c),
	       creature_alive(c) ? "alive" : "dead");
	creature_free(c);
	genome_free(&g);
	return 0;
}
C
san=""
[ "$variant" = "SAN=1" ] && san="-fsanitize=address,undefined"
# shellcheck disable=SC2086
cc -std=c11 -Wall -Wextra -Werror $san -o "$T/hello" "$T/hello.c" $flags || die "build against the library"
"$T/hello" "$BUILD/genomes/starter.gen" >"$T/hello.out" || die "the program failed"
contains "$T/hello.out" "1000 ticks, alive"
# Every public header compiles on its own.
for h in $(cd "$P/include/c2rt" && find . -name '*.h' | sed 's|^\./||'); do
	printf '#include "%s"\n' "$h" | cc -std=c11 -Wall -Werror -fsyntax-only $(pkg-config --cflags c2rt) -x c - ||
		die "$h does not compile on its own"
done

# The man page: well-formed troff naming every command and option.
command -v groff >/dev/null && {
	groff -man -Tutf8 -ww -z "$P/share/man/man1/c2rt.1" 2>"$T/groff" || die "groff"
	[ ! -s "$T/groff" ] || { cat "$T/groff"; die "groff warnings"; }
}
for c in $("$C2RT" help | sed -n 's/^  \([a-z]*\)  .*/\1/p'); do
	grep -q "^\.SS \"c2rt $c\"" "$P/share/man/man1/c2rt.1" || die "the man page lacks c2rt $c"
	for o in $("$C2RT" help "$c" | sed -n '/^options:/,$s/^  --*\([a-z0-9-]*\).*/\1/p'); do
		[ "$o" = help ] && continue
		e=$(printf '%s' "$o" | sed 's/-/\\-/g') # troff escapes hyphens
		grep -q -F -e "\\fB\\-\\-$e\\fR" -e "\\fB\\-$e\\fR" "$P/share/man/man1/c2rt.1" ||
			die "the man page lacks $c --$o"
	done
done
for code in 0 1 2 3; do
	grep -q "^\.B $code$" "$P/share/man/man1/c2rt.1" || die "the man page lacks exit status $code"
done

# The bash completion: commands, subcommands, options and their values.
comp() { # comp WORD... : what completing the last word offers
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _c2rt; echo "${COMPREPLY[*]}"' \
		comp "$P/share/bash-completion/completions/c2rt" c2rt "$@"
}
[ "$(comp ru)" = run ] || die "completion of 'ru': $(comp ru)"
[ "$(comp run --trace-f)" = --trace-format ] || die "completion of 'run --trace-f'"
[ "$(comp run --sex '')" = "m f" ] || die "completion of --sex: $(comp run --sex '')"
[ "$(comp run --trace-format '')" = "csv ndjson" ] || die "completion of --trace-format"
[ "$(comp svrule ev)" = eval ] || die "completion of 'svrule ev'"
[ "$(comp svrule eval --ne)" = --neuron ] || die "completion of 'svrule eval --ne'"
[ "$(comp --vers)" = --version ] || die "completion of --vers"

make -s -C "$ROOT" $variant uninstall DESTDIR="$D" PREFIX=/usr/local >"$T/uninstall.log" 2>&1 ||
	{ cat "$T/uninstall.log"; die "make uninstall"; }
left=$(find "$D" -type f)
[ -z "$left" ] || die "left after uninstall: $left"
