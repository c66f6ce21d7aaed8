#!/usr/bin/env python3
"""Generate the PDF reference corpus: hand-written PDFs + PDFium (pypdfium2) renderings.

Usage:
    /work/venv/bin/python generate_pdf_fixtures.py           # (re)write every file in this folder
    /work/venv/bin/python generate_pdf_fixtures.py --check   # regenerate in memory, byte-compare, exit 1 on drift

The PDFs are written byte by byte with the standard library only (zlib for Flate), so the
file structure (xref tables, xref streams, object streams, incremental updates ...) is exactly
what the script says. Everything is deterministic: no timestamps, no IDs, no randomness.
Renderings: pypdfium2 ``page.render(scale=s, fill_color=(0,0,0,0), may_draw_forms=False)``,
saved as straight-alpha 8-bit RGBA PNG.
"""

import io
import json
import math
import os
import re
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------------------------
# Low-level PDF writing
# --------------------------------------------------------------------------------------------


def B(x):
    if isinstance(x, (bytes, bytearray)):
        return bytes(x)
    return x.encode("latin-1")


def fmt(v):
    """Format a number for a content stream: at most 3 decimals, no trailing zeros."""
    if isinstance(v, int):
        return str(v)
    s = "%.3f" % v
    s = s.rstrip("0").rstrip(".")
    if s in ("-0", ""):
        s = "0"
    return s


def nums(*vs):
    return " ".join(fmt(v) for v in vs)


def flate(data):
    return zlib.compress(B(data), 9)


def stream(dict_body, data, filt=None, length=None):
    """A stream object body. dict_body: entries without << >>; filt: 'flate' compresses data.
    length: override /Length value text (e.g. '5 0 R')."""
    data = B(data)
    d = B(dict_body)
    if filt == "flate":
        data = flate(data)
        d += b" /Filter /FlateDecode"
    L = B(length) if length is not None else str(len(data)).encode()
    return b"<< " + d.strip() + b" /Length " + L + b" >>\nstream\n" + data + b"\nendstream"


HEADER = {
    "1.4": b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n",
    "1.5": b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n",
    "1.6": b"%PDF-1.6\n%\xe2\xe3\xcf\xd3\n",
}


def png_up_rows(rows):
    """PNG 'Up' predictor (type 2) for every row, as xref streams written by PDF 1.5 writers."""
    out = bytearray()
    prev = bytes(len(rows[0]))
    for r in rows:
        out.append(2)
        out += bytes((r[i] - prev[i]) & 0xFF for i in range(len(r)))
        prev = r
    return bytes(out)


def png_predict(raw_rows, bpp, filter_for_row):
    """Encode image rows with PNG filters (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth)."""
    out = bytearray()
    prev = bytes(len(raw_rows[0]))
    for y, row in enumerate(raw_rows):
        ft = filter_for_row(y)
        out.append(ft)
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ft == 0:
                p = 0
            elif ft == 1:
                p = a
            elif ft == 2:
                p = b
            elif ft == 3:
                p = (a + b) // 2
            else:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                p = a if (pa <= pb and pa <= pc) else (b if pb <= pc else c)
            out.append((x - p) & 0xFF)
        prev = row
    return bytes(out)


class Doc:
    def __init__(self):
        self.objs = {}
        self.next = 1

    def reserve(self):
        n = self.next
        self.next += 1
        return n

    def set(self, n, body):
        self.objs[n] = B(body)

    def add(self, body):
        n = self.reserve()
        self.set(n, body)
        return n

    @staticmethod
    def obj_bytes(n, body, gen=0):
        return ("%d %d obj\n" % (n, gen)).encode() + body + b"\nendobj\n"

    def classic(self, root, version="1.4"):
        """Classic cross-reference table + trailer."""
        out = bytearray(HEADER[version])
        offs = {}
        for n in sorted(self.objs):
            offs[n] = len(out)
            out += self.obj_bytes(n, self.objs[n])
        size = max(self.objs) + 1
        xref = len(out)
        out += b"xref\n0 %d\n" % size
        out += b"0000000000 65535 f \n"
        for n in range(1, size):
            assert n in offs, "gap in object numbers"
            out += b"%010d 00000 n \n" % offs[n]
        out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, root, xref)
        return bytes(out), xref

    def xref_stream(self, root, version="1.5", objstm=(), W=(1, 2, 1)):
        """Cross-reference stream (PDF 1.5), optional object stream for the objects in objstm.
        Non-contiguous object numbers produce several /Index subsections."""
        out = bytearray(HEADER[version])
        entries = {0: (0, 0, (1 << (8 * W[2])) - 1)}
        regular = [n for n in sorted(self.objs) if n not in objstm]
        if objstm:
            stm = max(self.objs) + 1
            hdr, body = [], bytearray()
            for i, n in enumerate(objstm):
                hdr.append("%d %d" % (n, len(body)))
                body += self.objs[n] + b"\n"
                entries[n] = (2, stm, i)
            h = (" ".join(hdr) + "\n").encode()
            self.objs[stm] = stream("/Type /ObjStm /N %d /First %d" % (len(objstm), len(h)),
                                    h + bytes(body), "flate")
            regular.append(stm)
        for n in regular:
            entries[n] = (1, len(out), 0)
            out += self.obj_bytes(n, self.objs[n])
        xnum = max(entries) + 1
        xoff = len(out)
        entries[xnum] = (1, xoff, 0)
        keys = sorted(entries)
        index, start, prev = [], keys[0], keys[0]
        for k in keys[1:]:
            if k != prev + 1:
                index += [start, prev - start + 1]
                start = k
            prev = k
        index += [start, prev - start + 1]
        rows = []
        for k in keys:
            row = b""
            for w, v in zip(W, entries[k]):
                row += v.to_bytes(w, "big")
            rows.append(row)
        cols = sum(W)
        data = zlib.compress(png_up_rows(rows), 9)
        d = ("/Type /XRef /Size %d /W [%s] /Index [%s] /Root %d 0 R /Filter /FlateDecode "
             "/DecodeParms << /Predictor 12 /Columns %d >>") % (
                xnum + 1, " ".join(map(str, W)), " ".join(map(str, index)), root, cols)
        out += self.obj_bytes(xnum, stream(d, data))
        out += b"startxref\n%d\n%%%%EOF\n" % xoff
        return bytes(out)


