"""xode_models.py — check `c2rt body --format json` of a simple XODE model
against a second, independent reading of the document in Python.

Usage: python3 xode_models.py FILE.xode FILE.json

It reads what the PyBrain models use (bodies in a space placed by position and
euler angles, mass shapes given by density, geoms without transforms, joints
with links, anchors and axes) and recomputes, with its own formulas: each
body's position, rotation (R = Rz Ry Rx), mass (ODE's formulas), geoms and
sizes; each joint's type, bodies, anchor and normalised axes; the counts.
Anything else in the document makes it stop with an error, so it never checks
less than it says. Numbers must agree within 1e-9.
"""
import json
import math
import sys
import xml.etree.ElementTree as ET

TOL = 1e-9
errors = []


def near(a, b, where):
    if isinstance(b, (list, tuple)):
        if len(a) != len(b):
            errors.append("%s: %r != %r" % (where, a, b))
            return
        for i, (x, y) in enumerate(zip(a, b)):
            near(x, y, "%s[%d]" % (where, i))
    elif abs(a - b) > TOL * max(1.0, abs(b)):
        errors.append("%s: got %r, expected %r" % (where, a, b))


def f(e, k):
    return float(e.get(k))


def matmul(p, q):
    return [[sum(p[r][k] * q[k][c] for k in range(3)) for c in range(3)] for r in range(3)]


def euler(e):
    k = math.pi / 180 if e.get("aformat") == "degrees" else 1.0
    x, y, z = f(e, "x") * k, f(e, "y") * k, f(e, "z") * k
    rx = [[1, 0, 0], [0, math.cos(x), -math.sin(x)], [0, math.sin(x), math.cos(x)]]
    ry = [[math.cos(y), 0, math.sin(y)], [0, 1, 0], [-math.sin(y), 0, math.cos(y)]]
    rz = [[math.cos(z), -math.sin(z), 0], [math.sin(z), math.cos(z), 0], [0, 0, 1]]
    return matmul(rz, matmul(ry, rx))


def shape_mass(s, rho):
    if s.tag == "box":
        return rho * f(s, "sizex") * f(s, "sizey") * f(s, "sizez")
    if s.tag == "sphere":
        return rho * 4.0 / 3.0 * math.pi * f(s, "radius") ** 3
    r, l = f(s, "radius"), f(s, "length")
    m = rho * math.pi * r * r * l
    if s.tag == "cappedCylinder":
        m += rho * 4.0 / 3.0 * math.pi * r ** 3
    return m


def sizes(s):
    keys = {"box": ["sizex", "sizey", "sizez"], "sphere": ["radius"],
            "cappedCylinder": ["radius", "length"], "cylinder": ["radius", "length"],
            "plane": ["a", "b", "c", "d"], "ray": ["length"]}[s.tag]
    return {k: f(s, k) for k in keys}


