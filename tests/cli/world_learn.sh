# world_learn.sh — issue 23's learning experiments (bench/world_learn.py),
# 20 seeds of each treatment against 20 of the control without the hand,
# one-sided Mann-Whitney rank tests, asserting what holds today:
#   - patted in the tick of each eat (tests/worlds/pat_eat.events), the norn
#     eats more per hour alive than the control: p < 0.01;
#   - slapped in the tick of each push of the ball, by the hand
#     (tests/worlds/slap_push.events) or by the ball (tests/worlds/
#     ball_slap.world), it does NOT push the ball less in its second hour
#     (issue 23's target, p < 0.01 and half as often, is not met; the README's
#     "A world" says why). If a change makes the slap teach, this test fails
#     and the README's figures are to be measured again.
# The rank test itself is checked against full enumeration. The 60 lives take
# about 25 s of CPU at -O2; under the sanitizers (or -O0) only the world
# files and one seed of each slap run, not the 20-seed experiments.
. "$(dirname "$0")/lib.sh"
need_shared
GARDEN="$ROOT/worlds/garden.world"
W="$ROOT/tests/worlds"

# The experiment's ball world is the garden and its added lines, nothing else.
diff "$GARDEN" "$W/ball_slap.world" >"$T/diff"
grep '^>' "$T/diff" | grep -v '^> *#' | grep -v '^> *$' >"$T/added"
[ "$(cat "$T/added")" = "> on ball push stimulus actor Pointer_slaps_me" ] || die "ball_slap.world: $(cat "$T/diff")"
grep -q '^<' "$T/diff" && die "ball_slap.world lost lines of garden.world: $(cat "$T/diff")"

python3 "$ROOT/bench/world_learn.py" --selftest >"$T/self" || die "rank test selftest"

# One seed of each slap: every push of the ball is slapped in its tick (by
# the hand, or by the ball), and nothing else is.
for arm in hand ball; do
	if [ $arm = hand ]; then set -- "$GARDEN" --events "$W/slap_push.events"; else set -- "$W/ball_slap.world"; fi
	expect_exit 0 "$C2RT" run "$NORN" --world "$@" --opt goal_direction=1 --seed 14 --ticks 72000 \
		--log "$T/$arm.ndjson"
	python3 - "$T/$arm.ndjson" $arm <<'PY' || die "slaps ($arm)"
import json, sys
pushes, slaps = [], []
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r["type"] == "act" and r["action"] == "push" and r["kind"] == "ball":
        pushes.append(r["tick"])
    if r["type"] == "stimulus" and r.get("stimulus") == 3:
        slaps.append((r["tick"], r["from"]))
want = "hand" if sys.argv[2] == "hand" else "toy"
assert len(pushes) >= 3, pushes
assert slaps == [(t, want) for t in pushes], (pushes, slaps)
PY
done

case $BUILD in */san|*/o0)
	echo "the 20-seed experiments run on the -O2 build only"; exit 0 ;;
esac
python3 "$ROOT/bench/world_learn.py" --c2rt "$C2RT" --genome "$NORN" --json >"$T/learn.json" ||
	die "bench/world_learn.py failed"
python3 - "$T/learn.json" <<'PY' || die "learning figures"
import json, sys
d = json.load(open(sys.argv[1]))
r = {x["experiment"]: x for x in d["results"]}
for k, x in r.items():
    print(f"{k}: treatment median {x['treatment_median']:.2f}, control median "
          f"{x['control_median']:.2f}, one-sided p {x['p_exact']:.2g}")
pat, hand, ball = r["pat"], r["slap-hand"], r["slap-ball"]
# patted after each eat, it eats more
assert pat["p_exact"] < 0.01 and pat["treatment_median"] > pat["control_median"], pat
# the slaps happened (hour 1 or 2), and did not make it push less
assert sum(hand["slaps"]) >= 100 and sum(ball["slaps"]) >= 100, (hand["slaps"], ball["slaps"])
for x in (hand, ball):
    assert x["p_exact"] >= 0.01, x
# the hand's slap: more pushers than the control, not fewer
assert hand["treatment_nonzero"] > hand["control_nonzero"], hand
PY
exit 0
