# no_sdl.sh — c2rt needs no desktop stack: `ldd` of c2rt lists no SDL2,
# SDL2_ttf, SDL2_image, fontconfig or PNG library, and on a machine without
# them (a cluster node: here a mount namespace in which every library that
# only c2rt-view links is hidden under /dev/null, and c2rt copied alone, with
# no viewer beside it) run, batch, sweep and mutate give what they give
# here; what draws says it needs c2rt-view (exit 2), and c2rt-view itself
# cannot start there (so the libraries are hidden indeed).
. "$(dirname "$0")/lib.sh"
VIEW=$BUILD/c2rt-view
G=$BUILD/genomes/starter.gen
EV=$ROOT/genomes/starter.events
[ -x "$VIEW" ] || die "no $VIEW"

# The link lines.
ldd "$C2RT" >"$T/ldd.tool" || die "ldd $C2RT"
ldd "$VIEW" >"$T/ldd.view" || die "ldd $VIEW"
if grep -i -E 'libSDL|fontconfig|libpng|freetype' "$T/ldd.tool"; then
	die "c2rt links a drawing library"
fi
for lib in libSDL2-2 libSDL2_ttf libSDL2_image libfontconfig; do
	grep -q "$lib" "$T/ldd.view" || die "c2rt-view does not link $lib (the test hides nothing?)"
done

# The libraries only c2rt-view needs that make up a desktop (not the ones
# mount and sh share with it): what a node without one lacks.
awk '$2 == "=>" && $3 ~ /^\// {print $3}' "$T/ldd.tool" | sort -u >"$T/tool.libs"
awk '$2 == "=>" && $3 ~ /^\// {print $3}' "$T/ldd.view" | sort -u >"$T/view.libs"
comm -13 "$T/tool.libs" "$T/view.libs" |
	grep -E 'SDL|fontconfig|freetype|png|jpeg|tiff|webp|harfbuzz|X11|Xext|Xcursor|Xi|Xrandr|Xss|xcb|wayland|xkbcommon|decor|GL|drm|gbm|pulse|asound|sndio|jack' >"$T/hide"
for lib in SDL2-2 SDL2_ttf SDL2_image fontconfig png; do
	grep -q "$lib" "$T/hide" || die "$lib is not among the libraries to hide: $(cat "$T/hide")"
done

# A mount namespace (root, or an unprivileged user namespace) to hide them in.
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
	ns="unshare -m"
elif unshare -r -m true 2>/dev/null; then
	ns="unshare -r -m"
else
	[ -n "${CI:-}" ] && die "CI: no mount namespace (needs root or user namespaces)"
	echo "no mount namespace here (needs root or user namespaces)"
	exit 77
fi

# c2rt alone in a folder of its own: no c2rt-view beside it or in ../libexec.
mkdir -p "$T/node/bin"
cp "$C2RT" "$T/node/bin/c2rt"
NODE=$T/node/bin/c2rt
cp "$G" "$T/g.gen"

# The commands, run here with the full build and there in the namespace.
cat >"$T/cmds.sh" <<EOF
set -u
c=\$1 out=\$2
mkdir -p "\$out"
cd "\$out" || exit 9
"\$c" run "$T/g.gen" --events "$EV" --ticks 3000 --hash-every 1000 --trace run.csv --save run.snap \
	>run.hashes 2>run.err || echo "run \$?" >>fails
"\$c" mutate "$T/g.gen" -o mutants/ -n 4 --seed 3 --log mutate.log >mutate.out 2>mutate.err ||
	echo "mutate \$?" >>fails
"\$c" batch --dir mutants --seeds 2 --ticks 2000 --jobs 2 -o batch.csv --quiet >batch.out 2>batch.err ||
	echo "batch \$?" >>fails
"\$c" sweep "$T/g.gen" --gene half-lives:1 --field halflife:Ageing --values 100,120 --seeds 2 \
	--ticks 2000 -o sweep.csv --quiet >sweep.out 2>sweep.err || echo "sweep \$?" >>fails
exit 0
EOF

# Here: the reference (this c2rt finds c2rt-view beside it, so sweep draws).
sh "$T/cmds.sh" "$C2RT" "$T/here" || die "the commands failed to start here"
[ ! -e "$T/here/fails" ] || { cat "$T/here/fails" "$T/here"/*.err >&2; die "a command failed here"; }
[ -s "$T/here/sweep.png" ] || die "sweep drew no plot with c2rt-view beside c2rt"

# There: the libraries hidden, c2rt alone.
cat >"$T/there.sh" <<EOF
set -u
for f in \$(cat "$T/hide"); do mount --bind /dev/null "\$f" || exit 10; done
"$VIEW" draw </dev/null >"$T/view.out" 2>"$T/view.err"; echo \$? >"$T/view.rc"
sh "$T/cmds.sh" "$NODE" "$T/there"
"$NODE" run "$T/g.gen" --ticks 10 --plot "$T/there/p.png" 2>"$T/there/plot.err"; echo \$? >"$T/there/plot.rc"
"$NODE" view "$T/g.gen" 2>"$T/there/view.err"; echo \$? >"$T/there/view.rc"
EOF
$ns sh "$T/there.sh" || die "could not hide the libraries (exit $?)"
[ "$(cat "$T/view.rc")" != 0 ] || die "c2rt-view started with its libraries hidden"
grep -q -i -E 'error while loading shared libraries|cannot open shared object|too short' "$T/view.err" ||
	die "c2rt-view failed otherwise: $(cat "$T/view.err")"
[ ! -e "$T/there/fails" ] || { cat "$T/there/fails" "$T/there"/*.err >&2; die "a command failed without the libraries"; }

# The same results there as here.
for f in run.hashes run.csv run.snap mutate.log sweep.out; do
	cmp -s "$T/here/$f" "$T/there/$f" || die "$f differs without the drawing libraries"
done
for m in "$T"/here/mutants/*; do
	cmp -s "$m" "$T/there/mutants/$(basename "$m")" || die "mutant $(basename "$m") differs"
done
python3 "$ROOT/tests/cli/batchcmp.py" "$T/here/batch.csv" "$T/there/batch.csv" >/dev/null ||
	die "batch results differ without the drawing libraries"
python3 "$ROOT/tests/cli/batchcmp.py" "$T/here/sweep.csv" "$T/there/sweep.csv" >/dev/null ||
	die "sweep results differ without the drawing libraries"
# The sweep's default plot is left out there, and it says why.
[ ! -e "$T/there/sweep.png" ] || die "sweep drew a plot without c2rt-view"
contains "$T/there/sweep.err" "c2rt sweep: sweep.png not drawn: drawing needs c2rt-view, not found in $T/node/bin"
# What draws says it cannot, and where it looked.
[ "$(cat "$T/there/plot.rc")" = 2 ] || die "run --plot without c2rt-view: exit $(cat "$T/there/plot.rc")"
contains "$T/there/plot.err" "c2rt run: --plot $T/there/p.png: drawing needs c2rt-view, not found in $T/node/bin"
[ ! -e "$T/there/p.png" ] || die "run --plot wrote a picture without c2rt-view"
[ "$(cat "$T/there/view.rc")" = 2 ] || die "view without c2rt-view: exit $(cat "$T/there/view.rc")"
contains "$T/there/view.err" "c2rt view: the window needs c2rt-view"
exit 0
