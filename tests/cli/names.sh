# names.sh — `c2rt names`: every topic, as text and JSON, pinned by a golden
# file (made from the core's tables: make golden-update rewrites it when a
# table changes on purpose); the JSON parses and agrees with the text; an
# unknown topic or format is a usage error with a suggestion; and the
# "unknown name" messages of events, world, wiring and genome text files
# and of the options suggest the nearest name and point at `c2rt names`.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || { echo "no python3"; exit 77; }

: >"$T/all"
expect_exit 0 "$C2RT" names
cat "$T/out" >>"$T/all"
for topic in chemicals drives stimuli words categories actions stages organs loci options; do
	expect_exit 0 "$C2RT" names "$topic"
	printf '== %s\n' "$topic" >>"$T/all"
	cat "$T/out" >>"$T/all"
	cp "$T/out" "$T/$topic.txt"
	expect_exit 0 "$C2RT" names "$topic" --format json
	printf '== %s json\n' "$topic" >>"$T/all"
	cat "$T/out" >>"$T/all"
	python3 - "$T/$topic.txt" "$T/out" "$topic" <<'PY' || die "$topic: the JSON and the text disagree"
import json, sys
text = open(sys.argv[1]).read().splitlines()
rows = json.load(open(sys.argv[2]))
assert len(rows) == len(text) > 0, (len(rows), len(text))
for r, line in zip(rows, text):
    assert r["name"] in line, (r, line)
    if "value" in r:
        assert line.split()[0] == str(r["value"]), (r, line)
PY
done
golden names.txt "$T/all"
# The counts of the topic list are the topics' lengths.
for topic in chemicals stages organs; do
	n=$(wc -l <"$T/$topic.txt")
	grep -q "^$topic  *$n  " "$T/all" || die "the topic list's count of $topic is not $n"
done
# Loosely named topics; wrong ones suggest the nearest.
expect_exit 0 "$C2RT" names STAGES
cmp -s "$T/out" "$T/stages.txt" || die "names STAGES differs from names stages"
expect_exit 1 "$C2RT" names stimulus
contains "$T/err" "c2rt names: unknown topic 'stimulus' (did you mean stimuli?)"
expect_exit 1 "$C2RT" names bananas
contains "$T/err" "unknown topic 'bananas' ('c2rt names' lists them)"
expect_exit 1 "$C2RT" names stages --format xml
contains "$T/err" "--format: text or json, not 'xml'"

# The names c2rt reads are the names it lists: each listed chemical, drive
# and stimulus works in an events file.
"$C2RT" asm "$ROOT/tests/fixtures/tiny.txt" -o "$T/tiny.gen" || die "asm tiny"
sed -n 's/^ *[0-9]*  //p' "$T/chemicals.txt" | head -40 | while read -r name; do
	printf 'at 0 inject %s 1\n' "$(printf '%s' "$name" | tr ' ' '_')"
done >"$T/chems.ev"
sed -n 's/^ *[0-9]*  //p' "$T/stimuli.txt" | grep -v '^<' | while read -r name; do
	printf 'at 0 stimulus %s\n' "$(printf '%s' "$name" | tr ' ' '_')"
done >"$T/stims.ev"
expect_exit 0 "$C2RT" run "$T/tiny.gen" --ticks 1 --events "$T/chems.ev"
expect_exit 0 "$C2RT" run "$T/tiny.gen" --ticks 1 --events "$T/stims.ev"

