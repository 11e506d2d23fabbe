# world_starter.sh — the starter creature (genomes/starter.txt) in
# worlds/garden.world. With worlds/starter.teach (its events file's life,
# the hand bringing a carrot and saying "eat food" where starter.events tops
# up the food supply) it lives to old age, seeds 1-5. Under
# genomes/starter.events alone it cannot: nothing it sees reaches its source
# lobe (its genome has no stimulus gene for "Object comes into view"), so IT
# is never an object, it never eats and dies of organ failure in its first
# hours; this asserts that too, so that a change to either is seen.
. "$(dirname "$0")/lib.sh"
G="$BUILD/genomes/starter.gen"
GARDEN="$ROOT/worlds/garden.world"
[ -f "$G" ] || die "no $G (make all)"

for seed in 1 2 3 4 5; do
	expect_exit 0 "$C2RT" run "$G" --world "$GARDEN" --events "$ROOT/worlds/starter.teach" \
		--until death --seed $seed --log "$T/teach.ndjson"
	contains "$T/err" "dead (old age at tick 71680)"
	n=$(grep -c '"type":"act",.*"action":"eat"' "$T/teach.ndjson")
	[ "$n" -ge 20 ] || die "seed $seed: $n eats"
done

# The starter's own events file: no IT, no eat, dead before old age.
grep -q '^gene stimulus' "$ROOT/genomes/starter.txt" || die "starter.txt has no stimulus genes?"
grep -A1 '^gene stimulus' "$ROOT/genomes/starter.txt" | grep -q 'Object comes into view' &&
	die "starter.txt now has 'Object comes into view': measure the starter in the garden again"
for seed in 1 2; do
	expect_exit 0 "$C2RT" run "$G" --world "$GARDEN" --events "$ROOT/genomes/starter.events" \
		--until death --seed $seed --log "$T/own.ndjson"
	contains "$T/err" "dead (organ failure at tick"
	grep -q '"type":"it",.*"object"' "$T/own.ndjson" && die "seed $seed: IT was an object"
	grep -q '"type":"act",.*"action":"eat"' "$T/own.ndjson" && die "seed $seed: it ate"
	t=$(sed -n 's/.*organ failure at tick \([0-9]*\).*/\1/p' "$T/err")
	[ "$t" -lt 60000 ] || die "seed $seed: died at tick $t"
done
exit 0
