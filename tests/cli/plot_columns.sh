# plot_columns.sh — `c2rt plot` draws any trace column (a body trace's, the
# drives), plain body traces and a batch's results; every chemical and drive
# has one colour in every plot; a line at 0 shows; stages, death and events
# are marked. The pictures are looked at through their pixels
# (tests/cli/pngcolours.py: how many pixels of each colour).
. "$(dirname "$0")/lib.sh"
GEN="$BUILD/genomes/starter.gen"
EV="$ROOT/genomes/starter.events"

# colours PNG [BOX] RRGGBB...: "W H" then each colour's pixel count, on one line.
colours() {
	python3 "$ROOT/tests/cli/pngcolours.py" "$@" | tr '\n' ' '
}

# at_least N RRGGBB STATS: the colour covers N pixels or more.
at_least() {
	n=$(echo "$3" | tr ' ' '\n' | grep -A1 -x "$2" | tail -n 1)
	[ "${n:-0}" -ge "$1" ] || die "colour $2: ${n:-0} pixels, expected $1 or more ($3)"
}

# A body trace (run --body): its body: columns with a drive and a life force.
expect_exit 0 "$C2RT" run "$GEN" --body "$ROOT/docs/arm.xode" --ticks 3000 --trace "$T/body.csv" --quiet
expect_exit 0 "$C2RT" plot "$T/body.csv" -o "$T/body.png" --columns body:speed,body:x --size 800x450
s=$(colours "$T/body.png" 1f77b4 d62728)
case "$s" in "800 450 "*) ;; *) die "body plot: size, expected 800x450 ($s)" ;; esac
at_least 50 1f77b4 "$s"
at_least 50 d62728 "$s"
expect_exit 0 "$C2RT" plot "$T/body.csv" -o "$T/body2.png" --columns 'body:speed, drive:Hunger' --column lf:body

# The drives of a life: Hunger orange, Pain red, Tiredness moss (their
# own colours, viewer/draw.c). Pain stays at 0 for these 3000 ticks: its
# line must show along the bottom, above the frame, not under it.
expect_exit 0 "$C2RT" run "$GEN" --ticks 3000 --trace "$T/life.csv" --quiet
expect_exit 0 "$C2RT" plot "$T/life.csv" -o "$T/drives.png" --columns drive:Hunger,drive:Pain,drive:Tiredness
s=$(colours "$T/drives.png" ff7f0e d62728 637939)
case "$s" in "1200 700 "*) ;; *) die "drives plot: size ($s)" ;; esac
at_least 200 ff7f0e "$s"
at_least 1100 d62728 "$s"  # flat at 0: a whole line along the plot (about 1470 px; 765 when the frame hides half of it)
at_least 50 637939 "$s"

# Neurons' outputs (run --neurons): their columns drawn; a neuron the
# brain lacks is refused before anything is written.
expect_exit 0 "$C2RT" run "$GEN" --ticks 3000 --trace "$T/n.csv" --neurons 6:0,6:12 --quiet
contains "$T/n.csv" "neuron:6:0,neuron:6:12"
expect_exit 0 "$C2RT" plot "$T/n.csv" -o "$T/n.png" --columns neuron:6:0,neuron:6:12 --size 640x400
s=$(colours "$T/n.png" 1f77b4 d62728)
at_least 100 1f77b4 "$s"
at_least 100 d62728 "$s"
expect_exit 1 "$C2RT" run "$GEN" --ticks 30 --trace "$T/n2.csv" --neurons 99:1 --quiet
contains "$T/err" "no neuron 99:1"
[ ! -e "$T/n2.csv" ] || die "a trace written for a missing neuron"
expect_exit 1 "$C2RT" run "$GEN" --ticks 30 --trace "$T/n2.csv" --neurons 6:1,6:1 --quiet
expect_exit 1 "$C2RT" run "$GEN" --ticks 30 --neurons 6:1 --quiet

# One colour per chemical, in any plot: ATP blue and Glucose red alone and
# among others, Adrenaline its olive.
expect_exit 0 "$C2RT" plot "$T/life.csv" -o "$T/c1.png" --chem atp,glucose
expect_exit 0 "$C2RT" plot "$T/life.csv" -o "$T/c2.png" --chem adrenaline,glucose,atp
for f in c1 c2; do
	s=$(colours "$T/$f.png" 1f77b4 d62728 bcbd22)
	at_least 200 1f77b4 "$s"
	at_least 200 d62728 "$s"
