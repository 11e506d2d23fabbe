# body_xode_transforms.sh — the XODE transform, mass and link conventions,
# each pinned by a small document of our own and values computed by hand
# (in the comments), compared with `c2rt body --format json` within 1e-9.
# Every document also goes through --export and must give the same JSON.
. "$(dirname "$0")/lib.sh"

# check NAME: load $T/NAME.xode, compare its JSON with $T/NAME.py, round-trip it.
check() {
	expect_exit 0 "$C2RT" body "$T/$1.xode" --format json
	cp "$T/out" "$T/$1.json"
	python3 "$ROOT/tests/cli/jsonnear.py" "$T/$1.json" "$T/$1.py" || die "$1: JSON differs from the hand-computed values"
	expect_exit 0 "$C2RT" body "$T/$1.xode" --export "$T/$1.out.xode"
	expect_exit 0 "$C2RT" body "$T/$1.out.xode" --format json
	cmp -s "$T/out" "$T/$1.json" || die "$1: the export does not load to the same JSON"
}

# --- euler: fixed axes, X first: R = Rz Ry Rx (columns are the body's axes).
# x=90 y=90: local x stays x under Rx, then Ry(90) takes x to -z: column 0 = (0,0,-1);
# local y goes to z under Rx, then Ry takes z to x: column 1 = (1,0,0); column 2 = (0,-1,0).
# x=90 z=90: x -> x -> y; y -> z -> z; z -> -y -> x.
# z = pi/6 in radians (no aformat): cos = sqrt(3)/2, sin = 1/2.
cat >"$T/euler.xode" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23"><world><space>
  <body name="x90y90">
    <transform><position x="1" y="2" z="3"/><rotation><euler x="90" y="90" z="0" aformat="degrees"/></rotation></transform>
  </body>
  <body name="x90z90">
    <transform><rotation><euler x="90" y="0" z="90" aformat="degrees"/></rotation></transform>
  </body>
  <body name="z30rad">
    <transform><rotation><euler x="0" y="0" z="0.52359877559829887"/></rotation></transform>
  </body>
</space></world></xode>
EOF
cat >"$T/euler.py" <<'EOF'
c, s = math.sqrt(3) / 2, 0.5
expect = [
    (["bodies", 0, "name"], "x90y90"),
    (["bodies", 0, "pos"], [1, 2, 3]),
    (["bodies", 0, "R"], [[0, 1, 0], [0, 0, -1], [-1, 0, 0]]),
    (["bodies", 1, "R"], [[0, 0, 1], [1, 0, 0], [0, 1, 0]]),
    (["bodies", 2, "R"], [[c, -s, 0], [s, c, 0], [0, 0, 1]]),
]
EOF
check euler

# --- axisangle: right-handed about the normalised axis. About (1,1,1) by 120
# degrees the axes cycle x -> y -> z -> x (Rodrigues: c = -1/2, s = sqrt(3)/2,
# k k^T = 1/3 everywhere: diagonal -1/2 + 1/2 = 0, R02 = 1/2 + 1/2 = 1, R01 = 1/2 - 1/2 = 0).
# About y by pi/2 radians: x -> -z, z -> x.
cat >"$T/axisangle.xode" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23"><world><space>
  <body name="cycle"><transform><rotation><axisangle x="2" y="2" z="2" angle="120" aformat="degrees"/></rotation></transform></body>
  <body name="y90"><transform><rotation><axisangle x="0" y="3" z="0" angle="1.5707963267948966"/></rotation></transform></body>
</space></world></xode>
EOF
cat >"$T/axisangle.py" <<'EOF'
expect = [
    (["bodies", 0, "R"], [[0, 0, 1], [1, 0, 0], [0, 1, 0]]),
    (["bodies", 1, "R"], [[0, 0, 1], [0, 1, 0], [-1, 0, 0]]),
]
EOF
check axisangle

# --- quaternion x y z w, normalised: (0,0,1,1) is 90 degrees about z;
# (1,0,0,0) is 180 degrees about x.
cat >"$T/quaternion.xode" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23"><world><space>
  <body name="z90"><transform><rotation><quaternion x="0" y="0" z="1" w="1"/></rotation></transform></body>
  <body name="x180"><transform><rotation><quaternion x="1" y="0" z="0" w="0"/></rotation></transform></body>
