#!/usr/bin/env python3
"""Writes Apple "CgBI" (Xcode-crushed) PNGs and the straight RGBA they must decode to.

A CgBI file has a CgBI chunk before IHDR, IDAT holding raw DEFLATE (no zlib header or
Adler-32), and samples in B, G, R(, A) order with alpha premultiplied. The expected images apply
the un-premultiplication rule of docs/PNG.md:
    a == 0:   (0, 0, 0, 0)
    a == 255: unchanged
    else:     c = min(255, (p * 255 + a // 2) // a)
and are written as ordinary PNGs (zlib, filter 0) next to the CgBI files.
"""
import os
import struct
import zlib

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cgbi")


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filtered(rows, bpp):
    out = bytearray()
    prev = bytes(len(rows[0]))
    for y, row in enumerate(rows):
        ft = y % 5
        out.append(ft)
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][ft]
            out.append((x - pred) & 0xFF)
        prev = row
    return bytes(out)


def png(width, height, color_type, rows, cgbi):
    bpp = 4 if color_type == 6 else 3
    data = filtered(rows, bpp)
    if cgbi:
        co = zlib.compressobj(9, zlib.DEFLATED, -15)
        idat = co.compress(data) + co.flush()
    else:
        idat = zlib.compress(data, 9)
    out = b"\x89PNG\r\n\x1a\n"
    if cgbi:
        out += chunk(b"CgBI", bytes([0x50, 0x00, 0x20, 0x06]))
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))
    out += chunk(b"IDAT", idat)
    out += chunk(b"IEND", b"")
    return out


def main():
    os.makedirs(HERE, exist_ok=True)
    w, h = 23, 17
    stored_rows, expected_rows = [], []
    for y in range(h):
        stored, expected = bytearray(), bytearray()
        for x in range(w):
            r, g, b = (x * 11 + y * 3) % 256, (x * 5 + y * 13) % 256, (255 - x * 7 - y) % 256
            a = [0, 255, 1, 128, 200, 37][(x + y) % 6] if (x * y) % 7 else 255
            pr, pg, pb = (r * a + 127) // 255, (g * a + 127) // 255, (b * a + 127) // 255
            stored += bytes((pb, pg, pr, a))
            if a == 0:
                expected += bytes((0, 0, 0, 0))
            elif a == 255:
                expected += bytes((pr, pg, pb, a))
            else:
                expected += bytes(min(255, (v * 255 + a // 2) // a) for v in (pr, pg, pb)) + bytes((a,))
        stored_rows.append(bytes(stored))
        expected_rows.append(bytes(expected))
    with open(os.path.join(HERE, "cgbi-rgba.png"), "wb") as f:
        f.write(png(w, h, 6, stored_rows, True))
    with open(os.path.join(HERE, "cgbi-rgba.expected.png"), "wb") as f:
        f.write(png(w, h, 6, expected_rows, False))

    rgb_stored = [bytes(v for i in range(w) for v in (row[i * 4 + 2], row[i * 4 + 1], row[i * 4])) for row in expected_rows]
    rgb_expected = [bytes(v for i in range(w) for v in (row[i * 3 + 2], row[i * 3 + 1], row[i * 3])) for row in rgb_stored]
    with open(os.path.join(HERE, "cgbi-rgb.png"), "wb") as f:
        f.write(png(w, h, 2, rgb_stored, True))
    with open(os.path.join(HERE, "cgbi-rgb.expected.png"), "wb") as f:
        f.write(png(w, h, 2, rgb_expected, False))


if __name__ == "__main__":
    main()
