"""docs/python.md's worked example runs, and writes what it says."""
import csv
import os
import re
import subprocess
import sys

import pytest

from conftest import BUILD, ROOT


def test_worked_example(tmp_path):
    pytest.importorskip("matplotlib")
    pytest.importorskip("pandas")
    with open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8") as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    assert len(blocks) == 1
    (tmp_path / "example.py").write_text(blocks[0])
    # the example's paths are the source tree's: build/, genomes/, worlds/
    os.symlink(BUILD, tmp_path / "build")
    os.symlink(os.path.join(ROOT, "genomes"), tmp_path / "genomes")
    os.symlink(os.path.join(ROOT, "worlds"), tmp_path / "worlds")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"), MPLBACKEND="Agg")
    p = subprocess.run([sys.executable, "example.py"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    assert "of 100" in p.stdout
    for png in ("chemistry.png", "dendrites.png"):
        assert (tmp_path / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with open(tmp_path / "sweep.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 100 and all(r["seed"] == "7" for r in rows)
    assert "garden: tick 6000" in p.stdout
