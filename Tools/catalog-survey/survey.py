#!/usr/bin/env python3
"""Survey real asset catalogs with ivsim: listings, refusals, vector drawings against PDFium/resvg.

Run from the repository root with a Python that has numpy, Pillow, pypdfium2 and resvg_py (the
vectors step needs them; the other steps use the standard library only):

    python Tools/catalog-survey/survey.py --catalogs DIR --ivsim PATH/TO/ivsim --work OUT

DIR is what extract_catalogs.py wrote (its catalogs.json lists the catalogs; without it every
.xcassets folder under DIR is used). OUT receives every intermediate file and, from the last
step, summary.json and report.md (the figures of docs/ASSETS.md, "Real catalogs").

Steps (--steps, default all, in this order):
  assets     `ivsim assets CATALOG --traits displayScale=S,userInterfaceStyle=U,userInterfaceIdiom=I`
             for S in 1, 2, 3, U in light, dark and I in phone, pad; every listing parsed (sets,
             refusals and their causes, what each set resolves to); exit codes, signals and
             times recorded.
  vectors    every PDF and SVG file an image set names, drawn by `ivsim convert` at each scale
             the catalog draws it at (a single-scale entry at 1x, 2x and 3x; an entry with a
             scale at that scale) and by PDFium (pypdfium2) or resvg (resvg_py) at the same
             scale and pixel size; differences measured on premultiplied RGBA8.
  scenarios  a one-view scenario per set (image sets in an image view, colour sets as a
             background colour; variants displayScale 1-3 x light/dark) validated with
             `ivsim validate`, to see whether a scenario accepts and refuses what the listing
             does.
  report     summary.json and report.md from the steps' results.
"""
import argparse
import concurrent.futures
import io
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import time

COMBOS = [(s, u, i) for i in ("phone", "pad") for s in (1, 2, 3) for u in ("light", "dark")]
SLOW_SECONDS = 5.0


# ---------------------------------------------------------------- helpers

def run(cmd, timeout):
    """Run cmd (nice'd); return dict with rc, signal, timed_out, seconds, stdout, stderr."""
    t = time.monotonic()
    try:
        p = subprocess.run(["nice", "-n", "10", *cmd], capture_output=True, timeout=timeout)
        rc, out, err, to = p.returncode, p.stdout, p.stderr, False
    except subprocess.TimeoutExpired as e:
        rc, out, err, to = None, e.stdout or b"", e.stderr or b"", True
    dt = time.monotonic() - t
    sig = None
    if rc is not None and rc < 0:  # killed by a signal (a Swift trap is SIGILL or SIGTRAP)
        sig = signal.Signals(-rc).name
    return {"rc": rc, "signal": sig, "timed_out": to, "seconds": round(dt, 4),
            "stdout": out.decode("utf-8", "replace"), "stderr": err.decode("utf-8", "replace")}


def is_crash(r, ok_codes=(0, 2)):
    return r["timed_out"] or r["signal"] is not None or r["rc"] not in ok_codes


def load_catalogs(root):
    idx = os.path.join(root, "catalogs.json")
    if os.path.exists(idx):
        cats = json.load(open(idx))["catalogs"]
    else:
        cats = []
        for d, subdirs, _ in os.walk(root):
            for s in sorted(subdirs):
                if s.endswith(".xcassets"):
                    p = os.path.relpath(os.path.join(d, s), root)
                    cats.append({"repo": p.split(os.sep)[0], "commit": None, "catalog": p, "path": p})
            subdirs[:] = [s for s in subdirs if not s.endswith(".xcassets")]
    for i, c in enumerate(cats):
        c["id"] = i
        c["abs"] = os.path.join(root, c["path"])
    return cats


def dump(path, obj):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f, indent=1, sort_keys=True, ensure_ascii=False)
    os.replace(tmp, path)


# ---------------------------------------------------------------- causes of refusal

CAUSES = [
    # (key, label, regex on the message after "error: $.path: ")
    ("watch-screen-width", "no entry for iPhone or iPad: Apple Watch entries with a screen-width",
     r"can be shown on an iPhone or iPad display: .*screen-width"),
    ("watch-idiom", "no entry for iPhone or iPad: Apple Watch entries (idiom watch)",
     r"can be shown on an iPhone or iPad display: .*idiom watch"),
    ("no-device", "no entry for iPhone or iPad: other",
     r"can be shown on an iPhone or iPad display"),
    ("pdf-text", "PDF: text in a font that is not Type 3 (ivsim has no fonts)",
     r"text in a \S+ font is not drawn"),
    ("pdf-cmyk", "PDF: CMYK colour or image", r"CMYK"),
    ("pdf-smask-tr", "PDF: soft mask with a transfer function (/TR)", r"soft mask's transfer function"),
    ("pdf-shading", "PDF: shading type 4-7 (mesh)", r"shading type \d+ is not read"),
    ("pdf-tiling", "PDF: tiling pattern", r"tiling patterns"),
    ("pdf-operator", "PDF: unknown operator in a content stream", r"is not an operator ivsim reads"),
    ("svg-filter", "SVG: filter effect", r'"filter" is not drawn'),
    ("svg-doctype", "SVG: DOCTYPE with an internal subset", r"DOCTYPE"),
    ("svg-other", "SVG: other unsupported content", r"is not a usable SVG file"),
    ("pdf-other", "PDF: other unsupported content", r"is not a usable PDF file"),
    ("too-large", "vector drawing above the pixel limit at some scale",
     r"more than a drawing may have|one drawing may have"),
    ("format", "file format not read (HEIC, WebP, other data named .png)",
     r"unsupported: |is not a usable PNG|is not a usable JPEG"),
    ("slicing", "slicing (resizing) that does not fit the image", r"\.resizing\b|\.capInsets\b"),
    ("duplicate-name", "two sets of the same kind with the same name in one catalog", r"sets are named"),
    ("other", "other", r"."),
]
CAUSE_LABEL = {k: l for k, l, _ in CAUSES}


def classify(message):
    for key, _, rx in CAUSES:
        if re.search(rx, message):
            return key
    return "other"


ERR_RE = re.compile(r"^(?P<file>.*?)(?::(?P<line>\d+):(?P<col>\d+))?: error: (?P<msg>.*)$")
SET_HEAD_RE = re.compile(r'^(?P<kind>image set|colour set|symbol set) "(?P<name>.*)" \((?P<folder>.*)\)$')
HEADER_RE = re.compile(r"^(?P<cat>.*): (?P<img>\d+) image sets?, (?P<col>\d+) colou?r sets?"
                       r"(?:, (?P<sym>\d+) symbol sets?)?(?:, (?P<oth>\d+) others? \(.*?\): (?P<names>.*))?$")


