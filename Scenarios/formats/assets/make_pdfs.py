"""Writes the PDF files of Scenarios/formats/pdf-images.json (python3 make_pdfs.py, from this folder).

ticket.pdf: a classic cross-reference table and an uncompressed content stream, as a hand-written
file has; Icons.xcassets/Glyph.imageset/glyph.pdf (and its copy in GlyphSharp): an export in the
manner of design tools, PDF 1.5 with a Flate-compressed content stream, an object stream and a
cross-reference stream. Both are drawn by ivsim and compared with PDFium in docs/PDF.md.
"""
import os
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def classic(objects):
    out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out


def stream(dictionary, data):
    return b"<< " + dictionary + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


def ticket():
    # 24 x 24 pt: a rounded square filled with a three-colour axial shading pattern (a stitching
    # function), a half-transparent white ring, and a white tick with round caps and joins.
    content = b"""q
/Pattern cs /P0 scn
4 0 m 20 0 l 22.2 0 24 1.8 24 4 c 24 20 l 24 22.2 22.2 24 20 24 c 4 24 l 1.8 24 0 22.2 0 20 c 0 4 l 0 1.8 1.8 0 4 0 c h f
/GS0 gs 1 1 1 RG 1.5 w
12 4.5 m 16.14 4.5 19.5 7.86 19.5 12 c 19.5 16.14 16.14 19.5 12 19.5 c 7.86 19.5 4.5 16.14 4.5 12 c 4.5 7.86 7.86 4.5 12 4.5 c h S
Q
1 1 1 RG 2.2 w 1 J 1 j
8 12.5 m 10.8 9.6 l 16 15.2 l S
"""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 24 24] /Contents 4 0 R /Resources << /Pattern << /P0 5 0 R >> /ExtGState << /GS0 9 0 R >> >> >>",
        stream(b"", content),
        b"<< /PatternType 2 /Shading 6 0 R >>",
        b"<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 24 24 0] /Extend [true true] /Function 7 0 R >>",
        b"<< /FunctionType 3 /Domain [0 1] /Bounds [0.5] /Encode [0 1 0 1] /Functions [8 0 R 10 0 R] >>",
        b"<< /FunctionType 2 /Domain [0 1] /C0 [0.98 0.36 0.35] /C1 [0.96 0.62 0.18] /N 1 >>",
        b"<< /Type /ExtGState /CA 0.5 >>",
        b"<< /FunctionType 2 /Domain [0 1] /C0 [0.96 0.62 0.18] /C1 [0.55 0.36 0.96] /N 1 >>",
    ]
    return classic(objects)


def glyph():
    # 30 x 30 pt: a star filled with a radial shading (pattern with a matrix) on a dark disc, its
    # outline stroked, in a form XObject drawn as a transparency group at 85 % opacity.
    star = []
    import math
    for k in range(10):
        r = 12 if k % 2 == 0 else 5.2
        a = math.pi / 2 + k * math.pi / 5
        star.append((15 + r * math.cos(a), 15 + r * math.sin(a)))
    path = b"%.3f %.3f m " % star[0] + b" ".join(b"%.3f %.3f l" % p for p in star[1:]) + b" h"
    disc = b"15 1 m 22.73 1 29 7.27 29 15 c 29 22.73 22.73 29 15 29 c 7.27 29 1 22.73 1 15 c 1 7.27 7.27 1 15 1 c h"
    form = b"0.13 0.15 0.22 rg " + disc + b" f\n/Pattern cs /P0 scn " + path + b" f\n1 0.95 0.8 RG 0.8 w 0 j " + path + b" S\n"
    page = b"/GS0 gs /F0 Do\n"
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 30 30] /Contents 4 0 R /Resources 5 0 R "
           b"/Group << /Type /Group /S /Transparency /CS /DeviceRGB >> >>",
        5: b"<< /XObject << /F0 6 0 R >> /ExtGState << /GS0 << /ca 0.85 >> >> >>",
        7: b"<< /PatternType 2 /Matrix [1 0 0 1 15 15] /Shading << /ShadingType 3 /ColorSpace /DeviceRGB "
           b"/Coords [0 3 0 0 0 12] /Extend [true true] /Function << /FunctionType 2 /Domain [0 1] "
           b"/C0 [1 0.93 0.45] /C1 [0.98 0.55 0.1] /N 1 >> >> >>",
    }
    streams = {
        4: (b"/Filter /FlateDecode", zlib.compress(page, 9)),
        6: (b"/Type /XObject /Subtype /Form /BBox [0 0 30 30] /Group << /S /Transparency >> "
            b"/Resources << /Pattern << /P0 7 0 R >> >> /Filter /FlateDecode", zlib.compress(form, 9)),
    }
    # Objects 1, 2, 3, 5 and 7 go in object stream 8; streams stay in the file.
    in_stream = [1, 2, 3, 5, 7]
    header, body = b"", b""
    for n in in_stream:
        header += b"%d %d " % (n, len(body))
        body += objects[n] + b"\n"
    objstm = zlib.compress(header + body, 9)
    out = b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n"
    offsets = {}
    for n, (d, data) in streams.items():
        offsets[n] = len(out)
        out += b"%d 0 obj\n" % n + stream(d, data) + b"\nendobj\n"
    offsets[8] = len(out)
    out += b"8 0 obj\n" + stream(b"/Type /ObjStm /N %d /First %d /Filter /FlateDecode" % (len(in_stream), len(header)), objstm) + b"\nendobj\n"
    offsets[9] = len(out)
    rows = b""
    for n in range(10):
        if n == 0:
            rows += bytes([0, 0, 0, 0, 255])
        elif n in in_stream:
            rows += bytes([2, 0, 0, 8, in_stream.index(n)])
        else:
            off = offsets[n]
            rows += bytes([1, off >> 16 & 255, off >> 8 & 255, off & 255, 0])
    out += b"9 0 obj\n" + stream(b"/Type /XRef /Size 10 /W [1 3 1] /Root 1 0 R /Filter /FlateDecode", zlib.compress(rows, 9)) + b"\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % offsets[9]
    return out


if __name__ == "__main__":
    open(os.path.join(HERE, "ticket.pdf"), "wb").write(ticket())
    data = glyph()
    for name in ["Glyph", "GlyphSharp"]:
        folder = os.path.join(HERE, "..", "Icons.xcassets", name + ".imageset")
        os.makedirs(folder, exist_ok=True)
        open(os.path.join(folder, "glyph.pdf"), "wb").write(data)