</space></world></xode>
EOF
cat >"$T/quaternion.py" <<'EOF'
expect = [
    (["bodies", 0, "R"], [[0, -1, 0], [1, 0, 0], [0, 0, 1]]),
    (["bodies", 1, "R"], [[1, 0, 0], [0, -1, 0], [0, 0, -1]]),
]
EOF
check quaternion

# --- matrix4f: mRC is row R, column C, acting on column vectors; the
# translation is m03 m13 m23. This one turns 90 degrees about z and moves to (5,6,7).
cat >"$T/matrix.xode" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23"><world><space>
  <body name="m"><transform><matrix4f m00="0" m01="-1" m02="0" m03="5" m10="1" m11="0" m12="0" m13="6"
    m20="0" m21="0" m22="1" m23="7" m30="0" m31="0" m32="0" m33="1"/></transform></body>
</space></world></xode>
EOF
cat >"$T/matrix.py" <<'EOF'
expect = [
    (["bodies", 0, "pos"], [5, 6, 7]),
    (["bodies", 0, "R"], [[0, -1, 0], [1, 0, 0], [0, 0, 1]]),
]
EOF
check matrix

# --- nested bodies: world = parent's world * local.
# A: at (1,0,0), Rz(90). B inside A at local (1,0,0) with Rx(90):
#   pos = (1,0,0) + Rz90 (1,0,0) = (1,1,0); R = Rz90 Rx90 = [[0,0,1],[1,0,0],[0,1,0]].
# C inside B at local (0,1,0): pos = (1,1,0) + R_B (0,1,0) = (1,1,0) + (0,0,1) = (1,1,1).
cat >"$T/nested.xode" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23"><world><space>
  <body name="A">
    <transform><position x="1" y="0" z="0"/><rotation><euler x="0" y="0" z="90" aformat="degrees"/></rotation></transform>
    <body name="B">
      <transform><position x="1" y="0" z="0"/><rotation><euler x="90" y="0" z="0" aformat="degrees"/></rotation></transform>
      <body name="C"><transform><position x="0" y="1" z="0"/></transform></body>
    </body>
  </body>
</space></world></xode>
EOF
cat >"$T/nested.py" <<'EOF'
expect = [
    (["bodies", 0, "pos"], [1, 0, 0]),
    (["bodies", 0, "R"], [[0, -1, 0], [1, 0, 0], [0, 0, 1]]),
    (["bodies", 0, "parent"], None),
    (["bodies", 1, "name"], "B"),
    (["bodies", 1, "pos"], [1, 1, 0]),
    (["bodies", 1, "R"], [[0, 0, 1], [1, 0, 0], [0, 1, 0]]),
    (["bodies", 1, "parent"], 0),
    (["bodies", 2, "pos"], [1, 1, 1]),
    (["bodies", 2, "R"], [[0, 0, 1], [1, 0, 0], [0, 1, 0]]),
    (["bodies", 2, "parent"], 1),
]
EOF
check nested

# --- a geom in a group in a body (bgig): composed through the group.
# Body at (0,0,1), Rz(90); group at local (2,0,0); geom at (0,1,0) in the group:
# pos = (0,0,1) + Rz90 (2,1,0) = (0,0,1) + (-1,2,0) = (-1,2,1); R = Rz90; it moves with the body.
cat >"$T/bgig.xode" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23"><world><space>
  <body name="carrier">
    <transform><position x="0" y="0" z="1"/><rotation><euler x="0" y="0" z="90" aformat="degrees"/></rotation></transform>
    <group>
      <transform><position x="2" y="0" z="0"/></transform>
      <geom name="g"><transform><position x="0" y="1" z="0"/></transform><box sizex="1" sizey="2" sizez="3"/></geom>
    </group>
  </body>
</space></world></xode>
EOF
cat >"$T/bgig.py" <<'EOF'
expect = [
    (["bodies", 0, "geoms", 0, "name"], "g"),
    (["bodies", 0, "geoms", 0, "pos"], [-1, 2, 1]),
    (["bodies", 0, "geoms", 0, "R"], [[0, -1, 0], [1, 0, 0], [0, 0, 1]]),
    (["bodies", 0, "geoms", 0, "sizex"], 1),
    (["bodies", 0, "geoms", 0, "sizez"], 3),
    (["geoms"], []),
]
EOF
check bgig