def parse_listing(text):
    """Parse `ivsim assets` standard output into header counts and per-set records."""
    lines = text.splitlines()
    head = {"image_sets": None, "colour_sets": None, "symbol_sets": 0, "other": [], "symbols": []}
    if lines:
        m = HEADER_RE.match(lines[0])
        if m:
            head["image_sets"] = int(m["img"])
            head["colour_sets"] = int(m["col"])
            head["symbol_sets"] = int(m["sym"] or 0)
            if m["names"]:
                head["other"] = [n.strip() for n in m["names"].split(", ")]
    sets = []
    cur = None
    section = None
    for line in lines[1:]:
        m = SET_HEAD_RE.match(line)
        if m and m["kind"] == "symbol set":
            # symbol sets (listed since rendering rules 8): recorded apart, not as image/colour sets
            sym = {"name": m["name"], "folder": m["folder"], "status": "usable", "unusable": None}
            head["symbols"].append(sym)
            cur, section = sym, None
            continue
        if m:
            cur = {"kind": "image" if m["kind"] == "image set" else "colour", "name": m["name"],
                   "folder": m["folder"], "status": "usable", "rendering": None,
                   "variants": [], "never": [], "resolves": []}
            sets.append(cur)
            section = None
            continue
        if cur is None or not line.strip():
            continue
        if "kind" not in cur:  # a symbol set's other lines
            if line.strip().startswith("unusable"):
                cur["status"] = "refused"
                cur["unusable"] = line.strip().split(":", 1)[1].strip()
            continue
        if line.startswith("  ") and not line.startswith("    "):
            s = line.strip()
            if s.startswith("unusable"):
                cur["status"] = "refused"
                cur["unusable"] = s.split(":", 1)[1].strip() if ":" in s else s
            elif s.startswith("empty"):
                cur["status"] = "empty"
            elif s.startswith("never used"):
                # a second set of a shared name: a scenario uses the first (docs/ASSETS.md §Lookup order)
                cur["status"] = "shadowed"
            elif s.startswith("rendering:"):
                cur["rendering"] = s.split(":", 1)[1].strip()
            section = s.rstrip(":")
            continue
        body = line.strip()
        if section == "variants":
            cur["variants"].append(body)
        elif section == "never picked":
            cur["never"].append(body)
        elif section == "resolves to":
            if "→" in body:
                traits, target = body.split("→", 1)
                target = target.strip()
                # "→ nothing (UIKit returns nil)": no variant for those traits
                cur["resolves"].append([traits.strip(), None if target.startswith("nothing (") else target])
            else:
                cur["resolves"].append([body, None])
    return head, sets


def parse_errors(text, catalog_abs):
    errs = []
    for line in text.splitlines():
        m = ERR_RE.match(line)
        if not m:
            if line.strip():
                errs.append({"file": None, "set": None, "message": line.strip(), "cause": "other"})
            continue
        f = m["file"]
        setfolder = None
        mm = re.search(r"^(.*?\.(?:imageset|colorset))/", f)
        if mm:
            setfolder = os.path.relpath(mm.group(1), os.path.dirname(catalog_abs))
        msg = m["msg"]
        errs.append({"file": f, "line": m["line"], "set": setfolder, "message": msg,
                     "cause": classify(msg)})
    return errs


# ---------------------------------------------------------------- step: assets

def step_assets(args, cats):
    out_dir = os.path.join(args.work, "assets")
    os.makedirs(out_dir, exist_ok=True)
    results = []
    for c in cats:
        rec = {"id": c["id"], "repo": c["repo"], "catalog": c["catalog"], "path": c["path"], "runs": {}}
        for s, u, i in COMBOS:
            key = "%d-%s-%s" % (s, u, i)
            r = run([args.ivsim, "assets", c["abs"], "--traits",
                     "displayScale=%d,userInterfaceStyle=%s,userInterfaceIdiom=%s" % (s, u, i)], args.timeout)
            base = os.path.join(out_dir, "%03d-%s" % (c["id"], key))
            open(base + ".out", "w").write(r["stdout"])
            open(base + ".err", "w").write(r["stderr"])
            head, sets = parse_listing(r["stdout"])
            errs = parse_errors(r["stderr"], c["abs"])
            rec["runs"][key] = {"rc": r["rc"], "signal": r["signal"], "timed_out": r["timed_out"],
                                "seconds": r["seconds"], "crash": is_crash(r), "head": head,
                                "sets": sets, "errors": errs}
        results.append(rec)
        worst = max(v["seconds"] for v in rec["runs"].values())
        print("assets %3d %-90s %5.2fs%s" % (c["id"], c["path"][:90], worst,
              " CRASH" if any(v["crash"] for v in rec["runs"].values()) else ""), flush=True)
    dump(os.path.join(args.work, "assets.json"), results)


def step_reparse(args, cats):
    """Re-read the saved listings of an earlier assets step with this parser (no ivsim runs)."""
    out_dir = os.path.join(args.work, "assets")
    results = json.load(open(os.path.join(args.work, "assets.json")))
    for rec, c in zip(results, cats):
        for key, rr in rec["runs"].items():
            base = os.path.join(out_dir, "%03d-%s" % (c["id"], key))
            head, sets = parse_listing(open(base + ".out").read())
            rr["head"], rr["sets"] = head, sets
            rr["errors"] = parse_errors(open(base + ".err").read(), c["abs"])
    dump(os.path.join(args.work, "assets.json"), results)


# ---------------------------------------------------------------- step: vectors

def vector_entries(cats):
    """Every PDF/SVG an image set names: {abs path: {...scales, sets}}."""
    files = {}
    for c in cats:
        for d, subdirs, fs in os.walk(c["abs"]):
            subdirs.sort()
            if not d.endswith(".imageset") or "Contents.json" not in fs:
                continue
            try:
                j = json.load(open(os.path.join(d, "Contents.json"), encoding="utf-8"))
            except (ValueError, OSError):
                continue
            for e in j.get("images", []) if isinstance(j, dict) else []:
                if not isinstance(e, dict):
                    continue
                fn = e.get("filename")
                if not isinstance(fn, str) or not fn.lower().endswith((".pdf", ".svg")):
                    continue
                p = os.path.join(d, fn)
                sc = e.get("scale")
                scales = [int(sc[0])] if isinstance(sc, str) and re.fullmatch(r"[123]x", sc) else [1, 2, 3]
                rec = files.setdefault(p, {"file": p, "catalog_id": c["id"], "repo": c["repo"],
                                           "kind": fn.lower().rsplit(".", 1)[1], "scales": set(),
                                           "sets": set(), "exists": os.path.isfile(p)})
                rec["scales"].update(scales)
                rec["sets"].add(os.path.relpath(d, os.path.dirname(c["abs"])))
    for r in files.values():
        r["scales"] = sorted(r["scales"])
        r["sets"] = sorted(r["sets"])
    return [files[k] for k in sorted(files)]


