#!/usr/bin/env python3
"""Writes the JPEG decoder fixture corpus into jpeg/ beside this script.

    /work/venv/bin/python Tests/JPEGCodecTests/Fixtures/generate_jpeg_fixtures.py

Every file is small and deterministic (no clocks, no unseeded randomness: the source images come
from an integer hash of (x, y, seed), the DCT of the own encoder is done in exact integer
arithmetic). For each file the decoder is expected to decode, NAME.ref.png holds the pixels that
Pillow's default decode (libjpeg-turbo: accurate integer IDCT, fancy upsampling, YCbCr->RGB) gives.
manifest.json describes every file. See README.md.

Three kinds of files are made:
  * by Pillow's encoder (libjpeg-turbo): baseline / progressive / restart / EXIF / ICC / CMYK;
  * by the small encoder in this file (T.81: SOF0/SOF1/SOF2/SOF3, DHT, DQT, DRI, RSTn, spectral
    selection, successive approximation with EOB runs and correction bits), for what Pillow cannot
    write: unusual sampling factors, non-interleaved scans, custom progressive scripts, 4 Huffman
    tables, 16-bit DQT, 12-bit, lossless, YCCK, ...;
  * by byte surgery on the above: truncated and corrupt files that must be refused.

Verification done on every run (the script stops with an error if any fails):
  * each file expected to decode is decoded by Pillow with Python warnings recorded (none allowed)
    and without LOAD_TRUNCATED_IMAGES (so a short scan raises);
  * if djpeg (libjpeg-turbo-progs) is installed, `djpeg -strict` must decode it too with no message
    on stderr (Pillow silently swallows libjpeg's own "Corrupt JPEG data" warnings; -strict makes
    them fatal);
  * the decode must resemble the source (mean absolute error below a bound);
  * every file of the own encoder is also encoded as a plain interleaved baseline file with the
    Annex K tables from exactly the same quantised coefficients, and the two must decode to
    identical pixels: this proves the progressive / refinement / EOB-run / restart / non-interleaved
    / custom-table code paths encode exactly the coefficients they were given.
"""
import os
# The references are libjpeg-turbo's C code path: its SIMD IDCT works in 16-bit lanes and
# saturates where the C code wraps, which only coefficients no encoder writes can tell apart
# (docs/JPEG.md). Set before Pillow loads libjpeg-turbo, which reads it once.
os.environ["JSIMD_FORCENONE"] = "1"
import hashlib
import io
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import warnings
import zlib

import numpy as np
from PIL import Image, ImageCms, ImageFile, features

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "jpeg")

ImageFile.LOAD_TRUNCATED_IMAGES = False

# --------------------------------------------------------------------------------------------
# Deterministic source images
# --------------------------------------------------------------------------------------------

M32 = np.uint64(0xFFFFFFFF)


def hash_noise(w, h, seed):
    """uint8 noise in [0, 255] from an integer hash of (x, y, seed)."""
    y, x = np.mgrid[0:h, 0:w].astype(np.uint64)
    v = (x * np.uint64(0x9E3779B1) + y * np.uint64(0x85EBCA77) + np.uint64(seed) * np.uint64(0xC2B2AE3D)) & M32
    v ^= v >> np.uint64(15)
    v = (v * np.uint64(0x2C1B3C6D)) & M32
    v ^= v >> np.uint64(12)
    v = (v * np.uint64(0x297A2D39)) & M32
    v ^= v >> np.uint64(15)
    return (v & np.uint64(0xFF)).astype(np.int64)


def seed_of(name):
    return zlib.crc32(name.encode()) & 0xFFFF