# --- absolute="true": the local matrix alone, whatever encloses it.
# Q sits at (1,2,3) unturned although its parent P is at (10,0,0) turned 90
# degrees; its geom follows it. A group with an absolute transform at (0,0,-4)
# places its geom at (1,0,-4); the geom still moves with P.
cat >"$T/absolute.xode" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23"><world><space>
  <body name="P">
    <transform><position x="10" y="0" z="0"/><rotation><euler x="0" y="0" z="90" aformat="degrees"/></rotation></transform>
    <body name="Q">
      <transform absolute="true"><position x="1" y="2" z="3"/></transform>
      <geom name="q"><sphere radius="0.5"/></geom>
    </body>
    <group>
      <transform absolute="true"><position x="0" y="0" z="-4"/></transform>
      <geom name="r"><transform><position x="1" y="0" z="0"/></transform><sphere radius="1"/></geom>
    </group>
  </body>
</space></world></xode>
EOF
cat >"$T/absolute.py" <<'EOF'
expect = [
    (["bodies", 0, "pos"], [10, 0, 0]),
    (["bodies", 1, "pos"], [1, 2, 3]),
    (["bodies", 1, "R"], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]),
    (["bodies", 1, "geoms", 0, "pos"], [1, 2, 3]),
    (["bodies", 0, "geoms", 0, "name"], "r"),
    (["bodies", 0, "geoms", 0, "pos"], [1, 0, -4]),
    (["bodies", 0, "geoms", 0, "R"], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]),
]
EOF
check absolute

# --- postlink and missing links. "early" links two bodies defined after it.
# "inner" (in late1, only link1 = late2): link2 is the enclosing body late1.
# "lonely" (in late2, no links): link1 is late2, link2 the static world; its
# anchor (1,0,0) is in its parent's frame (late2 at (2,0,0)): (3,0,0).
# Axes are normalised: (0,0,2) -> (0,0,1).
cat >"$T/postlink.xode" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23"><world><space>
  <joint name="early"><link1 body="late1"/><link2 body="late2"/>
    <hinge><anchor x="0" y="0" z="0"/><axis x="0" y="0" z="2" LowStop="-1" HiStop="1.5"/></hinge></joint>
  <body name="late1"><transform><position x="1" y="0" z="0"/></transform>
    <joint name="inner"><link1 body="late2"/><ball/></joint>
  </body>
  <body name="late2"><transform><position x="2" y="0" z="0"/></transform>
    <joint name="lonely"><ball><anchor x="1" y="0" z="0"/></ball></joint>
  </body>
</space></world></xode>
EOF
cat >"$T/postlink.py" <<'EOF'
expect = [
    (["joints", 0, "name"], "early"),
    (["joints", 0, "body1"], "late1"), (["joints", 0, "body1_index"], 0),
    (["joints", 0, "body2"], "late2"), (["joints", 0, "body2_index"], 1),
    (["joints", 0, "anchor"], [0, 0, 0]),
    (["joints", 0, "axes", 0, "dir"], [0, 0, 1]),
    (["joints", 0, "axes", 0, "LowStop"], -1), (["joints", 0, "axes", 0, "HiStop"], 1.5),
    (["joints", 1, "body1"], "late2"), (["joints", 1, "body2"], "late1"),
    (["joints", 1, "anchor"], None),
    (["joints", 2, "body1"], "late2"), (["joints", 2, "body2"], None),
    (["joints", 2, "body2_index"], -1),
    (["joints", 2, "anchor"], [3, 0, 0]),
]
EOF
check postlink

# --- anchors and axes are in the frame of the joint's parent element; an
# absolute anchor is in world coordinates. The group is at (0,0,5) turned
# Rz(90): anchor (1,0,0) -> (0,1,5); absolute -> (1,0,0); axis x -> (0,1,0) both times.
cat >"$T/anchors.xode" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23"><world><space>
  <body name="m1"/><body name="m2"/>
  <group>
    <transform><position x="0" y="0" z="5"/><rotation><euler x="0" y="0" z="90" aformat="degrees"/></rotation></transform>
    <joint name="rel"><link1 body="m1"/><link2 body="m2"/><hinge><anchor x="1" y="0" z="0"/><axis x="1" y="0" z="0"/></hinge></joint>
    <joint name="abs"><link1 body="m1"/><link2 body="m2"/><hinge><anchor x="1" y="0" z="0" absolute="true"/><axis x="1" y="0" z="0"/></hinge></joint>
  </group>