def premul(a):
    import numpy as np
    a = a.astype(np.uint32)
    alpha = a[..., 3:4]
    rgb = (a[..., :3] * alpha + 127) // 255
    return np.concatenate([rgb, alpha], axis=-1).astype(np.int16)


def pdfium_render(path, scale, w, h):
    import ctypes
    import numpy as np
    import pypdfium2 as pdfium
    import pypdfium2.raw as c
    doc = pdfium.PdfDocument(path)
    try:
        page = doc[0]
        pw, ph = page.get_width(), page.get_height()
        if w is None:
            import math
            w, h = math.ceil(pw * scale), math.ceil(ph * scale)
        bm = c.FPDFBitmap_CreateEx(w, h, c.FPDFBitmap_BGRA, None, 0)
        c.FPDFBitmap_FillRect(bm, 0, 0, w, h, 0)
        m = c.FS_MATRIX(scale, 0, 0, scale, 0, 0)
        clip = c.FS_RECTF(0, 0, w, h)
        # PDFium's display matrix for the page (its box and /Rotate), then the scale: the page at
        # exactly `scale`, not stretched to whole pixels; annotations drawn as pypdfium2's
        # render() does by default (icon exports have none; counted below)
        c.FPDF_RenderPageBitmapWithMatrix(bm, page.raw, ctypes.byref(m), ctypes.byref(clip), c.FPDF_ANNOT)
        stride = c.FPDFBitmap_GetStride(bm)
        buf = c.FPDFBitmap_GetBuffer(bm)
        arr = np.ctypeslib.as_array(ctypes.cast(buf, ctypes.POINTER(ctypes.c_ubyte * (stride * h))).contents)
        arr = arr.reshape(h, stride)[:, :w * 4].reshape(h, w, 4)[..., [2, 1, 0, 3]].copy()
        c.FPDFBitmap_Destroy(bm)
        feats = pdf_features(page, c)
        page.close()
        return arr, (pw, ph), feats
    finally:
        doc.close()


def pdf_features(page, c):
    import ctypes
    kinds = {1: "text", 2: "path", 3: "image", 4: "shading", 5: "form"}
    counts = {}
    fonts = set()
    for obj in page.get_objects(max_depth=15):
        k = kinds.get(obj.type, "other")
        counts[k] = counts.get(k, 0) + 1
        if k == "text":
            f = c.FPDFTextObj_GetFont(obj.raw)
            if f:
                n = c.FPDFFont_GetBaseFontName(f, None, 0)
                b = ctypes.create_string_buffer(n)
                c.FPDFFont_GetBaseFontName(f, b, n)
                fonts.add("%s%s" % (b.value.decode("latin-1"),
                                    "" if c.FPDFFont_GetIsEmbedded(f) else " (not embedded)"))
    counts["annots"] = c.FPDFPage_GetAnnotCount(page.raw)
    return {"objects": counts, "fonts": sorted(fonts), "rotation": page.get_rotation()}


def icc_profiles(path):
    """The descriptions of the ICC profiles embedded in a PDF's Flate streams (a rough scan)."""
    import zlib
    data = open(path, "rb").read()
    names = set()
    for m in re.finditer(rb"stream\r?\n", data):
        chunk = data[m.end():m.end() + 2_000_000]
        try:
            d = zlib.decompressobj().decompress(chunk, 1 << 20)
        except zlib.error:
            continue
        if len(d) < 132 or d[36:40] != b"acsp":
            continue
        n = int.from_bytes(d[128:132], "big")
        for i in range(min(n, 64)):
            sig, off, size = d[132 + 12 * i:136 + 12 * i], int.from_bytes(d[136 + 12 * i:140 + 12 * i], "big"), \
                int.from_bytes(d[140 + 12 * i:144 + 12 * i], "big")
            if sig != b"desc":
                continue
            t = d[off:off + size]
            if t[:4] == b"desc":
                ln = int.from_bytes(t[8:12], "big")
                names.add(t[12:12 + ln].rstrip(b"\0").decode("latin-1"))
            elif t[:4] == b"mluc" and len(t) >= 28:
                ln, o = int.from_bytes(t[20:24], "big"), int.from_bytes(t[24:28], "big")
                names.add(t[o:o + ln].decode("utf-16-be", "replace"))
    return sorted(names)


def resvg_render(path, scale):
    import numpy as np
    import resvg_py
    from PIL import Image
    b = bytes(resvg_py.svg_to_bytes(svg_path=path, zoom=scale, skip_system_fonts=True))
    im = Image.open(io.BytesIO(b))
    if im.mode != "RGBA":
        im = im.convert("RGBA")
    return np.array(im)


def svg_features(path):
    try:
        t = open(path, "rb").read().decode("utf-8", "replace")
    except OSError:
        return {}
    tags = sorted({m.split(":")[-1] for m in re.findall(r"<([A-Za-z][\w:.-]*)", t)})
    return {"elements": tags, "style_sheet": "<style" in t,
            "size": re.search(r"<svg\b[^>]*>", t, re.S).group(0)[:300] if re.search(r"<svg\b[^>]*>", t, re.S) else None}


def compare(a, b):
    import numpy as np
    pa, pb = premul(a), premul(b)
    d = np.abs(pa - pb)
    n = d.shape[0] * d.shape[1]
    return {"mean": float(d.mean()), "over16": float((d.max(axis=-1) > 16).sum()) / n if n else 0.0,
            "max": int(d.max()) if n else 0,
            "cov_ivsim": float(a[..., 3].astype(np.float64).sum() / 255 / n) if n else 0.0,
            "cov_ref": float(b[..., 3].astype(np.float64).sum() / 255 / n) if n else 0.0}


