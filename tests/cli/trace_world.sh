# trace_world.sh — the trace of `run --world`: the world: columns (where
# the creature is, its room, IT by name, the distance to IT, what it
# carries) agree row by row with the world's own log (every change of IT
# and of room), CSV and NDJSON alike; `c2rt plot --column` draws the numeric
# ones and refuses the words; a run without a world has none of them.
. "$(dirname "$0")/lib.sh"
G="$BUILD/genomes/starter.gen"
GARDEN="$ROOT/worlds/garden.world"
[ -f "$G" ] || die "no $G (make all)"

cat >"$T/hand.ev" <<'EV'
every 30s pat                 # the hand: IT now and then
at 400 pickup carrot.1
at 450 drop
at 500 say eat food
EV
args="$G --world $GARDEN --events $T/hand.ev --seed 3 --ticks 6000 --every 1 --quiet"
expect_exit 0 "$C2RT" run $args --trace "$T/t.csv" --log "$T/log.ndjson"
expect_exit 0 "$C2RT" run $args --trace "$T/t.ndjson" --trace-format ndjson
python3 - "$T/t.csv" "$T/t.ndjson" "$T/log.ndjson" <<'PY' || die "world columns"
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
nd = [json.loads(l) for l in open(sys.argv[2])]
world = ["world:x", "world:room", "world:it", "world:it_dist", "world:carry"]
head = open(sys.argv[1]).readline().rstrip("\n").split(",")
assert head[-5:] == world, head[-5:]
assert list(nd[0].keys())[-5:] == world
assert len(rows) == len(nd) == 6001, (len(rows), len(nd))
# the log: IT and room changes of creature 0, at the tick before the row
its, rooms = {}, {}
for line in open(sys.argv[3]):
    r = json.loads(line)
    if r.get("creature") != 0:
        continue
    if r["type"] == "it":
        its[r["tick"] + 1] = r.get("object", "none")
    elif r["type"] == "room":
        rooms[r["tick"] + 1] = r["room"]
it, room = "none", rows[0]["world:room"]
seen_it = changes = 0
for r, n in zip(rows, nd):
    t = int(r["tick"])
    it = its.get(t, it)
    room = rooms.get(t, room)
    assert r["world:it"] == it, (t, r["world:it"], it)
    assert r["world:room"] == room, (t, r["world:room"], room)
    # no IT, no distance (empty; null in NDJSON); IT, a distance >= 0
    assert (r["world:it_dist"] == "") == (it == "none"), (t, r["world:it_dist"], it)
    assert (n["world:it_dist"] is None) == (it == "none")
    if it != "none":
        assert float(r["world:it_dist"]) >= 0
        seen_it += 1
    # the same values in both formats
    for k in world:
        v = n[k]
        want = "" if v is None else v if isinstance(v, str) else "%.3f" % v
        assert r[k] == want, (t, k, r[k], v)
    assert r["world:carry"] == "none" # the starter never takes anything
    changes += r["world:room"] != rows[0]["world:room"]
assert seen_it > 1000 and len(set(its.values())) >= 3, (seen_it, set(its.values()))
assert changes > 0 and len(rooms) >= 1, "never changed rooms"
PY

# The same creature without a world: no world: column.
printf 'every 100 inject Glucose 20\n' >"$T/feed.ev"
expect_exit 0 "$C2RT" run "$G" --events "$T/feed.ev" --ticks 10 --trace "$T/plain.csv" --quiet
grep -q 'world:' "$T/plain.csv" && die "a trace without a world has world: columns"

# c2rt plot: the numeric world columns, the same from CSV and NDJSON; the
# words refused, with the column named.
expect_exit 0 "$C2RT" plot "$T/t.csv" -o "$T/x.png" --column world:x,world:it_dist --title w
expect_exit 0 "$C2RT" plot "$T/t.ndjson" -o "$T/xn.png" --column 'World:X, world:it_dist' --title w
cmp -s "$T/x.png" "$T/xn.png" || die "the NDJSON world trace draws another picture"
expect_exit 2 "$C2RT" plot "$T/t.csv" -o "$T/r.png" --column world:room
contains "$T/err" "column 'world:room' holds words, not numbers"
expect_exit 2 "$C2RT" plot "$T/t.csv" -o "$T/r.png" --column world:nowhere
contains "$T/err" "no column 'world:nowhere'"
[ -e "$T/r.png" ] && die "a refused plot wrote a picture"
# world:x runs far past 255 (the creature crosses the garden): the value
# axis follows the data, so its line (the first palette colour, 1f77b4) is
# drawn, not clipped away above a 0..255 axis.
expect_exit 0 "$C2RT" plot "$T/t.csv" -o "$T/x1.png" --column world:x --title w
python3 - "$T/x1.png" <<'PY' || die "world:x is not drawn"
import os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "tests", "cli"))
from pngread import read_png
w, h, bpp, rows = read_png(sys.argv[1])
blue = sum(1 for row in rows for x in range(w) if row[x * bpp:x * bpp + 3] == bytes((0x1f, 0x77, 0xb4)))
assert blue > 500, blue
PY
exit 0
