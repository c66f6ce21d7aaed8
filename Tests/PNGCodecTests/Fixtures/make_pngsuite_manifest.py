#!/usr/bin/env python3
"""Writes pngsuite/manifest.txt: the RGBA8 every valid PngSuite file must decode to.

Decoding (inflate, unfiltering, Adam7, sample unpacking) is done by pypng, an independent
decoder; the conversion of its raw samples to RGBA8 follows the rules in docs/PNG.md:
  * samples below 8 bits: v * 255 // (2**depth - 1)   (exact)
  * 16-bit samples: (v * 255 + 32895) >> 16           (= round(v / 257))
  * tRNS: a key compares with the raw samples; palette alpha from tRNS, missing entries opaque
  * indices without a palette entry: opaque black
  * no gamma, sBIT or ICC
For 8-bit files without tRNS the result is also compared with Pillow's RGBA conversion.

Each line: <file> <width> <height> <CRC-32 of the RGBA bytes, 8 hex digits>
Run with a Python that has pypng (and optionally Pillow):  python3 make_pngsuite_manifest.py
"""
import os
import zlib

import png  # pypng

HERE = os.path.dirname(os.path.abspath(__file__))
SUITE = os.path.join(HERE, "pngsuite", "valid")


def reduce16(v):
    return (v * 255 + 32895) >> 16


def to_rgba(path):
    reader = png.Reader(filename=path)
    width, height, rows, info = reader.read()
    depth = info["bitdepth"]
    planes = info["planes"]
    rows = [list(r) for r in rows]
    out = bytearray()
    if "palette" in info and reader.color_type == 3:
        pal = [tuple(e) + ((255,) if len(e) == 3 else ()) for e in info["palette"]]
        for row in rows:
            for i in row:
                out += bytes(pal[i] if i < len(pal) else (0, 0, 0, 255))
        return width, height, bytes(out)
    key = info.get("transparent")
    scale = (lambda v: reduce16(v)) if depth == 16 else (lambda v: v * 255 // ((1 << depth) - 1))
    for row in rows:
        for x in range(width):
            px = row[x * planes:(x + 1) * planes]
            if planes == 1:
                g = scale(px[0])
                a = 0 if key is not None and px[0] == (key if isinstance(key, int) else key[0]) else 255
                out += bytes((g, g, g, a))
            elif planes == 2:
                g = scale(px[0])
                out += bytes((g, g, g, scale(px[1])))
            elif planes == 3:
                a = 0 if key is not None and tuple(px) == tuple(key) else 255
                out += bytes((scale(px[0]), scale(px[1]), scale(px[2]), a))
            else:
                out += bytes(scale(v) for v in px)
    return width, height, bytes(out)


def pillow_check(path, rgba):
    try:
        from PIL import Image
    except ImportError:
        return None
    im = Image.open(path)
    if im.info.get("transparency") is not None or im.mode in ("I", "I;16", "I;16B") or "16" in os.path.basename(path)[5:]:
        return None
    return im.convert("RGBA").tobytes() == rgba


def main():
    lines = []
    mismatches = []
    for name in sorted(os.listdir(SUITE)):
        if not name.endswith(".png"):
            continue
        path = os.path.join(SUITE, name)
        width, height, rgba = to_rgba(path)
        assert len(rgba) == width * height * 4
        lines.append(f"{name} {width} {height} {zlib.crc32(rgba) & 0xFFFFFFFF:08X}")
        if pillow_check(path, rgba) is False:
            mismatches.append(name)
    with open(os.path.join(HERE, "pngsuite", "manifest.txt"), "w") as f:
        f.write("# made by make_pngsuite_manifest.py (pypng %s)\n" % png.__version__)
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} files; Pillow disagrees on: {mismatches or 'none'}")


if __name__ == "__main__":
    main()