def vector_job(job):
    """Draw one file at one scale with ivsim and the reference renderer; compare."""
    import numpy as np
    from PIL import Image
    path, kind, scale, ivsim, work, timeout, keep, tag_id = job
    tag = "%s@%dx" % (tag_id, scale)
    rgba = os.path.join(work, "vectors", "tmp", tag + ".rgba")
    res = {"file": path, "scale": scale, "kind": kind}
    r = run([ivsim, "convert", path, rgba, "--scale", str(scale)], timeout)
    res["ivsim"] = {k: r[k] for k in ("rc", "signal", "timed_out", "seconds")}
    res["ivsim"]["crash"] = is_crash(r)
    res["ivsim"]["message"] = (r["stderr"].strip() or r["stdout"].strip())[:2000]
    w = h = None
    mine = None
    m = re.search(r": (\d+)×(\d+), \d+ bytes", r["stdout"])
    if r["rc"] == 0 and m:
        w, h = int(m.group(1)), int(m.group(2))
        mine = np.fromfile(rgba, dtype=np.uint8).reshape(h, w, 4)
        mw = re.search(r"(\d+) units of drawing work", r["stdout"])
        res["ivsim"]["work"] = int(mw.group(1)) if mw else None
    if os.path.exists(rgba):
        os.remove(rgba)
    res["size"] = [w, h]
    try:
        t = time.monotonic()
        if kind == "pdf":
            ref, page_size, feats = pdfium_render(path, scale, w, h)
            res["page_size"] = page_size
            feats["icc"] = icc_profiles(path)
            res["features"] = feats
        else:
            ref = resvg_render(path, scale)
            res["features"] = svg_features(path)
            res["ref_size"] = [ref.shape[1], ref.shape[0]]
            if mine is not None:
                # resvg draws at exactly the zoom on a canvas of round(size) x zoom pixels, which
                # can be a column or row more or less than ivsim's ceil(size x zoom): compare the
                # pixels both have (the drawing's top-left corner is at the origin in both)
                if ref.shape[0] < h or ref.shape[1] < w:
                    res["ref_cropped"] = [int(ref.shape[1]), int(ref.shape[0])]
                    mine = mine[:ref.shape[0], :ref.shape[1]]
                ref = ref[:h, :w]
        res["ref_seconds"] = round(time.monotonic() - t, 4)
    except Exception as e:  # the reference refused the file
        ref = None
        res["ref_error"] = "%s: %s" % (type(e).__name__, e)
    if ref is not None:
        res["ref_coverage"] = float(ref[..., 3].astype(np.float64).sum() / 255 / max(1, ref.shape[0] * ref.shape[1]))
    if mine is not None and ref is not None:
        res["diff"] = compare(mine, ref)
        if keep is not None and res["diff"]["mean"] >= keep:
            pdir = os.path.join(work, "vectors", "png")
            os.makedirs(pdir, exist_ok=True)
            Image.fromarray(mine, "RGBA").save(os.path.join(pdir, tag + ".ivsim.png"))
            Image.fromarray(ref, "RGBA").save(os.path.join(pdir, tag + ".ref.png"))
            res["png"] = os.path.join(pdir, tag)
    return res


