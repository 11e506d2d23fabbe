# world_run.sh — `c2rt run --world`: the bundled worlds, the log, hashes
# of a whole world, save and resume bit-identical, errors that name the
# line, options that need a world, outputs that would overwrite an input.
. "$(dirname "$0")/lib.sh"
G="$BUILD/genomes/starter.gen"
GARDEN="$ROOT/worlds/garden.world"
[ -f "$G" ] || die "no $G (make all)"

# The starter in the garden, with the hand at work, 6000 ticks straight ...
cat >"$T/hand.ev" <<'EV'
every 30s pat                 # the world's: the hand at the creature
at 400 pickup carrot.1
at 450 drop
at 500 say eat food
every 100 inject Glucose 20   # the engine's, among them
EV
expect_exit 0 "$C2RT" run "$G" --world "$GARDEN" --events "$T/hand.ev" --seed 3 --ticks 6000 \
	--hash-every 1000 --log "$T/log.ndjson" --trace "$T/t.csv"
cp "$T/out" "$T/straight"
[ "$(wc -l <"$T/straight")" -eq 6 ] || die "hash lines: $(cat "$T/straight")"
# ... every log line is one JSON object with a tick and a type
python3 - "$T/log.ndjson" <<'PY' || die "log"
import json, sys
n = 0
types = set()
for line in open(sys.argv[1]):
    r = json.loads(line)
    assert "tick" in r and "type" in r, line
    types.add(r["type"]); n += 1
assert n > 10, n
for t in ("stimulus", "hand", "action"):
    assert t in types, (t, types)
PY
grep -q '"type":"hand","creature":0,"object":"hand","kind":"hand","command":"pickup"' "$T/log.ndjson" ||
	die "no pickup in the log"

# ... and 2500, saved, resumed (the events come from the snapshot) for 3500 more:
# the same hashes.
expect_exit 0 "$C2RT" run "$G" --world "$GARDEN" --events "$T/hand.ev" --seed 3 --ticks 2500 \
	--save "$T/w.snap"
expect_exit 0 "$C2RT" run --resume "$T/w.snap" --ticks 3500 --hash-every 1000
grep -v '^[0-9]*000 ' "$T/out" && die "unexpected lines"
tail -n 4 "$T/straight" | diff - "$T/out" || die "resumed world differs from the straight run"
expect_exit 0 "$C2RT" run "$G" --resume "$T/w.snap" --ticks 10 # the snapshot's genome: fine

# The world's options: listed, taken by run --world, refused elsewhere.
expect_exit 0 "$C2RT" options
contains "$T/out" "# world"
contains "$T/out" "sight_range = 500"
expect_exit 0 "$C2RT" run "$G" --world "$ROOT/worlds/empty.world" --ticks 100 --opt walk_speed=4 --hash-every 100
a=$(cat "$T/out")
expect_exit 0 "$C2RT" run "$G" --world "$ROOT/worlds/empty.world" --ticks 100 --hash-every 100
[ "$a" != "$(cat "$T/out")" ] || die "--opt walk_speed=4 changed nothing"
expect_exit 1 "$C2RT" run "$G" --ticks 10 --opt walk_speed=4
contains "$T/err" "goes with --world"
expect_exit 1 "$C2RT" batch "$G" --ticks 10 --opt walk_speed=4
contains "$T/err" "a world --opt goes with --world"
expect_exit 1 "$C2RT" run "$G" --ticks 10 --log "$T/x.ndjson"
contains "$T/err" "--log goes with --world"
expect_exit 1 "$C2RT" run --resume "$T/w.snap" --ticks 10 --opt walk_speed=4
contains "$T/err" "come from the snapshot"
expect_exit 1 "$C2RT" run --resume "$T/w.snap" --ticks 10 --world "$GARDEN"
expect_exit 0 "$C2RT" run "$G" --ticks 10 --save "$T/c.snap"
expect_exit 1 "$C2RT" run --resume "$T/c.snap" --ticks 10 --world "$GARDEN"
contains "$T/err" "creature snapshot"

# Errors name the line, in the world file and in the events.
printf 'room a 0 100\nkind k food\nobject k 500\n' >"$T/bad.world"
expect_exit 2 "$C2RT" run "$G" --world "$T/bad.world" --ticks 10
contains "$T/err" "$T/bad.world:3: object 'k.1' (30 px wide) does not fit between the walls"
printf 'at 1 pat\n\nat 5 remove nosuch\n' >"$T/bad.ev"
expect_exit 2 "$C2RT" run "$G" --world "$GARDEN" --events "$T/bad.ev" --ticks 10
contains "$T/err" "$T/bad.ev:3: no object is called 'nosuch'"
printf 'at 1 pat\nat 2 inject Nosuch 3\n' >"$T/bad.ev"
expect_exit 2 "$C2RT" run "$G" --world "$GARDEN" --events "$T/bad.ev" --ticks 10
contains "$T/err" "$T/bad.ev:2: unknown chemical 'Nosuch'"
# without a world, a world command is not an events command
printf 'at 1 pat\n' >"$T/pat.ev"
expect_exit 2 "$C2RT" run "$G" --events "$T/pat.ev" --ticks 10
contains "$T/err" "unknown command 'pat'"

# No output may overwrite an input: the log onto the world file.
cp "$GARDEN" "$T/g.world"
expect_exit 2 "$C2RT" run "$G" --world "$T/g.world" --ticks 10 --log "$T/g.world"
cmp -s "$GARDEN" "$T/g.world" || die "the world file was overwritten"
exit 0
