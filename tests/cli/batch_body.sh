# batch_body.sh — `c2rt batch` and `c2rt sweep` honour --body, --wiring and
# --body-genotype exactly as `c2rt run` does: each row's state hash is the
# hash `run --body ... --hash-every N` prints at the run's last tick (our
# walker and paddler, a genotype file of our own, a wiring file; with the
# shared data the norn with johnnie.xode), at --jobs 2 (worker processes:
# batch_body_jobs.sh) and three times over; the body is in the batch id (a
# bodyless file is not resumed or merged with bodied rows) and in the
# `body` column; its cost is in the wall times; a bad body, genotype or
# wiring is refused as `run` refuses it, before any run, writing nothing.
. "$(dirname "$0")/lib.sh"
S="$BUILD/genomes/starter.gen" W="$ROOT/genomes/walker.f0" P="$ROOT/tests/fixtures/paddler.xode"
N=120

# same_again RESULTS ARGS...: `c2rt batch ARGS` twice more gives the rows
# of RESULTS (wall times aside): workers at once never disturb each other.
same_again() {
	res=$1
	shift
	for i in 1 2; do
		rm -f "$T/again.csv"
		expect_exit 0 "$C2RT" batch "$@" -o "$T/again.csv" --quiet
		python3 "$ROOT/tests/cli/batchcmp.py" "$res" "$T/again.csv" || die "batch $*: other rows the ${i}th time"
	done
}

# Two worker processes, two runs each (a worker's second run too must be
# run's), three times.
for body in "$W" "$P"; do
	expect_exit 0 "$C2RT" batch "$S" --seeds 4 --ticks $N --body "$body" --jobs 2 -o "$T/b.csv"
	same_as_run "$T/b.csv" "$S" --body "$body"
	same_again "$T/b.csv" "$S" --seeds 4 --ticks $N --body "$body" --jobs 2
	cut -d, -f8 "$T/b.csv" | tail -n +2 | sort -u | grep -qx "$body" || die "the body column"
done
echo "walker and paddler: batch rows at --jobs 2 equal run --body, three times"

# A wiring file, and a genotype of a genotype file, as run has them.
printf 'all <- 0\n' >"$T/still.wiring"
expect_exit 0 "$C2RT" batch "$S" --seeds 2 --ticks $N --body "$W" --wiring "$T/still.wiring" -o "$T/w.csv"
same_as_run "$T/w.csv" "$S" --body "$W" --wiring "$T/still.wiring"
printf 'org:\nname:one\ngenotype:~\n//0\np:\np:1\nj:0,1~\n\norg:\nname:two\ngenotype:~\n//0\np:\np:2\np:3\nj:0,1\nj:1,2~\n' >"$T/own.gen"
for gt in one two; do
	expect_exit 0 "$C2RT" batch "$S" --seeds 2 --ticks $N --body "$T/own.gen" --body-genotype $gt -o "$T/$gt.csv"
	same_as_run "$T/$gt.csv" "$S" --body "$T/own.gen" --body-genotype $gt
done
cmp -s "$T/one.csv" "$T/two.csv" && die "--body-genotype changed nothing"

# The body is the batch's: not resumed or merged with bodyless rows.
expect_exit 0 "$C2RT" batch "$S" --seeds 2 --ticks $N -o "$T/n.csv" --quiet
python3 - "$T/b.csv" "$T/n.csv" <<'PY' || die "the batch id does not tell a body"
import csv, sys
b, n = (list(csv.DictReader(open(f))) for f in sys.argv[1:3])
assert b[0]["batch"] != n[0]["batch"]
assert b[0]["state_hash"] != n[0]["state_hash"]
assert all(r["body"] == "" for r in n)
# the body's cost is in the wall times (it costs far more than the creature)
wb, wn = (sum(float(r["wall_s"]) for r in rows) for rows in (b, n))
assert wb > 5 * wn, (wb, wn)
PY
expect_exit 2 "$C2RT" batch "$S" --seeds 2 --ticks $N --body "$P" -o "$T/n.csv" --resume
contains "$T/err" "holds rows of another batch"
expect_exit 0 "$C2RT" batch "$S" --seeds 2 --ticks $N --body "$P" --shard 1/2 -o "$T/s1.csv" --quiet
expect_exit 0 "$C2RT" batch "$S" --seeds 2 --ticks $N --shard 2/2 -o "$T/s2.csv" --quiet
expect_exit 2 "$C2RT" batch --merge "$T/s1.csv" "$T/s2.csv" -o "$T/m.csv"
contains "$T/err" "rows of another batch"