def arbiter(args, path, kind, scale, factor=16):
    """Both drawings against the reference renderer's drawing at factor x the scale, averaged
    over factor x factor blocks (premultiplied): an estimate of exact area coverage, which tells
    an antialiasing difference (the one nearer the average is the better) from a real one."""
    import numpy as np
    r = run([args.ivsim, "convert", path, os.path.join(args.work, "arbiter.rgba"), "--scale", str(scale)], args.timeout)
    m = re.search(r": (\d+)×(\d+), \d+ bytes", r["stdout"])
    if r["rc"] != 0 or not m:
        return None
    w, h = int(m.group(1)), int(m.group(2))
    if w * h * factor * factor > 40_000_000:
        return None
    mine = np.fromfile(os.path.join(args.work, "arbiter.rgba"), dtype=np.uint8).reshape(h, w, 4)
    os.remove(os.path.join(args.work, "arbiter.rgba"))
    if kind == "pdf":
        hi = pdfium_render(path, scale * factor, w * factor, h * factor)[0]
        ref = pdfium_render(path, scale, w, h)[0]
    else:
        hi = resvg_render(path, scale * factor)
        ref = resvg_render(path, scale)
        hh, ww = min(h, ref.shape[0], hi.shape[0] // factor), min(w, ref.shape[1], hi.shape[1] // factor)
        mine, ref, h, w = mine[:hh, :ww], ref[:hh, :ww], hh, ww
    hi = hi[:h * factor, :w * factor].astype(np.float64)
    hp = np.concatenate([hi[..., :3] * hi[..., 3:4] / 255, hi[..., 3:4]], -1)
    avg = hp.reshape(h, factor, w, factor, 4).mean(axis=(1, 3))
    f = lambda x: float(np.abs(premul(x).astype(np.float64) - avg).mean())
    return {"scale": scale, "factor": factor, "ivsim": f(mine), "reference": f(ref)}


def step_vectors(args, cats):
    files = vector_entries(cats)
    os.makedirs(os.path.join(args.work, "vectors", "tmp"), exist_ok=True)
    jobs = []
    for i, f in enumerate(files):
        if not f["exists"]:
            continue
        for s in f["scales"]:
            jobs.append((f["file"], f["kind"], s, args.ivsim, args.work, args.timeout, args.keep_png, "%04d" % i))
    print("vectors: %d files, %d drawings" % (len(files), len(jobs)), flush=True)
    results = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as ex:
        for n, res in enumerate(ex.map(vector_job, jobs, chunksize=4)):
            results.append(res)
            if n % 200 == 0 or res["ivsim"]["crash"] or res["ivsim"]["seconds"] > SLOW_SECONDS:
                print("vectors %5d/%d %s@%dx %.2fs%s" % (n + 1, len(jobs), res["file"][-80:], res["scale"],
                      res["ivsim"]["seconds"], " CRASH" if res["ivsim"]["crash"] else ""), flush=True)
    for f in files:
        f["file_rel"] = os.path.relpath(f["file"], args.catalogs)
    dump(os.path.join(args.work, "vectors.json"), {"files": files, "drawings": results})
    shutil.rmtree(os.path.join(args.work, "vectors", "tmp"), ignore_errors=True)


# ---------------------------------------------------------------- step: scenarios

def step_scenarios(args, cats):
    assets = json.load(open(os.path.join(args.work, "assets.json")))
    sdir = os.path.join(args.work, "scenarios")
    shutil.rmtree(sdir, ignore_errors=True)
    os.makedirs(sdir)
    # A configuration whose asset root is the catalogs folder lets scenarios under OUT name the
    # catalogs; ivsim wants an asset root inside the configuration's folder, so it is written
    # there (the one file this script writes outside OUT).
    cfg = os.path.join(args.catalogs, "ivsim-survey.json")
    dump(cfg, {"assetRoots": ["."]})
    results = []
    for rec, c in zip(assets, cats):
        run0 = rec["runs"]["1-light-phone"]
        cdir = os.path.join(sdir, "%03d" % c["id"])
        os.makedirs(cdir)
        names = {}
        seen = set()
        for k, st in enumerate(run0["sets"]):
            if st["name"] in seen:
                continue
            seen.add(st["name"])
            fn = "%04d.json" % k
            names[fn] = st
            if st["kind"] == "image":
                images = {"i": {"named": st["name"]}}
                view = {"id": "v", "type": "imageView", "frame": [0, 0, 64, 64], "image": "i",
                        "contentMode": "scaleAspectFit", "acknowledgedWarnings": ["resampled", "oversized"]}
            else:
                images = {}
                view = {"id": "v", "frame": [0, 0, 64, 64], "backgroundColor": {"named": st["name"]}}
            sc = {"description": "catalog survey: %s in %s" % (st["name"], c["catalog"]),
                  "acknowledgedWarnings": ["duplicateName", "slicingTooLarge", "colorProfile"],
                  "canvas": {"size": [64, 64]},
                  "assetCatalogs": [os.path.relpath(c["abs"], cdir)],
                  "root": {"subviews": [view]},
                  "variants": {"matrix": {"displayScale": [1, 2, 3], "userInterfaceStyle": ["light", "dark"]}}}
            if images:
                sc["images"] = images
            dump(os.path.join(cdir, fn), sc)
        if not names:
            continue
        r = run([args.ivsim, "validate", cdir, "--config", cfg], args.timeout * 10)
        open(os.path.join(cdir, "validate.out"), "w").write(r["stdout"])
        open(os.path.join(cdir, "validate.err"), "w").write(r["stderr"])
        text = r["stderr"] + "\n" + r["stdout"]
        per = {fn: [] for fn in names}
        for line in text.splitlines():
            m = re.match(r"^(?:.*/)?(\d{4}\.json):\d+:\d+: (error|warning): ", line)
            if m and m.group(1) in per:
                per[m.group(1)].append(line)
        listing_errs = {}
        for e in run0["errors"]:
            listing_errs.setdefault(e["set"], []).append(e)
        for fn, st in names.items():
            errors = [l for l in per[fn] if ": error: " in l]
            refused = bool(errors)
            same = None
            if st["status"] == "refused":
                # each of the listing's lines for the set, from the set's folder on (the paths
                # are written relative to different folders), is among validate's lines
                base = os.path.basename(st["folder"])
                tails = [(e["file"][e["file"].rfind(base):] + ":" if e["file"] else "", e["message"])
                         for e in listing_errs.get(st["folder"], [])]
                lines = text.splitlines()
                same = refused and bool(tails) and all(any(t in l and msg in l for l in lines) for t, msg in tails)
            results.append({"catalog_id": c["id"], "set": st["name"], "kind": st["kind"], "folder": st["folder"],
                            "listing": st["status"], "scenario_refused": refused, "same_message": same,
                            "scenario_errors": errors[:5], "file": os.path.join(cdir, fn)})
        print("scenarios %3d %-80s %d sets %.1fs%s" % (c["id"], c["path"][:80], len(names), r["seconds"],
              " CRASH" if is_crash(r, (0, 1, 2)) else ""), flush=True)
        results.append({"catalog_id": c["id"], "validate_run": {k: r[k] for k in ("rc", "signal", "timed_out", "seconds")},
                        "crash": is_crash(r, (0, 1, 2)), "tail": r["stdout"].strip().splitlines()[-1:]})
    dump(os.path.join(args.work, "scenarios.json"), results)


# ---------------------------------------------------------------- step: report

TRAIT_WORD = re.compile(r"[123]x|any|dark|light|high-contrast|phone|pad|tv|carPlay|mac|vision|"
                        r"(compact|regular)-(width|height)|left-to-right|right-to-left|display-P3")


def shown_on(st):
    """The listing (run with the idiom fixed) gives the set a variant for every combination of
    the other traits it depends on (size classes, direction, contrast)."""
    return st["status"] == "usable" and bool(st["resolves"]) and all(t is not None for _, t in st["resolves"])


def step_report(args, cats):
    assets = json.load(open(os.path.join(args.work, "assets.json")))
    S = {"catalogs": len(cats), "repositories": len({c["repo"] for c in cats})}
    crashes, slow = [], []
    img = col = other = 0
    other_kinds = {}
    shown = {k: {"image": 0, "colour": 0, "usable_but_nothing": 0} for k in ("%d-%s-%s" % c for c in COMBOS)}
    resolution = {}
    refused_sets = {}
    empty = {"image": 0, "colour": 0}
    shadowed = []
    features = {"dark": 0, "pad": 0, "caps": 0, "direction": 0, "p3": 0, "vector": 0, "template": 0,
                "dark_colour": 0, "system_colour": 0, "high_contrast": 0, "bitmap": 0}
    error_lines = 0
    for rec in assets:
        for key, rr in rec["runs"].items():
            if rr["crash"]:
                crashes.append({"catalog": rec["path"], "traits": key, "rc": rr["rc"], "signal": rr["signal"],
                                "timed_out": rr["timed_out"]})
            if rr["seconds"] > SLOW_SECONDS:
                slow.append({"catalog": rec["path"], "traits": key, "seconds": rr["seconds"]})
        r0 = rec["runs"]["1-light-phone"]
        h = r0["head"]
        img += h["image_sets"] or 0
        col += h["colour_sets"] or 0
        other += len(h["other"])
        for n in h["other"]:
            ext = n.rsplit(".", 1)[-1]
            other_kinds[ext] = other_kinds.get(ext, 0) + 1
        error_lines += len(r0["errors"])
        errs_by_set = {}
        for e in r0["errors"]:
            errs_by_set.setdefault(e["set"], []).append(e)
        for st in r0["sets"]:
            if st["status"] == "refused":
                es = errs_by_set.get(st["folder"], [])
                if not es and st.get("unusable") and st["unusable"] != "see the errors":
                    es = [{"message": st["unusable"], "file": None, "line": None}]
                cause = classify(es[0]["message"]) if es else "other"
                refused_sets.setdefault(cause, []).append(
                    {"catalog": rec["path"], "set": st["name"], "message": es[0]["message"] if es else None,
                     "file": es[0]["file"] if es else None, "line": es[0].get("line") if es else None})
            elif st["status"] == "empty":
                empty[st["kind"]] += 1
            elif st["status"] == "shadowed":
                shadowed.append({"catalog": rec["path"], "set": st["name"], "folder": st["folder"]})
            # a variant line is "file  traits  (details)" for an image, "colors[i]  traits  colour"
            # for a colour; the name may fill its column, so the traits are read as the known
            # trait words just before the details (images) or in the second column (colours)
            traits_l, rest_l, names_l = [], [], []
            for v in st["variants"]:
                if st["kind"] == "image":
                    m = re.match(r"^(.*?)\s+(\([^()]*\))\s*$", v.strip())
                    head, det = (m.group(1), m.group(2)) if m else (v.strip(), "")
                    words = head.split()
                    k = len(words)
                    while k > 1 and TRAIT_WORD.fullmatch(words[k - 1]):
                        k -= 1
                    names_l.append(" ".join(words[:k]))
                    traits_l.append(" ".join(words[k:]))
                    rest_l.append(det)
                else:
                    c3 = re.split(r"\s{2,}", v.strip(), maxsplit=2)
                    names_l.append(c3[0])
                    traits_l.append(c3[1] if len(c3) > 1 else "")
                    rest_l.append(c3[2] if len(c3) > 2 else "")
            traits, rest = " ".join(traits_l), " ".join(rest_l)
            cols = [[n] for n in names_l]
            if st["kind"] == "image" and st["status"] == "usable":
                features["dark"] += bool(re.search(r"\bdark\b", traits))
                features["pad"] += bool(re.search(r"\bpad\b", traits))
                features["caps"] += "caps" in rest
                features["direction"] += bool(re.search(r"left-to-right|right-to-left", traits))
                features["p3"] += "Display P3" in rest or "display-P3" in traits
                features["vector"] += any("(drawn at" in c[0] for c in cols)
                features["bitmap"] += any("(drawn at" not in c[0] for c in cols)
                features["template"] += st["rendering"] == "alwaysTemplate"
            if st["kind"] == "colour" and st["status"] == "usable":
                features["dark_colour"] += bool(re.search(r"\bdark\b", traits))
                features["system_colour"] += any(re.match(r"[A-Za-z]\w* \(", r) for r in rest_l)
                features["high_contrast"] += "high-contrast" in traits
        for key in shown:
            rr = rec["runs"][key]
            for st in rr["sets"]:
                if shown_on(st):
                    shown[key][st["kind"]] += 1
                elif st["status"] == "usable":
                    shown[key]["usable_but_nothing"] += 1
                if st["kind"] != "image" or not shown_on(st):
                    continue
                # what the set resolves to with the other traits at their defaults (the first line
                # of the listing's combinations): the chosen variant's own traits, in parentheses
                target = st["resolves"][0][1]
                m = re.search(r"\(([^()]*)\)\s*$", target)
                vtraits = m.group(1).split() if m else []
                vscale = next((int(t[0]) for t in vtraits if re.fullmatch(r"[123]x", t)), None)
                disp = int(key[0])
                res = resolution.setdefault(key, {"same_scale": 0, "other_scale": 0, "no_scale": 0,
                                                  "dark_variant": 0, "drawn": 0})
                if vscale is None:
                    res["no_scale"] += 1
                elif vscale == disp:
                    res["same_scale"] += 1
                else:
                    res["other_scale"] += 1
                res["dark_variant"] += "dark" in vtraits
                res["drawn"] += "(drawn at" in target
    S.update({"image_sets": img, "colour_sets": col, "other_folders": other, "other_kinds": other_kinds,
              "empty": empty, "shadowed": shadowed, "shown": shown, "resolution": resolution, "error_lines": error_lines,
              "refused": {k: {"label": CAUSE_LABEL[k], "count": len(v), "example": v[0]}
                          for k, v in sorted(refused_sets.items(), key=lambda kv: -len(kv[1]))},
              "refused_total": sum(len(v) for v in refused_sets.values()),
              "refused_all": refused_sets,
              "refused_by_repo": {}, "features": features,
              "assets_crashes": crashes, "assets_slow": slow,
              "assets_seconds_max": max(rr["seconds"] for rec in assets for rr in rec["runs"].values()),
              "assets_seconds_total": sum(rr["seconds"] for rec in assets for rr in rec["runs"].values())})
    for k, v in refused_sets.items():
        for x in v:
            repo = x["catalog"].split("/")[0]
            S["refused_by_repo"].setdefault(repo, {}).setdefault(k, 0)
            S["refused_by_repo"][repo][k] += 1
    # --- vectors
    vp = os.path.join(args.work, "vectors.json")
    if os.path.exists(vp):
        V = json.load(open(vp))
        draws = V["drawings"]
        files = V["files"]
        S["vector_files"] = {"pdf": sum(f["kind"] == "pdf" for f in files),
                             "svg": sum(f["kind"] == "svg" for f in files),
                             "missing": [f["file_rel"] for f in files if not f["exists"]]}
        S["vector_crashes"] = [{"file": os.path.relpath(d["file"], args.catalogs), "scale": d["scale"],
                                "rc": d["ivsim"]["rc"], "signal": d["ivsim"]["signal"],
                                "timed_out": d["ivsim"]["timed_out"], "message": d["ivsim"]["message"][:300]}
                               for d in draws if d["ivsim"]["crash"]]
        S["vector_slow"] = [{"file": os.path.relpath(d["file"], args.catalogs), "scale": d["scale"],
                             "seconds": d["ivsim"]["seconds"]} for d in draws if d["ivsim"]["seconds"] > SLOW_SECONDS]
        S["vector_seconds_max"] = max((d["ivsim"]["seconds"] for d in draws), default=0)
        per = {}
        for kind in ("pdf", "svg"):
            for s in (1, 2, 3):
                ds = [d for d in draws if d["kind"] == kind and d["scale"] == s]
                cmp_ = [d for d in ds if "diff" in d]
                means = sorted(d["diff"]["mean"] for d in cmp_)
                o16 = sorted(d["diff"]["over16"] for d in cmp_)
                per["%s-%d" % (kind, s)] = {
                    "drawings": len(ds), "ivsim_refused": sum(d["ivsim"]["rc"] != 0 for d in ds),
                    "ref_failed": sum("ref_error" in d for d in ds), "compared": len(cmp_),
                    "mean_median": statistics.median(means) if means else None,
                    "mean_worst": means[-1] if means else None,
                    "mean_p90": means[int(0.9 * (len(means) - 1))] if means else None,
                    "over16_median": statistics.median(o16) if o16 else None,
                    "over16_worst": o16[-1] if o16 else None,
                    "exact": sum(d["diff"]["max"] == 0 for d in cmp_),
                    "within_1": sum(d["diff"]["mean"] < 1 for d in cmp_)}
        S["vector_stats"] = per
        ranked = sorted((d for d in draws if "diff" in d), key=lambda d: -d["diff"]["mean"])
        S["vector_worst"] = [{"file": os.path.relpath(d["file"], args.catalogs), "scale": d["scale"],
                              "kind": d["kind"], "size": d["size"], "diff": d["diff"],
                              "features": d.get("features"), "png": d.get("png")} for d in ranked[:40]]
        # the worst files, one entry per distinct content (a file copied into several catalogs
        # counts once), ranked by their largest mean over the scales drawn
        import hashlib
        by_content = {}
        for d in draws:
            if "diff" not in d:
                continue
            hsh = hashlib.sha256(open(d["file"], "rb").read()).hexdigest()
            e = by_content.setdefault(hsh, {"files": set(), "scales": {}})
            e["files"].add(os.path.relpath(d["file"], args.catalogs))
            e["scales"][d["scale"]] = {"mean": d["diff"]["mean"], "over16": d["diff"]["over16"],
                                       "size": d["size"], "cropped": "ref_cropped" in d}
            e["kind"] = d["kind"]
            e["features"] = d.get("features")
            e["page_size"] = d.get("page_size")
        worst = sorted(by_content.values(), key=lambda e: -max(v["mean"] for v in e["scales"].values()))
        diag = {}
        dp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "diagnoses.json")
        if os.path.exists(dp):
            diag = json.load(open(dp))
        S["vector_worst_files"] = []
        for e in worst[:args.worst]:
            files = sorted(e["files"])
            ws = max(e["scales"], key=lambda k: e["scales"][k]["mean"])
            S["vector_worst_files"].append({
                "files": files, "kind": e["kind"], "scales": e["scales"], "features": e["features"],
                "page_size": e["page_size"], "arbiter": arbiter(args, os.path.join(args.catalogs, files[0]),
                                                                 e["kind"], int(ws)),
                "diagnosis": next((diag[f] for f in files if f in diag), None)})
        S["vector_distinct_compared"] = len(by_content)
        # Every drawing with a mean of 2 or more, arbitrated: the renderer nearer the supersampled
        # average has the more exact edges; where ivsim is nearer, the difference is the reference's.
        over2 = []
        for d in sorted((d for d in draws if "diff" in d and d["diff"]["mean"] >= 2), key=lambda d: -d["diff"]["mean"]):
            rel = os.path.relpath(d["file"], args.catalogs)
            a = arbiter(args, d["file"], d["kind"], int(d["scale"]))
            over2.append({"file": rel, "scale": d["scale"], "kind": d["kind"], "mean": d["diff"]["mean"], "arbiter": a,
                          "ivsim_nearer": bool(a) and a["ivsim"] <= a["reference"], "diagnosis": diag.get(rel)})
        S["vector_over2"] = over2
        S["vector_worst_over16"] = [{"file": os.path.relpath(d["file"], args.catalogs), "scale": d["scale"],
                                     "diff": d["diff"]} for d in sorted(
            (d for d in draws if "diff" in d), key=lambda d: -d["diff"]["over16"])[:20]]
        refusals = {}
        for d in draws:
            if d["ivsim"]["rc"] not in (0, None):
                msg = re.sub(r"^.*?: error: ", "", d["ivsim"]["message"].splitlines()[0] if d["ivsim"]["message"] else "")
                refusals.setdefault(classify(msg), set()).add(os.path.relpath(d["file"], args.catalogs))
        S["vector_refused_files"] = {k: sorted(v) for k, v in refusals.items()}
        S["ref_errors"] = [{"file": os.path.relpath(d["file"], args.catalogs), "scale": d["scale"],
                            "error": d["ref_error"]} for d in draws if "ref_error" in d]
    # --- scenarios
    sp = os.path.join(args.work, "scenarios.json")
    if os.path.exists(sp):
        R = json.load(open(sp))
        sets = [r for r in R if "set" in r]
        # what the listing says of each set on an iPhone (the scenarios' device), in all six runs
        phone = {}
        for rec in assets:
            for key, rr in rec["runs"].items():
                if not key.endswith("-phone"):
                    continue
                for st in rr["sets"]:
                    k = (rec["id"], st["folder"])
                    phone[k] = phone.get(k, True) and shown_on(st)
        agree = {"shown_valid": 0, "shown_refused": [], "refused_same": 0, "refused_differs": [],
                 "refused_accepted": [], "empty_refused": 0, "empty_accepted": [],
                 "other_idiom_refused": 0, "other_idiom_accepted": []}
        for r in sets:
            if r["listing"] == "usable" and phone.get((r["catalog_id"], r["folder"])):
                if r["scenario_refused"]:
                    agree["shown_refused"].append(r)
                else:
                    agree["shown_valid"] += 1
            elif r["listing"] == "usable":
                # usable, but the listing gives no variant on an iPhone (a tvOS-only set)
                if r["scenario_refused"]:
                    agree["other_idiom_refused"] += 1
                else:
                    agree["other_idiom_accepted"].append(r)
            elif r["listing"] == "refused":
                if not r["scenario_refused"]:
                    agree["refused_accepted"].append(r)
                elif r["same_message"]:
                    agree["refused_same"] += 1
                else:
                    agree["refused_differs"].append(r)
            else:
                if r["scenario_refused"]:
                    agree["empty_refused"] += 1
                else:
                    agree["empty_accepted"].append(r)
        S["scenarios"] = {"sets": len(sets), **{k: (v if isinstance(v, int) else {"count": len(v), "examples": v[:10]})
                                                   for k, v in agree.items()},
                          "validate_crashes": [r for r in R if r.get("crash")],
                          "validate_seconds_max": max((r["validate_run"]["seconds"] for r in R if "validate_run" in r), default=0)}
    dump(os.path.join(args.work, "summary.json"), S)
    open(os.path.join(args.work, "report.md"), "w").write(render_report(S))
    print(render_report(S))


