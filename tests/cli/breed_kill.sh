# breed_kill.sh — `kill -9` at 20 moments spread over `c2rt mutate --n 60
# --log LOG`: LOG is always the old log or the complete new one, and
# LOG.journal holds the log of the children written so far (a prefix of the
# whole log, its last entry perhaps cut short); the same command again
# gives the log of an uninterrupted run, leaving no journal and no lock. A
# second mutate on the same log while one runs is refused. The moments are
# drawn from [0, 1.2 x the command's own duration], measured first.
. "$(dirname "$0")/lib.sh"
G="$BUILD/genomes/starter.gen"

set -- "$G" --n 60 -o "$T/kids/" --seed 11 --rate 4
t0=$(now)
expect_exit 0 "$C2RT" mutate "$@" --log "$T/ref.log"
dur=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')
printf 'an old log\n' >"$T/old.log"

old=0 new=0
for i in $(seq 1 20); do
	cp "$T/old.log" "$T/l.log"
	rm -rf "$T/kids" "$T/l.log.journal"
	at=$(kill_moment "$i" "$dur")
	"$C2RT" mutate "$@" --log "$T/l.log" 2>/dev/null &
	pid=$!
	sleep "$at"
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	if cmp -s "$T/l.log" "$T/old.log"; then
		old=$((old + 1))
		if [ -e "$T/l.log.journal" ]; then
			n=$(wc -c <"$T/l.log.journal")
			head -c "$n" "$T/ref.log" | cmp -s - "$T/l.log.journal" ||
				die "killed at $at s: the journal is not the start of the log"
		fi
	elif cmp -s "$T/l.log" "$T/ref.log"; then
		new=$((new + 1))
	else
		die "killed at $at s: the log is neither the old one nor the complete new one"
	fi
	expect_exit 0 "$C2RT" mutate "$@" --log "$T/l.log"
	cmp -s "$T/l.log" "$T/ref.log" || die "killed at $at s, then run again: another log"
	[ ! -e "$T/l.log.journal" ] && [ ! -e "$T/l.log.lock" ] || die "killed at $at s: a journal or lock stayed"
	rm -f "$T"/l.log.tmp.* "$T"/l.log.journal.tmp.*
done
echo "20 kills over ${dur}s: $old left the old log, $new the new one"
[ $old -ge 5 ] || die "only $old kills landed before the end"

# A failure below must not leave the stopped first writer behind.
pid=
trap '[ -n "$pid" ] && kill -CONT "$pid" 2>/dev/null && kill "$pid" 2>/dev/null' EXIT
# A second writer of the same log is refused while the first holds it
# (stopped, so that it surely does), and the first then ends whole.
rm -rf "$T/kids"
"$C2RT" mutate "$@" --log "$T/l.log" 2>"$T/first.err" &
pid=$!
n=0
while [ ! -e "$T/l.log.journal" ] && [ $n -lt 400 ]; do sleep 0.01; n=$((n + 1)); done
kill -STOP "$pid"
expect_exit 2 "$C2RT" mutate "$G" -o "$T/other.gen" --log "$T/l.log"
contains "$T/err" "$T/l.log is being written by another c2rt (pid $pid"
kill -CONT "$pid"
wait "$pid" || die "the first mutate failed: $(cat "$T/first.err")"
cmp -s "$T/l.log" "$T/ref.log" || die "the first mutate's log is not whole"
[ ! -e "$T/other.gen" ] || die "the refused mutate wrote its child"
exit 0
