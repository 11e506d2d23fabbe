"""Without NumPy and pandas the package still works: bytes, lists, dicts."""
import os
import subprocess
import sys

from conftest import ROOT, STARTER

SCRIPT = r"""
import sys
sys.modules["numpy"] = None   # an import of either now fails
sys.modules["pandas"] = None
import c2rt
c = c2rt.Creature(sys.argv[1], seed=3)
c.step(500)
chem = c.chemicals
assert isinstance(chem, bytes) and len(chem) == 256, type(chem)
assert isinstance(c.drives, bytes) and len(c.drives) == 17
assert isinstance(c.lobes["decision"].outputs, bytes)
d = c.dendrites("decision", 0)
assert isinstance(d, list) and len(d[0]) == 8
rows = c.trace(100, every=50)
assert isinstance(rows, list) and rows[-1]["tick"] == 600, rows[-1]
assert rows[-1]["chem:ATP"] == c.chemicals[c2rt.chemical("ATP")]
print("ok")
"""


def test_without_numpy_and_pandas():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    p = subprocess.run([sys.executable, "-c", SCRIPT, STARTER], env=env, capture_output=True,
                       text=True)
    assert p.returncode == 0 and p.stdout == "ok\n", p.stderr
