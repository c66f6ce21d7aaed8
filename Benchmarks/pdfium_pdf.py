#!/usr/bin/env python3
"""PDF drawing with PDFium (pypdfium2), the reference for ivsim-bench's "pdf draw" rows
(docs/PERFORMANCE.md §PDF). For each file of the repository's PDF corpus named below, times
reading the document and drawing its page at scale 8 into a transparent bitmap, from bytes in
memory, with bench.py's method (one untimed warm-up, then at least 3 runs and until ~0.35 s of
timed work, 3 rounds pooled; the median), and writes pdf-results.json into $ANCHORS_DATA (or
--data DIR) in bench.py's results.json row format.

    python3 Benchmarks/pdfium_pdf.py [--data DIR]

Run from the repository's root. Needs pypdfium2 (pip install pypdfium2), and numpy and Pillow
(for pillow_jpeg.py's timing function).
"""
import json, os, statistics, sys, tempfile
from time import perf_counter

import pypdfium2 as pdfium

from pillow_jpeg import measure  # bench.py's timing method, shared

FILES = ["43-design-export", "44-icon-heart", "45-icon-gear", "42-softmask-luminosity", "29-radial-shading"]
SCALE = 8


def main():
    data = os.environ.get("ANCHORS_DATA", os.path.join(tempfile.gettempdir(), "anchors-data"))
    if "--data" in sys.argv:
        data = sys.argv[sys.argv.index("--data") + 1]
    os.makedirs(data, exist_ok=True)
    info = pdfium.version.PDFIUM_INFO
    library = f"PDFium {info.build if hasattr(info, 'build') else info}"
    rows = []
    for name in FILES:
        blob = open(os.path.join("Tests/VectorTests/Fixtures/pdf", name + ".pdf"), "rb").read()

        def draw(blob=blob):
            document = pdfium.PdfDocument(blob)
            document[0].render(scale=SCALE, fill_color=(0, 0, 0, 0), may_draw_forms=False)
            document.close()
        median = measure(draw)
        op = f"PDF draw '{name}' at {SCALE}x"
        rows.append({"op": op, "lib": library, "median_ms": median * 1e3, "bytes": len(blob)})
        print(f"{library}: {op}: median {median * 1e3:.2f} ms")
    with open(os.path.join(data, "pdf-results.json"), "w") as f:
        json.dump({"rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