done
at_least 50 bcbd22 "$s"
# Two chemicals whose own colours clash (chemical N and N + 24 share one)
# still get two.
expect_exit 0 "$C2RT" plot "$T/life.csv" -o "$T/c3.png" --chem glucose,adp --columns drive:Pain
s=$(colours "$T/c3.png" d62728 ff7f0e)
at_least 200 d62728 "$s"

# A whole life with its events: the stages (dark grey, dashed), death
# (dark red) and the events (grey ticks) marked.
expect_exit 0 "$C2RT" run "$GEN" --events "$EV" --until death --every 50 --trace "$T/whole.csv" --quiet
expect_exit 0 "$C2RT" plot "$T/whole.csv" -o "$T/whole.png" --chem atp --events "$EV"
s=$(colours "$T/whole.png" 3c3c46 961414 78788c)
at_least 100 3c3c46 "$s"
at_least 100 961414 "$s"
at_least 100 78788c "$s"
# Without --events no event is marked.
expect_exit 0 "$C2RT" plot "$T/whole.csv" -o "$T/bare.png" --chem atp
s=$(colours "$T/bare.png" 78788c)
[ "$(echo "$s" | cut -d' ' -f4)" -lt 10 ] || die "events marked without --events ($s)"
# run --plot marks them too.
expect_exit 0 "$C2RT" run "$GEN" --events "$EV" --until death --every 50 --plot "$T/run.png" --quiet
s=$(colours "$T/run.png" 3c3c46 961414 78788c)
at_least 100 961414 "$s"
at_least 100 78788c "$s"
# In a world too (the engine's events among the world's).
expect_exit 0 "$C2RT" run "$GEN" --world "$ROOT/worlds/garden.world" --events "$EV" --ticks 20000 \
	--plot "$T/wrun.png" --quiet
s=$(colours "$T/wrun.png" 78788c)
at_least 100 78788c "$s"
expect_exit 2 "$C2RT" plot "$T/whole.csv" -o "$T/x.png" --events "$T/nosuch.ev"
[ ! -e "$T/x.png" ] || die "a picture written for a missing events file"

# A plain trace (body --simulate --trace: time,x,y,...): every column, or
# those named.
expect_exit 0 "$C2RT" body "$ROOT/docs/arm.xode" --simulate --seconds 5 --trace "$T/sim.csv"
expect_exit 0 "$C2RT" plot "$T/sim.csv" -o "$T/sim.png" --size 640x400
s=$(colours "$T/sim.png" 1f77b4)
case "$s" in "640 400 "*) ;; *) die "plain plot: size ($s)" ;; esac
expect_exit 0 "$C2RT" plot "$T/sim.csv" -o "$T/sim2.png" --columns height,speed
expect_exit 2 "$C2RT" plot "$T/sim.csv" -o "$T/sim3.png" --columns nosuch
contains "$T/err" "no column 'nosuch'"
expect_exit 1 "$C2RT" plot "$T/sim.csv" -o "$T/sim3.png" --chem atp
sed '3s/,[^,]*$/,lots/' "$T/sim.csv" >"$T/badsim.csv"
expect_exit 2 "$C2RT" plot "$T/badsim.csv" -o "$T/sim3.png"
contains "$T/err" "badsim.csv:3: column"
[ ! -e "$T/sim3.png" ] || die "a picture written for a bad trace"

# A batch's results: the lifespan histogram and the runs by cause, as bars.
expect_exit 0 "$C2RT" batch "$GEN" "$BUILD/genomes/mayfly.gen" --seeds 3 --until death \
	--events "$EV" -o "$T/few.csv" --quiet
expect_exit 0 "$C2RT" plot "$T/few.csv" --batch lifespan -o "$T/hist.png"
s=$(colours "$T/hist.png" 1f77b4)
at_least 5000 1f77b4 "$s"
expect_exit 0 "$C2RT" plot "$T/few.csv" --batch causes -o "$T/causes.png" --size 640x400
s=$(colours "$T/causes.png" 1f77b4)
at_least 5000 1f77b4 "$s"
expect_exit 1 "$C2RT" plot "$T/few.csv" --batch nosuch -o "$T/y.png"
expect_exit 1 "$C2RT" plot "$T/few.csv" --batch causes --chem atp -o "$T/y.png"
expect_exit 2 "$C2RT" plot "$T/life.csv" --batch causes -o "$T/y.png"
[ ! -e "$T/y.png" ] || die "a picture written for a refused --batch"
echo ok
