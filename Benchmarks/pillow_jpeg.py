#!/usr/bin/env python3
"""JPEG decoding with Pillow (libjpeg-turbo), the reference for ivsim-bench's "jpeg decode" rows
(docs/PERFORMANCE.md §JPEG). Writes into $ANCHORS_DATA (or --data DIR), deterministically:

    photo-12mp.jpg              4000×3000, quality 90, 4:2:0, baseline (Huffman tables optimised)
    photo-12mp-progressive.jpg  the same picture, progressive
    photo-12mp.rgb, photo-12mp-progressive.rgb   Pillow's decode of each (raw RGB8), to check ours
    jpeg-results.json           Pillow's medians, in bench.py's results.json row format

and times `Image.open(f).load()` from bytes in memory with bench.py's method (one untimed warm-up,
then at least 3 runs and until ~0.35 s of timed work, 3 rounds pooled; the median).

    python3 Benchmarks/pillow_jpeg.py [--data DIR]

Needs numpy and Pillow (the Benchmarks/anchors virtual environment has both).
"""
import io, json, os, statistics, sys, tempfile
from time import perf_counter

import numpy as np
from PIL import Image, features


def picture(width, height, seed=12):
    """Photo-like content: smooth colour fields, edges and fine grain."""
    rng = np.random.default_rng(seed)
    coarse = rng.random((height // 100 + 2, width // 100 + 2, 3)).astype(np.float32)
    img = Image.fromarray((coarse * 255).astype(np.uint8), "RGB").resize((width, height), Image.BICUBIC)
    a = np.asarray(img).astype(np.float32)
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    a += 40 * np.sin(x / 37.0)[..., None] * np.cos(y / 53.0)[..., None]
    a[(x // 250 + y // 250) % 2 == 0] *= 0.8
    a += rng.normal(0, 6, a.shape).astype(np.float32)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "RGB")


def measure(fn, rounds=3):
    times = []
    for _ in range(rounds):
        fn()
        run, total = [], 0.0
        while len(run) < 3 or (total < 0.35 and len(run) < 35):
            t = perf_counter()
            fn()
            dt = perf_counter() - t
            run.append(dt)
            total += dt
        times += run
    return statistics.median(times)


def main():
    data = os.environ.get("ANCHORS_DATA", os.path.join(tempfile.gettempdir(), "anchors-data"))
    if "--data" in sys.argv:
        data = sys.argv[sys.argv.index("--data") + 1]
    os.makedirs(data, exist_ok=True)
    source = picture(4000, 3000)
    rows = []
    library = f"Pillow {Image.__version__} (libjpeg-turbo {features.version('libjpeg_turbo')})"
    for name, progressive in [("photo-12mp", False), ("photo-12mp-progressive", True)]:
        out = io.BytesIO()
        source.save(out, "JPEG", quality=90, subsampling=2, optimize=True, progressive=progressive)
        blob = out.getvalue()
        with open(os.path.join(data, name + ".jpg"), "wb") as f:
            f.write(blob)
        decoded = Image.open(io.BytesIO(blob))
        decoded.load()
        with open(os.path.join(data, name + ".rgb"), "wb") as f:
            f.write(decoded.tobytes())

        def decode(blob=blob):
            Image.open(io.BytesIO(blob)).load()
        median = measure(decode)
        op = f"JPEG decode '{name}' 4000x3000 4:2:0 q90"
        rows.append({"op": op, "lib": library, "median_ms": median * 1e3, "bytes": len(blob)})
        print(f"{library}: {op}: median {median * 1e3:.1f} ms ({len(blob)} bytes)")
    with open(os.path.join(data, "jpeg-results.json"), "w") as f:
        json.dump({"rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