def source_rgb(w, h, seed, noise=6):
    """Gradients, a saturated square, a dark diagonal and a little noise: asymmetric on purpose, so
    that orientation, subsampling and edge handling show in the pixels."""
    y, x = np.mgrid[0:h, 0:w].astype(np.int64)
    fx = x * 255 // max(w - 1, 1)
    fy = y * 255 // max(h - 1, 1)
    r = fx.copy()
    g = fy.copy()
    b = 255 - (fx + fy) // 2
    sq = (x >= w // 4) & (x < w // 4 + max(w // 3, 1)) & (y >= h // 5) & (y < h // 5 + max(h // 3, 1))
    r[sq], g[sq], b[sq] = 230, 20, 200
    diag = np.abs(x * h - y * w) < max(w, h)
    r[diag] //= 4
    g[diag] //= 4
    b[diag] //= 4
    n = hash_noise(w, h, seed) % (2 * noise + 1) - noise
    rgb = np.stack([r + n, g - n, b + n // 2], axis=-1)
    return np.clip(rgb, 0, 255).astype(np.uint8)


def source_gray(w, h, seed, noise=6):
    rgb = source_rgb(w, h, seed, noise).astype(np.int64)
    return ((rgb[..., 0] * 77 + rgb[..., 1] * 150 + rgb[..., 2] * 29 + 128) >> 8).astype(np.uint8)


def source_flat(w, h, seed):
    """Nearly flat grey with two small features: most blocks quantise to DC only, giving long EOB runs."""
    y, x = np.mgrid[0:h, 0:w].astype(np.int64)
    img = np.full((h, w), 120, dtype=np.int64)
    img[(x // 8 == 3) & (y // 8 == 2)] = 200
    img[(x > w - 12) & (y > h - 10)] = 40 + (x[(x > w - 12) & (y > h - 10)] * 7) % 90
    return img.astype(np.uint8)


# --------------------------------------------------------------------------------------------
# JPEG basics (ITU-T T.81)
# --------------------------------------------------------------------------------------------

def _zigzag():
    order = []
    for s in range(15):
        rows = list(range(max(0, s - 7), min(s, 7) + 1))
        if s % 2 == 0:
            rows.reverse()
        for r in rows:
            order.append(r * 8 + (s - r))
    return order


ZIGZAG = _zigzag()  # ZIGZAG[k] = natural (row-major) index of zig-zag position k

# Annex K, Table K.1 and K.2 (natural order)
STD_LUMA_Q = [
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
    14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99]
STD_CHROMA_Q = [
    17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99,
    24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99] + [99] * 32

# Annex K, Tables K.3 - K.6 (the "typical" Huffman tables)
STD_DC_LUMA = ([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], list(range(12)))
STD_DC_CHROMA = ([0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], list(range(12)))
STD_AC_LUMA = ([0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D], [
    0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
    0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52, 0xD1, 0xF0,
    0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25, 0x26, 0x27, 0x28,
    0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
    0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
    0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
    0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7,
    0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5,
    0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2,
    0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
    0xF9, 0xFA])
STD_AC_CHROMA = ([0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77], [
    0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
    0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33, 0x52, 0xF0,
    0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16, 0x24, 0x34, 0xE1, 0x25, 0xF1, 0x17, 0x18, 0x19, 0x1A, 0x26,
    0x27, 0x28, 0x29, 0x2A, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48,
    0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
    0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
    0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5,
    0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3,
    0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA,
    0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
    0xF9, 0xFA])


def scaled_qtable(base, quality, maximum=255):
    """libjpeg's quality scaling (jcparam.c) applied to an Annex K table; natural order."""
    quality = max(1, min(100, quality))
    scale = 5000 // quality if quality < 50 else 200 - quality * 2
    return [max(1, min(maximum, (v * scale + 50) // 100)) for v in base]


def segment(marker, payload):
    assert len(payload) + 2 <= 0xFFFF
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def app0_jfif():
    return segment(0xE0, b"JFIF\x00" + bytes([1, 1, 0]) + struct.pack(">HH", 1, 1) + b"\x00\x00")


def app14_adobe(transform):
    return segment(0xEE, b"Adobe" + struct.pack(">HHHB", 100, 0, 0, transform))


def dqt_payload(tq, table_natural, precision16=False):
    if precision16:
        return bytes([0x10 | tq]) + b"".join(struct.pack(">H", table_natural[ZIGZAG[k]]) for k in range(64))
    assert max(table_natural) <= 255
    return bytes([tq]) + bytes(table_natural[ZIGZAG[k]] for k in range(64))


def dht_payload(tc, th, spec):
    bits, vals = spec
    assert sum(bits) == len(vals)
    return bytes([(tc << 4) | th]) + bytes(bits) + bytes(vals)


def huff_codes(spec):
    """Annex C: canonical codes {symbol: (code, length)} from BITS / HUFFVAL."""
    bits, vals = spec
    codes = {}
    code = 0
    i = 0
    for length in range(1, 17):
        for _ in range(bits[length - 1]):
            codes[vals[i]] = (code, length)
            code += 1
            i += 1
        assert code < (1 << length), "over-subscribed (or an all-ones code)"
        code <<= 1
    return codes


def optimal_table(freq):
    """Annex K.2 / libjpeg jpeg_gen_optimal_table: code lengths <= 16, no all-ones code.
    freq: dict symbol -> count (counts may be any positive integers)."""
    f = [0] * 257
    for s, c in freq.items():
        f[s] = c
    f[256] = 1  # reserved so that no real symbol gets the all-ones code
    codesize = [0] * 257
    others = [-1] * 257
    while True:
        c1, v = -1, None
        for i in range(257):
            if f[i] and (v is None or f[i] <= v):
                v, c1 = f[i], i
        c2, v = -1, None
        for i in range(257):
            if f[i] and i != c1 and (v is None or f[i] <= v):
                v, c2 = f[i], i
        if c2 < 0:
            break
        f[c1] += f[c2]
        f[c2] = 0
        codesize[c1] += 1
        while others[c1] >= 0:
            c1 = others[c1]
            codesize[c1] += 1
        others[c1] = c2
        codesize[c2] += 1
        while others[c2] >= 0:
            c2 = others[c2]
            codesize[c2] += 1
    bits = [0] * 33
    for i in range(257):
        if codesize[i]:
            bits[codesize[i]] += 1
    for i in range(32, 16, -1):
        while bits[i] > 0:
            j = i - 2
            while bits[j] == 0:
                j -= 1
            bits[i] -= 2
            bits[i - 1] += 1
            bits[j + 1] += 2
            bits[j] -= 1
    i = 16
    while bits[i] == 0:
        i -= 1
    bits[i] -= 1  # drop the reserved code
    vals = [s for length in range(1, 33) for s in range(256) if codesize[s] == length]
    return bits[1:17], vals


# --------------------------------------------------------------------------------------------
# The own encoder
# --------------------------------------------------------------------------------------------

_C = [math.sqrt(0.5)] + [1.0] * 7
DCT_A = np.array([[int(round(8192 * _C[u] * 0.5 * math.cos((2 * x + 1) * u * math.pi / 16)))
                   for x in range(8)] for u in range(8)], dtype=np.int64)


def rgb_to_ycbcr(rgb):
    r, g, b = (rgb[..., i].astype(np.int64) for i in range(3))
    y = (19595 * r + 38470 * g + 7471 * b + 32768) >> 16
    cb = (-11059 * r - 21709 * g + 32768 * b + (128 << 16) + 32767) >> 16
    cr = (32768 * r - 27439 * g - 5329 * b + (128 << 16) + 32767) >> 16
    return [np.clip(c, 0, 255) for c in (y, cb, cr)]


class Comp:
    def __init__(self, cid, h, v, tq, dc, ac):
        self.cid, self.h, self.v, self.tq, self.dc, self.ac = cid, h, v, tq, dc, ac


def forward_dct_quantise(plane, qnat, level_shift):
    """plane: (8*BY, 8*BX) int array -> (BY, BX, 64) quantised coefficients in zig-zag order.
    Exact integer arithmetic: F = A f A^T / 2^26, rounded to nearest (ties away from zero)."""
    by, bx = plane.shape[0] // 8, plane.shape[1] // 8
    blocks = (plane.astype(np.int64) - level_shift).reshape(by, 8, bx, 8).transpose(0, 2, 1, 3)
    f = DCT_A @ blocks @ DCT_A.T
    den = np.array(qnat, dtype=np.int64).reshape(8, 8) << 26
    q = np.sign(f) * ((np.abs(f) + den // 2) // den)
    return q.reshape(by, bx, 64)[:, :, ZIGZAG]


class Frame:
    """Quantised coefficients of an image, ready to be entropy coded in any scan structure."""

    def __init__(self, planes, sampling, qtables, tq, precision=8, ids=None, dc_tables=None, ac_tables=None):
        self.height, self.width = planes[0].shape
        self.precision = precision
        self.qtables = qtables  # {tq: natural-order list}
        n = len(planes)
        ids = ids or list(range(1, n + 1))
        dc_tables = dc_tables or [0] + [1] * (n - 1)
        ac_tables = ac_tables or [0] + [1] * (n - 1)
        self.comps = [Comp(ids[i], sampling[i][0], sampling[i][1], tq[i], dc_tables[i], ac_tables[i]) for i in range(n)]
        self.hmax = max(h for h, _ in sampling)
        self.vmax = max(v for _, v in sampling)
        self.mcux = -(-self.width // (8 * self.hmax))
        self.mcuy = -(-self.height // (8 * self.vmax))
        for c, plane in zip(self.comps, planes):
            fx, fy = self.hmax // c.h, self.vmax // c.v
            assert fx * c.h == self.hmax and fy * c.v == self.vmax, "own encoder needs integral ratios"
            ph, pw = self.mcuy * self.vmax * 8, self.mcux * self.hmax * 8
            p = np.pad(plane.astype(np.int64), ((0, ph - self.height), (0, pw - self.width)), mode="edge")
            p = p.reshape(ph // fy, fy, pw // fx, fx).sum(axis=(1, 3))
            p = (p + (fx * fy) // 2) // (fx * fy)
            c.coef = forward_dct_quantise(p, qtables[c.tq], 1 << (precision - 1))
            lim = (1 << (precision + 3)) - 1
            np.clip(c.coef, -lim, lim, out=c.coef)
            c.width = -(-self.width * c.h // self.hmax)  # ceil(X * h / Hmax), A.1.1
            c.height = -(-self.height * c.v // self.vmax)
            c.nbx = -(-c.width // 8)  # blocks of a non-interleaved scan
            c.nby = -(-c.height // 8)
            c.coef = [[[int(x) for x in blk] for blk in row] for row in c.coef]


class FreqSink:
    def __init__(self):
        self.freq = {}

    def sym(self, cls, tid, s):
        d = self.freq.setdefault((cls, tid), {})
        d[s] = d.get(s, 0) + 1

    def bits(self, value, n):
        pass

    def restart(self, i):
        pass

    def pad(self):
        pass


class BitSink:
    def __init__(self, codes, rst_fill=0):
        self.codes = codes  # {(cls, tid): {sym: (code, len)}}
        self.out = bytearray()
        self.acc = 0
        self.n = 0
        self.rst_fill = rst_fill

    def _put(self, value, n):
        self.acc = (self.acc << n) | (value & ((1 << n) - 1))
        self.n += n
        while self.n >= 8:
            byte = (self.acc >> (self.n - 8)) & 0xFF
            self.out.append(byte)
            if byte == 0xFF:
                self.out.append(0)  # byte stuffing
            self.n -= 8
            self.acc &= (1 << self.n) - 1

    def sym(self, cls, tid, s):
        code, length = self.codes[(cls, tid)][s]
        self._put(code, length)

    def bits(self, value, n):
        if n:
            self._put(value, n)

    def pad(self):
        if self.n % 8:
            k = 8 - self.n % 8
            self._put((1 << k) - 1, k)  # pad with 1-bits (F.1.2.3)

    def restart(self, i):
        self.pad()
        self.out += b"\xFF" * self.rst_fill + bytes([0xFF, 0xD0 + (i % 8)])


def value_bits(v):
    s = abs(v).bit_length()
    return s, (v if v >= 0 else v + (1 << s) - 1)


def scan_mcus(frame, cis):
    if len(cis) == 1:
        c = frame.comps[cis[0]]
        for by in range(c.nby):
            for bx in range(c.nbx):
                yield [(cis[0], by, bx)]
    else:
        for my in range(frame.mcuy):
            for mx in range(frame.mcux):
                mcu = []
                for ci in cis:
                    c = frame.comps[ci]
                    for yy in range(c.v):
                        for xx in range(c.h):
                            mcu.append((ci, my * c.v + yy, mx * c.h + xx))
                yield mcu


def encode_scan(frame, scan, sink, restart_interval):
    """Entropy-codes one scan (T.81 Annex F for sequential, Annex G for progressive).
    The progressive AC coding follows libjpeg's jcphuff.c (EOB runs, buffered correction bits)."""
    cis, ss, se, ah, al = scan
    progressive = frame.sof == 0xC2
    pred = {ci: 0 for ci in cis}
    st = {"eobrun": 0, "be": []}
    ac_tid = frame.comps[cis[0]].ac

    def emit_eobrun():
        if st["eobrun"] > 0:
            nb = st["eobrun"].bit_length() - 1
            sink.sym("ac", ac_tid, nb << 4)
            sink.bits(st["eobrun"], nb)
            st["eobrun"] = 0
        for b in st["be"]:
            sink.bits(b, 1)
        st["be"] = []

    def seq_block(c, ci, blk):
        diff = blk[0] - pred[ci]
        pred[ci] = blk[0]
        s, v = value_bits(diff)
        sink.sym("dc", c.dc, s)
        sink.bits(v, s)
        r = 0
        for k in range(1, 64):
            if blk[k] == 0:
                r += 1
                continue
            while r > 15:
                sink.sym("ac", c.ac, 0xF0)
                r -= 16
            s, v = value_bits(blk[k])
            sink.sym("ac", c.ac, (r << 4) | s)
            sink.bits(v, s)
            r = 0
        if r > 0:
            sink.sym("ac", c.ac, 0x00)

    def dc_first(c, ci, blk):
        t = blk[0] >> al  # arithmetic shift (G.1.2.1)
        diff = t - pred[ci]
        pred[ci] = t
        s, v = value_bits(diff)
        sink.sym("dc", c.dc, s)
        sink.bits(v, s)

    def dc_refine(c, ci, blk):
        sink.bits((blk[0] >> al) & 1, 1)

    def ac_first(c, ci, blk):
        r = 0
        for k in range(ss, se + 1):
            v = blk[k]
            m = abs(v) >> al
            if m == 0:
                r += 1
                continue
            emit_eobrun()
            while r > 15:
                sink.sym("ac", c.ac, 0xF0)
                r -= 16
            s = m.bit_length()
            sink.sym("ac", c.ac, (r << 4) | s)
            sink.bits(m if v > 0 else ~m, s)
            r = 0
        if r > 0:
            st["eobrun"] += 1
            if st["eobrun"] == 0x7FFF:
                emit_eobrun()

    def ac_refine(c, ci, blk):
        absv = [abs(blk[k]) >> al for k in range(64)]
        eob = 0
        for k in range(ss, se + 1):
            if absv[k] == 1:
                eob = k
        r = 0
        br = []
        for k in range(ss, se + 1):
            t = absv[k]
            if t == 0:
                r += 1
                continue
            while r > 15 and k <= eob:
                emit_eobrun()
                sink.sym("ac", c.ac, 0xF0)
                r -= 16
                for b in br:
                    sink.bits(b, 1)
                br = []
            if t > 1:
                br.append(t & 1)  # correction bit of an already-nonzero coefficient
                continue
            emit_eobrun()
            sink.sym("ac", c.ac, (r << 4) | 1)
            sink.bits(1 if blk[k] > 0 else 0, 1)
            for b in br:
                sink.bits(b, 1)
            br = []
            r = 0
        if r > 0 or br:
            st["eobrun"] += 1
            st["be"] += br
            if st["eobrun"] == 0x7FFF or len(st["be"]) > 1000 - 64 + 1:
                emit_eobrun()

    if not progressive:
        assert (ss, se, ah, al) == (0, 63, 0, 0)
        fn = seq_block
    elif ss == 0:
        fn = dc_first if ah == 0 else dc_refine
    else:
        fn = ac_first if ah == 0 else ac_refine
    is_ac = progressive and ss > 0
    for i, mcu in enumerate(scan_mcus(frame, cis)):
        if restart_interval and i > 0 and i % restart_interval == 0:
            if is_ac:
                emit_eobrun()
            sink.restart(i // restart_interval - 1)
            for ci in cis:
                pred[ci] = 0
        for ci, by, bx in mcu:
            fn(frame.comps[ci], ci, frame.comps[ci].coef[by][bx])
    if is_ac:
        emit_eobrun()
    sink.pad()


def table_needs(frame, scan):
    cis, ss, se, ah, al = scan
    need = []
    progressive = frame.sof == 0xC2
    for ci in cis:
        c = frame.comps[ci]
        if not progressive or (ss == 0 and ah == 0):
            need.append(("dc", c.dc))
        if not progressive or ss > 0:
            need.append(("ac", c.ac))
    return sorted(set(need))


def std_spec_for(frame, cls, tid):
    users = [i for i, c in enumerate(frame.comps) if (c.dc if cls == "dc" else c.ac) == tid]
    luma = users and users[0] == 0
    if cls == "dc":
        return STD_DC_LUMA if luma else STD_DC_CHROMA
    return STD_AC_LUMA if luma else STD_AC_CHROMA


LONGEST = [0]  # longest Huffman code length written by build_jpeg with per-scan tables


def build_jpeg(frame, *, sof=0xC0, scans=None, restart=0, huff="std", jfif=True, adobe=None,
               pre_segments=(), dqt16=False, combine_tables=False, fill_before_markers=0,
               rst_fill=0, omit_tables=(), sos_patch=None, trailer=b""):
    """Writes the file. huff: "std" (Annex K tables, one DHT before the first scan), "opt"
    (optimal tables computed per scan and written before each scan) or "long" (per-scan tables
    built from skewed frequencies so that code lengths reach 16 bits)."""
    frame.sof = sof
    n = len(frame.comps)
    if scans is None:
        scans = [(list(range(n)), 0, 63, 0, 0)]
    fill = b"\xFF" * fill_before_markers

    def seg(marker, payload):
        return fill + segment(marker, payload)

    out = bytearray(b"\xFF\xD8")
    if jfif:
        out += seg(0xE0, app0_jfif()[4:])
    if adobe is not None:
        out += seg(0xEE, app14_adobe(adobe)[4:])
    for m, p in pre_segments:
        out += seg(m, p)
    qs = [dqt_payload(tq, frame.qtables[tq], dqt16) for tq in sorted(frame.qtables)]
    if combine_tables:
        out += seg(0xDB, b"".join(qs))
    else:
        for q in qs:
            out += seg(0xDB, q)
    sofp = struct.pack(">BHHB", frame.precision, frame.height, frame.width, n)
    for c in frame.comps:
        sofp += bytes([c.cid, (c.h << 4) | c.v, c.tq])
    out += seg(sof, sofp)

    def dht_segments(specs):
        ps = [dht_payload(0 if cls == "dc" else 1, tid, spec) for (cls, tid), spec in specs
              if (cls, tid) not in omit_tables]
        if not ps:
            return b""
        if combine_tables:
            return seg(0xC4, b"".join(ps))
        return b"".join(seg(0xC4, p) for p in ps)

    if huff == "std":
        needed = sorted(set(t for s in scans for t in table_needs(frame, s)))
        specs = [(t, std_spec_for(frame, *t)) for t in needed]
        codes = {t: huff_codes(spec) for t, spec in specs}
        out += dht_segments(specs)
    if restart:
        out += seg(0xDD, struct.pack(">H", restart))
    for si, scan in enumerate(scans):
        cis, ss, se, ah, al = scan
        if huff != "std":
            fs = FreqSink()
            encode_scan(frame, scan, fs, restart)
            specs = []
            for t in table_needs(frame, scan):
                freq = fs.freq.get(t)
                if not freq:
                    continue
                if huff == "long":
                    order = sorted(freq, key=lambda s: (-freq[s], s))
                    freq = {s: 1 << (len(order) - i) for i, s in enumerate(order)}
                specs.append((t, optimal_table(freq)))
                LONGEST[0] = max(LONGEST[0], max(i + 1 for i, b in enumerate(specs[-1][1][0]) if b))
            codes = {t: huff_codes(spec) for t, spec in specs}
            out += dht_segments(specs)
        progressive = sof == 0xC2
        sos = bytes([len(cis)])
        for ci in cis:
            c = frame.comps[ci]
            td = c.dc if (not progressive or (ss == 0 and ah == 0)) else 0
            ta = c.ac if (not progressive or ss > 0) else 0
            sos += bytes([c.cid, (td << 4) | ta])
        sos += bytes([ss, se, (ah << 4) | al])
        if sos_patch:
            sos = sos_patch(si, sos)
        bs = BitSink(codes, rst_fill)
        encode_scan(frame, scan, bs, restart)
        out += seg(0xDA, sos) + bytes(bs.out)
    out += fill + b"\xFF\xD9" + trailer
    return bytes(out)


def make_frame(kind, w, h, seed, sampling, quality=75, precision=8, ids=None, dc_tables=None,
               ac_tables=None, qmax=255, src=None):
    """kind: "ycbcr" (RGB source converted), "gray", "rgb" (no colour transform), "ycck"."""
    if kind == "gray":
        src = source_gray(w, h, seed) if src is None else src
        planes = [src]
        qt = {0: scaled_qtable(STD_LUMA_Q, quality, qmax)}
        tq = [0]
    else:
        src = source_rgb(w, h, seed) if src is None else src
        if kind == "ycbcr":
            planes = rgb_to_ycbcr(src)
        elif kind == "rgb":
            planes = [src[..., i].astype(np.int64) for i in range(3)]
        elif kind == "ycck":
            cmy = 255 - src.astype(np.int64)
            k = cmy.min(axis=-1) // 2
            planes = rgb_to_ycbcr((255 - (cmy - k[..., None])).astype(np.uint8)) + [255 - k]
        qt = {0: scaled_qtable(STD_LUMA_Q, quality, qmax), 1: scaled_qtable(STD_CHROMA_Q, quality, qmax)}
        tq = [0] + [1] * (len(planes) - 1)
        if kind in ("rgb",):
            tq = [0, 0, 0]
            qt = {0: qt[0]}
    if precision == 12:
        planes = [np.asarray(p, dtype=np.int64) * 16 + 5 for p in planes]
    fr = Frame(planes, sampling, qt, tq, precision, ids, dc_tables, ac_tables)
    fr.source = src
    return fr


# Progressive scripts (component indices, Ss, Se, Ah, Al)
def libjpeg_script(n):
    """jcparam.c jpeg_simple_progression for YCbCr (n = 3) or grey (n = 1)."""
    if n == 1:
        return [([0], 0, 0, 0, 1), ([0], 1, 5, 0, 2), ([0], 6, 63, 0, 2), ([0], 1, 63, 2, 1),
                ([0], 0, 0, 1, 0), ([0], 1, 63, 1, 0)]
    return [([0, 1, 2], 0, 0, 0, 1), ([0], 1, 5, 0, 2), ([2], 1, 63, 0, 1), ([1], 1, 63, 0, 1),
            ([0], 6, 63, 0, 2), ([0], 1, 63, 2, 1), ([0, 1, 2], 0, 0, 1, 0), ([2], 1, 63, 1, 0),
            ([1], 1, 63, 1, 0), ([0], 1, 63, 1, 0)]


SPECTRAL_ONLY = [([0, 1, 2], 0, 0, 0, 0), ([0], 1, 2, 0, 0), ([0], 3, 9, 0, 0), ([0], 10, 63, 0, 0),
                 ([1], 1, 63, 0, 0), ([2], 1, 63, 0, 0)]
DEEP_SA = ([([0, 1, 2], 0, 0, 0, 3)] +
           [([c], 1, 63, 0, 4) for c in (0, 1, 2)] +
           [([0, 1, 2], 0, 0, 3, 2), ([0], 1, 5, 4, 3), ([0], 6, 63, 4, 3), ([1], 1, 63, 4, 3),
            ([2], 1, 63, 4, 3), ([0, 1, 2], 0, 0, 2, 1), ([0], 1, 63, 3, 2), ([1], 1, 63, 3, 2),
            ([2], 1, 63, 3, 2), ([0], 1, 63, 2, 1), ([1], 1, 63, 2, 1), ([2], 1, 63, 2, 1),
            ([0, 1, 2], 0, 0, 1, 0), ([0], 1, 20, 1, 0), ([0], 21, 63, 1, 0), ([1], 1, 63, 1, 0),
            ([2], 1, 63, 1, 0)])
DC_SEPARATE = [([0], 0, 0, 0, 1), ([1], 0, 0, 0, 1), ([2], 0, 0, 0, 1), ([0], 1, 63, 0, 1),
               ([1], 1, 63, 0, 0), ([2], 1, 63, 0, 0), ([2], 0, 0, 1, 0), ([0], 0, 0, 1, 0),
               ([1], 0, 0, 1, 0), ([0], 1, 63, 1, 0)]
GRAY_DEEP = [([0], 0, 0, 0, 2), ([0], 1, 9, 0, 3), ([0], 10, 63, 0, 1), ([0], 0, 0, 2, 1),
             ([0], 1, 9, 3, 2), ([0], 1, 9, 2, 1), ([0], 0, 0, 1, 0), ([0], 1, 9, 1, 0),
             ([0], 10, 63, 1, 0)]
NONINTERLEAVED = [([0], 0, 63, 0, 0), ([1], 0, 63, 0, 0), ([2], 0, 63, 0, 0)]


def lossless_gray(img, predictor):
    """SOF3 lossless, one 8-bit component, Pt = 0 (T.81 Annex H), with an optimal DC-style table."""
    h, w = img.shape
    x = img.astype(np.int64)
    diffs = []
    for r in range(h):
        for c in range(w):
            if r == 0 and c == 0:
                p = 128
            elif r == 0:
                p = x[r, c - 1]
            elif c == 0:
                p = x[r - 1, c]
            else:
                ra, rb, rc = x[r, c - 1], x[r - 1, c], x[r - 1, c - 1]
                p = [None, ra, rb, rc, ra + rb - rc, ra + ((rb - rc) >> 1), rb + ((ra - rc) >> 1),
                     (ra + rb) >> 1][predictor]
            diffs.append(int(x[r, c] - p))
    freq = {}
    for d in diffs:
        s = abs(d).bit_length()
        freq[s] = freq.get(s, 0) + 1
    spec = optimal_table(freq)
    codes = {("dc", 0): huff_codes(spec)}
    bs = BitSink(codes)
    for d in diffs:
        s, v = value_bits(d)
        bs.sym("dc", 0, s)
        bs.bits(v, s)
    bs.pad()
    out = bytearray(b"\xFF\xD8") + app0_jfif()
    out += segment(0xC3, struct.pack(">BHHB", 8, h, w, 1) + bytes([1, 0x11, 0]))
    out += segment(0xC4, dht_payload(0, 0, spec))
    out += segment(0xDA, bytes([1, 1, 0x00, predictor, 0, 0])) + bytes(bs.out) + b"\xFF\xD9"
    return bytes(out)


# --------------------------------------------------------------------------------------------
# ICC profiles (built here: ICC.1:2010 v4.3 matrix/TRC display profiles)
# --------------------------------------------------------------------------------------------

def s15(v):
    return struct.pack(">i", int(round(v * 65536)))


def _xyz(x, y):
    return np.array([x / y, 1.0, (1 - x - y) / y])


def icc_profile(description, primaries, pad_to=0):
    """A v4 RGB display profile: desc, cprt (mluc), wtpt (D50), r/g/bXYZ (Bradford-adapted to D50),
    r/g/bTRC (one shared 'para' function type 3 = the sRGB curve), chad. The MD5 profile ID is set."""
    white = _xyz(0.3127, 0.3290)
    d50 = np.array([0.9642, 1.0, 0.8249])
    prim = np.array([_xyz(*p) for p in primaries]).T
    scale = np.linalg.solve(prim, white)
    m = prim * scale
    brad = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
    chad = np.linalg.inv(brad) @ np.diag((brad @ d50) / (brad @ white)) @ brad
    m50 = chad @ m

    def mluc(text):
        t = text.encode("utf-16-be")
        return b"mluc" + b"\0" * 4 + struct.pack(">II", 1, 12) + b"enUS" + struct.pack(">II", len(t), 28) + t

    def xyz(v):
        return b"XYZ " + b"\0" * 4 + b"".join(s15(c) for c in v)

    para = b"para" + b"\0" * 4 + struct.pack(">HH", 3, 0) + b"".join(
        s15(c) for c in (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045))
    tags = [
        (b"desc", mluc(description)),
        (b"cprt", mluc("No copyright. Generated by ivsim generate_jpeg_fixtures.py (MIT licence)")),
        (b"wtpt", xyz(d50)),
        (b"rXYZ", xyz(m50[:, 0])), (b"gXYZ", xyz(m50[:, 1])), (b"bXYZ", xyz(m50[:, 2])),
        (b"rTRC", para), (b"gTRC", para), (b"bTRC", para),
        (b"chad", b"sf32" + b"\0" * 4 + b"".join(s15(c) for c in chad.flatten())),
    ]
    if pad_to:
        tags.append((b"ivsP", None))
    ntags = len(tags)
    offset = 128 + 4 + 12 * ntags
    table = b""
    data = b""
    placed = {}
    for sig, body in tags:
        if body is None:
            need = pad_to - (offset + len(data)) - 12
            noise = hash_noise(need, 1, 77)[0]
            body = b"data" + b"\0" * 4 + struct.pack(">I", 1) + bytes(int(v) for v in noise)
        if body in placed:  # tags with identical data share it (allowed by ICC.1)
            off = placed[body]
        else:
            off = offset + len(data)
            placed[body] = off
            data += body
            data += b"\0" * (-len(data) % 4)
        table += sig + struct.pack(">II", off, len(body))
    size = offset + len(data)
    header = struct.pack(">I", size) + b"\0" * 4 + bytes([4, 0x30, 0, 0]) + b"mntrRGB XYZ "
    header += struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 4 + b"\0" * 4
    header += b"\0" * 8 + b"\0" * 8 + struct.pack(">I", 0) + s15(0.9642) + s15(1.0) + s15(0.8249)
    header += b"ivsm" + b"\0" * 16 + b"\0" * 28
    assert len(header) == 128
    prof = bytearray(header + struct.pack(">I", ntags) + table + data)
    assert len(prof) == size
    prof[84:100] = hashlib.md5(bytes(prof)).digest()  # flags, intent and ID are zero here
    return bytes(prof)


P3_PRIMARIES = [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]
SRGB_PRIMARIES = [(0.640, 0.330), (0.300, 0.600), (0.150, 0.060)]


# --------------------------------------------------------------------------------------------
# Parsing (for the manifest) and decoding (for the references)
# --------------------------------------------------------------------------------------------

PROCESS = {0xC0: "baseline", 0xC1: "extended", 0xC2: "progressive", 0xC3: "lossless",
           0xC5: "hierarchical", 0xC6: "hierarchical", 0xC7: "hierarchical",
           0xC9: "arithmetic", 0xCA: "arithmetic", 0xCB: "arithmetic",
           0xCD: "arithmetic", 0xCE: "arithmetic", 0xCF: "arithmetic"}


def parse_jpeg(data):
    """What the manifest reports: taken from the first SOF, DRI, APP1 Exif and APP2 ICC_PROFILE."""
    info = {"width": None, "height": None, "components": None, "sampling": None, "process": None,
            "precision": None, "restartInterval": 0, "exifOrientation": None, "icc": None}
    icc = {}
    if data[:2] != b"\xFF\xD8":
        return info, None
    i = 2
    n = len(data)
    while i < n:
        if data[i] != 0xFF:
            break
        while i < n and data[i] == 0xFF:
            i += 1
        if i >= n:
            break
        m = data[i]
        i += 1
        if m == 0xD9:
            break
        if 0xD0 <= m <= 0xD7 or m == 0x01:
            continue
        if i + 2 > n:
            break
        length = struct.unpack(">H", data[i:i + 2])[0]
        p = data[i + 2:i + length]
        if m in PROCESS or m in (0xC0,):
            if info["process"] is None and len(p) >= 6:
                info["process"] = PROCESS[m]
                info["precision"], info["height"], info["width"], nf = struct.unpack(">BHHB", p[:6])
                info["components"] = nf
                info["sampling"] = [[p[6 + 3 * k + 1] >> 4, p[6 + 3 * k + 1] & 15]
                                    for k in range(nf) if 6 + 3 * k + 2 < len(p)]
        elif m == 0xDD and len(p) >= 2 and info["restartInterval"] == 0:
            info["restartInterval"] = struct.unpack(">H", p[:2])[0]
        elif m == 0xE1 and p[:6] == b"Exif\0\0" and info["exifOrientation"] is None:
            info["exifOrientation"] = exif_orientation(p[6:])
        elif m == 0xE2 and p[:12] == b"ICC_PROFILE\0" and len(p) >= 14:
            icc[p[12]] = p[14:]
        i += length
        if m == 0xDA:  # skip entropy-coded data up to the next marker that is not RSTn
            while i < n - 1 and not (data[i] == 0xFF and data[i + 1] not in (0x00,) and not 0xD0 <= data[i + 1] <= 0xD7):
                i += 1
    profile = b"".join(icc[k] for k in sorted(icc)) if icc else None
    if profile:
        d = icc_description(profile)
        info["icc"] = "displayP3" if "Display P3" in d else "sRGB" if "sRGB" in d else "other"
    return info, profile


def exif_orientation(tiff):
    try:
        e = "<" if tiff[:2] == b"II" else ">"
        off = struct.unpack(e + "I", tiff[4:8])[0]
        count = struct.unpack(e + "H", tiff[off:off + 2])[0]
        for k in range(count):
            tag, typ, cnt = struct.unpack(e + "HHI", tiff[off + 2 + 12 * k:off + 10 + 12 * k])
            if tag == 0x0112:
                return struct.unpack(e + "H", tiff[off + 10 + 12 * k:off + 12 + 12 * k])[0]
    except struct.error:
        pass
    return None


def icc_description(profile):
    try:
        ntags = struct.unpack(">I", profile[128:132])[0]
        for k in range(ntags):
            sig, off, size = struct.unpack(">4sII", profile[132 + 12 * k:144 + 12 * k])
            if sig == b"desc":
                body = profile[off:off + size]
                if body[:4] == b"mluc":
                    ln, o = struct.unpack(">II", body[20:28])
                    return body[o:o + ln].decode("utf-16-be")
                if body[:4] == b"desc":
                    ln = struct.unpack(">I", body[8:12])[0]
                    return body[12:12 + ln].rstrip(b"\0").decode("latin-1")
    except (struct.error, UnicodeDecodeError):
        pass
    return ""


def pillow_decode(data):
    """The reference decode: Image.open + load, no draft, no transposition, no conversion."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        im = Image.open(io.BytesIO(data))
        im.load()
    if caught:
        raise RuntimeError("Pillow warned: %s" % [str(w.message) for w in caught])
    return im


def pillow_outcome(data):
    try:
        im = pillow_decode(data)
        return "decodes (mode %s, %dx%d)" % (im.mode, im.size[0], im.size[1])
    except Exception as e:  # noqa: BLE001 - we only report what happened
        msg = str(e).split("\n")[0]
        if isinstance(e, Image.UnidentifiedImageError):
            msg = "cannot identify image file"  # the rest is an object address
        return "%s: %s" % (type(e).__name__, msg)


DJPEG = shutil.which("djpeg")


def djpeg_strict(data):
    """None if djpeg is not installed; else (ok, stderr)."""
    if not DJPEG:
        return None
    with tempfile.NamedTemporaryFile(suffix=".jpg") as f:
        f.write(data)
        f.flush()
        r = subprocess.run([DJPEG, "-strict", "-pnm", f.name], capture_output=True)
    return r.returncode == 0 and not r.stderr, r.stderr.decode(errors="replace").strip()


# --------------------------------------------------------------------------------------------
# The corpus
# --------------------------------------------------------------------------------------------

def luma(a):
    a = np.asarray(a).astype(np.int64)
    if a.ndim == 2:
        return a
    return (a[..., 0] * 19595 + a[..., 1] * 38470 + a[..., 2] * 7471 + 32768) >> 16


class Corpus:
    def __init__(self):
        self.entries = {}
        self.stats = {"djpeg_checked": 0, "variant_checked": 0}
        self.djpeg_refuse = {}

    def add(self, name, data, expect, note, source=None, mae_max=12.0, canonical=None, icc_file=None, whole=None):
        """`whole`: for a file libjpeg-turbo (through Pillow) refuses only for a missing EOI, the
        complete file whose decode is the reference (ivsim decodes such a sequential file whole)."""
        assert name not in self.entries, name
        info, profile = parse_jpeg(data)
        ref = None
        if expect == "decode":
            im = pillow_decode(data if whole is None else whole)
            assert im.mode in ("L", "RGB"), (name, im.mode)
            arr = np.asarray(im)
            if source is not None:
                # luma error (chroma subsampling of tiny, saturated sources is lossy by nature)
                mae = float(np.abs(luma(arr) - luma(source)).mean())
                self.stats.setdefault("mae", {})[name] = mae
                if mae > mae_max:
                    raise RuntimeError("%s: decode does not resemble the source (MAE %.2f)" % (name, mae))
            if canonical is not None:
                carr = np.asarray(pillow_decode(canonical))
                if not np.array_equal(carr, arr):
                    raise RuntimeError("%s: differs from the plain baseline encoding of the same coefficients" % name)
                self.stats["variant_checked"] += 1
            dj = djpeg_strict(data if whole is None else whole)
            if dj is not None:
                if not dj[0]:
                    raise RuntimeError("%s: djpeg -strict: %s" % (name, dj[1]))
                self.stats["djpeg_checked"] += 1
            ref = name + ".ref.png"
            clean = Image.frombytes(im.mode, im.size, im.tobytes())
            clean.save(os.path.join(OUT, ref), "PNG")
        outcome = pillow_outcome(data)
        if expect == "refuse":
            dj = djpeg_strict(data)
            if dj is not None:  # printed only: the manifest must not depend on what is installed
                self.djpeg_refuse[name] = "decodes" if dj[0] else (dj[1].splitlines() or ["fails"])[-1]
        with open(os.path.join(OUT, name + ".jpg"), "wb") as f:
            f.write(data)
        if icc_file:
            with open(os.path.join(OUT, icc_file), "wb") as f:
                f.write(profile)
        self.entries[name] = {
            "name": name, "file": name + ".jpg", "reference": ref,
            "width": info["width"], "height": info["height"], "components": info["components"],
            "sampling": info["sampling"], "process": info["process"], "precision": info["precision"],
            "restartInterval": info["restartInterval"], "exifOrientation": info["exifOrientation"],
            "icc": info["icc"], "iccFile": icc_file, "expect": expect, "note": note,
            "referenceDecoderOutcome": outcome,
        }


def pil_jpeg(arr, **kw):
    b = io.BytesIO()
    Image.fromarray(arr).save(b, "JPEG", **kw)
    return b.getvalue()


def markers(data):
    """[(marker, offset of the FF, offset after the segment or scan data)]"""
    out = []
    i = 2
    n = len(data)
    out.append((0xD8, 0, 2))
    while i < n - 1:
        assert data[i] == 0xFF, i
        m = data[i + 1]
        if m == 0xD9:
            out.append((m, i, i + 2))
            break
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        end = i + 2 + length
        if m == 0xDA:
            j = end
            while not (data[j] == 0xFF and data[j + 1] != 0 and not 0xD0 <= data[j + 1] <= 0xD7):
                j += 1
            out.append((m, i, end, j))
            i = j
            continue
        out.append((m, i, end))
        i = end
    return out


SUB = {0: "444", 1: "422", 2: "420"}


def generate():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    C = Corpus()

    # Annex K tables typed in here must be the ones libjpeg-turbo writes for optimize=False.
    probe = pil_jpeg(source_rgb(16, 16, 1), quality=50, subsampling=2)
    dhts = [probe[s:e] for m, s, e, *_ in markers(probe) if m == 0xC4]
    mine = [segment(0xC4, dht_payload(tc, th, sp)) for tc, th, sp in
            ((0, 0, STD_DC_LUMA), (1, 0, STD_AC_LUMA), (0, 1, STD_DC_CHROMA), (1, 1, STD_AC_CHROMA))]
    assert sorted(dhts) == sorted(mine), "typed Annex K Huffman tables differ from libjpeg-turbo's"
    dqts = b"".join(probe[s + 4:e] for m, s, e, *_ in markers(probe) if m == 0xDB)
    assert dqts == dqt_payload(0, scaled_qtable(STD_LUMA_Q, 50)) + dqt_payload(1, scaled_qtable(STD_CHROMA_Q, 50))

    # ---- Pillow (libjpeg-turbo) baseline: subsampling x quality x optimize ----
    for sub in (0, 1, 2):
        for q, opt in ((5, False), (50, False), (75, False), (75, True), (95, False), (95, True), (100, False)):
            name = "baseline_%s_q%d%s" % (SUB[sub], q, "_opt" if opt else "")
            src = source_rgb(40, 30, seed_of(name))
            C.add(name, pil_jpeg(src, quality=q, subsampling=sub, optimize=opt), "decode",
                  "Pillow/libjpeg-turbo baseline 4:%s:%s, quality %d, %s Huffman tables, 40x30 (MCU-unaligned)"
                  % (SUB[sub][1], SUB[sub][2], q, "optimized" if opt else "Annex K standard"),
                  src, mae_max=45 if q < 30 else 12)

    # ---- sizes that are not multiples of the MCU ----
    sizes = [(1, 1), (2, 2), (3, 5), (4, 10), (5, 10), (7, 9), (8, 8), (9, 9), (16, 16), (17, 33),
             (33, 17), (31, 1), (1, 31), (2, 40)]
    for sub in (2, 1, 0):
        for w, h in sizes:
            name = "size_%s_%dx%d" % (SUB[sub], w, h)
            src = source_rgb(w, h, seed_of(name))
            C.add(name, pil_jpeg(src, quality=90, subsampling=sub), "decode",
                  "Pillow baseline 4:%s:%s q90 at %dx%d: partial MCUs%s" % (
                      SUB[sub][1], SUB[sub][2], w, h,
                      "; a chroma plane <= 2 samples wide (libjpeg-turbo then upsamples without the fancy filter)"
                      if sub and -(-w // 2) <= 2 else ""),
                  src, mae_max=25)

    # ---- grey ----
    for name, w, h, kw, note in [
            ("gray_baseline_q75", 40, 30, dict(quality=75), "greyscale baseline q75"),
            ("gray_baseline_q30_opt", 40, 30, dict(quality=30, optimize=True), "greyscale baseline q30, optimized tables"),
            ("gray_baseline_1x1", 1, 1, dict(quality=90), "greyscale 1x1"),
            ("gray_baseline_7x9", 7, 9, dict(quality=90), "greyscale 7x9, partial block"),
            ("gray_baseline_17x33", 17, 33, dict(quality=90), "greyscale 17x33, partial blocks"),
            ("gray_progressive_q75", 40, 30, dict(quality=75, progressive=True), "greyscale progressive (libjpeg script: DC Al=1, AC bands, refinements)"),
            ("gray_progressive_13x7", 13, 7, dict(quality=90, progressive=True), "greyscale progressive, 13x7"),
            ("gray_progressive_rst_blocks2", 40, 30, dict(quality=75, progressive=True, restart_marker_blocks=2), "greyscale progressive with a restart every 2 MCUs (blocks)"),
            ("gray_baseline_rst_blocks3", 40, 30, dict(quality=75, restart_marker_blocks=3), "greyscale baseline, restart every 3 MCUs")]:
        src = source_gray(w, h, seed_of(name))
        C.add(name, pil_jpeg(src, **kw), "decode", "Pillow " + note, src, mae_max=15)

    # ---- progressive (Pillow: libjpeg's jpeg_simple_progression script) ----
    for name, w, h, kw, note in [
            ("progressive_420_q75", 40, 30, dict(subsampling=2, quality=75), "progressive 4:2:0"),
            ("progressive_444_q75", 40, 30, dict(subsampling=0, quality=75), "progressive 4:4:4"),
            ("progressive_422_q90", 40, 30, dict(subsampling=1, quality=90), "progressive 4:2:2"),
            ("progressive_420_33x17", 33, 17, dict(subsampling=2, quality=90), "progressive 4:2:0 33x17"),
            ("progressive_420_1x1", 1, 1, dict(subsampling=2, quality=90), "progressive 4:2:0 1x1"),
            ("progressive_420_2x40", 2, 40, dict(subsampling=2, quality=90), "progressive 4:2:0 2x40 (chroma width 1)"),
            ("progressive_420_rst_blocks1", 72, 40, dict(subsampling=2, quality=75, restart_marker_blocks=1), "progressive 4:2:0, restart every MCU (EOB runs end at every restart)"),
            ("progressive_420_rst_blocks3", 72, 40, dict(subsampling=2, quality=75, restart_marker_blocks=3), "progressive 4:2:0, restart every 3 MCUs"),
            ("progressive_444_rst_blocks7", 72, 40, dict(subsampling=0, quality=75, restart_marker_blocks=7), "progressive 4:4:4, restart every 7 MCUs"),
            ("progressive_420_rst_rows1", 72, 40, dict(subsampling=2, quality=75, restart_marker_rows=1), "progressive 4:2:0, restart every MCU row")]:
        src = source_rgb(w, h, seed_of(name))
        C.add(name, pil_jpeg(src, progressive=True, **kw), "decode",
              "Pillow " + note + " (libjpeg script: DC Al=1, Y AC 1-5 Al=2, chroma 1-63 Al=1, ... refinements)",
              src, mae_max=25)

    # ---- restart intervals, baseline ----
    for name, sub, kw in [("restart_420_blocks1", 2, dict(restart_marker_blocks=1)),
                          ("restart_420_blocks2", 2, dict(restart_marker_blocks=2)),
                          ("restart_420_blocks3", 2, dict(restart_marker_blocks=3)),
                          ("restart_420_blocks7", 2, dict(restart_marker_blocks=7)),
                          ("restart_420_rows1", 2, dict(restart_marker_rows=1)),
                          ("restart_444_blocks1", 0, dict(restart_marker_blocks=1)),
                          ("restart_422_blocks2_opt", 1, dict(restart_marker_blocks=2, optimize=True)),
                          ("restart_420_blocks20", 2, dict(restart_marker_blocks=20))]:
        src = source_rgb(72, 40, seed_of(name))
        C.add(name, pil_jpeg(src, quality=75, subsampling=sub, **kw), "decode",
              "Pillow baseline 4:%s:%s 72x40 (5x3 MCUs at 4:2:0) with DRI %s%s" % (
                  SUB[sub][1], SUB[sub][2], kw,
                  " (interval longer than the image: DRI but no RSTn)" if kw.get("restart_marker_blocks") == 20 else ""),
              src)

    # ---- a few larger ones ----
    for name, w, h, kw in [("large_420_q85_120x90", 120, 90, dict(quality=85, subsampling=2)),
                           ("large_444_q90_opt_100x75", 100, 75, dict(quality=90, subsampling=0, optimize=True)),
                           ("large_progressive_422_120x90", 120, 90, dict(quality=80, subsampling=1, progressive=True))]:
        src = source_rgb(w, h, seed_of(name))
        C.add(name, pil_jpeg(src, **kw), "decode", "Pillow %s %dx%d" % (kw, w, h), src)

    # ---- EXIF orientation ----
    for o in range(1, 9):
        name = "exif_orientation_%d" % o
        src = source_rgb(24, 16, seed_of("exif"))
        ex = Image.Exif()
        ex[0x0112] = o
        C.add(name, pil_jpeg(src, quality=90, subsampling=2, exif=ex.tobytes()), "decode",
              "4:2:0 24x16 with EXIF Orientation %d (big-endian TIFF); the reference is NOT transposed" % o, src)

    # ---- ICC profiles ----
    p3 = icc_profile("Display P3", P3_PRIMARIES)
    srgb = icc_profile("sRGB IEC61966-2.1", SRGB_PRIMARIES)
    p3big = icc_profile("Display P3", P3_PRIMARIES, pad_to=140000)
    for prof in (p3, srgb, p3big):
        cms = ImageCms.ImageCmsProfile(io.BytesIO(prof))  # lcms2 must accept it
        assert ImageCms.getProfileDescription(cms).strip() in ("Display P3", "sRGB IEC61966-2.1")
    for name, prof, note in [
            ("icc_display_p3", p3, "APP2 ICC_PROFILE (1 chunk) with a Display P3 v4 profile"),
            ("icc_srgb", srgb, "APP2 ICC_PROFILE (1 chunk) with an sRGB v4 profile"),
            ("icc_display_p3_multichunk", p3big, "Display P3 profile padded to 140000 bytes with a private 'ivsP' tag: 3 APP2 ICC_PROFILE chunks (1/3, 2/3, 3/3), 8x8 image")]:
        w, h = (8, 8) if "multi" in name else (24, 16)
        src = source_rgb(w, h, seed_of(name))
        data = pil_jpeg(src, quality=90, subsampling=2, icc_profile=prof)
        chunks = [data[s:e] for m, s, e, *_ in markers(data) if m == 0xE2]
        assert len(chunks) == (3 if "multi" in name else 1)
        assert Image.open(io.BytesIO(data)).info["icc_profile"] == prof
        C.add(name, data, "decode", note + "; the profile bytes are in %s.icc" % name, src, icc_file=name + ".icc")

    # ---- the own encoder: sampling factors Pillow cannot write ----
    def own(name, frame, note, mae_max=12.0, **kw):
        data = build_jpeg(frame, **kw)
        # the same coefficients as one interleaved sequential scan with the Annex K tables
        canon_kw = {k: v for k, v in kw.items() if k in ("jfif", "adobe", "dqt16")}
        canon_kw["sof"] = 0xC1 if any(c.dc > 1 or c.ac > 1 for c in frame.comps) else 0xC0
        canonical = build_jpeg(frame, **canon_kw)
        C.add(name, data, "decode", note, frame.source, mae_max=mae_max,
              canonical=canonical if canonical != data else None)
        return data

    samplings = [
        ("own_sampling_440", [(1, 2), (1, 1), (1, 1)], "4:4:0 (Y 1x2, Cb/Cr 1x1): vertical-only chroma subsampling"),
        ("own_sampling_411", [(4, 1), (1, 1), (1, 1)], "4:1:1 (Y 4x1, Cb/Cr 1x1): MCU 32x8, chroma upsampled x4 horizontally (box)"),
        ("own_sampling_410", [(4, 2), (1, 1), (1, 1)], "Y 4x2, Cb/Cr 1x1: MCU 32x16"),
        ("own_sampling_422_own", [(2, 1), (1, 1), (1, 1)], "4:2:2 written by the own encoder (cross-check of the own encoder)"),
        ("own_sampling_420_own", [(2, 2), (1, 1), (1, 1)], "4:2:0 written by the own encoder (cross-check of the own encoder)"),
        ("own_sampling_mixed_y22_cb22_cr11", [(2, 2), (2, 2), (1, 1)], "Y 2x2, Cb 2x2, Cr 1x1: only Cr subsampled"),
        ("own_sampling_mixed_y12_cb21_cr11", [(1, 2), (2, 1), (1, 1)], "Y 1x2, Cb 2x1, Cr 1x1: Y upsampled horizontally, Cb vertically, Cr both"),
        ("own_sampling_all21", [(2, 1), (2, 1), (2, 1)], "all components 2x1: full resolution but 2 blocks per component per MCU"),
        ("own_sampling_y11_c22", [(1, 1), (2, 2), (2, 2)], "Y 1x1, Cb/Cr 2x2: luma is the subsampled component"),
        ("own_sampling_y31", [(3, 1), (1, 1), (1, 1)], "Y 3x1, Cb/Cr 1x1: horizontal factor 3 (box upsampling)"),
        ("own_sampling_y13", [(1, 3), (1, 1), (1, 1)], "Y 1x3, Cb/Cr 1x1: vertical factor 3 (box upsampling)"),
    ]
    for base, samp, note in samplings:
        for w, h in ((37, 29), (5, 7), (1, 1)):
            name = "%s_%dx%d" % (base, w, h)
            fr = make_frame("ycbcr", w, h, seed_of(name), samp, quality=85)
            # luma itself is subsampled in y11_c22: a steep 5-pixel gradient cannot survive that
            own(name, fr, "own encoder, baseline, %s, %dx%d" % (note, w, h),
                mae_max=45 if "y11" in base else 25)

    # grey with sampling factors 2x2 (ignored: a one-component scan is never interleaved)
    fr = make_frame("gray", 37, 29, seed_of("g22"), [(2, 2)], quality=85)
    own("own_gray_sampling_22", fr, "own encoder, greyscale with H=V=2 in SOF: the single-component scan is non-interleaved, MCU = 1 block, 5x4 blocks (not 6x4)")
    fr = make_frame("gray", 37, 29, seed_of("g22"), [(2, 2)], quality=85)
    own("own_gray_sampling_22_progressive", fr, "own encoder, greyscale H=V=2, progressive with successive approximation",
        sof=0xC2, huff="opt", scans=GRAY_DEEP)

    # ---- non-interleaved / multi-scan sequential ----
    fr = make_frame("ycbcr", 23, 13, seed_of("ni"), [(2, 2), (1, 1), (1, 1)])
    own("own_noninterleaved_420_23x13", fr, "own encoder, baseline 4:2:0 with one scan per component: the Y scan has 3x2 blocks (not the 4x2 of the MCU grid)", scans=NONINTERLEAVED)
    own("own_noninterleaved_420_23x13_rst2", fr, "as own_noninterleaved_420_23x13 with DRI 2: in a one-component scan the restart interval counts blocks", scans=NONINTERLEAVED, restart=2)
    own("own_scans_y_then_cbcr_420_23x13", fr, "own encoder, baseline 4:2:0 in two scans: Y alone, then Cb+Cr interleaved (MCU = 1 Cb + 1 Cr block)",
        scans=[([0], 0, 63, 0, 0), ([1, 2], 0, 63, 0, 0)])
    own("own_noninterleaved_420_dht_redefined", fr, "own encoder, one scan per component, each scan using Huffman table 0 which a new DHT redefines before every scan",
        scans=NONINTERLEAVED, huff="opt")
    fr = make_frame("ycbcr", 29, 21, seed_of("ni444"), [(1, 1), (1, 1), (1, 1)])
    own("own_noninterleaved_444_29x21", fr, "own encoder, baseline 4:4:4 with one scan per component, scans in order Y, Cb, Cr", scans=NONINTERLEAVED)
    fr = make_frame("ycbcr", 37, 29, seed_of("ni411"), [(4, 1), (1, 1), (1, 1)])
    own("own_noninterleaved_411_37x29", fr, "own encoder, baseline 4:1:1 one scan per component (Y 5x4 blocks, chroma 2x4)", scans=NONINTERLEAVED)

    # ---- own progressive scripts ----
    for samp, tag in (([(2, 2), (1, 1), (1, 1)], "420"), ([(1, 1), (1, 1), (1, 1)], "444")):
        fr = make_frame("ycbcr", 37, 29, seed_of("p" + tag), samp, quality=85)
        own("own_progressive_%s_libjpeg_script" % tag, fr,
            "own encoder, progressive %s with libjpeg's simple_progression script (DC Al=1 interleaved; Y AC 1-5 Al=2; chroma 1-63 Al=1; Y 6-63 Al=2; Y refine Al 2->1; DC refine; AC refines to Al=0)" % tag,
            sof=0xC2, huff="opt", scans=libjpeg_script(3))
    fr = make_frame("ycbcr", 37, 29, seed_of("spec"), [(2, 2), (1, 1), (1, 1)], quality=85)
    own("own_progressive_420_spectral_only", fr, "own encoder, progressive 4:2:0, spectral selection only (Al=0): DC; Y 1-2, 3-9, 10-63; Cb 1-63; Cr 1-63",
        sof=0xC2, huff="opt", scans=SPECTRAL_ONLY)
    fr = make_frame("ycbcr", 40, 32, seed_of("deep"), [(1, 1), (1, 1), (1, 1)], quality=97)
    own("own_progressive_444_deep_sa", fr, "own encoder, progressive 4:4:4 q97 with deep successive approximation: DC Al 3->2->1->0, AC Al 4->3->2->1->0, refinements over split bands (1-5/6-63, 1-20/21-63): many correction bits and ZRLs in refinement scans",
        sof=0xC2, huff="opt", scans=DEEP_SA)
    fr = make_frame("ycbcr", 37, 29, seed_of("dcsep"), [(2, 2), (1, 1), (1, 1)], quality=85)
    own("own_progressive_420_dc_separate", fr, "own encoder, progressive 4:2:0 with non-interleaved DC scans (one per component), DC refinements in the order Cr, Y, Cb",
        sof=0xC2, huff="opt", scans=DC_SEPARATE)
    fr = make_frame("ycbcr", 37, 29, seed_of("prst"), [(2, 2), (1, 1), (1, 1)], quality=85)
    own("own_progressive_420_rst1", fr, "own encoder, progressive 4:2:0, libjpeg script, DRI 1 (interleaved DC scans: every MCU; AC scans: every block; EOB runs and correction bits flushed at each RSTn)",
        sof=0xC2, huff="opt", scans=libjpeg_script(3), restart=1)
    own("own_progressive_420_rst3", fr, "own encoder, progressive 4:2:0, deep successive approximation, DRI 3",
        sof=0xC2, huff="opt", scans=DEEP_SA, restart=3)
    fr = make_frame("gray", 40, 30, seed_of("pg"), [(1, 1)], quality=90)
    own("own_progressive_gray_sa", fr, "own encoder, progressive greyscale: DC Al 2->1->0, AC 1-9 Al 3->2->1->0, 10-63 Al 1->0",
        sof=0xC2, huff="opt", scans=GRAY_DEEP)
    flat = source_flat(120, 90, 1)
    fr = make_frame("gray", 120, 90, 0, [(1, 1)], quality=75, src=flat)
    own("own_progressive_gray_eobrun_120x90", fr, "own encoder, progressive greyscale of a nearly flat 120x90 image: EOB runs of 128-179 blocks (EOB7 symbol) in first and refinement AC scans",
        sof=0xC2, huff="opt", scans=GRAY_DEEP)
    for base, samp in (("411", [(4, 1), (1, 1), (1, 1)]), ("440", [(1, 2), (1, 1), (1, 1)]),
                       ("mixed_y22_cb22_cr11", [(2, 2), (2, 2), (1, 1)])):
        fr = make_frame("ycbcr", 37, 29, seed_of("ps" + base), samp, quality=85)
        own("own_progressive_%s_sa" % base, fr, "own encoder, progressive with sampling %s, libjpeg script" % samp,
            sof=0xC2, huff="opt", scans=libjpeg_script(3))

    # ---- extended sequential (SOF1), table and marker variations ----
    fr = make_frame("ycbcr", 37, 29, seed_of("sof1"), [(2, 2), (1, 1), (1, 1)], quality=85,
                    dc_tables=[0, 2, 3], ac_tables=[1, 3, 2])
    own("own_extended_sof1_4tables", fr, "own encoder, extended sequential SOF1, 8-bit, Huffman: four DC and four AC table slots in use (Y dc0/ac1, Cb dc2/ac3, Cr dc3/ac2), optimal tables",
        sof=0xC1, huff="opt")
    fr = make_frame("ycbcr", 37, 29, seed_of("sof1q"), [(2, 2), (1, 1), (1, 1)], quality=1, qmax=32767)
    own("own_extended_sof1_dqt16", fr, "own encoder, SOF1 8-bit with 16-bit DQT entries (Pq=1) and values above 255 (libjpeg quality 1 without force_baseline); T.81 restricts Pq=1 to 12-bit but libjpeg accepts it",
        sof=0xC1, dqt16=True, mae_max=60)
    fr = make_frame("ycbcr", 37, 29, seed_of("comb"), [(2, 2), (1, 1), (1, 1)], quality=85)
    own("own_tables_in_one_segment", fr, "own encoder, baseline: both quantisation tables in one DQT segment and all four Huffman tables in one DHT segment",
        combine_tables=True)
    LONGEST[0] = 0
    own("own_huffman_long_codes", fr, "own encoder, baseline with Huffman tables built from skewed frequencies: code lengths up to 16 bits",
        huff="long")
    assert LONGEST[0] == 16, LONGEST
    own("own_markers_fill_com_app", fr, "own encoder, baseline without JFIF, with COM and APP15 segments and 3 0xFF fill bytes before every marker",
        jfif=False, fill_before_markers=3,
        pre_segments=[(0xFE, b"ivsim fixture comment"), (0xEF, b"IVSIM\0" + bytes(range(32)))])
    own("own_restart_fill_bytes", fr, "own encoder, baseline 4:2:0 DRI 1 with two 0xFF fill bytes before every RSTn inside the scan",
        restart=1, rst_fill=2)
    own("own_trailing_garbage_after_eoi", fr, "own encoder, baseline, followed by 40 bytes after EOI (ignored by libjpeg)",
        trailer=bytes(range(200, 240)))
    fr = make_frame("ycbcr", 37, 29, seed_of("ids"), [(2, 2), (1, 1), (1, 1)], quality=85, ids=[0, 1, 2])
    own("own_component_ids_0_1_2", fr, "own encoder, baseline 4:2:0 with component ids 0, 1, 2 (not 1, 2, 3), JFIF present")
    fr = make_frame("ycbcr", 37, 29, seed_of("ids2"), [(2, 2), (1, 1), (1, 1)], quality=85, ids=[1, 2, 3])
    own("own_no_jfif", fr, "own encoder, baseline 4:2:0, no APP0/JFIF and no Adobe marker: ids 1,2,3 mean YCbCr", jfif=False)
    fr = make_frame("rgb", 29, 21, seed_of("rgb"), [(1, 1), (1, 1), (1, 1)], quality=90, ids=[ord("R"), ord("G"), ord("B")])
    own("own_adobe_rgb_transform0", fr, "own encoder, 3 components stored as R, G, B (no colour transform) with Adobe APP14 transform=0 and ids 'R','G','B', no JFIF: decoded without YCbCr conversion",
        jfif=False, adobe=0)

    # ---- files to refuse: unsupported processes ----
    base_fr = make_frame("ycbcr", 16, 16, seed_of("base"), [(2, 2), (1, 1), (1, 1)], quality=75)
    base = build_jpeg(base_fr)
    ms = markers(base)
    sos_at = [x for x in ms if x[0] == 0xDA][0]
    head, scan_data = base[:sos_at[2]], base[sos_at[2]:sos_at[3]]

    def with_sof(data, marker):
        s = [x for x in markers(data) if 0xC0 <= x[0] <= 0xCF and x[0] not in (0xC4, 0xC8, 0xCC)][0]
        return data[:s[1] + 1] + bytes([marker]) + data[s[1] + 2:]

    arith = with_sof(base, 0xC9)
    # replace the DHT segments with a DAC segment (arithmetic conditioning: defaults)
    parts = markers(arith)
    arith = b"".join(arith[p[1]:p[2]] if p[0] != 0xC4 else b"" for p in parts if p[0] not in (0xDA, 0xD9))
    arith += segment(0xCC, bytes([0x00, 0x10, 0x10, 0x05, 0x01, 0x10, 0x11, 0x05]))
    arith += head[sos_at[1]:sos_at[2]] + bytes(int(v) % 255 for v in hash_noise(96, 1, 9)[0]) + b"\xFF\xD9"
    C.add("unsupported_arithmetic_sof9", arith, "refuse",
          "SOF9 (extended sequential, arithmetic coding) with a DAC segment; the scan bytes are arbitrary (not real arithmetic-coded data)")

    lossless_src = source_gray(16, 12, seed_of("lossless"))
    ll = lossless_gray(lossless_src, 4)
    ll_im = pillow_decode(ll)
    assert np.array_equal(np.asarray(ll_im), lossless_src), "lossless file must decode exactly"
    C.add("unsupported_lossless_sof3", ll, "refuse",
          "SOF3 lossless Huffman, 8-bit greyscale 16x12, predictor 4 (Ra+Rb-Rc), Pt=0: a valid file (libjpeg-turbo 3 decodes it back to the exact source)")

    fr12 = make_frame("ycbcr", 16, 16, seed_of("12bit"), [(2, 2), (1, 1), (1, 1)], quality=75, precision=12)
    C.add("unsupported_12bit_sof1", build_jpeg(fr12, sof=0xC1, huff="opt", dqt16=True), "refuse",
          "SOF1 with P=12 (12-bit samples), 16-bit DQT, optimal Huffman tables (DC categories up to 15); a valid 12-bit file written by the own encoder")

    cmyk_src = source_rgb(16, 16, seed_of("cmyk"))
    cmyk = Image.fromarray(cmyk_src).convert("CMYK")
    b = io.BytesIO()
    cmyk.save(b, "JPEG", quality=90)
    C.add("unsupported_cmyk_adobe", b.getvalue(), "refuse",
          "Pillow CMYK: 4 components, Adobe APP14 transform=0 (Adobe-inverted CMYK)")
    fry = make_frame("ycck", 16, 16, seed_of("ycck"), [(2, 2), (1, 1), (1, 1), (2, 2)], quality=90)
    C.add("unsupported_ycck_adobe", build_jpeg(fry, jfif=False, adobe=2, huff="opt"), "refuse",
          "4 components Y, Cb, Cr, K (Y and K 2x2) with Adobe APP14 transform=2 (YCCK)")

    hier = bytearray(b"\xFF\xD8")
    for p in markers(base):
        if p[0] in (0xDB, 0xC4):
            hier += base[p[1]:p[2]]
    hier += segment(0xDE, struct.pack(">BHHB", 8, 16, 16, 3) + bytes([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]))
    sofp = base[[x for x in ms if x[0] == 0xC0][0][1] + 4:[x for x in ms if x[0] == 0xC0][0][2]]
    hier += segment(0xC5, sofp) + head[sos_at[1]:sos_at[2]] + scan_data + b"\xFF\xD9"
    C.add("unsupported_hierarchical_sof5", bytes(hier), "refuse",
          "hierarchical: DHP segment then an SOF5 (differential sequential) frame; not a complete hierarchical image")

    # ---- truncated ----
    pil_base = pil_jpeg(source_rgb(40, 30, seed_of("baseline_420_q75")), quality=75, subsampling=2)
    pm = markers(pil_base)
    dqt0 = [x for x in pm if x[0] == 0xDB][0]
    sof0 = [x for x in pm if x[0] == 0xC0][0]
    sos0 = [x for x in pm if x[0] == 0xDA][0]
    for name, n, note in [
            ("truncated_soi_only", 2, "only the SOI marker"),
            ("truncated_in_dqt", dqt0[1] + 20, "cut inside the first DQT segment"),
            ("truncated_in_sof", sof0[1] + 9, "cut inside the SOF0 segment"),
            ("truncated_before_sos", sos0[1], "all tables and the frame header, no SOS"),
            ("truncated_after_sos_header", sos0[2], "SOS header complete, no entropy-coded data"),
            ("truncated_mid_scan", (sos0[2] + sos0[3]) // 2, "cut in the middle of the scan data"),
            ("truncated_scan_end", sos0[3] - 3, "last 3 bytes of the scan data and the EOI missing")]:
        C.add(name, pil_base[:n], "refuse", "first %d of %d bytes of baseline_420_q75: %s" % (n, len(pil_base), note))
    C.add("truncated_missing_eoi", pil_base[:-2], "decode",
          "baseline_420_q75 without its EOI: every scan complete (Pillow reports the file truncated; ivsim decodes a "
          "sequential file whose components are all coded, docs/JPEG.md); reference: the complete file's decode",
          whole=pil_base)
    prog = pil_jpeg(source_rgb(40, 30, seed_of("progressive_420_q75")), quality=75, subsampling=2, progressive=True)
    psos = [x for x in markers(prog) if x[0] == 0xDA]
    C.add("truncated_progressive_after_dc", prog[:psos[1][1]], "refuse",
          "progressive_420_q75 cut after the first (DC) scan: incomplete progressive data")
    C.add("truncated_progressive_mid", prog[:(psos[5][2] + psos[5][3]) // 2], "refuse",
          "progressive_420_q75 cut in the middle of its 6th scan")

    # ---- corrupt headers / data ----
    def patch(data, off, new):
        return data[:off] + bytes(new) + data[off + len(new):]

    bsof = [x for x in ms if x[0] == 0xC0][0]
    bsos = [x for x in ms if x[0] == 0xDA][0]
    corrupt = [
        ("corrupt_dht_missing_table_3", None,
         "SOF1 file whose Cr component uses AC table 3, which no DHT defines (libjpeg-turbo has no default for tables 2-3)"),
        ("corrupt_sos_unknown_component", patch(base, bsos[1] + 7, [9]),
         "the SOS names component id 9, which the frame does not have"),
        ("corrupt_huffman_oversubscribed", None, "a DHT with 3 codes of length 1 (over-subscribed code lengths)"),
        ("corrupt_zero_width", patch(base, bsof[1] + 7, [0, 0]), "SOF with X = 0"),
        ("corrupt_zero_height_no_dnl", patch(base, bsof[1] + 5, [0, 0]), "SOF with Y = 0 and no DNL segment"),
        ("corrupt_zero_height_with_dnl", None, "SOF with Y = 0 and a DNL segment after the scan (valid T.81, but libjpeg-turbo does not support DNL)"),
        ("corrupt_garbage_after_soi", b"\xFF\xD8" + bytes(int(v) % 255 for v in hash_noise(300, 1, 5)[0]) + b"\xFF\xD9",
         "SOI, 300 bytes that are not markers (no 0xFF), EOI: no frame"),
        ("corrupt_no_soi", base[2:], "a baseline file without its SOI marker"),
        ("corrupt_bad_huffman_code", patch(base, bsos[2], [0xFF, 0x00, 0xFF, 0x00]),
         "scan data starting with 16 one-bits: no DC luma code of the Annex K table matches (libjpeg-turbo only warns and fills with zeros)"),
        ("corrupt_sampling_factor_zero", patch(base, bsof[1] + 11, [0x02]), "SOF with Y sampling factor H=0"),
        ("corrupt_sampling_factor_5", patch(base, bsof[1] + 11, [0x52]), "SOF with Y sampling factor H=5"),
        ("corrupt_quant_table_missing", patch(base, bsof[1] + 15, [3]), "Cb refers to quantisation table 3, which no DQT defines"),
        ("corrupt_dqt_index_4", None, "a DQT defining table 4 (only 0-3 exist)"),
        ("corrupt_dht_index_4", None, "a DHT defining AC table 4 (only 0-3 exist)"),
        ("corrupt_zero_components", None, "SOF with Nf = 0"),
        ("corrupt_two_sof", None, "two SOF0 segments"),
        ("corrupt_sos_before_sof", None, "the SOS comes before the SOF"),
        ("corrupt_segment_overruns_file", None, "a COM segment whose length runs past the end of the file"),
        ("corrupt_fractional_sampling", None, "Y 3x1, Cb 2x1, Cr 1x1: valid in T.81, but the ratio 3/2 is not integral and libjpeg-turbo refuses it"),
        ("corrupt_rst_wrong_number", None, "DRI 1 and the second RSTn marker is RST5 instead of RST1 (libjpeg-turbo only warns and resynchronises)"),
        ("corrupt_progressive_ac_interleaved", None, "progressive AC scan with two components (T.81 G.1.1.1.1 forbids it)"),
        ("corrupt_progressive_ss_gt_se", None, "progressive AC scan with Ss=9 > Se=5"),
        ("corrupt_progressive_dc_with_ac", None, "progressive DC scan with Se=5 (DC and AC in one scan)"),
        ("corrupt_mcu_too_many_blocks", None, "interleaved scan of Y, Cb, Cr all 2x2: 12 blocks per MCU, more than the 10 T.81 B.2.3 allows"),
        ("corrupt_progressive_refine_first", None, "a progressive AC refinement scan (Ah=1) of coefficients never sent (libjpeg-turbo only warns)"),
    ]
    for name, data, note in corrupt:
        if name == "corrupt_huffman_oversubscribed":
            bad = segment(0xC4, bytes([0x00, 3] + [0] * 15 + [0, 1, 2]))
            first_dht = [x for x in ms if x[0] == 0xC4 and base[x[1] + 4] == 0x00][0]  # DC table 0
            data = base[:first_dht[1]] + bad + base[first_dht[2]:]
        elif name == "corrupt_zero_height_with_dnl":
            z = patch(base, bsof[1] + 5, [0, 0])
            data = z[:-2] + segment(0xDC, struct.pack(">H", 16)) + b"\xFF\xD9"
        elif name == "corrupt_dqt_index_4":
            data = base[:2] + segment(0xDB, bytes([4]) + bytes([1] * 64)) + base[2:]
        elif name == "corrupt_dht_index_4":
            data = base[:2] + segment(0xC4, dht_payload(1, 4, STD_AC_LUMA)) + base[2:]
        elif name == "corrupt_zero_components":
            data = base[:bsof[1]] + segment(0xC0, struct.pack(">BHHB", 8, 16, 16, 0)) + base[bsof[2]:]
        elif name == "corrupt_two_sof":
            data = base[:bsof[2]] + base[bsof[1]:bsof[2]] + base[bsof[2]:]
        elif name == "corrupt_sos_before_sof":
            sofseg = base[bsof[1]:bsof[2]]
            data = base[:bsof[1]] + base[bsof[2]:bsos[3]] + sofseg + b"\xFF\xD9"
        elif name == "corrupt_segment_overruns_file":
            data = base[:bsof[2]] + b"\xFF\xFE\xFF\xF0" + base[bsof[2]:bsof[2] + 40]
        elif name == "corrupt_dht_missing_table_3":
            f4 = make_frame("ycbcr", 16, 16, seed_of(name), [(2, 2), (1, 1), (1, 1)], quality=75,
                            dc_tables=[0, 1, 1], ac_tables=[0, 1, 3])
            data = build_jpeg(f4, sof=0xC1, huff="opt", omit_tables=[("ac", 3)])
        elif name == "corrupt_fractional_sampling":
            f3 = make_frame("ycbcr", 24, 8, seed_of(name), [(3, 1), (1, 1), (1, 1)], quality=75)
            d3 = build_jpeg(f3)
            s3 = [x for x in markers(d3) if x[0] == 0xC0][0]
            data = patch(d3, s3[1] + 14, [0x21])
        elif name == "corrupt_rst_wrong_number":
            frr = make_frame("ycbcr", 48, 16, seed_of(name), [(2, 2), (1, 1), (1, 1)], quality=75)
            d = build_jpeg(frr, restart=1)
            k = d.index(b"\xFF\xD1")
            data = d[:k + 1] + b"\xD5" + d[k + 2:]
        elif name == "corrupt_mcu_too_many_blocks":
            data = build_jpeg(make_frame("ycbcr", 16, 16, seed_of(name), [(2, 2)] * 3, quality=75))
        elif name.startswith("corrupt_progressive"):
            frp = make_frame("ycbcr", 16, 16, seed_of(name), [(1, 1), (1, 1), (1, 1)], quality=75)
            if name == "corrupt_progressive_ac_interleaved":
                sc = [([0, 1, 2], 0, 0, 0, 0), ([0], 1, 63, 0, 0), ([1, 2], 1, 63, 0, 0)]
            elif name == "corrupt_progressive_ss_gt_se":
                sc = [([0, 1, 2], 0, 0, 0, 0), ([0], 1, 63, 0, 0), ([1], 1, 63, 0, 0), ([2], 1, 63, 0, 0)]
            elif name == "corrupt_progressive_dc_with_ac":
                sc = [([0, 1, 2], 0, 0, 0, 0), ([0], 1, 63, 0, 0), ([1], 1, 63, 0, 0), ([2], 1, 63, 0, 0)]
            else:
                sc = [([0, 1, 2], 0, 0, 0, 0), ([0], 1, 63, 1, 0), ([1], 1, 63, 0, 0), ([2], 1, 63, 0, 0)]

            def sos_patch(si, sos, name=name):
                if name == "corrupt_progressive_ss_gt_se" and si == 1:
                    return sos[:-3] + bytes([9, 5, 0])
                if name == "corrupt_progressive_dc_with_ac" and si == 0:
                    return sos[:-3] + bytes([0, 5, 0])
                return sos
            data = build_jpeg(frp, sof=0xC2, huff="opt", scans=sc, sos_patch=sos_patch)
        C.add(name, data, "refuse", note)

    # ---- libjpeg's rules where T.81 is silent or lenient (docs/JPEG.md) ----
    C.add("std_tables_missing_ac1", build_jpeg(base_fr, omit_tables=[("ac", 1)]), "decode",
          "a sequential scan uses AC table 1, which no DHT defines: libjpeg-turbo puts Annex K's chrominance AC table "
          "there (std_huff_tables, for Motion-JPEG), which is the right one here")
    segs = markers(pil_base)
    no_dht = pil_base[:2] + b"".join(pil_base[x[1]:x[2]] for x in segs if x[0] not in (0xD8, 0xC4, 0xDA, 0xD9))
    sos_last = [x for x in segs if x[0] == 0xDA][-1]
    no_dht += pil_base[sos_last[1]:]
    C.add("std_tables_no_dht", no_dht, "decode",
          "baseline_420_q75 (Annex K tables) with every DHT removed, as Motion-JPEG frames are: libjpeg-turbo's standard tables")
    # An Adobe segment (transform 0: RGB) after the scan, no JFIF: libjpeg settles the colour space at the first scan.
    no_jfif = pil_base[:2] + b"".join(pil_base[x[1]:x[2]] for x in segs if x[0] not in (0xD8, 0xE0, 0xDA, 0xD9)) + pil_base[sos_last[1]:]
    adobe = segment(0xEE, b"Adobe" + bytes([0, 100, 0, 0, 0, 0, 0]))
    C.add("adobe_after_scan", no_jfif[:-2] + adobe + b"\xFF\xD9", "decode",
          "no JFIF, and an Adobe APP14 (transform 0, RGB) after the scan: YCbCr still (ids 1, 2, 3), as libjpeg decides at the first scan")

    def gray_blocks(dc, quant, q16=False):
        """One 8x8 grey block with only a DC coefficient, Annex K tables, the given quantisation table."""
        fr = make_frame("gray", 8, 8, 1, [(1, 1)], quality=75)
        fr.comps[0].coef = [[[dc] + [0] * 63]]
        fr.qtables = {0: quant}
        return build_jpeg(fr, sof=0xC1 if q16 else 0xC0, dqt16=q16)
    C.add("idct_range_wraps", gray_blocks(1600, [3] + [1] * 63), "decode",
              "a DC of 1600 with quantiser 3 (4800, beyond what 8-bit samples need): the C IDCT's range limit wraps it "
          "to 0 (libjpeg-turbo's SIMD IDCT saturates to 255)")
    C.add("idct_quant16_signed", gray_blocks(1, [40000] + [1] * 63, q16=True), "decode",
          "a 16-bit quantiser of 40000 is a signed 16-bit multiplier (-25536) in libjpeg-turbo's IDCT")
    # A DHT table that cannot be a code without an all-ones code: refused when a scan uses it, ignored when none does.
    dc_ones = segment(0xC4, bytes([0x00, 2] + [0] * 15 + [0, 1]))
    C.add("corrupt_dht_all_ones_code", pil_base[:sos_last[1]] + dc_ones + pil_base[sos_last[1]:], "refuse",
          "DC table 0 redefined just before the scan with two codes of length 1: the second is all ones, which "
          "libjpeg refuses (Bogus Huffman table definition)")
    C.add("unused_bad_dht", pil_base[:sos_last[1]] + segment(0xC4, bytes([0x13, 3] + [0] * 15 + [0, 1, 2])) + pil_base[sos_last[1]:],
          "decode", "an over-subscribed AC table 3 that no scan uses: libjpeg checks a table only when a scan uses it")
    # Metadata: only the first Exif segment counts; an ICC chunk set must be complete.
    def exif_segment(orientation):
        ex = Image.Exif()
        if orientation:
            ex[0x0112] = orientation
        else:
            ex[0x010F] = "ivsim"
        return segment(0xE1, b"Exif\x00\x00" + ex.tobytes()[6:] if ex.tobytes().startswith(b"Exif") else b"Exif\x00\x00" + ex.tobytes())
    two_exif = pil_base[:2] + exif_segment(None) + exif_segment(6) + pil_base[2:]
    C.add("exif_second_segment_ignored", two_exif, "decode",
          "two APP1 Exif segments, the first without an orientation, the second with 6: the first counts, orientation 1")
    C.entries["exif_second_segment_ignored"]["exifOrientation"] = 1
    p3 = open(os.path.join(OUT, "icc_display_p3.icc"), "rb").read()
    half = segment(0xE2, b"ICC_PROFILE\x00" + bytes([1, 2]) + p3[:len(p3) // 2])
    C.add("icc_incomplete_chunks", pil_base[:2] + half + pil_base[2:], "decode",
          "one ICC chunk numbered 1 of 2, the second missing: no profile (libjpeg's jpeg_read_icc_profile)")
    C.entries["icc_incomplete_chunks"]["icc"] = None
    C.entries["icc_incomplete_chunks"]["iccFile"] = None

    # ---- manifest ----
    manifest = [C.entries[k] for k in sorted(C.entries)]
    with open(os.path.join(OUT, "manifest.json"), "w") as f:
        f.write("[\n" + ",\n".join(" " + json.dumps(e) for e in manifest) + "\n]\n")
    return C


def main():
    print("Pillow %s, libjpeg-turbo %s" % (Image.__version__, features.version("libjpeg_turbo")))
    if Image.__version__ != "13.0.0" or features.version("libjpeg_turbo") != "3.2.0":
        print("warning: the references were made with Pillow 13.0.0 / libjpeg-turbo 3.2.0", file=sys.stderr)
    C = generate()
    n = len(C.entries)
    dec = sum(1 for e in C.entries.values() if e["expect"] == "decode")
    size = sum(os.path.getsize(os.path.join(OUT, f)) for f in os.listdir(OUT))
    print("%d files (%d decode, %d refuse), %d bytes in jpeg/" % (n, dec, n - dec, size))
    print("own-encoder variants checked against plain baseline: %d" % C.stats["variant_checked"])
    print("djpeg -strict: %s" % ("%d files checked" % C.stats["djpeg_checked"] if DJPEG else "not installed, skipped"))
    worst = sorted(C.stats["mae"].items(), key=lambda kv: -kv[1])[:5]
    print("largest luma MAE to the source: " + ", ".join("%s %.1f" % kv for kv in worst))
    for e in C.entries.values():
        if e["expect"] == "refuse" and e["referenceDecoderOutcome"].startswith("decodes"):
            print("note: %s is refused by contract but Pillow %s" % (e["name"], e["referenceDecoderOutcome"]))
    for name, what in sorted(C.djpeg_refuse.items()):
        print("djpeg -strict on %s: %s" % (name, what))


if __name__ == "__main__":
    main()
