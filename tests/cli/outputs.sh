# outputs.sh — every output of every command appears whole or not at all:
# paths are checked before the work (names at the file system's limit
# included), a killed run (kill -9 included) leaves the old file or the
# complete new one, Ctrl-C/SIGTERM leave no temporary file, and new files
# get the umask's permissions. outputs_attack.sh aims every output at every
# input and fills the disk; options.sh proves every option does something.
. tests/cli/lib.sh
G="$BUILD/genomes/starter.gen"
EV="$ROOT/genomes/starter.events"

# ---- checked before the work: --ticks 100000000 would run for minutes, so
# an answer within the test's time shows the check came first.
long="--ticks 100000000"
expect_exit 2 "$C2RT" run "$G" $long --trace "$T/no/such/dir/t.csv"
contains "$T/err" "c2rt run: cannot write --trace $T/no/such/dir/t.csv: directory '$T/no/such/dir': does not exist"
mkdir "$T/adir"
expect_exit 2 "$C2RT" run "$G" $long --plot "$T/adir"
contains "$T/err" "cannot write --plot $T/adir: is a directory"
expect_exit 2 "$C2RT" run "$G" $long --save /dev/null
contains "$T/err" "cannot write --save /dev/null: is not a regular file"
expect_exit 2 "$C2RT" run "$G" $long --trace "$G"
contains "$T/err" "--trace $G is the GENOME input: refusing to overwrite it"
cp "$EV" "$T/my.events"
expect_exit 2 "$C2RT" run "$G" $long --events "$T/my.events" --save "$T/./my.events"
contains "$T/err" "is the --events input"
expect_exit 2 "$C2RT" run "$G" $long --trace "$T/same.csv" --plot "$T/./same.csv"
contains "$T/err" "--trace and --plot name the same file"
expect_exit 2 "$C2RT" run "$G" $long --trace - --hash-every 10
contains "$T/err" "--trace and --hash-every both write to standard output"
[ ! -e "$T/same.csv" ] || die "a refused run created its output"
# A name at the file system's limit is written (its temporary file's name is
# cut to fit); one past it is refused before the run, not after it.
nmax=$(getconf NAME_MAX "$T" 2>/dev/null || echo 255)
name=$(printf 'n%.0s' $(seq 1 $((nmax - 5))))
expect_exit 0 "$C2RT" run "$G" --ticks 20 --quiet --save "$T/$name.snap"
[ -s "$T/$name.snap" ] || die "a snapshot named at the limit was not written"
expect_exit 2 "$C2RT" run "$G" $long --save "$T/${name}xx.snap"
contains "$T/err" "c2rt run: cannot write --save $T/${name}xx.snap:"
rm -f "$T/$name.snap"
# The same for the other commands that write files.
"$C2RT" dump "$G" -o "$T/starter.txt" || die "dump"
expect_exit 2 "$C2RT" asm "$T/starter.txt" -o "$T/starter.txt"
contains "$T/err" "-o $T/starter.txt is the FILE.txt input"
expect_exit 2 "$C2RT" dump "$G" -o "$G"
expect_exit 2 "$C2RT" plot "$ROOT/tests/fixtures/plot_trace.csv" -o "$ROOT/tests/fixtures/plot_trace.csv"
contains "$T/err" "is the TRACE input"
expect_exit 2 "$C2RT" plot "$ROOT/tests/fixtures/plot_trace.csv" -o "$T/nodir/p.png"
expect_exit 2 "$C2RT" view "$G" --screenshot-after 10 "$T/adir"
contains "$T/err" "cannot write --screenshot-after $T/adir: is a directory"
cmp -s "$G" "$BUILD/genomes/starter.gen" || die "an input was touched"

# ---- permissions: new files get 0666 less the umask; a replaced file keeps its own.
(umask 027 && "$C2RT" run "$G" --ticks 20 --quiet --trace "$T/p.csv" --save "$T/p.snap") || die "run"
[ "$(stat -c %a "$T/p.csv")" = 640 ] || die "trace mode $(stat -c %a "$T/p.csv"), expected 640"
[ "$(stat -c %a "$T/p.snap")" = 640 ] || die "snapshot mode $(stat -c %a "$T/p.snap"), expected 640"
(umask 077 && "$C2RT" asm "$T/starter.txt" -o "$T/p.gen") || die "asm"
[ "$(stat -c %a "$T/p.gen")" = 600 ] || die "genome mode $(stat -c %a "$T/p.gen"), expected 600"
chmod 604 "$T/p.csv"
(umask 077 && "$C2RT" run "$G" --ticks 20 --quiet --trace "$T/p.csv") || die "run"
[ "$(stat -c %a "$T/p.csv")" = 604 ] || die "a replaced file lost its mode"

# ---- SIGKILL during a streamed trace. The reference: the complete new
# trace. The old file: something else. After every kill the target must
# be exactly one of the two; the stream only ever went to a temporary file
# beside it (left behind by SIGKILL, which cannot be caught).
args="run $G --events $EV --until death --every 1 --hash-every 1 --quiet"
"$C2RT" $args --trace "$T/ref.csv" >/dev/null || die "reference run"
ref_lines=$(wc -l <"$T/ref.csv")
mkdir "$T/kill"
printf 'the old trace\n' >"$T/old.csv"
killed=0
for delay in 0.05 0.15 0.3 0.5 0.8; do
	cp "$T/old.csv" "$T/kill/t.csv"
	"$C2RT" $args --trace "$T/kill/t.csv" >/dev/null &
	pid=$!
	sleep "$delay"
	kill -9 "$pid" 2>/dev/null
	wait "$pid"
	rc=$?
	[ $rc -eq 137 ] && killed=$((killed + 1))
	if cmp -s "$T/kill/t.csv" "$T/old.csv"; then
		:
	elif cmp -s "$T/kill/t.csv" "$T/ref.csv"; then
		[ $rc -eq 0 ] || die "a killed run (exit $rc) replaced the trace"
	else
		die "after kill -9 at ${delay}s (exit $rc) the trace is neither the old file nor the whole new one ($(wc -l <"$T/kill/t.csv") of $ref_lines lines)"
	fi
	for f in "$T"/kill/*; do
		case $f in "$T/kill/t.csv" | "$T"/kill/t.csv.tmp.*) ;; *) die "unexpected file $f" ;; esac
	done
	rm -f "$T"/kill/t.csv.tmp.*
done
[ $killed -ge 2 ] || die "only $killed runs were killed mid-way: the test proves nothing"
echo "kill -9: $killed runs killed mid-trace, every time the old file was left whole"

# ---- SIGTERM and SIGHUP (and Ctrl-C, which a background job here would
# ignore): the old file, and no temporary file either.
for sig in TERM HUP; do
	cp "$T/old.csv" "$T/kill/t.csv"
	"$C2RT" $args --trace "$T/kill/t.csv" >/dev/null &
	pid=$!
	sleep 0.2
	kill -$sig "$pid" 2>/dev/null
	wait "$pid"
	rc=$?
	[ $rc -ne 0 ] || { echo "run ended before SIG$sig: skipped"; continue; }
	cmp -s "$T/kill/t.csv" "$T/old.csv" || die "SIG$sig: the old trace was not left alone"
	[ "$(ls "$T/kill")" = t.csv ] || die "SIG$sig left $(ls "$T/kill")"
done
