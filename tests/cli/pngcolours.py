"""pngcolours.py PNG [x0 y0 x1 y1] RRGGBB... — how many pixels of a PNG
(or of the box [x0, x1) x [y0, y1) of it) have each colour exactly, one
"RRGGBB N" line per colour asked, after a "W H" line: what the plot tests
look at (the series' and the marks' colours are drawn in full somewhere
on each line)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pngread import read_png  # noqa: E402


def main(argv):
    w, h, bpp, rows = read_png(argv[1])
    args = argv[2:]
    box = (0, 0, w, h)
    if len(args) >= 4 and all(a.lstrip("-").isdigit() for a in args[:4]):
        box = tuple(int(a) for a in args[:4])
        args = args[4:]
    want = {tuple(int(c[i:i + 2], 16) for i in (0, 2, 4)): c for c in args}
    count = {c: 0 for c in args}
    x0, y0, x1, y1 = box
    for y in range(max(0, y0), min(h, y1)):
        line = rows[y]
        for x in range(max(0, x0), min(w, x1)):
            px = (line[x * bpp], line[x * bpp + 1], line[x * bpp + 2])
            if px in want:
                count[want[px]] += 1
    print(w, h)
    for c in args:
        print(c, count[c])


if __name__ == "__main__":
    main(sys.argv)
