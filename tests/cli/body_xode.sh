# body_xode.sh — c2rt body on the shared XODE documents: the 14 PyBrain
# models and PyODE's documents load (and agree with an independent reading),
# every invalid one is refused with FILE:LINE: the real reason, every loaded
# one survives --export (same JSON, same bytes but the declared encoding),
# and the command's usage errors.
. "$(dirname "$0")/lib.sh"
XODE="$C2RT_SHARED/bodies/xode"
[ -d "$XODE/pyode" ] || { echo "no XODE bodies at $XODE"; exit 77; }

expect_exit 0 "$C2RT" --version
contains "$T/out" "XODE 1.0r23 +retain"

# roundtrip FILE: --export gives the same JSON and, but for a UTF-8 BOM and
# the encoding named in the XML declaration, the same bytes.
roundtrip() {
	b=$(basename "$1" .xode)
	expect_exit 0 "$C2RT" body "$1" --format json
	cp "$T/out" "$T/$b.json"
	expect_exit 0 "$C2RT" body "$1" --export "$T/$b.out.xode"
	expect_exit 0 "$C2RT" body "$T/$b.out.xode" --format json
	cmp -s "$T/out" "$T/$b.json" || die "$b: the export loads to other JSON"
	sed -e '1s/^\xEF\xBB\xBF//' -e '1s/encoding="[^"]*"/encoding="UTF-8"/' "$1" >"$T/$b.src"
	cmp -s "$T/$b.src" "$T/$b.out.xode" || { diff "$T/$b.src" "$T/$b.out.xode" | head >&2; die "$b: the export lost something"; }
}

n=0
for f in "$XODE"/*.xode; do
	expect_exit 0 "$C2RT" body "$f"
	grep -q "^$f: XODE scene '[^']*': [0-9]* bod[a-z]*, [0-9]* geoms* ([0-9]* static), [0-9]* joints*, total mass " "$T/out" ||
		die "$f: no summary line: $(head -n 1 "$T/out")"
	roundtrip "$f"
	python3 "$ROOT/tests/cli/xode_models.py" "$f" "$T/$(basename "$f" .xode).json" || die "$f: differs from the independent reading"
	n=$((n + 1))
done
[ "$n" -eq 14 ] || die "expected the 14 PyBrain models, found $n"

# The summary of one model, line by line.
expect_exit 0 "$C2RT" body "$XODE/acrobot.xode"
contains "$T/out" "acrobot.xode: XODE scene 'acrobot': 2 bodies, 3 geoms (1 static), 2 joints, total mass 0.886342"
contains "$T/out" "  bar              pos (0, 0, 0)  mass 0.806342  1 geom: cappedCylinder"
contains "$T/out" "  bar_joint        hinge     bar - leg1  anchor (0, 0, 0)  axis (0, 0, 1)"
contains "$T/out" "  floor            plane 0x + 1y + 0z = -10"
# Geom names repeat from body to body in three models: a warning, not an error.
expect_exit 0 "$C2RT" body "$XODE/crawler.xode"
contains "$T/out" "crawler.xode:33: warning: a second <geom> named 'boxGeom' (the first is on line 12)"

# PyODE's valid documents, and invalid_testMisplacedReference, which only a
# loader without postlink refuses: XODE lets a joint link a body defined later.
for d in transforms_example trimesh_doc tutorial2_example invalid_testMisplacedReference; do
	roundtrip "$XODE/pyode/$d.xode"
done
expect_exit 0 "$C2RT" body "$XODE/pyode/invalid_testMisplacedReference.xode" --format json
grep -q '"body1": "body1", "body1_index": 0, "body2": "body2", "body2_index": 1' "$T/out" ||
	die "the postlinked joint is not linked to body2"
expect_exit 0 "$C2RT" body "$XODE/pyode/trimesh_doc.xode" --format json
contains "$T/out" '"triangles": [[1, 2, 3], [2, 1, 4], [3, 2, 1]]'

# The invalid documents, each with the reason it really is invalid: four of
# them put <body> straight into <world> before their own fault.
refused() { # refused NAME LINE REASON
	expect_exit 2 "$C2RT" body "$XODE/pyode/$1.xode"
	contains "$T/err" "c2rt: $XODE/pyode/$1.xode:$2: $3"
}
refused invalid_testBadVector 3 "<body> is not allowed in <world>"
refused invalid_testBodyEnable 3 "<body> is not allowed in <world>"
refused invalid_testFiniteRotationAxes 3 "<body> is not allowed in <world>"
refused invalid_testFiniteRotationMode 3 "<body> is not allowed in <world>"
refused invalid_testEqualLinks 3 "the joint links nothing: no <link1>, no <link2> and no enclosing <body>"
refused invalid_testGeomChild 2 "unknown element <test> in <geom>"
refused invalid_testInvalidParam 9 "unknown attribute 'TestCFM' on <axis>"
refused invalid_testJointChild 2 "unknown element <test> in <joint>"
refused invalid_testMassChild 5 "unknown element <test> in <mass>"
refused invalid_testNoType 3 "<geom> needs one of <box>, <cappedCylinder>, <cylinder>, <sphere>, <plane>, <ray>, <trimesh>"
refused invalid_testRoot 2 "the root element is <test>, not <xode>"
refused invalid_testRootChild 2 "unknown element <test> in <xode>"
refused invalid_testSliderAxes 8 "a slider joint needs exactly 1 axis, this one has 0"
refused invalid_testSpaceChild 3 "unknown element <test> in <space>"
refused invalid_testTriMeshChild 2 "unknown element <test> in <trimesh>"
refused invalid_testWorldChild 3 "unknown element <test> in <world>"
refused invalid_testWrongType 6 "<link2 body=\"space1\"> names a <space>, not a <body>"
# PyODE's test_doc.xode is no valid XODE either: its first matrix4f is not
# an affine transform (and further down an amotor has 1 axis of its 3).
refused test_doc 6 "<matrix4f>'s bottom row m30 m31 m32 m33 is 1.8 2.8 3.8 4.8, not 0 0 0 1"
for f in "$XODE"/pyode/invalid_*.xode; do
	case $f in *MisplacedReference*) continue ;; esac
	expect_exit 2 "$C2RT" body "$f"
done

# Usage and I/O errors.
expect_exit 2 "$C2RT" body "$T/missing.xode"
contains "$T/err" "cannot open"
expect_exit 1 "$C2RT" body "$XODE/acrobot.xode" --format xml
expect_exit 1 "$C2RT" body "$NORN"
expect_exit 1 "$C2RT" body
expect_exit 2 "$C2RT" body "$XODE/acrobot.xode" --export "$T/no/such/dir/out.xode"
[ ! -e "$T/no/such/dir/out.xode" ] || die "a failed export left a file"
expect_exit 0 "$C2RT" body "$XODE/acrobot.xode" --export -
cmp -s "$T/out" "$XODE/acrobot.xode" || die "--export - is not the document alone"
expect_exit 0 "$C2RT" body --help
contains "$T/out" "usage: c2rt body"
exit 0
