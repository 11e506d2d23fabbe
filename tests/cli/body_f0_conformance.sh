# body_f0_conformance.sh — every f0 case of the shared test material against
# what the Framsticks SDK 5.0rc10 computed (bodies/f0/expected/*.out, read
# at run time): validity and counts exactly, every number within 1e-6, the
# SDK's messages, the re-saved f0 text exactly (also through --format f0),
# and the exit status. Prints the pass count.
. "$(dirname "$0")/lib.sh"
CASES="$C2RT_SHARED/bodies/f0/cases"
EXPECTED="$C2RT_SHARED/bodies/f0/expected"
[ -d "$CASES" ] || { echo "no body test material at $C2RT_SHARED/bodies"; exit 77; }

total=0 pass=0 identical=0 failed=""
for f in "$CASES"/*.f0; do
	name=$(basename "$f" .f0)
	exp="$EXPECTED/$name.out"
	[ -f "$exp" ] || die "no expected output for $name"
	total=$((total + 1))
	"$C2RT" body --format sdk "$f" >"$T/sdk" 2>"$T/err"
	rc=$?
	if grep -q -e 'Sanitizer' -e 'runtime error:' "$T/err"; then
		cat "$T/err" >&2; die "sanitizer report on $name"
	fi
	want_rc=2
	grep -qx 'rc=0' "$exp" && want_rc=0
	"$C2RT" body --format f0 "$f" >"$T/f0" 2>/dev/null
	if [ $rc -eq $want_rc ] && python3 - "$exp" "$T/sdk" "$T/f0" <<'PY'
import re, sys
exp, got, resaved = (open(p, encoding="latin-1").read() for p in sys.argv[1:4])

def parse(text):
    """messages, the valid= line, item lines, re-saved text, rc"""
    lines = text.split("\n")
    out = {"msgs": [], "valid": None, "items": [], "resaved": None, "rc": None}
    i = 0
    while i < len(lines):
        l = lines[i]
        if l.startswith("["):
            out["msgs"].append(l)
        elif l.startswith("valid="):
            out["valid"] = l
        elif re.match(r"[PJN]\d+ ", l):
            out["items"].append(l)
        elif l.startswith("F0 (re-saved"):
            j = i + 1
            while j < len(lines) and not re.match(r"rc=\d$", lines[j]):
                j += 1
            out["resaved"] = "\n".join(lines[i + 1:j]) + "\n"
            i = j
            continue
        elif re.match(r"rc=\d$", l):
            out["rc"] = l
        i += 1
    return out

NUM = re.compile(r"-?\d+(?:\.\d*)?(?:e[-+]?\d+)?|-?\.\d+(?:e[-+]?\d+)?")

def same_item(a, b):
    # the same text between the numbers, every number within 1e-6
    if NUM.split(a) != NUM.split(b):
        return False
    na, nb = NUM.findall(a), NUM.findall(b)
    return len(na) == len(nb) and all(abs(float(x) - float(y)) <= 1e-6 for x, y in zip(na, nb))

e, g = parse(exp), parse(got)
problems = []
for key in ("msgs", "valid", "rc"):
    if e[key] != g[key]:
        problems.append("%s: expected %r, got %r" % (key, e[key], g[key]))
if len(e["items"]) != len(g["items"]):
    problems.append("%d part/joint/neuron lines, expected %d" % (len(g["items"]), len(e["items"])))
for a, b in zip(e["items"], g["items"]):
    if not same_item(a, b):
        problems.append("expected %s\n     got %s" % (a, b))
if e["resaved"] != g["resaved"]:
    problems.append("re-saved f0 differs:\n%s---\n%s" % (e["resaved"], g["resaved"]))
if e["resaved"] is not None and resaved != e["resaved"]:
    problems.append("--format f0 differs from the re-saved f0")
for p in problems:
    print("  " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
	then
		pass=$((pass + 1))
	else
		echo "FAIL $name (exit $rc, expected $want_rc)" >&2
		failed="$failed $name"
	fi
	cmp -s "$T/sdk" "$exp" && identical=$((identical + 1))
done
echo "f0 conformance: $pass/$total cases pass ($identical byte-identical to the SDK's output)"
[ "$pass" -eq "$total" ] || die "failed:$failed"
[ "$total" -gt 0 ] || die "no cases found"