</space></world></xode>
EOF
cat >"$T/anchors.py" <<'EOF'
expect = [
    (["joints", 0, "anchor"], [0, 1, 5]),
    (["joints", 0, "axes", 0, "dir"], [0, 1, 0]),
    (["joints", 1, "anchor"], [1, 0, 0]),
    (["joints", 1, "axes", 0, "dir"], [0, 1, 0]),
]
EOF
check anchors

# --- scale resizes what a node holds, never moves the node itself.
# "big": scale 2 at (1,0,0): the body stays at (1,0,0); its geom at local
# (1,0,0) radius 1 lands at (3,0,0) with radius 2; its mass sphere (density 1)
# gets radius 2: m = 4/3 pi 2^3 = 32 pi / 3, I = 2/5 m r^2 = 2/5 m 4.
# "stretched": a group scaled (1,2,3) holds a box at (1,1,1) turned Rz(90):
# world matrix diag(1,2,3) Rz90 = [[0,-1,0],[2,0,0],[0,0,3]], columns (0,2,0),
# (-1,0,0), (0,0,3): R = Rz90, scale along the box's own axes (2,1,3);
# pos = (1,2,3); the box 1 x 1 x 1 becomes 2 x 1 x 3.
cat >"$T/scale.xode" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23"><world><space>
  <body name="big">
    <transform scale="2"><position x="1" y="0" z="0"/></transform>
    <mass><mass_shape density="1"><sphere radius="1"/></mass_shape></mass>
    <geom name="ball"><transform><position x="1" y="0" z="0"/></transform><sphere radius="1"/></geom>
  </body>
  <group>
    <transform><scale x="1" y="2" z="3"/></transform>
    <geom name="stretched">
      <transform><position x="1" y="1" z="1"/><rotation><euler x="0" y="0" z="90" aformat="degrees"/></rotation></transform>
      <box sizex="1" sizey="1" sizez="1"/>
    </geom>
  </group>
</space></world></xode>
EOF
cat >"$T/scale.py" <<'EOF'
m = 32 * math.pi / 3
i = 0.4 * m * 4
expect = [
    (["bodies", 0, "pos"], [1, 0, 0]),
    (["bodies", 0, "mass"], m),
    (["bodies", 0, "inertia"], [[i, 0, 0], [0, i, 0], [0, 0, i]]),
    (["bodies", 0, "geoms", 0, "pos"], [3, 0, 0]),
    (["bodies", 0, "geoms", 0, "radius"], 2),
    (["geoms", 0, "pos"], [1, 2, 3]),
    (["geoms", 0, "R"], [[0, -1, 0], [1, 0, 0], [0, 0, 1]]),
    (["geoms", 0, "sizex"], 2), (["geoms", 0, "sizey"], 1), (["geoms", 0, "sizez"], 3),
]
EOF
check scale

