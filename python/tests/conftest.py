"""Shared fixtures: the tool and the genomes the tests compare against.

make test-python sets C2RT_TOOL, C2RT_BUILD and C2RT_LIBRARY; run by hand
from the source tree, the defaults are the tree's build/."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
BUILD = os.environ.get("C2RT_BUILD", os.path.join(ROOT, "build"))
TOOL = os.environ.get("C2RT_TOOL", os.path.join(BUILD, "c2rt"))
STARTER = os.path.join(BUILD, "genomes", "starter.gen")
# Real C2 data is read at run time, never committed: ../shared or
# $C2RT_SHARED, as tests/run.sh finds it. Without it the norn's tests skip,
# except under CI (the CI variable set): a CI run must not pass by skipping.
SHARED = os.environ.get("C2RT_SHARED", os.path.join(ROOT, "..", "shared"))
NORN = os.path.join(SHARED, "genomes", "c2-norn.gen")
HAVE_NORN = os.path.exists(NORN) or bool(os.environ.get("CI"))
EVENTS = os.path.join(ROOT, "genomes", "starter.events")

GENOMES = [pytest.param(STARTER, id="starter"),
           pytest.param(NORN, id="c2-norn",
                        marks=pytest.mark.skipif(not HAVE_NORN, reason="no " + NORN))]


def run_tool(*args, check=True):
    """Run build/c2rt; its stdout (text)."""
    p = subprocess.run([TOOL, *map(str, args)], capture_output=True, text=True)
    if check and p.returncode != 0:
        raise AssertionError("c2rt %s: exit %d: %s" % (" ".join(map(str, args)), p.returncode,
                                                       p.stderr))
    return p.stdout


def cli_hashes(text):
    """`c2rt run --hash-every` lines → [(tick, hash)]."""
    out = []
    for line in text.splitlines():
        t, h = line.split()
        out.append((int(t), int(h, 16)))
    return out


@pytest.fixture(params=GENOMES)
def genome_path(request):
    return request.param