# A sweep's runs have the body too.
expect_exit 0 "$C2RT" sweep "$S" --gene half-lives:1 --field halflife:Ageing --values 100,128 \
	--ticks $N --body "$W" --jobs 2 -o "$T/sw.csv"
contains "$T/out" "field halflife:Ageing: 1 seed per value"
python3 -c 'import csv,sys; [print(r["genome"], r["seed"], r["state_hash"]) for r in csv.DictReader(open(sys.argv[1]))]' \
	"$T/sw.csv" >"$T/swrows"
while read -r g seed hash; do
	expect_exit 0 "$C2RT" run "$g" --seed "$seed" --ticks $N --hash-every $N --quiet --body "$W"
	[ "$(cat "$T/out")" = "$N $hash" ] || die "sweep row of $g: $hash, run says $(cat "$T/out")"
done <"$T/swrows"

# Refused before any run, as run refuses them; nothing written.
check_refused() { # check_refused CODE ARGS...: batch and run both exit CODE
	code=$1
	shift
	expect_exit "$code" "$C2RT" batch "$S" --seeds 2 --ticks $N "$@" -o "$T/r.csv"
	cp "$T/err" "$T/batch.err"
	[ ! -e "$T/r.csv" ] && [ ! -e "$T/r.csv.journal" ] && [ ! -e "$T/r.csv.lock" ] ||
		die "batch $*: refused, yet wrote $(ls "$T" | grep r.csv)"
	expect_exit "$code" "$C2RT" run "$S" --ticks $N "$@"
	[ "$(sed 's/c2rt run/c2rt batch/' "$T/err")" = "$(cat "$T/batch.err")" ] ||
		die "batch $*: '$(cat "$T/batch.err")', run: '$(cat "$T/err")'"
}
check_refused 2 --body /nonexistent.xode
check_refused 2 --body "$W" --wiring "$T/nonexistent.wiring"
printf 'nosuch <- 1\n' >"$T/bad.wiring"
check_refused 2 --body "$W" --wiring "$T/bad.wiring"
contains "$T/err" "bad.wiring:1: no effector 'nosuch'"
check_refused 1 --body "$T/own.gen" --body-genotype three
printf '<xode><world><space><body name="b"><mass>' >"$T/cut.xode"
check_refused 2 --body "$T/cut.xode"
check_refused 1 --wiring "$T/still.wiring"
contains "$T/err" "--body-genotype and --wiring go with --body"
expect_exit 2 "$C2RT" sweep "$S" --gene half-lives:1 --field halflife:Ageing --values 100 --ticks 5 \
	--body /nonexistent.xode -o "$T/sx.csv"
[ ! -e "$T/sx.csv" ] && [ ! -e "$T/sx-variants" ] || die "a sweep with a missing body wrote something"

# The norn with johnnie.xode (shared data).
if have_shared; then
	J="$C2RT_SHARED/bodies/xode/johnnie.xode"
	expect_exit 0 "$C2RT" batch "$NORN" --seeds 4 --ticks $N --body "$J" --jobs 2 -o "$T/j.csv"
	same_as_run "$T/j.csv" "$NORN" --body "$J"
	same_again "$T/j.csv" "$NORN" --seeds 4 --ticks $N --body "$J" --jobs 2
	echo "norn with johnnie.xode: batch rows at --jobs 2 equal run --body, three times"
fi
exit 0