# --- masses as ODE computes them. "heavy": a 1 x 2 x 3 box of density 2
# (m 12, I = 12/12 (4+9, 1+9, 1+4) = (13,10,5)) moved to z=1, plus a nested
# sphere of total 4, radius 0.5 (I = 2/5 4 0.25 = 0.4) at z=-2: m = 16,
# com z = (12 - 8) / 16 = 0.25; about it the box adds 12 0.75^2 = 6.75 and the
# sphere 4 2.25^2 = 20.25 to xx and yy: (40.4, 37.4, 5.4).
# "adjusted": a unit sphere of density 1 adjusted to total 2: I = 0.8.
# "struct": a mass_struct taken as written, at the body's place.
# "rod": a cylinder r 1, l 2, density 1 (m 2 pi; I 2pi(1/4 + 4/12) = 7 pi/6 across,
# pi along) turned Rx(90): its axis lies along y: (7pi/6, pi, 7pi/6).
# "turned": the box of "heavy" on a body turned Rz(90): world inertia (10,13,5).
cat >"$T/mass.xode" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<xode version="1.0r23"><world><space>
  <body name="heavy">
    <mass>
      <mass_shape density="2"><box sizex="1" sizey="2" sizez="3"/></mass_shape>
      <transform><position x="0" y="0" z="1"/></transform>
      <mass><mass_shape total="4"><sphere radius="0.5"/></mass_shape><transform><position x="0" y="0" z="-2"/></transform></mass>
    </mass>
  </body>
  <body name="adjusted"><transform><position x="0" y="5" z="0"/></transform>
    <mass><mass_shape density="1"><sphere radius="1"/></mass_shape><adjust total="2"/></mass>
  </body>
  <body name="struct"><transform><position x="0" y="0" z="-3"/></transform>
    <mass><mass_struct total="2"><centerGravity x="0" y="0" z="0"/>
      <imatrix m00="1" m01="0" m02="0" m10="0" m11="2" m12="0" m20="0" m21="0" m22="3"/></mass_struct></mass>
  </body>
  <body name="rod">
    <mass><mass_shape density="1"><cylinder radius="1" length="2"/></mass_shape>
      <transform><rotation><euler x="90" y="0" z="0" aformat="degrees"/></rotation></transform></mass>
  </body>
  <body name="turned"><transform><rotation><euler x="0" y="0" z="90" aformat="degrees"/></rotation></transform>
    <mass><mass_shape density="2"><box sizex="1" sizey="2" sizez="3"/></mass_shape></mass>
  </body>
</space></world></xode>
EOF
cat >"$T/mass.py" <<'EOF'
p = math.pi
def diag(a, b, c):
    return [[a, 0, 0], [0, b, 0], [0, 0, c]]
expect = [
    (["bodies", 0, "mass"], 16), (["bodies", 0, "com"], [0, 0, 0.25]),
    (["bodies", 0, "inertia"], diag(40.4, 37.4, 5.4)),
    (["bodies", 1, "mass"], 2), (["bodies", 1, "com"], [0, 5, 0]),
    (["bodies", 1, "inertia"], diag(0.8, 0.8, 0.8)),
    (["bodies", 2, "mass"], 2), (["bodies", 2, "com"], [0, 0, -3]),
    (["bodies", 2, "inertia"], diag(1, 2, 3)),
    (["bodies", 3, "mass"], 2 * p),
    (["bodies", 3, "inertia"], diag(7 * p / 6, p, 7 * p / 6)),
    (["bodies", 4, "mass"], 12), (["bodies", 4, "inertia"], diag(10, 13, 5)),
    (["total_mass"], 16 + 2 + 2 + 2 * p + 12),
    (["warnings"], []),
]
EOF
check mass

# --- docs/commands/body.md's example (docs/arm.xode): base at (1,0,0) turned Rz(90);
# the forearm 1 along the base's x (world y): (1,1,0); its hand 0.5 further
# along the same axis: (1,1.5,0); the elbow's anchor (0,0,0) in the forearm's
# frame: (1,1,0). Box 1 x 2 x 3 of density 2 turned Rz(90): world inertia
# (10,13,5); sphere total 3, r 0.5: I = 2/5 3 0.25 = 0.3. The export is the
# file itself, byte for byte.
cp "$ROOT/docs/arm.xode" "$T/readme.xode"
cat >"$T/readme.py" <<'EOF2'
expect = [
    (["bodies", 0, "R"], [[0, -1, 0], [1, 0, 0], [0, 0, 1]]),
    (["bodies", 0, "mass"], 12), (["bodies", 0, "inertia"], [[10, 0, 0], [0, 13, 0], [0, 0, 5]]),
    (["bodies", 1, "pos"], [1, 1, 0]), (["bodies", 1, "parent"], 0),
    (["bodies", 1, "inertia"], [[0.3, 0, 0], [0, 0.3, 0], [0, 0, 0.3]]),
    (["bodies", 1, "geoms", 0, "pos"], [1, 1.5, 0]),
    (["joints", 0, "body1"], "base"), (["joints", 0, "body2"], "forearm"),
    (["joints", 0, "anchor"], [1, 1, 0]),
    (["total_mass"], 15),
]
EOF2
check readme
cmp -s "$T/readme.out.xode" "$ROOT/docs/arm.xode" || die "docs/commands/body.md's example does not export byte for byte"
exit 0
