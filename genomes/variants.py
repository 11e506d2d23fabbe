#!/usr/bin/env python3
"""variants.py — derive the variant genomes from genomes/starter.txt.

Each variant is the starter with a few targeted edits (listed below), so a
change to the starter reaches the variants by running this script again:

    python3 genomes/variants.py            rewrite genomes/<variant>.txt
    python3 genomes/variants.py --check    exit 1 if a file is out of date
                                           (tests/cli/starter_variants.sh)

An edit whose text is no longer found in the starter is an error: update
the edit here rather than let a variant silently drift.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def header(name, lines):
    """Replace the starter's first comment line with the variant's story."""
    return ("# starter.txt — c2rt's own starter creature, written from first principles.\n",
            "# %s.txt — a variant of starter.txt, derived by genomes/variants.py\n" % name
            + "".join("# %s\n" % l if l else "#\n" for l in lines)
            + "#\n# The rest is the starter's text (its comments describe the starter).\n#\n"
            + "# starter.txt — c2rt's own starter creature, written from first principles.\n")


INSULIN_GENES = """# floating locus 0 = glucose above 128
gene receptor
    organ creature
    tissue 1
    locus 0                        # floating locus 0
    chemical Glucose
    threshold 128
    gain 255

gene emitter
    organ creature
    tissue 1
    locus 0                        # floating locus 0
    chemical Insulin Shots
    sample_rate 1
    gain 128

"""

VARIANTS = {
    # No insulin: the pancreas' insulin receptor and emitter are gone.
    "diabetic": [
        header("diabetic", [
            "A creature without insulin. The pancreas's insulin receptor and",
            "emitter (Chapter 5) are deleted, nothing else changes: after a meal",
            "blood sugar runs high and cannot be stored as glycogen, so the store",
            "it was born with is all it has for lean times, hunger never quite",
            "goes away, and sugar above 200 slowly wears its kidney down",
            "(lf:organ8). Injecting insulin (events: inject Insulin_Shots 40)",
            "stands in for the missing gene.",
        ]),
        (INSULIN_GENES,
         "# (diabetic.txt: the insulin receptor and emitter that stood here are\n"
         "# deleted; glucagon below still works.)\n\n"),
    ],
    # A short life: Ageing decays 8 times faster (half-life byte 128 -> 104).
    "mayfly": [
        header("mayfly", [
            "A short-lived creature for quick experiments and fast tests: the",
            "Ageing half-life byte (Chapter 9) is 104 instead of 128, so Ageing",
            "decays every 64 biochem ticks (12.8 s) instead of 512 (102.4 s) and",
            "every stage comes 8 times sooner: child at 51 s, adolescent 1.9 min,",
            "youth 3.2 min, adult 4.7 min, old 10.7 min, senile 12.8 min, death",
            "of old age at 14.9 min (896 s). Nothing else changes.",
        ]),
        ("    halflife Ageing 128\n", "    halflife Ageing 104\n"),
    ],
}


def derive(starter, edits):
    text = starter
    for old, new in edits:
        if text.count(old) != 1:
            raise SystemExit("variants.py: edit not found exactly once in starter.txt:\n" + old)
        text = text.replace(old, new)
    return text


def main():
    check = "--check" in sys.argv[1:]
    with open(os.path.join(HERE, "starter.txt"), encoding="utf-8") as f:
        starter = f.read()
    stale = []
    for name, edits in VARIANTS.items():
        path = os.path.join(HERE, name + ".txt")
        want = derive(starter, edits)
        have = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                have = f.read()
        if have == want:
            continue
        if check:
            stale.append(path)
        else:
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(want)
            os.replace(tmp, path)
            print("wrote", path)
    if stale:
        print("out of date (run python3 genomes/variants.py):", " ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
