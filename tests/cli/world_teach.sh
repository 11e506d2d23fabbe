# world_teach.sh — the teaching file (worlds/garden.teach: `bring`, `say`,
# `when eat pat`) and the goal-direction option on the real norn: every eat
# answered by a pat in its tick, the hand's brings in the log, a world with
# goal direction saved and resumed bit-identical, and the `when` errors
# naming their line.
. "$(dirname "$0")/lib.sh"
need_shared
GARDEN="$ROOT/worlds/garden.world"
TEACH="$ROOT/worlds/garden.teach"

# Taught, with goal direction, for an hour: eats, each with its pat.
expect_exit 0 "$C2RT" run "$NORN" --world "$GARDEN" --events "$TEACH" --opt goal_direction=1 \
	--seed 2 --ticks 36000 --log "$T/log.ndjson" --hash-every 12000
cp "$T/out" "$T/straight"
python3 - "$T/log.ndjson" <<'PY' || die "teaching log"
import json, sys
eats, pats, brings = [], set(), 0
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r["type"] == "act" and r.get("action") == "eat":
        eats.append(r["tick"])
    if r["type"] == "stimulus" and r.get("stimulus") == 1 and r.get("from") == "hand":
        pats.add(r["tick"])
    if r["type"] == "hand" and r.get("command") == "bring":
        brings += 1
assert len(eats) >= 5, eats
assert all(t in pats for t in eats), (eats, sorted(pats))
assert brings >= 2 * 11, brings  # every 5 min from 1 min: picked up and dropped
PY

# The same hour in two halves, through a world snapshot: the same hashes.
expect_exit 0 "$C2RT" run "$NORN" --world "$GARDEN" --events "$TEACH" --opt goal_direction=1 \
	--seed 2 --ticks 18000 --save "$T/w.snap"
expect_exit 0 "$C2RT" run --resume "$T/w.snap" --ticks 18000 --hash-every 12000
tail -n 2 "$T/straight" | diff - "$T/out" || die "resumed world differs from the straight run"

# goal_direction changes the life (default off).
expect_exit 0 "$C2RT" run "$NORN" --world "$GARDEN" --seed 2 --ticks 12000 --hash-every 12000
a=$(cat "$T/out")
expect_exit 0 "$C2RT" run "$NORN" --world "$GARDEN" --seed 2 --ticks 12000 --hash-every 12000 \
	--opt goal_direction=1
[ "$a" != "$(cat "$T/out")" ] || die "--opt goal_direction=1 changed nothing"

# A bad rule names its line.
printf 'at 1 pat\nwhen eat carrot kiss\n' >"$T/bad.ev"
expect_exit 2 "$C2RT" run "$NORN" --world "$GARDEN" --events "$T/bad.ev" --ticks 10
contains "$T/err" "$T/bad.ev:2: usage: when [CREATURE|every] ACTION [KIND] pat|slap|yes|no"
printf 'at 5 bring unicorn\n' >"$T/bad.ev"
expect_exit 2 "$C2RT" run "$NORN" --world "$GARDEN" --events "$T/bad.ev" --ticks 10
contains "$T/err" "$T/bad.ev:1: bring: 'unicorn' is neither a kind of this world nor a category"
exit 0
