#!/usr/bin/env python3
"""Writes zlib streams made by the system zlib (through Python's zlib module) for DeflateTests.

Run once; the outputs and manifest.txt are committed. Each line of manifest.txt:
    <file> <original length> <CRC-32 of the original, 8 hex digits>
The tests inflate every file and compare length and CRC-32, so the originals need not be stored.
"""
import os
import random
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "zlib")

WORDS = ("the image view draws its image scaled to fill bounds aspect fit center top left "
         "right bottom clips to bounds tint color template rendering mode resizable cap insets "
         "tile stretch orientation mirrored highlighted animation duration alignment rect").split()


def text(rng, n):
    out = []
    size = 0
    while size < n:
        w = rng.choice(WORDS)
        out.append(w)
        size += len(w) + 1
    return (" ".join(out)).encode()[:n]


def scanlines(rng, w, h):
    """PNG-like filtered rows of a smooth RGBA gradient with noise."""
    rows = bytearray()
    for y in range(h):
        rows.append(rng.choice([0, 1, 2, 4]))
        for x in range(w):
            v = (x * 3 + y * 2 + rng.randint(-2, 2)) & 0xFF
            rows += bytes((v, (v * 2) & 0xFF, 255 - v, 255))
    return bytes(rows)


def runs(rng, n):
    """Runs and short periods: exercises match distances 1..7 and maximal lengths."""
    out = bytearray()
    while len(out) < n:
        kind = rng.randrange(4)
        if kind == 0:
            out += bytes([rng.randrange(256)]) * rng.randrange(1, 600)
        elif kind == 1:
            period = bytes(rng.randrange(256) for _ in range(rng.randrange(2, 8)))
            out += period * rng.randrange(1, 100)
        elif kind == 2 and len(out) > 34000:
            start = len(out) - rng.randrange(30000, 32768)
            out += out[start:start + rng.randrange(3, 300)]
        else:
            out += bytes(rng.randrange(256) for _ in range(rng.randrange(1, 50)))
    return bytes(out[:n])


def main():
    rng = random.Random(20261121)
    inputs = {
        "empty": b"",
        "byte": b"A",
        "text": text(rng, 20000),
        "pixels": scanlines(rng, 64, 48),
        "random": bytes(rng.randrange(256) for _ in range(4000)),
        "runs": runs(rng, 50000),
    }
    os.makedirs(OUT, exist_ok=True)
    lines = []

    def emit(name, data, stream):
        fname = f"{name}.zz"
        with open(os.path.join(OUT, fname), "wb") as f:
            f.write(stream)
        assert zlib.decompress(stream) == data
        lines.append(f"{fname} {len(data)} {zlib.crc32(data) & 0xFFFFFFFF:08X}")

    for name, data in inputs.items():
        for level in range(10):
            emit(f"{name}-level{level}", data, zlib.compress(data, level))
    for name in ("text", "pixels", "runs"):
        data = inputs[name]
        for label, strategy in (("filtered", zlib.Z_FILTERED), ("huffman", zlib.Z_HUFFMAN_ONLY),
                                ("rle", zlib.Z_RLE), ("fixed", zlib.Z_FIXED)):
            co = zlib.compressobj(6, zlib.DEFLATED, 15, 8, strategy)
            emit(f"{name}-{label}", data, co.compress(data) + co.flush())
        for wbits in (9, 12):
            co = zlib.compressobj(9, zlib.DEFLATED, wbits, 9)
            emit(f"{name}-window{wbits}", data, co.compress(data) + co.flush())
        # Many small blocks: a full flush every 1000 bytes.
        co = zlib.compressobj(6)
        stream = b"".join(co.compress(data[i:i + 1000]) + co.flush(zlib.Z_FULL_FLUSH)
                          for i in range(0, len(data), 1000)) + co.flush()
        emit(f"{name}-flushes", data, stream)
    with open(os.path.join(HERE, "zlib", "manifest.txt"), "w") as f:
        f.write(f"# made by make_zlib_fixtures.py with zlib {zlib.ZLIB_RUNTIME_VERSION}\n")
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