def one_page(content, w=64, h=48, res="", page_extra="", flate_content=False, setup=None,
             version="1.4", mediabox=None):
    """Catalog(1) / Pages(2) / Page(3) + content stream. setup(doc) may add objects and return
    the resources dictionary text (overrides res)."""
    d = Doc()
    cat, pages, page = d.reserve(), d.reserve(), d.reserve()
    if setup is not None:
        res = setup(d)
    c = d.add(stream("", content, "flate" if flate_content else None))
    mb = mediabox or [0, 0, w, h]
    d.set(cat, "<< /Type /Catalog /Pages %d 0 R >>" % pages)
    d.set(pages, "<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % page)
    d.set(page, "<< /Type /Page /Parent %d 0 R /MediaBox [%s] /Resources << %s >> /Contents %d 0 R%s >>"
          % (pages, nums(*mb), res, c, (" " + page_extra) if page_extra else ""))
    return d.classic(cat, version)[0]


# --------------------------------------------------------------------------------------------
# Geometry helpers for content streams
# --------------------------------------------------------------------------------------------

K = 0.5523


def circle(cx, cy, r):
    k = K * r
    return ("%s m %s c %s c %s c %s c h" % (
        nums(cx + r, cy),
        nums(cx + r, cy + k, cx + k, cy + r, cx, cy + r),
        nums(cx - k, cy + r, cx - r, cy + k, cx - r, cy),
        nums(cx - r, cy - k, cx - k, cy - r, cx, cy - r),
        nums(cx + k, cy - r, cx + r, cy - k, cx + r, cy)))


def circle_ccw_reversed(cx, cy, r):
    """Same circle traversed clockwise (for non-zero holes)."""
    k = K * r
    return ("%s m %s c %s c %s c %s c h" % (
        nums(cx + r, cy),
        nums(cx + r, cy - k, cx + k, cy - r, cx, cy - r),
        nums(cx - k, cy - r, cx - r, cy - k, cx - r, cy),
        nums(cx - r, cy + k, cx - k, cy + r, cx, cy + r),
        nums(cx + k, cy + r, cx + r, cy + k, cx + r, cy)))


def rrect(x, y, w, h, r):
    k = K * r
    return " ".join([
        "%s m" % nums(x + r, y),
        "%s l" % nums(x + w - r, y),
        "%s c" % nums(x + w - r + k, y, x + w, y + r - k, x + w, y + r),
        "%s l" % nums(x + w, y + h - r),
        "%s c" % nums(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
        "%s l" % nums(x + r, y + h),
        "%s c" % nums(x + r - k, y + h, x, y + h - r + k, x, y + h - r),
        "%s l" % nums(x, y + r),
        "%s c" % nums(x, y + r - k, x + r - k, y, x + r, y),
        "h"])


def arc_curves(cx, cy, r, a0, a1):
    """Cubic Bezier segments (each <= 90 deg) for an arc from angle a0 to a1 (degrees);
    returns only the 'c' operators (current point must be at the start)."""
    n = max(1, int(math.ceil(abs(a1 - a0) / 90.0 - 1e-9)))
    step = (a1 - a0) / n
    out = []
    for i in range(n):
        t0 = math.radians(a0 + i * step)
        t1 = math.radians(a0 + (i + 1) * step)
        k = 4.0 / 3.0 * math.tan((t1 - t0) / 4.0)
        p0 = (cx + r * math.cos(t0), cy + r * math.sin(t0))
        p3 = (cx + r * math.cos(t1), cy + r * math.sin(t1))
        p1 = (p0[0] - k * r * math.sin(t0), p0[1] + k * r * math.cos(t0))
        p2 = (p3[0] + k * r * math.sin(t1), p3[1] - k * r * math.cos(t1))
        out.append("%s c" % nums(p1[0], p1[1], p2[0], p2[1], p3[0], p3[1]))
    return " ".join(out)


def polar(cx, cy, r, deg):
    t = math.radians(deg)
    return cx + r * math.cos(t), cy + r * math.sin(t)


def star(cx, cy, r):
    pts = [polar(cx, cy, r, 90 + 144 * i) for i in range(5)]
    return "%s m %s h" % (nums(*pts[0]), " ".join("%s l" % nums(*p) for p in pts[1:]))


def lines(*s):
    return "\n".join(s) + "\n"


# --------------------------------------------------------------------------------------------
# Cases
# --------------------------------------------------------------------------------------------

CASES = []


def case(name, w, h, features, check_corners=True):
    def deco(fn):
        CASES.append(dict(name=name, w=w, h=h, features=features, fn=fn, corners=check_corners))
        return fn
    return deco


TWO_SHAPES = lines("1 0 0 rg", "8 8 24 32 re f", "0 0 1 rg", circle(46, 24, 12), "f")


@case("01-classic-xref", 64, 48, "classic xref table + trailer, uncompressed content, re f, rg, circle of c curves")
def c01():
    return one_page(TWO_SHAPES)


@case("02-flate-content", 64, 48, "FlateDecode content stream")
def c02():
    content = lines("0 0.7 0 rg", "8 8 24 32 re f", "1 0 1 rg", circle(46, 24, 12), "f")
    return one_page(content, flate_content=True)


@case("03-contents-array", 64, 48, "/Contents array of two streams split between operators (path and q/Q span both)")
def c03():
    d = Doc()
    cat, pages, page = d.reserve(), d.reserve(), d.reserve()
    a = d.add(stream("", "q 1 0.5 0 rg 8 8 m 32 8 l 32 40 l"))
    b = d.add(stream("", "8 40 l h f Q\n0 0.6 1 rg " + circle(46, 24, 12) + " f\n", "flate"))
    d.set(cat, "<< /Type /Catalog /Pages %d 0 R >>" % pages)
    d.set(pages, "<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % page)
    d.set(page, "<< /Type /Page /Parent %d 0 R /MediaBox [0 0 64 48] /Resources << >> /Contents [%d 0 R %d 0 R] >>"
          % (pages, a, b))
    return d.classic(cat)[0]


@case("04-xref-stream", 64, 48, "PDF 1.5 cross-reference stream /W [1 2 1], /Index with two subsections (object numbers 1-4 and 10-11), Flate + PNG Up predictor (/Predictor 12)")
def c04():
    d = Doc()
    d.set(1, "<< /Type /Catalog /Pages 2 0 R >>")
    d.set(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    d.set(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 64 48] /Resources << /ExtGState << /G0 10 0 R >> >> /Contents 4 0 R >>")
    d.set(4, stream("", lines("/G0 gs", "0.9 0.1 0.6 rg", "8 8 24 32 re f", "0.1 0.7 0.2 RG", circle(46, 24, 11), "S"), "flate"))
    d.set(10, "<< /Type /ExtGState /LW 4 >>")
    d.set(11, "<< /Producer (unused object in second xref subsection) >>")
    return d.xref_stream(1, W=(1, 2, 1))


@case("05-object-streams", 64, 48, "object stream (/Type /ObjStm) holding catalog, pages, page, resources, ExtGState, colour-space array; type-2 entries in an xref stream /W [1 3 1]")
def c05():
    d = Doc()
    d.set(1, "<< /Type /Catalog /Pages 2 0 R >>")
    d.set(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    d.set(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 64 48] /Resources 4 0 R /Contents 7 0 R >>")
    d.set(4, "<< /ExtGState << /GS0 5 0 R >> /ColorSpace << /CS0 6 0 R >> >>")
    d.set(5, "<< /Type /ExtGState /LW 3 /LJ 1 >>")
    d.set(6, "[/Indexed /DeviceRGB 1 <FF8000 0040FF>]")
    d.set(7, stream("", lines("/GS0 gs", "/CS0 cs 0 sc", "8 8 24 32 re f", "/CS0 CS 1 SC", circle(46, 24, 11), "S"), "flate"))
    return d.xref_stream(1, objstm=[1, 2, 3, 4, 5, 6], W=(1, 3, 1))


@case("06-incremental-update", 64, 48, "incremental update: second xref section with /Prev replaces the content stream object (old content must not show)")
def c06():
    d = Doc()
    d.set(1, "<< /Type /Catalog /Pages 2 0 R >>")
    d.set(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    d.set(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 64 48] /Resources << >> /Contents 4 0 R >>")
    d.set(4, stream("", lines("1 0 0 rg", "4 4 56 40 re f")))  # old: big red rectangle
    base, xref0 = d.classic(1)
    out = bytearray(base)
    off = len(out)
    out += Doc.obj_bytes(4, stream("", lines("0 0.6 0 rg", "8 8 20 32 re f", "0.5 0 1 rg", circle(44, 24, 12), "f")))
    x1 = len(out)
    out += b"xref\n0 1\n0000000000 65535 f \n4 1\n%010d 00000 n \n" % off
    out += b"trailer\n<< /Size 5 /Root 1 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (xref0, x1)
    return bytes(out)


@case("07-indirect-length", 64, 48, "stream /Length is an indirect reference to a later object")
def c07():
    d = Doc()
    d.set(1, "<< /Type /Catalog /Pages 2 0 R >>")
    d.set(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    d.set(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 64 48] /Resources << >> /Contents 4 0 R >>")
    content = lines("0 0.5 0.5 rg", "8 8 24 32 re f", "1 0.8 0 rg", circle(46, 24, 12), "f")
    d.set(4, stream("", content, length="5 0 R"))
    d.set(5, str(len(content)))
    return d.classic(1)[0]


@case("08-page-tree-inherit", 64, 48, "page tree: root /Pages -> intermediate /Pages -> /Page; /MediaBox from parent (overrides grandparent's), /Resources (ExtGState, XObject) from grandparent")
def c08():
    d = Doc()
    d.set(1, "<< /Type /Catalog /Pages 2 0 R >>")
    d.set(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 200 200] /Resources 6 0 R >>")
    d.set(3, "<< /Type /Pages /Parent 2 0 R /Kids [4 0 R] /Count 1 /MediaBox [0 0 64 48] >>")
    d.set(4, "<< /Type /Page /Parent 3 0 R /Contents 5 0 R >>")
    d.set(5, stream("", lines("q /GS0 gs 1 0 0 rg 8 8 24 32 re f Q", "q 1 0 0 1 34 12 cm /Fm0 Do Q")))
    d.set(6, "<< /ExtGState << /GS0 7 0 R >> /XObject << /Fm0 8 0 R >> >>")
    d.set(7, "<< /Type /ExtGState /ca 0.5 >>")
    d.set(8, stream("/Type /XObject /Subtype /Form /BBox [0 0 24 24]",
                    lines("0 0 1 rg", circle(12, 12, 11), "f")))
    return d.classic(1)[0]


@case("09-mediabox-origin", 64, 48, "MediaBox [10 20 74 68] with non-zero origin; a shape left of/below the box must be invisible")
def c09():
    content = lines("0 0.8 0 rg", "0 0 8 18 re f",  # outside the MediaBox
                    "1 0 0 rg", "18 28 24 32 re f", "0 0 1 rg", circle(56, 44, 12), "f")
    return one_page(content, mediabox=[10, 20, 74, 68])


@case("10-cropbox", 64, 48, "CropBox [16 12 80 60] inside MediaBox [0 0 96 72]; rectangle crossing the crop edge is cut, shape outside crop invisible")
def c10():
    content = lines("0 0.8 0 rg", "2 2 10 10 re f",   # entirely outside the crop box
                    "1 0 0 rg", "4 24 26 20 re f",    # crosses the left crop edge (visible x 16..30)
                    "0 0 1 rg", circle(58, 36, 12), "f")
    return one_page(content, mediabox=[0, 0, 96, 72], page_extra="/CropBox [16 12 80 60]")


@case("11-rotate90", 48, 64, "/Rotate 90 on a 64x48 MediaBox: displayed 48x64, content turned clockwise")
def c11():
    content = lines("1 0 0 rg", "4 4 20 12 re f",            # bottom-left
                    "0 0 1 rg", circle(50, 34, 9), "f",     # top-right
                    "0 0.7 0 rg", "28 10 m 44 18 l 28 26 l h f")  # arrow pointing +x
    return one_page(content, page_extra="/Rotate 90")


@case("12-path-fill-ops", 96, 64, "path construction m l c v y h re; painting f, f*, F, n (the n path must not appear)")
def c12():
    content = lines(
        "1 0 0 rg", "6 36 m 26 36 l 16 56 l f",                     # open triangle, f closes
        "0 0.7 0 rg", "34 36 m 40 60 54 60 58 36 c h f*",           # c
        "0 0 1 rg", "66 36 m 70 58 l 90 36 76 40 v F",              # v (first control = current point)
        "1 0.5 0 rg", "6 6 m 6 28 26 6 y h f",                      # y (second control = end point)
        "1 0 1 rg", "34 6 24 22 re n",                              # n: no painting
        "0 0.8 0.8 rg", "66 6 24 22 re f",
        "0.5 0 1 rg", "40 10 12 14 re f")
    return one_page(content, 96, 64)


@case("13-path-stroke-ops", 96, 64, "S, s, B, B*, b, b* with different fill (yellow/cyan) and stroke (blue/red) colours, width 2")
def c13():
    content = lines(
        "2 w 0 0 1 RG 1 1 0 rg",
        "6 40 m 16 58 l 26 40 l S",                                # S: open polyline
        "36 40 m 46 58 l 56 40 l s",                               # s: closed
        "66 40 m 76 58 l 86 40 l B",                               # B: fill + stroke (fill closes, stroke open)
        "1 0 0 RG 0 1 1 rg",
        "6 6 14 14 re 12 12 12 12 re B*",                          # B*: overlap is unfilled
        "36 6 m 46 24 l 56 6 l b",                                 # b: close, fill, stroke
        "66 6 14 14 re 72 12 12 12 re b*")
    return one_page(content, 96, 64)


@case("14-fill-rules", 96, 48, "self-intersecting star with f (non-zero, centre filled) vs f* (even-odd, centre empty); square with counter-wound circular hole filled with f")
def c14():
    content = lines(
        "1 0 0 rg", star(16, 24, 14), "f",
        "0 0 1 rg", star(48, 24, 14), "f*",
        "0 0.6 0 rg", "68 10 24 28 re", circle_ccw_reversed(80, 24, 8), "f")
    return one_page(content, 96, 48)


@case("15-line-widths-caps", 80, 64, "line widths 0.5 1 3 8 (butt cap); caps 0 butt, 1 round, 2 square on width 8 lines against guide line")
def c15():
    content = lines(
        "0 0 0 RG",
        "0.5 w 8 56 m 36 56 l S",
        "1 w 8 50 m 36 50 l S",
        "3 w 8 43 m 36 43 l S",
        "8 w 8 33 m 36 33 l S",
        "8 w 1 0 0 RG 0 J 48 54 m 48 36 l S",
        "0 0.6 0 RG 1 J 60 54 m 60 36 l S",
        "0 0 1 RG 2 J 72 54 m 72 36 l S",
        "0 J 0.5 w 1 0 1 RG 42 36 m 78 36 l S 42 54 m 78 54 l S",   # guides at the line ends
        "6 w 2 J 0.8 0.5 0 RG 10 16 m 60 16 l S",
        "1 J 0 0.6 0.6 RG 10 6 m 60 6 l S")
    return one_page(content, 80, 64)


@case("16-line-joins-miter", 96, 48, "joins 0 miter, 1 round, 2 bevel at width 6; sharp angle with miter limit 1.5 (falls back to bevel) vs 10 (mitered)")
def c16():
    content = lines(
        "6 w",
        "1 0 0 RG 0 j 6 10 m 13 32 l 20 10 l S",
        "0 0.6 0 RG 1 j 26 10 m 33 32 l 40 10 l S",
        "0 0 1 RG 2 j 46 10 m 53 32 l 60 10 l S",
        "4 w 0 j 1.5 M 1 0 1 RG 66 8 m 71 34 l 76 8 l S",
        "10 M 0.9 0.5 0 RG 81 8 m 86 34 l 91 8 l S")
    return one_page(content, 96, 48)


@case("17-dashes", 64, 48, "dash patterns [6 3] 0 d, [6 3] 4 d (phase), [2 2 8 2] 0 d with round caps, [] 0 d (solid reset), dashed closed rectangle")
def c17():
    content = lines(
        "3 w",
        "1 0 0 RG [6 3] 0 d 6 42 m 58 42 l S",
        "0 0.6 0 RG [6 3] 4 d 6 35 m 58 35 l S",
        "0 0 1 RG 1 J [2 4 8 4] 0 d 6 28 m 58 28 l S",
        "0 J 1 0 1 RG [] 0 d 6 21 m 58 21 l S",
        "2 w 0.9 0.5 0 RG [5 3] 0 d 8 5 48 10 re S")
    return one_page(content, 64, 48)


@case("18-cm-transforms", 96, 48, "cm translate, scale (non-uniform), rotate 30 deg, skew; each a unit-based square inside q/Q")
def c18():
    c30, s30 = math.cos(math.radians(30)), math.sin(math.radians(30))
    sk = math.tan(math.radians(25))
    content = lines(
        "q 1 0 0 1 6 14 cm 1 0 0 rg 0 0 16 16 re f Q",
        "q 2 0 0 1 26 8 cm 0 0.6 0 rg 0 0 8 30 re f Q",
        "q %s 54 12 cm 0 0 1 rg 0 0 14 14 re f Q" % nums(c30, s30, -s30, c30),
        "q %s 70 12 cm 1 0 1 rg 0 0 14 20 re f Q" % nums(1, 0, sk, 1))
    return one_page(content, 96, 48)


@case("19-q-Q-nesting", 64, 48, "nested q/Q restore fill colour, stroke colour, line width and CTM")
def c19():
    content = lines(
        "1 0 0 RG 2 w 0 0 1 rg",
        "q",
        "0 0.7 0 RG 6 w 1 0.6 0 rg 1 0 0 1 24 0 cm",
        "q",
        "1 0 1 RG 1 w 0 0.8 0.8 rg 0.8 0 0 0.8 12 20 cm",
        "0 0 12 12 re B",
        "Q",
        "8 6 12 12 re B",
        "Q",
        "6 30 14 12 re B",
        "6 6 14 14 re B")
    return one_page(content, 64, 48)


@case("20-colors-device", 96, 48, "colour operators g G rg RG; /DeviceRGB cs sc, /DeviceGray CS SC; swatches filled and stroked")
def c20():
    content = lines(
        "3 w",
        "0.25 g 0.75 G 6 26 16 16 re B",
        "1 0 0 rg 0 0 1 RG 28 26 16 16 re B",
        "/DeviceRGB cs 0 0.8 0 sc /DeviceRGB CS 1 0 1 SC 50 26 16 16 re B",
        "/DeviceGray CS 0.5 SC /DeviceGray cs 0.9 sc 72 26 16 16 re B",
        "/DeviceRGB cs 1 0.8 0 sc 6 6 38 14 re f",
        "/DeviceGray cs 0 sc 50 6 38 14 re f")
    return one_page(content, 96, 48)


DUMMY_ICC = b"dummy-icc-profile-not-a-real-profile-" * 4


@case("21-iccbased", 96, 48, "/ICCBased colour spaces with dummy (invalid) profile bytes: N 3 with /Alternate /DeviceRGB, N 3 without /Alternate, N 1 (cs/scn and CS/SCN)")
def c21():
    def setup(d):
        a = d.add(stream("/N 3 /Alternate /DeviceRGB", DUMMY_ICC))
        b = d.add(stream("/N 3", DUMMY_ICC))
        g = d.add(stream("/N 1", DUMMY_ICC))
        return "/ColorSpace << /CS0 [/ICCBased %d 0 R] /CS1 [/ICCBased %d 0 R] /CS2 [/ICCBased %d 0 R] >>" % (a, b, g)
    content = lines(
        "/CS0 cs 1 0.5 0 scn 6 8 24 32 re f",
        "/CS1 cs 0 0.7 0.9 scn 36 8 24 32 re f",
        "/CS2 cs 0.3 scn 4 w /CS2 CS 0.8 SCN 68 10 22 28 re B")
    return one_page(content, 96, 48, setup=setup)


@case("22-extgstate-alpha", 64, 48, "ExtGState /ca 0.5 (fill alpha) and /CA 0.5 (stroke alpha); 50% red partly over opaque blue, partly over nothing (expect ~(255,0,0,128))")
def c22():
    res = "/ExtGState << /GS0 << /ca 0.5 >> /GS1 << /CA 0.5 >> >>"
    content = lines(
        "0 0 1 rg 6 8 26 30 re f",
        "q /GS0 gs 1 0 0 rg", circle(36, 24, 14), "f Q",
        "q /GS1 gs 0 0.8 0 RG 6 w 8 42 m 58 6 l S Q")
    return one_page(content, 64, 48, res=res)


@case("23-extgstate-line", 64, 48, "ExtGState setting /LW 6 /LC 1 /LJ 1 /D [[4 3] 0] vs default stroke; q/Q restores them")
def c23():
    res = "/ExtGState << /GS0 << /Type /ExtGState /LW 6 /LC 1 /LJ 1 /D [[4 3] 0] >> >>"
    content = lines(
        "q /GS0 gs 1 0 0 RG 8 12 m 22 38 l 36 12 l S Q",
        "0 0 1 RG 40 12 m 48 38 l 56 12 l S",
        "q /GS0 gs 0 0.6 0 RG 8 6 m 56 6 l S Q")
    return one_page(content, 64, 48, res=res)


@case("24-blend-modes", 96, 48, "ExtGState /BM /Multiply (cyan x yellow = green) and /BM /Screen (red screen blue = magenta) over a white rectangle")
def c24():
    res = "/ExtGState << /M << /BM /Multiply >> /S << /BM /Screen >> >>"
    content = lines(
        "1 g 4 4 88 40 re f",
        "0 1 1 rg 8 8 24 28 re f",
        "q /M gs 1 1 0 rg 20 14 24 26 re f Q",
        "1 0 0 rg 52 8 24 28 re f",
        "q /S gs 0 0 1 rg 64 14 24 26 re f Q")
    return one_page(content, 96, 48, res=res)


@case("25-clip-rect", 64, 48, "re W n rectangular clip, then fill a larger circle; Q removes the clip for the next shape")
def c25():
    content = lines(
        "q 8 10 24 20 re W n 1 0 0 rg", circle(26, 24, 16), "f Q",
        "0 0 1 rg", circle(48, 24, 8), "f")
    return one_page(content, 64, 48)


@case("26-clip-evenodd-nested", 96, 48, "W* even-odd clip (ring from two rects); nested clips (rect, then circle) inside q/Q, restored after the inner Q")
def c26():
    content = lines(
        "q 4 6 36 36 re 14 16 16 16 re W* n 1 0 0 rg 0 0 48 48 re f Q",
        "q 50 8 30 30 re W n",
        "q", circle(80, 24, 14), "W n 0 0 1 rg 44 0 52 48 re f Q",
        "0 0.7 0 rg 44 24 m 96 30 l 96 34 l 44 28 l f",
        "Q",
        "1 0.6 0 rg 84 40 m 94 40 l 94 46 l 84 46 l h f")
    return one_page(content, 96, 48)


def axial(d, coords, c0, c1, extend="[true true]", cs="/DeviceRGB", n=1):
    f = "<< /FunctionType 2 /Domain [0 1] /C0 [%s] /C1 [%s] /N %s >>" % (nums(*c0), nums(*c1), fmt(n))
    return d.add("<< /ShadingType 2 /ColorSpace %s /Coords [%s] /Function %s /Extend %s >>"
                 % (cs, nums(*coords), f, extend))


@case("27-axial-shading-sh", 96, 48, "ShadingType 2 axial, Function type 2 N 1, painted with sh inside a rect clip; /Extend [true true] (ends filled) vs [false false] (only between the axis ends)")
def c27():
    def setup(d):
        a = axial(d, [16, 0, 32, 0], [1, 0, 0], [0, 0, 1], "[true true]")
        b = axial(d, [64, 0, 80, 0], [1, 1, 0], [0, 0.6, 0], "[false false]")
        return "/Shading << /Sh0 %d 0 R /Sh1 %d 0 R >>" % (a, b)
    content = lines("q 6 8 36 32 re W n /Sh0 sh Q", "q 54 8 36 32 re W n /Sh1 sh Q")
    return one_page(content, 96, 48, setup=setup)


@case("28-shading-pattern", 96, 48, "shading patterns (/PatternType 2) via /Pattern cs /P0 scn; fill circle; second pattern (/Matrix [0 -1 1 0 52 0]: vertical axis turned to run along x 52..76) fills a rect and strokes a line (/Pattern CS SCN)")
def c28():
    def setup(d):
        s0 = axial(d, [8, 0, 40, 0], [1, 0, 0], [1, 1, 0])
        s1 = axial(d, [0, 0, 0, 24], [0, 0, 1], [0, 1, 1])
        p0 = d.add("<< /Type /Pattern /PatternType 2 /Shading %d 0 R >>" % s0)
        # pattern space -> default page space: rotate -90 deg and translate
        p1 = d.add("<< /Type /Pattern /PatternType 2 /Shading %d 0 R /Matrix [0 -1 1 0 52 0] >>" % s1)
        # (x, y) -> (y + 52, -x): the axis (0,0)->(0,24) maps to (52,0)->(76,0), gradient along page x
        return "/Pattern << /P0 %d 0 R /P1 %d 0 R >>" % (p0, p1)
    content = lines(
        "/Pattern cs /P0 scn", circle(24, 24, 16), "f",
        "/Pattern cs /P1 scn 52 8 36 32 re f",
        "3 w /Pattern CS /P1 SCN 54 44 m 86 44 l S")
    return one_page(content, 96, 48, setup=setup)


@case("29-radial-shading", 96, 48, "ShadingType 3 radial: concentric (r0=0) with /Extend [false true]; offset centres with /Extend [true true]; each clipped to a rect")
def c29():
    def setup(d):
        a = d.add("<< /ShadingType 3 /ColorSpace /DeviceRGB /Coords [24 24 0 24 24 14] "
                  "/Function << /FunctionType 2 /Domain [0 1] /C0 [1 1 0] /C1 [1 0 1] /N 1 >> /Extend [false true] >>")
        b = d.add("<< /ShadingType 3 /ColorSpace /DeviceRGB /Coords [66 20 3 72 26 16] "
                  "/Function << /FunctionType 2 /Domain [0 1] /C0 [0 1 0] /C1 [0 0 1] /N 1 >> /Extend [true true] >>")
        return "/Shading << /Sh0 %d 0 R /Sh1 %d 0 R >>" % (a, b)
    content = lines("q 6 6 36 36 re W n /Sh0 sh Q", "q 52 6 38 36 re W n /Sh1 sh Q")
    return one_page(content, 96, 48, setup=setup)


@case("30-function-stitching", 64, 48, "Function type 3 stitching two type-2 functions, /Bounds [0.5], /Encode [0 1 1 0] (second reversed): red -> green -> blue")
def c30():
    def setup(d):
        f1 = d.add("<< /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 1 0] /N 1 >>")
        f2 = d.add("<< /FunctionType 2 /Domain [0 1] /C0 [0 0 1] /C1 [0 1 0] /N 1 >>")
        f = d.add("<< /FunctionType 3 /Domain [0 1] /Functions [%d 0 R %d 0 R] /Bounds [0.5] /Encode [0 1 1 0] >>" % (f1, f2))
        s = d.add("<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [8 0 56 0] /Function %d 0 R /Extend [true true] >>" % f)
        return "/Shading << /Sh0 %d 0 R >>" % s
    content = "q 8 10 48 28 re W n /Sh0 sh Q\n"
    return one_page(content, 64, 48, setup=setup)


@case("31-function-exp-sampled", 64, 48, "top band: Function type 2 with /N 2 (non-linear red->blue); bottom band: sampled Function type 0 (8-bit, 4 samples, 1 in, 3 out: red yellow green blue)")
def c31():
    def setup(d):
        a = axial(d, [8, 0, 56, 0], [1, 0, 0], [0, 0, 1], "[true true]", n=2)
        samples = bytes([255, 0, 0, 255, 255, 0, 0, 200, 0, 0, 0, 255])
        f = d.add(stream("/FunctionType 0 /Domain [0 1] /Range [0 1 0 1 0 1] /Size [4] /BitsPerSample 8", samples))
        b = d.add("<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [8 0 56 0] /Function %d 0 R /Extend [true true] >>" % f)
        return "/Shading << /Sh0 %d 0 R /Sh1 %d 0 R >>" % (a, b)
    content = lines("q 8 26 48 14 re W n /Sh0 sh Q", "q 8 8 48 14 re W n /Sh1 sh Q")
    return one_page(content, 64, 48, setup=setup)


@case("32-form-xobject", 96, 48, "form XObject with /BBox [5 5 25 25] clipping its circle and /Matrix [1 0 0 1 -5 -5]; drawn twice with different cm (translate; scale+rotate); one shape inherits the caller's fill colour")
def c32():
    def setup(d):
        fm = d.add(stream("/Type /XObject /Subtype /Form /BBox [5 5 25 25] /Matrix [1 0 0 1 -5 -5]",
                          lines(circle(15, 15, 13), "f", "0 0 0 rg 11 11 8 8 re f")))
        return "/XObject << /Fm0 %d 0 R >>" % fm
    c, s = math.cos(math.radians(20)), math.sin(math.radians(20))
    content = lines(
        "1 0 0 rg q 1 0 0 1 8 14 cm /Fm0 Do Q",
        "0 0 1 rg q %s 56 6 cm /Fm0 Do Q" % nums(1.3 * c, 1.3 * s, -1.3 * s, 1.3 * c),
        "0 0.7 0 rg 36 4 8 8 re f")  # colour after Do is the caller's again
    return one_page(content, 96, 48, setup=setup)


@case("33-form-nested", 64, 48, "form XObject calling another form XObject from its own /Resources; inner form has its own /Matrix (scale 0.5)")
def c33():
    def setup(d):
        inner = d.add(stream("/Type /XObject /Subtype /Form /BBox [0 0 24 24] /Matrix [0.5 0 0 0.5 10 10]",
                             lines("0 0 1 rg", circle(12, 12, 12), "f")))
        outer = d.add(stream("/Type /XObject /Subtype /Form /BBox [0 0 24 24] /Resources << /XObject << /Fm1 %d 0 R >> >>" % inner,
                             lines("1 0.6 0 rg 0 0 24 24 re f", "/Fm1 Do")))
        return "/XObject << /Fm0 %d 0 R >>" % outer
    content = lines("q 1 0 0 1 6 12 cm /Fm0 Do Q", "q 0.75 0 0 0.75 38 14 cm /Fm0 Do Q")
    return one_page(content, 64, 48, setup=setup)


@case("34-form-transparency-group", 96, 48, "left: form with /Group << /S /Transparency >> drawn with ca 0.5 (group composited as a whole, overlap shows only blue at 50%); right: same drawing in a form without /Group (each shape 50%, overlap purple)")
def c34():
    body = lines("1 0 0 rg 0 0 24 24 re f", "0 0 1 rg 12 8 24 24 re f")
    def setup(d):
        g = d.add(stream("/Type /XObject /Subtype /Form /BBox [0 0 36 32] /Group << /Type /Group /S /Transparency >>", body))
        n = d.add(stream("/Type /XObject /Subtype /Form /BBox [0 0 36 32]", body))
        return "/XObject << /G %d 0 R /N %d 0 R >> /ExtGState << /A << /ca 0.5 /CA 0.5 >> >>" % (g, n)
    content = lines("q /A gs 1 0 0 1 6 8 cm /G Do Q", "q /A gs 1 0 0 1 54 8 cm /N Do Q")
    return one_page(content, 96, 48, setup=setup)


def rgb_pixels_8x6():
    rows = []
    for y in range(6):
        row = bytearray()
        for x in range(8):
            row += bytes([x * 255 // 7, y * 255 // 5, 255 if (x + y) % 2 else 60])
        rows.append(bytes(row))
    return rows


@case("35-image-rgb", 64, 48, "image XObject 8x6 DeviceRGB 8 bpc FlateDecode /Interpolate false, drawn at 48x36 pt (6 pt per pixel)")
def c35():
    def setup(d):
        im = d.add(stream("/Type /XObject /Subtype /Image /Width 8 /Height 6 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Interpolate false",
                          b"".join(rgb_pixels_8x6()), "flate"))
        return "/XObject << /Im0 %d 0 R >>" % im
    return one_page("q 48 0 0 36 8 6 cm /Im0 Do Q\n", 64, 48, setup=setup)


@case("36-image-gray", 64, 48, "image XObject 8x6 DeviceGray 8 bpc, unfiltered, gray ramp, drawn 48x36 pt")
def c36():
    data = bytes(min(255, x * 34 + y * 6) for y in range(6) for x in range(8))
    def setup(d):
        im = d.add(stream("/Type /XObject /Subtype /Image /Width 8 /Height 6 /ColorSpace /DeviceGray /BitsPerComponent 8 /Interpolate false", data))
        return "/XObject << /Im0 %d 0 R >>" % im
    return one_page("q 48 0 0 36 8 6 cm /Im0 Do Q\n", 64, 48, setup=setup)


MASK_ROWS = [
    "..####..",
    ".#....#.",
    "#.#..#.#",
    "#......#",
    "#.#..#.#",
    "#..##..#",
    ".#....#.",
    "..####..",
]


@case("37-image-mask", 96, 48, "1-bit /ImageMask true stencil painted with the current fill colour (default /Decode [0 1]: 0 bits paint) and with /Decode [1 0] (1 bits paint), 8x8 drawn 32x32")
def c37():
    data = bytes(int("".join("0" if ch == "#" else "1" for ch in r), 2) for r in MASK_ROWS)
    def setup(d):
        m0 = d.add(stream("/Type /XObject /Subtype /Image /Width 8 /Height 8 /ImageMask true /BitsPerComponent 1", data))
        m1 = d.add(stream("/Type /XObject /Subtype /Image /Width 8 /Height 8 /ImageMask true /BitsPerComponent 1 /Decode [1 0]", data))
        return "/XObject << /M0 %d 0 R /M1 %d 0 R >>" % (m0, m1)
    content = lines("1 0 0 rg q 32 0 0 32 8 8 cm /M0 Do Q", "0 0 1 rg q 32 0 0 32 56 8 cm /M1 Do Q")
    return one_page(content, 96, 48, setup=setup)


@case("38-image-smask", 64, 48, "8x6 DeviceRGB image with /SMask (8x6 DeviceGray 8-bit alpha ramp left 0 -> right 255), drawn over a green bar")
def c38():
    rgb = b"".join(bytes([255, 0, 0] if y < 3 else [0, 0, 255]) * 8 for y in range(6))
    alpha = b"".join(bytes(x * 255 // 7 for x in range(8)) for _ in range(6))
    def setup(d):
        sm = d.add(stream("/Type /XObject /Subtype /Image /Width 8 /Height 6 /ColorSpace /DeviceGray /BitsPerComponent 8", alpha, "flate"))
        im = d.add(stream("/Type /XObject /Subtype /Image /Width 8 /Height 6 /ColorSpace /DeviceRGB /BitsPerComponent 8 /SMask %d 0 R" % sm, rgb, "flate"))
        return "/XObject << /Im0 %d 0 R >>" % im
    content = lines("0 0.8 0 rg 4 20 56 8 re f", "q 48 0 0 36 8 6 cm /Im0 Do Q")
    return one_page(content, 64, 48, setup=setup)


@case("39-image-indexed", 64, 48, "image with [/Indexed /DeviceRGB 3 <hex palette>] (red, green, blue, yellow), 2 bits per component, 8x4, drawn 48x24 pt")
def c39():
    idx = [[(x + y) % 4 if x < 4 else (x * 3 + y) % 4 for x in range(8)] for y in range(4)]
    data = bytes()
    for row in idx:
        bits = 0
        for v in row:
            bits = (bits << 2) | v
        data += bits.to_bytes(2, "big")
    def setup(d):
        im = d.add(stream("/Type /XObject /Subtype /Image /Width 8 /Height 4 /ColorSpace [/Indexed /DeviceRGB 3 <FF000000FF000000FFFFFF00>] /BitsPerComponent 2", data))
        return "/XObject << /Im0 %d 0 R >>" % im
    return one_page("q 48 0 0 24 8 12 cm /Im0 Do Q\n", 64, 48, setup=setup)


def make_jpeg():
    from PIL import Image
    im = Image.new("RGB", (16, 16))
    px = im.load()
    for y in range(16):
        for x in range(16):
            px[x, y] = (255 - x * 15, y * 15, x * 15)
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=90, subsampling=2, progressive=False, optimize=False)
    return buf.getvalue()


@case("40-image-dct", 64, 48, "DCTDecode (baseline JPEG from Pillow, quality 90, 4:2:0) 16x16 DeviceRGB image drawn 32x32 pt")
def c40():
    jpg = make_jpeg()
    def setup(d):
        im = d.add(stream("/Type /XObject /Subtype /Image /Width 16 /Height 16 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode", jpg))
        return "/XObject << /Im0 %d 0 R >>" % im
    return one_page("q 32 0 0 32 16 8 cm /Im0 Do Q\n", 64, 48, setup=setup)


@case("41-image-png-predictor", 64, 48, "8x6 DeviceRGB image, FlateDecode with /DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns 8 >>; rows use PNG filters None, Sub, Up, Average, Paeth, None")
def c41():
    enc = png_predict(rgb_pixels_8x6(), 3, lambda y: y % 5)
    def setup(d):
        im = d.add(stream("/Type /XObject /Subtype /Image /Width 8 /Height 6 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Interpolate false "
                          "/Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns 8 >>",
                          zlib.compress(enc, 9)))
        return "/XObject << /Im0 %d 0 R >>" % im
    return one_page("q 48 0 0 36 8 6 cm /Im0 Do Q\n", 64, 48, setup=setup)


@case("42-softmask-luminosity", 96, 48, "ExtGState /SMask << /S /Luminosity /G form >>: left mask form = white circle on black over a red rect; right = white-to-black axial gradient over a blue rect")
def c42():
    def setup(d):
        m0 = d.add(stream("/Type /XObject /Subtype /Form /BBox [0 0 96 48] /Group << /Type /Group /S /Transparency /CS /DeviceRGB >>",
                          lines("0 g 0 0 96 48 re f", "1 g", circle(24, 24, 14), "f")))
        sh = axial(d, [54, 0, 90, 0], [1], [0], "[true true]", cs="/DeviceGray")
        m1 = d.add(stream("/Type /XObject /Subtype /Form /BBox [0 0 96 48] /Group << /Type /Group /S /Transparency /CS /DeviceRGB >> "
                          "/Resources << /Shading << /Sh0 %d 0 R >> >>" % sh, "/Sh0 sh\n"))
        return ("/ExtGState << /S0 << /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G %d 0 R >> >> "
                "/S1 << /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G %d 0 R >> >> >>" % (m0, m1))
    content = lines("q /S0 gs 1 0 0 rg 6 6 36 36 re f Q",
                    "q /S1 gs 0 0 1 rg 54 6 36 36 re f Q",
                    "0 0.7 0 rg 44 20 8 8 re f")  # after Q: unmasked
    return one_page(content, 96, 48, setup=setup)


@case("43-design-export", 64, 64, "design-tool style export: PDF 1.6, xref stream + object stream, page /Group << /S /Transparency /CS /DeviceRGB >>, ICCBased RGB (/Alternate /DeviceRGB), y-flip cm, rounded square clipped + axial sh gradient, white checkmark stroke with round caps/joins")
def c43():
    d = Doc()
    d.set(1, "<< /Type /Catalog /Pages 2 0 R >>")
    d.set(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    d.set(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 64 64] /Resources 4 0 R /Contents 8 0 R "
             "/Group << /Type /Group /S /Transparency /CS /DeviceRGB >> >>")
    d.set(4, "<< /ColorSpace << /Cs1 5 0 R >> /Shading << /Sh1 6 0 R >> /ExtGState << /Gs1 7 0 R >> >>")
    d.set(5, "[/ICCBased 9 0 R]")
    d.set(6, "<< /ShadingType 2 /ColorSpace 5 0 R /Coords [0 8 0 56] /Extend [true true] "
             "/Function << /FunctionType 2 /Domain [0 1] /C0 [0.2 0.75 1] /C1 [0.45 0.1 0.85] /N 1 >> >>")
    d.set(7, "<< /Type /ExtGState /ca 0.35 >>")
    content = lines(
        "1 0 0 -1 0 64 cm",                       # y-down design space
        "q", rrect(8, 8, 48, 48, 11), "W n",
        "/Sh1 sh",
        "Q",
        "q /Gs1 gs /Cs1 cs 0.1 0.05 0.3 scn",     # subtle shadow under the check
        "20 36 m 28 44 l 45 27 l 47 29 l 28 48 l 18 38 l h f",
        "Q",
        "/Cs1 CS 1 1 1 SCN 6 w 1 J 1 j",
        "20 33 m 28 41 l 44 24 l S",
        "/Cs1 cs 1 0.85 0.2 scn", circle(48, 16, 5), "f")
    d.set(8, stream("", content, "flate"))
    d.set(9, stream("/N 3 /Alternate /DeviceRGB", DUMMY_ICC, "flate"))
    return d.xref_stream(1, version="1.6", objstm=[1, 2, 3, 4, 5, 6, 7], W=(1, 2, 1))


@case("44-icon-heart", 64, 64, "heart icon from cubic curves, filled red and stroked dark red, width 2, round joins")
def c44():
    content = lines(
        "0.9 0.1 0.2 rg 0.45 0 0.1 RG 2 w 1 j",
        "32 12 m 32 12 8 28 8 42 c 8 50 14 56 21 56 c 26 56 30 53 32 49 c",
        "34 53 38 56 43 56 c 50 56 56 50 56 42 c 56 28 32 12 32 12 c h B")
    return one_page(content, 64, 64)


@case("45-icon-gear", 64, 64, "gear icon: 8 teeth with arc segments (many cubic curves) and a circular hole, even-odd fill + stroke (B*)")
def c45():
    cx = cy = 32
    r_root, r_tip, teeth = 18, 25, 8
    seg = 360.0 / teeth
    parts = []
    for i in range(teeth):
        a = i * seg
        # root arc, then flank up, tip arc, flank down
        p = polar(cx, cy, r_root, a)
        parts.append(("%s m" if i == 0 else "%s l") % nums(*p))
        parts.append(arc_curves(cx, cy, r_root, a, a + seg * 0.45))
        parts.append("%s l" % nums(*polar(cx, cy, r_tip, a + seg * 0.55)))
        parts.append(arc_curves(cx, cy, r_tip, a + seg * 0.55, a + seg * 0.9))
        parts.append("%s l" % nums(*polar(cx, cy, r_root, a + seg)))
    parts.append("h")
    content = lines("0.2 0.45 0.8 rg 0.05 0.1 0.3 RG 1.5 w 1 j", " ".join(parts), circle(cx, cy, 7), "B*")
    return one_page(content, 64, 64)


@case("47-image-shrunk-interpolate", 48, 48, "96x96 DeviceRGB image of fine rings with /Interpolate true and an /SMask disk (hard edge), drawn into 32x32 pt: 3:1 smaller at 1x, 1.5:1 at 2x, over a green bar")
def c47():
    import math
    rgb, alpha = bytearray(), bytearray()
    for y in range(96):
        for x in range(96):
            d = math.hypot(x + 0.5 - 48, y + 0.5 - 48)
            on = int(d) % 3 == 0
            rgb += bytes([255, 255, 255]) if on else bytes([40, 40, 160])
            alpha.append(255 if d < 44 else 0)
    def setup(d):
        sm = d.add(stream("/Type /XObject /Subtype /Image /Width 96 /Height 96 /ColorSpace /DeviceGray /BitsPerComponent 8", bytes(alpha), "flate"))
        im = d.add(stream("/Type /XObject /Subtype /Image /Width 96 /Height 96 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Interpolate true /SMask %d 0 R" % sm,
                          bytes(rgb), "flate"))
        return "/XObject << /Im0 %d 0 R >>" % im
    content = lines("0 0.8 0 rg 4 20 40 8 re f", "q 32 0 0 32 8 8 cm /Im0 Do Q")
    return one_page(content, 48, 48, setup=setup)


@case("46-optional-content", 64, 48, "optional content: OCGs A (on) and B (off in /D /OFF); BDC /OC marked content, nested BDC/BMC, forms with /OC, an OCMD (AnyOn of B)")
def c46():
    d = Doc()
    cat, pages, page = d.reserve(), d.reserve(), d.reserve()
    oc_a = d.add("<< /Type /OCG /Name (A) >>")
    oc_b = d.add("<< /Type /OCG /Name (B) >>")
    ocmd = d.add("<< /Type /OCMD /OCGs [%d 0 R] /P /AnyOn >>" % oc_b)
    fm_hidden = d.add(stream("/Type /XObject /Subtype /Form /BBox [0 0 64 48] /OC %d 0 R" % oc_b, "0 0.7 0 rg 8 30 20 12 re f"))
    fm_shown = d.add(stream("/Type /XObject /Subtype /Form /BBox [0 0 64 48] /OC %d 0 R" % oc_a, "1 0.5 0 rg 36 30 20 12 re f"))
    content = lines(
        "/OC /pA BDC 1 0 0 rg 8 8 20 16 re f EMC",
        "/OC /pB BDC 0 0 1 rg 36 8 20 16 re f /Span << /ActualText (x) >> BDC 0 0 0 rg 40 10 4 4 re f EMC EMC",
        "/OC /pM BDC 1 0 1 rg 30 26 4 4 re f EMC",
        "/Tag BMC 0.5 0.5 0.5 rg 30 2 4 4 re f EMC",
        "/Fh Do /Fs Do")
    c = d.add(stream("", content))
    d.set(cat, "<< /Type /Catalog /Pages %d 0 R /OCProperties << /OCGs [%d 0 R %d 0 R] /D << /Order [%d 0 R %d 0 R] /OFF [%d 0 R] >> >> >>"
          % (pages, oc_a, oc_b, oc_a, oc_b, oc_b))
    d.set(pages, "<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % page)
    d.set(page, "<< /Type /Page /Parent %d 0 R /MediaBox [0 0 64 48] /Resources << /Properties << /pA %d 0 R /pB %d 0 R /pM %d 0 R >> "
          "/XObject << /Fh %d 0 R /Fs %d 0 R >> >> /Contents %d 0 R >>" % (pages, oc_a, oc_b, ocmd, fm_hidden, fm_shown, c))
    return d.classic(cat, "1.5")[0]


# --------------------------------------------------------------------------------------------
# Structural validation (independent of PDFium)
# --------------------------------------------------------------------------------------------


def _dict_int(d, key):
    m = re.search(rb"/" + key + rb"\s+(\d+)(?!\s+\d+\s+R)", d)
    return int(m.group(1)) if m else None


def _stream_data_at(data, off):
    """Given the offset of 'N G obj', return (dict bytes, raw stream data or None)."""
    m = re.match(rb"(\d+) (\d+) obj\s*", data[off:])
    start = off + m.end()
    end = data.index(b"endobj", start)
    body = data[start:end]
    si = body.find(b"stream\n")
    if si < 0 or not body.lstrip().startswith(b"<<"):
        return body, None
    dict_b = body[:si]
    return dict_b, start + si + len(b"stream\n")


def validate(data, name):
    errs = []
    assert data.startswith(b"%PDF-1."), name
    table = {}  # objnum -> (type, a, b) newest wins

    def check_obj_at(n, g, off):
        if not re.match(rb"%d %d obj" % (n, g), data[off:off + 24]):
            errs.append("obj %d %d: offset %d points at %r" % (n, g, off, data[off:off + 16]))

    def read_section(off, seen):
        if off in seen:
            errs.append("xref loop")
            return
        seen.add(off)
        if data[off:off + 4] == b"xref":
            p = off + 5
            while True:
                m = re.match(rb"(\d+) (\d+)\r?\n", data[p:])
                if not m:
                    break
                first, cnt = int(m.group(1)), int(m.group(2))
                p += m.end()
                for i in range(cnt):
                    e = data[p:p + 20]
                    if len(e) != 20 or not re.match(rb"\d{10} \d{5} [nf](?: \n|\r\n)$", e):
                        errs.append("bad xref entry %r" % e)
                    o, g, t = int(e[:10]), int(e[11:16]), e[17:18]
                    if first + i not in table:
                        table[first + i] = (1 if t == b"n" else 0, o, g)
                    if t == b"n":
                        check_obj_at(first + i, g, o)
                    p += 20
            if data[p:p + 7] != b"trailer":
                errs.append("no trailer after xref at %d" % off)
            tr = data[p:data.index(b">>", p) + 2]
            prev = _dict_int(tr, b"Prev")
            if prev is not None:
                read_section(prev, seen)
        else:
            m = re.match(rb"(\d+) (\d+) obj", data[off:])
            if not m:
                errs.append("startxref %d points at %r" % (off, data[off:off + 16]))
                return
            d, sd = _stream_data_at(data, off)
            if b"/XRef" not in d:
                errs.append("xref stream lacks /Type /XRef")
            L = _dict_int(d, b"Length")
            raw = zlib.decompress(data[sd:sd + L])
            W = [int(x) for x in re.search(rb"/W\s*\[([\d\s]+)\]", d).group(1).split()]
            idx = [int(x) for x in re.search(rb"/Index\s*\[([\d\s]+)\]", d).group(1).split()]
            cols = _dict_int(d, b"Columns")
            assert cols == sum(W)
            rows, prev_row, p = [], bytes(cols), 0
            while p < len(raw):
                ft, r = raw[p], raw[p + 1:p + 1 + cols]
                assert ft == 2
                r = bytes((r[i] + prev_row[i]) & 0xFF for i in range(cols))
                rows.append(r)
                prev_row = r
                p += 1 + cols
            nums_ = []
            for i in range(0, len(idx), 2):
                nums_ += list(range(idx[i], idx[i] + idx[i + 1]))
            if len(nums_) != len(rows):
                errs.append("xref stream rows %d != index count %d" % (len(rows), len(nums_)))
            for n, r in zip(nums_, rows):
                f, q = [], 0
                for w in W:
                    f.append(int.from_bytes(r[q:q + w], "big"))
                    q += w
                if n not in table:
                    table[n] = tuple(f)
                if f[0] == 1:
                    check_obj_at(n, f[2], f[1])
            prev = _dict_int(d, b"Prev")
            if prev is not None:
                read_section(prev, seen)

    sx = data.rindex(b"startxref")
    off = int(data[sx + 9:].split()[0])
    read_section(off, set())
    if errs:
        raise SystemExit("%s: %s" % (name, "; ".join(errs)))

    # offsets of in-use uncompressed objects; check stream lengths and references
    def offset_of(n):
        t = table.get(n)
        return t[1] if t and t[0] == 1 else None

    def resolve_int(ref_n):
        o = offset_of(ref_n)
        m = re.match(rb"\d+ \d+ obj\s*(\d+)\s*endobj", data[o:])
        return int(m.group(1))

    texts = []
    for n, t in sorted(table.items()):
        if t[0] != 1:
            continue
        d, sd = _stream_data_at(data, t[1])
        texts.append(d)
        if sd is None:
            continue
        m = re.search(rb"/Length\s+(\d+)(\s+(\d+)\s+R)?", d)
        L = resolve_int(int(m.group(1))) if m.group(2) else int(m.group(1))
        if not re.match(rb"\r?\nendstream", data[sd + L:sd + L + 12]):
            errs.append("obj %d: /Length %d does not end at endstream" % (n, L))
        if b"/ObjStm" in d:
            raw = zlib.decompress(data[sd:sd + L])
            N, first = _dict_int(d, b"N"), _dict_int(d, b"First")
            hdr = [int(x) for x in raw[:first].split()]
            for i in range(N):
                on, oo = hdr[2 * i], hdr[2 * i + 1]
                if table.get(on) != (2, n, i):
                    errs.append("objstm %d entry %d (obj %d) not matched by xref %r" % (n, i, on, table.get(on)))
                texts.append(raw[first + oo:])
    for t in table.values():
        if t[0] == 2 and table.get(t[1], (0,))[0] != 1:
            errs.append("type-2 entry refers to missing object stream %d" % t[1])
    for txt in texts:
        for m in re.finditer(rb"(\d+) (\d+) R\b", txt):
            if table.get(int(m.group(1)), (0,))[0] not in (1, 2):
                errs.append("dangling reference %s" % m.group(0).decode())
    if errs:
        raise SystemExit("%s: %s" % (name, "; ".join(errs)))


# --------------------------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------------------------


def render_png(pdf_bytes, scale):
    import pypdfium2 as pdfium
    import numpy as np
    from PIL import Image
    doc = pdfium.PdfDocument(pdf_bytes)
    try:
        page = doc[0]
        size = page.get_size()
        bm = page.render(scale=scale, fill_color=(0, 0, 0, 0), may_draw_forms=False)
        img = bm.to_pil()
        assert img.mode == "RGBA", img.mode  # pypdfium2 maps pdfium's BGRA buffer to PIL RGBA
        arr = np.array(img, dtype=np.uint8).copy()
        page.close()
    finally:
        doc.close()
    # PDFium's FPDFBitmap_BGRA is straight (non-premultiplied) alpha; fully transparent pixels
    # are normalised to (0,0,0,0) so the PNG bytes do not depend on hidden colour values.
    arr[arr[:, :, 3] == 0] = 0
    out = io.BytesIO()
    Image.fromarray(arr, "RGBA").save(out, "PNG", optimize=False, compress_level=9)
    return out.getvalue(), arr, size


def versions():
    import pypdfium2.version as v
    return v.PYPDFIUM_INFO, v.PDFIUM_INFO


def main():
    check = "--check" in sys.argv
    outputs = {}
    index = []
    arrays = {}
    for c in CASES:
        name = c["name"]
        pdf = c["fn"]()
        validate(pdf, name)
        outputs[name + ".pdf"] = pdf
        for s in (1, 2):
            png, arr, size = render_png(pdf, s)
            outputs["%s@%dx.png" % (name, s)] = png
            arrays[(name, s)] = arr
            h, w = arr.shape[:2]
            if (w, h) != (c["w"] * s, c["h"] * s):
                raise SystemExit("%s@%dx: rendered %dx%d, expected %dx%d" % (name, s, w, h, c["w"] * s, c["h"] * s))
            if tuple(round(x, 3) for x in size) != (c["w"], c["h"]):
                raise SystemExit("%s: pdfium page size %r != %r" % (name, size, (c["w"], c["h"])))
            if arr[:, :, 3].max() == 0:
                raise SystemExit("%s@%dx: blank render" % (name, s))
            if c["corners"]:
                for (yy, xx) in ((0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1)):
                    if arr[yy, xx, 3] != 0:
                        raise SystemExit("%s@%dx: corner (%d,%d) not transparent: %r" % (name, s, xx, yy, arr[yy, xx]))
            if not check:
                print("%-28s @%dx  %3dx%-3d  drawn px: %d" % (name, s, w, h, int((arr[:, :, 3] > 0).sum())))
        index.append({"file": name + ".pdf", "width": c["w"], "height": c["h"], "features": c["features"]})

    # straight-alpha sanity check: 50% red over nothing in 22-extgstate-alpha at (46, 24) pt
    a = arrays[("22-extgstate-alpha", 2)]
    px = a[2 * (48 - 24), 2 * 46]
    assert abs(int(px[0]) - 255) <= 1 and px[1] <= 1 and px[2] <= 1 and abs(int(px[3]) - 128) <= 1, px
    outputs["index.json"] = (json.dumps(sorted(index, key=lambda e: e["file"]), indent=2) + "\n").encode()

    if check:
        bad = []
        for fn, b in sorted(outputs.items()):
            p = os.path.join(HERE, fn)
            if not os.path.exists(p) or open(p, "rb").read() != b:
                bad.append(fn)
        if bad:
            print("drift in: " + ", ".join(bad))
            sys.exit(1)
        print("all %d files identical (%s, %s)" % (len(outputs), *versions()))
        return
    for fn, b in sorted(outputs.items()):
        with open(os.path.join(HERE, fn), "wb") as f:
            f.write(b)
    print("50%% red over transparent at 22-extgstate-alpha@2x: %r" % (tuple(int(v) for v in px),))
    print("wrote %d cases (%d files); pypdfium2 %s, PDFium %s" % (len(CASES), len(outputs), *versions()))


if __name__ == "__main__":
    main()