def render_report(S):
    """The figures as Markdown, in the order of docs/ASSETS.md's "Real catalogs" section."""
    f3 = lambda x: "–" if x is None else "%.2f" % x
    fp = lambda x: "–" if x is None else "%.2f %%" % (100 * x)
    L = ["# Catalog survey: figures", ""]
    L.append("%d catalogs from %d repositories: %d image sets, %d colour sets, %d other folders (%s)." % (
        S["catalogs"], S["repositories"], S["image_sets"], S["colour_sets"], S["other_folders"],
        ", ".join("%d %s" % (v, k) for k, v in sorted(S["other_kinds"].items(), key=lambda kv: -kv[1]))))
    L.append("Empty sets (every entry an empty slot): %d image, %d colour." % (S["empty"]["image"], S["empty"]["colour"]))
    L.append("Sets never used because an earlier set of the catalog has their name (a duplicateName warning): %d%s."
             % (len(S["shadowed"]), "".join("; %s in %s" % (x["folder"], x["catalog"]) for x in S["shadowed"][:5])))
    f = S["features"]
    L.append("Usable image sets with: bitmap entries %d, vector entries %d, dark variants %d, iPad variants %d, "
             "slicing %d, a language direction %d, Display P3 %d, template rendering %d. Usable colour sets with "
             "dark variants %d, high-contrast variants %d, system colours %d." % (
                 f["bitmap"], f["vector"], f["dark"], f["pad"], f["caps"], f["direction"], f["p3"], f["template"],
                 f["dark_colour"], f["high_contrast"], f["system_colour"]))
    L += ["", "## Sets shown", "",
          "| traits | image sets shown | colour sets shown | usable, no variant for these traits |", "|---|---|---|---|"]
    for k, v in S["shown"].items():
        L.append("| %s | %d | %d | %d |" % (k, v["image"], v["colour"], v["usable_but_nothing"]))
    L += ["", "| traits | image sets: variant of the display scale | of another scale | without a scale | a dark variant | a drawing |",
          "|---|---|---|---|---|---|"]
    for k, v in S["resolution"].items():
        L.append("| %s | %d | %d | %d | %d | %d |" % (k, v["same_scale"], v["other_scale"], v["no_scale"],
                                                       v["dark_variant"], v["drawn"]))
    L += ["", "## Sets refused: %d (%d error lines)" % (S["refused_total"], S["error_lines"]), "",
          "| cause | sets | example |", "|---|---|---|"]
    for k, v in S["refused"].items():
        ex = v["example"]
        L.append("| %s | %d | %s, `%s`: %s |" % (v["label"], v["count"], ex["catalog"], ex["set"],
                                                  (ex["message"] or "").replace("|", "\\|")))
    L += ["", "`ivsim assets`: %d runs, %d crashes or hangs, %d over %.0f s; longest %.2f s, all runs %.1f s." % (
        12 * S["catalogs"], len(S["assets_crashes"]), len(S["assets_slow"]), SLOW_SECONDS,
        S["assets_seconds_max"], S["assets_seconds_total"])]
    if "vector_stats" in S:
        vf = S["vector_files"]
        L += ["", "## Vector files", "",
              "%d PDF and %d SVG files (%d distinct contents compared); `ivsim convert`: %d crashes or hangs, "
              "%d drawings over %.0f s, longest %.2f s." % (
                  vf["pdf"], vf["svg"], S["vector_distinct_compared"], len(S["vector_crashes"]),
                  len(S["vector_slow"]), SLOW_SECONDS, S["vector_seconds_max"]), "",
              "| format, scale | drawings | refused by ivsim | reference failed | compared | mean: median | mean: worst "
              "| > 16: median | > 16: worst | identical | mean < 1 |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
        for k, v in S["vector_stats"].items():
            L.append("| %s | %d | %d | %d | %d | %s | %s | %s | %s | %d | %d |" % (
                k, v["drawings"], v["ivsim_refused"], v["ref_failed"], v["compared"], f3(v["mean_median"]),
                f3(v["mean_worst"]), fp(v["over16_median"]), fp(v["over16_worst"]), v["exact"], v["within_1"]))
        L += ["", "Files refused by `ivsim convert`: " + ", ".join(
            "%s %d" % (CAUSE_LABEL.get(k, k), len(v)) for k, v in sorted(S["vector_refused_files"].items(), key=lambda kv: -len(kv[1]))) + ".",
              "", "Reference failures: " + ("; ".join("%s@%dx: %s" % (e["file"], e["scale"], e["error"]) for e in S["ref_errors"]) or "none") + ".",
              "", "### Worst files", "", "| file | scale: mean, > 16 | why |", "|---|---|---|"]
        for w in S["vector_worst_files"]:
            sc = "; ".join("%dx %.2f, %s%s" % (k, v["mean"], fp(v["over16"]), " (cropped)" if v["cropped"] else "")
                           for k, v in sorted(w["scales"].items(), key=lambda kv: int(kv[0])))
            name = w["files"][0] + (" (and %d more with the same bytes)" % (len(w["files"]) - 1) if len(w["files"]) > 1 else "")
            a = w.get("arbiter")
            arb = ("; at %dx against the reference drawn %d times larger and averaged: ivsim %.2f, reference %.2f" % (
                a["scale"], a["factor"], a["ivsim"], a["reference"])) if a else ""
            L.append("| %s | %s | %s%s |" % (name, sc, w["diagnosis"] or "–", arb))
    if S.get("vector_over2") is not None:
        o = S["vector_over2"]
        near = [x for x in o if x["ivsim_nearer"]]
        rest = [x for x in o if not x["ivsim_nearer"]]
        L += ["", "### Every drawing with a mean of 2 or more", "",
              "%d drawings of %d files; each drawn by the reference 16 times larger and averaged: ivsim is the nearer "
              "in %d (%d PDF, %d SVG), the reference in %d:" % (
                  len(o), len({x["file"] for x in o}), len(near), sum(x["kind"] == "pdf" for x in near),
                  sum(x["kind"] == "svg" for x in near), len(rest)), ""]
        L += ["- %s at %dx: mean %.2f; against the average ivsim %s, reference %s%s" % (
            x["file"], x["scale"], x["mean"], "%.2f" % x["arbiter"]["ivsim"] if x["arbiter"] else "–",
            "%.2f" % x["arbiter"]["reference"] if x["arbiter"] else "–",
            " — " + x["diagnosis"] if x["diagnosis"] else "") for x in rest]
    if "scenarios" in S:
        sc = S["scenarios"]
        L += ["", "## Listing and scenarios", "",
              "%d sets, one scenario each (iPhone, 1x-3x, light and dark): " % sc["sets"] +
              "shown by the listing and valid %d, shown but refused %d; refused by both with the listing's "
              "messages %d, with other messages %d, refused by the listing only %d; empty and refused %d, "
              "empty but accepted %d; no variant on an iPhone and refused %d, accepted %d. "
              "`ivsim validate`: %d crashes, longest run (one catalog's scenarios) %.1f s." % (
                  sc["shown_valid"], sc["shown_refused"]["count"], sc["refused_same"], sc["refused_differs"]["count"],
                  sc["refused_accepted"]["count"], sc["empty_refused"], sc["empty_accepted"]["count"],
                  sc["other_idiom_refused"], sc["other_idiom_accepted"]["count"], len(sc["validate_crashes"]),
                  sc["validate_seconds_max"])]
        for r in sc["shown_refused"]["examples"]:
            L.append("- shown but refused: `%s` (%s): %s" % (r["set"], r["folder"], r["scenario_errors"][0] if r["scenario_errors"] else ""))
    return "\n".join(L) + "\n"


def main():
    ap = argparse.ArgumentParser(description="Survey real asset catalogs with ivsim (docs/ASSETS.md).")
    ap.add_argument("--catalogs", required=True, help="folder written by extract_catalogs.py")
    ap.add_argument("--ivsim", required=True, help="the ivsim binary (a release build)")
    ap.add_argument("--work", required=True, help="folder for intermediate files and the results")
    ap.add_argument("--steps", default="assets,vectors,scenarios,report")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes for the vectors step")
    ap.add_argument("--timeout", type=float, default=120, help="seconds before one ivsim run counts as a hang")
    ap.add_argument("--worst", type=int, default=10, help="files listed as the worst (default 10)")
    ap.add_argument("--keep-png", type=float, default=2.0,
                    help="keep both drawings as PNG when the mean difference is at least this (default 2)")
    args = ap.parse_args()
    args.catalogs = os.path.abspath(args.catalogs)
    args.ivsim = os.path.abspath(args.ivsim)
    args.work = os.path.abspath(args.work)
    os.makedirs(args.work, exist_ok=True)
    cats = load_catalogs(args.catalogs)
    for step in args.steps.split(","):
        {"assets": step_assets, "reparse": step_reparse, "vectors": step_vectors, "scenarios": step_scenarios,
         "report": step_report}[step](args, cats)


if __name__ == "__main__":
    main()
