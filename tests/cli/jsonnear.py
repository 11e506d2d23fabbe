"""jsonnear.py — compare a JSON document with hand-computed expectations.

Usage: python3 jsonnear.py FILE.json EXPECT.py
EXPECT.py sets `expect` to a list of (path, value) pairs: path is a list of
keys and indices into the document; value is a number, a string, None, a
bool, or a (nested) list of those. Numbers must agree within 1e-9; anything
else exactly. Every mismatch is printed; the exit status is 1 if any.
"""
import json
import math
import sys

TOL = 1e-9


def near(got, want, where, errors):
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        if not isinstance(got, (int, float)) or isinstance(got, bool) or not math.isfinite(got) \
                or abs(got - want) > TOL:
            errors.append("%s: got %r, expected %r" % (where, got, want))
    elif isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            errors.append("%s: got %r, expected %r" % (where, got, want))
            return
        for i, (g, w) in enumerate(zip(got, want)):
            near(g, w, "%s[%d]" % (where, i), errors)
    elif got != want:
        errors.append("%s: got %r, expected %r" % (where, got, want))


def main():
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    scope = {"math": math}
    with open(sys.argv[2]) as f:
        exec(f.read(), scope)
    errors = []
    for path, want in scope["expect"]:
        node, where = doc, ""
        try:
            for k in path:
                node = node[k]
                where += "[%r]" % (k,)
        except (KeyError, IndexError, TypeError):
            errors.append("%s: no such item" % (path,))
            continue
        near(node, want, where, errors)
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
