# batch_disk.sh — a full disk (a small tmpfs this test mounts; it needs
# root, as CI has) never costs the old results: a batch whose journal runs
# out of space, and one whose final results file does not fit, both exit 2
# with the old file byte for byte where it was; so do a sweep, and `mutate
# --log` whose log does not fit. With the space back, --resume finishes
# the batch from its journal.
. "$(dirname "$0")/lib.sh"
S="$BUILD/genomes/starter.gen" EV="$ROOT/genomes/starter.events"
CMP="python3 $ROOT/tests/cli/batchcmp.py"
D="$T/disk"
mkdir -p "$D"
if ! mount -t tmpfs -o size=256k tmpfs "$D" 2>"$T/mount.err"; then
	[ -n "${CI:-}" ] && die "CI: cannot mount a tmpfs: $(cat "$T/mount.err")"
	echo "cannot mount a tmpfs here (root needed): skipped"
	exit 77
fi
trap 'umount "$D" 2>/dev/null' EXIT

# fill KEEP: fill the disk but KEEP bytes (rounded to pages).
fill() {
	rm -f "$D/fill"
	avail=$(df -B1 --output=avail "$D" | tail -n 1)
	dd if=/dev/zero of="$D/fill" bs=4096 count=$(((avail - $1) / 4096)) 2>/dev/null
}

set -- "$S" --seeds 80 --ticks 2000 --events "$EV" --jobs 2
expect_exit 0 "$C2RT" batch "$@" -o "$T/ref.csv"
size=$(wc -c <"$T/ref.csv")
[ "$size" -gt 16384 ] || die "the results ($size bytes) must not fit in the space left below"
expect_exit 0 "$C2RT" batch "$S" --ticks 5 -o "$D/r.csv" --quiet
cp "$D/r.csv" "$T/old.csv"

# The journal runs out of space.
fill 8192
expect_exit 2 "$C2RT" batch "$@" -o "$D/r.csv"
contains "$T/err" "r.csv.journal: No space left on device (the results file is unchanged)"
cmp -s "$D/r.csv" "$T/old.csv" || die "a full disk changed the old results"
[ ! -e "$D/r.csv.lock" ] || die "the lock stayed"
# With room again, --resume continues from what the journal holds.
rm -f "$D/fill"
expect_exit 0 "$C2RT" batch "$@" -o "$D/r.csv" --resume
$CMP "$T/ref.csv" "$D/r.csv" || die "resumed after a full disk: not the uninterrupted batch's rows"

# The journal fits, the final file does not: the old file stays.
cp "$T/old.csv" "$D/r.csv"
fill $((size + 12288))
expect_exit 2 "$C2RT" batch "$@" -o "$D/r.csv"
contains "$T/err" "No space left on device"
cmp -s "$D/r.csv" "$T/old.csv" || die "a full disk at the end changed the old results"
ls "$D" | grep -q 'tmp' && die "a temporary file stayed: $(ls "$D")"
rm -f "$D/fill"
expect_exit 0 "$C2RT" batch "$@" -o "$D/r.csv" --resume
contains "$T/err" "80 runs (0 this time" # every row was in the journal
$CMP "$T/ref.csv" "$D/r.csv" || die "resumed after a full disk at the end"

# A sweep's results on a full disk.
cp "$T/old.csv" "$D/s.csv"
fill 8192
expect_exit 2 "$C2RT" sweep "$S" --gene half-lives:1 --field halflife:Ageing --values 100..140/4 \
	--seeds 4 --ticks 2000 --variants "$T/v" --plot "$T/s.png" -o "$D/s.csv" --quiet
contains "$T/err" "No space left on device"
cmp -s "$D/s.csv" "$T/old.csv" || die "a sweep on a full disk changed the old results"

# mutate --log: the log does not fit; the old log stays.
printf 'the old log\n' >"$D/m.log"
fill 4096
expect_exit 2 "$C2RT" mutate "$S" --n 60 -o "$T/kids/" --seed 3 --rate 4 --log "$D/m.log"
contains "$T/err" "No space left on device"
[ "$(cat "$D/m.log")" = "the old log" ] || die "a full disk changed the old log"
exit 0
