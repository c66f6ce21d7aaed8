#!/usr/bin/env python3
"""Decoding the other bitmap formats with Pillow (libwebp, libtiff and Pillow's own GIF reader),
the reference for ivsim-bench's "format decode" rows (docs/PERFORMANCE.md §Image formats). Writes
into $ANCHORS_DATA (or --data DIR), deterministically, from pillow_jpeg.py's picture:

    photo-12mp-lossy.webp      4000×3000, quality 80 (libwebp's default effort)
    photo-3mp-lossless.webp    2000×1500, lossless, effort 4
    photo-3mp-lzw.tif          2000×1500 RGB, LZW with horizontal prediction
    photo-3mp.gif              2000×1500, 256 colours
    NAME.rgba                  Pillow's decode of each (raw RGBA8), to check ivsim's
    formats-results.json       Pillow's medians, in bench.py's results.json row format

and times `Image.open(f).load()` from bytes in memory with bench.py's method (pillow_jpeg.py's
`measure`).

    python3 Benchmarks/pillow_formats.py [--data DIR]

Needs numpy and Pillow (the Benchmarks/anchors virtual environment has both).
"""
import io, json, os, sys, tempfile

from PIL import Image, features

sys.path.insert(0, os.path.dirname(__file__))
from pillow_jpeg import measure, picture  # noqa: E402


def main():
    data = os.environ.get("ANCHORS_DATA", os.path.join(tempfile.gettempdir(), "anchors-data"))
    if "--data" in sys.argv:
        data = sys.argv[sys.argv.index("--data") + 1]
    os.makedirs(data, exist_ok=True)
    large = picture(4000, 3000)
    small = large.resize((2000, 1500), Image.BOX)
    cases = [
        ("photo-12mp-lossy.webp", large, "WEBP", {"quality": 80}, f"libwebp {features.version('webp')}"),
        ("photo-3mp-lossless.webp", small, "WEBP", {"lossless": True, "method": 4}, f"libwebp {features.version('webp')}"),
        ("photo-3mp-lzw.tif", small, "TIFF", {"compression": "tiff_lzw", "predictor": 2},
         f"libtiff {features.version('libtiff')}"),
        ("photo-3mp.gif", small.quantize(256), "GIF", {}, "Pillow's GIF reader"),
    ]
    rows = []
    for name, image, fmt, options, library in cases:
        out = io.BytesIO()
        image.save(out, fmt, **options)
        blob = out.getvalue()
        with open(os.path.join(data, name), "wb") as f:
            f.write(blob)
        decoded = Image.open(io.BytesIO(blob))
        decoded.load()
        with open(os.path.join(data, name + ".rgba"), "wb") as f:
            f.write(decoded.convert("RGBA").tobytes())

        def decode(blob=blob):
            Image.open(io.BytesIO(blob)).load()
        median = measure(decode)
        op = f"format decode '{name}' {image.width}x{image.height}"
        lib = f"Pillow {Image.__version__} ({library})"
        rows.append({"op": op, "lib": lib, "median_ms": median * 1e3, "bytes": len(blob)})
        print(f"{lib}: {op}: median {median * 1e3:.1f} ms ({len(blob)} bytes)")
    with open(os.path.join(data, "formats-results.json"), "w") as f:
        json.dump({"rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
