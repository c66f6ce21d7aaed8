#!/usr/bin/env python3
"""SVG drawing with resvg (resvg_py), the reference for ivsim-bench's "svg to PNG" rows
(docs/PERFORMANCE.md §SVG). For each file of Benchmarks/svg, times turning the SVG's bytes into
PNG bytes at 3x — resvg_py's only output is a PNG, so its PNG encoding is part of what is timed,
as it is in the ivsim row compared with it — with bench.py's method (one untimed warm-up, then at
least 3 runs and until ~0.35 s of timed work, 3 rounds pooled; the median), and writes
svg-results.json into $ANCHORS_DATA (or --data DIR) in bench.py's results.json row format.

    python3 Benchmarks/resvg_svg.py [--data DIR]

Run from the repository's root. Needs resvg_py (pip install resvg_py==0.5.0), and numpy and
Pillow (for pillow_jpeg.py's timing function).
"""
import json, os, sys, tempfile
from importlib.metadata import version

import resvg_py

from pillow_jpeg import measure  # bench.py's timing method, shared

FOLDER = "Benchmarks/svg"
SCALE = 3


def resvg_size(text):
    """The SVG's size in user units, as resvg reads it (its PNG at zoom 1)."""
    png = bytes(resvg_py.svg_to_bytes(svg_string=text, zoom=1, skip_system_fonts=True))
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def main():
    data = os.environ.get("ANCHORS_DATA", os.path.join(tempfile.gettempdir(), "anchors-data"))
    if "--data" in sys.argv:
        data = sys.argv[sys.argv.index("--data") + 1]
    os.makedirs(data, exist_ok=True)
    library = f"resvg_py {version('resvg_py')}"
    rows = []
    for file in sorted(f for f in os.listdir(FOLDER) if f.endswith(".svg")):
        name = file[:-4]
        text = open(os.path.join(FOLDER, file), encoding="utf-8").read()

        def draw(text=text):
            resvg_py.svg_to_bytes(svg_string=text, zoom=SCALE, skip_system_fonts=True)
        # For scale, the same size with nothing drawn: what resvg_py's PNG encoding of a
        # transparent canvas that size costs (a content-free lower bound of its encoding).
        width, height = (float(v) for v in resvg_size(text))
        empty = f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"/>'
        for op, svg in [(f"SVG to PNG '{name}' at {SCALE}x", text), (f"empty canvas of '{name}' to PNG at {SCALE}x", empty)]:
            median = measure(lambda svg=svg: draw(svg))
            rows.append({"op": op, "lib": library, "median_ms": median * 1e3, "bytes": len(svg.encode())})
            print(f"{library}: {op}: median {median * 1e3:.3f} ms")
    with open(os.path.join(data, "svg-results.json"), "w") as f:
        json.dump({"rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