def main():
    root = ET.parse(sys.argv[1]).getroot()
    with open(sys.argv[2]) as fh:
        doc = json.load(fh)
    spaces = [sp for w in root.findall("world") for sp in w.findall("space")]
    bodies = [b for sp in spaces for b in sp.findall("body")]
    joints = [j for sp in spaces for j in sp.findall("joint")]
    static = [g for sp in spaces for g in sp.findall("geom")]
    if len(bodies) != sum(1 for _ in root.iter("body")) or \
            len(joints) != sum(1 for _ in root.iter("joint")):
        sys.exit("%s: bodies or joints outside a space: not a simple model" % sys.argv[1])
    if len(doc["bodies"]) != len(bodies) or len(doc["joints"]) != len(joints) or \
            len(doc["geoms"]) != len(static):
        errors.append("counts: %d/%d/%d bodies/joints/static geoms, expected %d/%d/%d" % (
            len(doc["bodies"]), len(doc["joints"]), len(doc["geoms"]),
            len(bodies), len(joints), len(static)))
    total = 0.0
    for i, (b, jb) in enumerate(zip(bodies, doc["bodies"])):
        where = "body %s" % b.get("name")
        pos, R = [0.0, 0.0, 0.0], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        t = b.find("transform")
        if t is not None:
            if set(c.tag for c in t) - {"position", "rotation"} or t.attrib:
                sys.exit("%s: a transform this check does not read" % where)
            p = t.find("position")
            if p is not None:
                pos = [f(p, "x"), f(p, "y"), f(p, "z")]
            r = t.find("rotation")
            if r is not None:
                if len(r) != 1 or r[0].tag != "euler":
                    sys.exit("%s: a rotation this check does not read" % where)
                R = euler(r[0])
        if jb["name"] != b.get("name"):
            errors.append("%s: JSON has %r" % (where, jb["name"]))
        near(jb["pos"], pos, where + " pos")
        near(jb["R"], R, where + " R")
        m = b.find("mass")
        if m is None or len(m) != 1 or m[0].tag != "mass_shape" or len(m[0]) != 1 or \
                m[0].get("density") is None:
            sys.exit("%s: a mass this check does not read" % where)
        mass = shape_mass(m[0][0], f(m[0], "density"))
        total += mass
        near(jb["mass"], mass, where + " mass")
        geoms = b.findall("geom")
        if len(jb["geoms"]) != len(geoms):
            errors.append("%s: %d geoms, expected %d" % (where, len(jb["geoms"]), len(geoms)))
        for g, jg in zip(geoms, jb["geoms"]):
            if g.find("transform") is not None or len(g) != 1:
                sys.exit("%s: a geom this check does not read" % where)
            if jg["type"] != g[0].tag or jg["name"] != g.get("name"):
                errors.append("%s: geom %r %r, expected %r %r" % (
                    where, jg["name"], jg["type"], g.get("name"), g[0].tag))
            near(jg["pos"], pos, where + " geom pos")
            near(jg["R"], R, where + " geom R")
            for k, v in sizes(g[0]).items():
                near(jg[k], v, "%s geom %s" % (where, k))
    for g, jg in zip(static, doc["geoms"]):
        for k, v in sizes(g[0]).items():
            near(jg[k], v, "static geom %s %s" % (g.get("name"), k))
    near(doc["total_mass"], total, "total_mass")
    kinds = {"amotor", "ball", "fixed", "hinge", "hinge2", "slider", "universal"}
    for j, jj in zip(joints, doc["joints"]):
        where = "joint %s" % j.get("name")
        l1, l2 = j.find("link1"), j.find("link2")
        if l1 is None or l2 is None:
            sys.exit("%s: a joint without both links" % where)
        if jj["body1"] != l1.get("body") or jj["body2"] != l2.get("body"):
            errors.append("%s: links %r %r" % (where, jj["body1"], jj["body2"]))
        typ = [c for c in j if c.tag in kinds]
        if len(typ) != 1 or jj["type"] != typ[0].tag:
            errors.append("%s: type %r" % (where, jj["type"]))
            continue
        a = typ[0].find("anchor")
        if a is None:
            if jj["anchor"] is not None:
                errors.append("%s: an anchor nobody gave" % where)
        else:
            near(jj["anchor"], [f(a, "x"), f(a, "y"), f(a, "z")], where + " anchor")
        axes = typ[0].findall("axis")
        if len(jj["axes"]) != len(axes):
            errors.append("%s: %d axes" % (where, len(jj["axes"])))
            continue
        for ax, jax in zip(axes, jj["axes"]):
            v = [f(ax, "x"), f(ax, "y"), f(ax, "z")]
            n = math.sqrt(sum(x * x for x in v))
            near(jax["dir"], [x / n for x in v], where + " axis")
            for k, val in ax.attrib.items():
                if k not in ("x", "y", "z"):
                    near(jax[k], float(val), "%s axis %s" % (where, k))
    for e in errors:
        print("%s: %s" % (sys.argv[1], e))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
