# ethogram.sh — `c2rt ethogram`: shares of actions and objects per
# creature-hour from a trace and from a world log, checked by hand (the
# golden tables), in text, CSV and JSON, with a plot; and its refusals.
. "$(dirname "$0")/lib.sh"
FIX="$ROOT/tests/fixtures"

# A trace with the fixture's columns, five rows across two creature hours:
#   0 s quiescent/food, 900 eat/food, 1800 rest/none, 4500 eat/food, 7200 end.
# Hour 0: quiescent 900 s, eat 900, rest 1800 (25, 25, 50 %); hour 1: rest
# 900, eat 2700 (25, 75 %); all: 12.5, 50, 37.5. Objects: hour 0 food 1800,
# none 1800; hour 1 none 900, food 2700.
head -n 1 "$FIX/plot_trace.csv" >"$T/t.csv"
awk -F, 'NR == 1 { n = NF }
END {
	split("0 900 1800 4500 7200", t, " ")
	split("quiescent eat rest eat quiescent", a, " ")
	split("food food none food food", o, " ")
	for (i = 1; i <= 5; i++) {
		printf "%d,%.1f,adult,1,%s,%s", t[i] * 10, t[i], a[i], o[i]
		for (j = 7; j <= n; j++) printf ",1"
		printf "\n"
	}
}' "$FIX/plot_trace.csv" >>"$T/t.csv"
cd "$T" || die "no $T"
expect_exit 0 "$C2RT" ethogram t.csv
golden ethogram_trace.txt "$T/out"
expect_exit 0 "$C2RT" ethogram t.csv --of object --format csv
golden ethogram_trace_objects.csv "$T/out"

# The world log: creature 0 quiescent 0..1800 s, eating from 1800 to the
# log's end (5400 s); creature 1 resting from 3000 s. Acts: creature 0 on a
# carrot at 2000 s and 4500 s, creature 1 on a toy at 4000 s.
cp "$FIX/ethogram_log.ndjson" log.ndjson
expect_exit 0 "$C2RT" ethogram log.ndjson
golden ethogram_log.txt "$T/out"
expect_exit 0 "$C2RT" ethogram log.ndjson --of object --format json
golden ethogram_log_objects.json "$T/out"
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$T/out" || die "not JSON"

# The plot: bars per hour, one colour per action (the palette's first three).
expect_exit 0 "$C2RT" ethogram t.csv --plot etho.png
s=$(python3 "$ROOT/tests/cli/pngcolours.py" etho.png 1f77b4 d62728 2ca02c | tr '\n' ' ')
for c in 1f77b4 d62728 2ca02c; do
	n=$(echo "$s" | tr ' ' '\n' | grep -A1 -x "$c" | tail -n 1)
	[ "$n" -ge 2000 ] || die "ethogram plot: colour $c has $n pixels ($s)"
done

# A real run's trace and log give a table too.
expect_exit 0 "$C2RT" run "$BUILD/genomes/starter.gen" --world "$ROOT/worlds/garden.world" \
	--ticks 3000 --trace w.csv --log w.ndjson --quiet
expect_exit 0 "$C2RT" ethogram w.csv --format json
expect_exit 0 "$C2RT" ethogram w.ndjson --format csv
contains "$T/out" "creature,hour,action,seconds,share"

# Refusals: options, standard input, a log or trace with a bad line, and
# nothing to share out.
expect_exit 1 "$C2RT" ethogram t.csv --of nothing
expect_exit 1 "$C2RT" ethogram t.csv --format xml
expect_exit 1 "$C2RT" ethogram - <t.csv
sed '2s/"creature":0/"creature":"x"/' log.ndjson >bad.ndjson
expect_exit 2 "$C2RT" ethogram bad.ndjson
contains "$T/err" "bad.ndjson:2: a record without a creature"
sed '2s/{"tick":/{"tock":/' log.ndjson >bad2.ndjson
expect_exit 2 "$C2RT" ethogram bad2.ndjson
contains "$T/err" "bad2.ndjson:2: not a world log record"
sed '3s/,adult,1,/,adult,x,/' t.csv >bad.csv
expect_exit 2 "$C2RT" ethogram bad.csv --plot nope.png
contains "$T/err" "bad.csv:3: alive 'x'"
[ ! -e nope.png ] || die "a plot written for a bad trace"
head -n 1 log.ndjson >one.ndjson
expect_exit 2 "$C2RT" ethogram one.ndjson --of object
contains "$T/err" "no objects"
expect_exit 2 "$C2RT" ethogram /dev/zero
echo ok
