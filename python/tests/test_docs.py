"""docs/python.md's worked example runs, and writes what it says."""
import csv
import os
import re
import subprocess
import sys

import pytest

from conftest import BUILD, ROOT


def _blocks():
    with open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8") as f:
        return re.findall(r"```python\n(.*?)```", f.read(), re.S)


def _run(tmp_path, code):
    """Run one block in tmp_path, where the source tree's build/, genomes/
    and worlds/ are (the examples' paths)."""
    (tmp_path / "example.py").write_text(code)
    for d, target in (("build", BUILD), ("genomes", os.path.join(ROOT, "genomes")),
                      ("worlds", os.path.join(ROOT, "worlds"))):
        if not os.path.lexists(tmp_path / d):
            os.symlink(target, tmp_path / d)
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"), MPLBACKEND="Agg")
    p = subprocess.run([sys.executable, "example.py"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    return p


def test_every_short_example_runs(tmp_path):
    short = [b for b in _blocks() if "sweep.csv" not in b]
    assert short  # the live-arrays example
    for code in short:
        _run(tmp_path, code)


def test_worked_example(tmp_path):
    pytest.importorskip("matplotlib")
    pytest.importorskip("pandas")
    worked = [b for b in _blocks() if "sweep.csv" in b]
    assert len(worked) == 1
    p = _run(tmp_path, worked[0])
    assert "of 100" in p.stdout
    for png in ("chemistry.png", "dendrites.png"):
        assert (tmp_path / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with open(tmp_path / "sweep.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 100 and all(r["seed"] == "7" for r in rows)
    assert "garden: tick 6000" in p.stdout