# Unknown names: the nearest, or the names that hold the word, or the list.
printf 'at 0 inject Glucse 10\n' >"$T/e1.ev"
expect_exit 2 "$C2RT" run "$T/tiny.gen" --ticks 1 --events "$T/e1.ev"
contains "$T/err" "e1.ev:1: unknown chemical 'Glucse' (did you mean Glucose? see c2rt names chemicals)"
printf 'at 0 stimulus pats\n' >"$T/e2.ev"
expect_exit 2 "$C2RT" run "$T/tiny.gen" --ticks 1 --events "$T/e2.ev"
contains "$T/err" "e2.ev:1: unknown stimulus 'pats' (Pointer pats me, Creature pats me hold it; see c2rt names stimuli)"
printf 'at 0 stimulus xyzzy\n' >"$T/e3.ev"
expect_exit 2 "$C2RT" run "$T/tiny.gen" --ticks 1 --events "$T/e3.ev"
contains "$T/err" "e3.ev:1: unknown stimulus 'xyzzy' (see c2rt names stimuli)"
printf 'at 0 set-stage adlt\n' >"$T/e4.ev"
expect_exit 2 "$C2RT" run "$T/tiny.gen" --ticks 1 --events "$T/e4.ev"
contains "$T/err" "e4.ev:1: unknown stage 'adlt' (did you mean adult? see c2rt names stages)"
printf 'at 0 injct ATP 3\n' >"$T/e5.ev"
expect_exit 2 "$C2RT" run "$T/tiny.gen" --ticks 1 --events "$T/e5.ev"
contains "$T/err" "e5.ev:1: unknown command 'injct' (did you mean inject?)"
expect_exit 1 "$C2RT" run "$T/tiny.gen" --until stage:banana
contains "$T/err" "c2rt run: --until: unknown stage 'banana' (stages: embryo, child, adolescent, youth, adult, old, senile; see c2rt names stages)"
expect_exit 1 "$C2RT" express "$T/tiny.gen" --sex m --stage adolesent
contains "$T/err" "unknown stage 'adolesent' (did you mean adolescent? see c2rt names stages)"
expect_exit 1 "$C2RT" run "$T/tiny.gen" --ticks 1 --chem ATPP --trace "$T/t.csv"
contains "$T/err" "--chem: unknown chemical 'ATPP' (did you mean ATP? see c2rt names chemicals)"
expect_exit 1 "$C2RT" run "$T/tiny.gen" --ticks 1 --opt brian_while_asleep=1
contains "$T/err" "unknown option 'brian_while_asleep' (did you mean brain_while_asleep? see 'c2rt options')"
# a world file
printf 'room a 0 100\nkind k fod\n' >"$T/w.world"
expect_exit 2 "$C2RT" run "$T/tiny.gen" --ticks 1 --world "$T/w.world"
contains "$T/err" "w.world:2: unknown category 'fod' (did you mean food? see c2rt names categories)"
printf 'rom a 0 100\n' >"$T/w2.world"
expect_exit 2 "$C2RT" run "$T/tiny.gen" --ticks 1 --world "$T/w2.world"
contains "$T/err" "w2.world:1: unknown statement 'rom' (did you mean room?)"
printf 'room a 0 100\nkind carrot food\nobject carot 50\n' >"$T/w3.world"
expect_exit 2 "$C2RT" run "$T/tiny.gen" --ticks 1 --world "$T/w3.world"
contains "$T/err" "w3.world:3: unknown kind 'carot' (did you mean carrot? declare it with a 'kind' line first)"
printf 'room a 0 100\nkind carrot food\nobject carrot 50\n' >"$T/w4.world"
printf 'at 1 add carot 5\n' >"$T/w4.ev"
expect_exit 2 "$C2RT" run "$T/tiny.gen" --ticks 1 --world "$T/w4.world" --events "$T/w4.ev"
contains "$T/err" "w4.ev:1: add: unknown kind 'carot' (did you mean carrot? kinds are declared by the world file)"
# the genome text form
printf 'gene receptor\n    chemical Glucse\n' >"$T/g.txt"
expect_exit 2 "$C2RT" asm "$T/g.txt" -o "$T/g.gen"
contains "$T/err" "unknown chemical 'Glucse' (did you mean Glucose? see c2rt names chemicals)"
printf 'gene organ stage=teen\n' >"$T/g2.txt"
expect_exit 2 "$C2RT" asm "$T/g2.txt" -o "$T/g2.gen"
contains "$T/err" "unknown stage 'teen' (stages: embryo, child, adolescent, youth, adult, old, senile; see c2rt names stages)"
# a wiring file
"$C2RT" asm "$ROOT/genomes/starter.txt" -o "$T/starter.gen" || die "asm starter"
printf 'all <- drive Hungr\n' >"$T/w1.txt"
expect_exit 2 "$C2RT" run "$T/starter.gen" --ticks 1 --body "$ROOT/docs/arm.xode" --wiring "$T/w1.txt"
contains "$T/err" "w1.txt:1: 'drive' wants a drive, not 'Hungr' (did you mean Hunger? see c2rt names drives)"
printf 'all <- activty\n' >"$T/w2.txt"
expect_exit 2 "$C2RT" run "$T/starter.gen" --ticks 1 --body "$ROOT/docs/arm.xode" --wiring "$T/w2.txt"
contains "$T/err" "w2.txt:1: 'activty' is not a number, a wave or a signal (did you mean activity?)"
exit 0
