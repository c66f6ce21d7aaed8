#!/usr/bin/env python3
"""Independent reference model of ivsim's Core Image chains (docs/COREIMAGE.md).

Written from docs/COREIMAGE.md and docs/SCENARIOS.md only (no Swift source read).
Generates random filter chains, renders them with `ivsim render`, computes the same
pixels with numpy, and compares the premultiplied RGBA8 output of createCGImage.

    python3 Tools/coreimage-model/model.py [--seeds 0:200] [--batch 50] [--edge] [--keep DIR]
    python3 Tools/coreimage-model/model.py --case '{"filters": [...], "rect": [...]}'

Exit status 1 when any channel differs by more than one level, a case is refused, or a
UIImage(ciImage:) has a size other than its extent's.

Only numpy and Pillow.  See README.md next to this file.
"""
import argparse, json, math, os, shutil, subprocess, sys, tempfile
from collections import defaultdict

import numpy as np
from PIL import Image

F = np.float32
INF = math.inf

# ---------------------------------------------------------------- numbers

def clamp01(x):
    """x > 0 ? (x < 1 ? x : 1) : 0, NaN -> 0 (binary32)."""
    x = np.asarray(x, dtype=F)
    return np.where(x > 0, np.where(x < 1, x, F(1)), F(0)).astype(F)


def srgb_decode(v):
    """sRGB curve (IEC 61966-2-1), binary64; extended: -decode(-v) below 0."""
    if v < 0:
        return -srgb_decode(-v)
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


# L[k]: level k -> linear binary32; T[k]: thresholds of the output encoding
L_TABLE = np.array([srgb_decode(k / 255.0) for k in range(256)], dtype=F)
T_TABLE = np.array([srgb_decode((k + 0.5) / 255.0) for k in range(255)], dtype=F)

LN2 = math.log(2.0)


def power32(x, y):
    """Power32 of COREIMAGE.md §Arithmetic, vectorised: x^y in binary64, rounded once to
    binary32; x > 0, 0^y = 0 (y > 0), x^0 = 1."""
    x = np.asarray(x, dtype=np.float64)
    y = float(y)
    pos = x > 0
    if y == 0:
        return np.ones(x.shape, dtype=F)
    xp = np.where(pos, x, 1.0)
    m, e = np.frexp(xp)                      # m in [0.5, 1)
    small = m < math.sqrt(0.5)
    m = np.where(small, m * 2.0, m)
    e = np.where(small, e - 1, e).astype(np.float64)
    s = (m - 1.0) / (m + 1.0)
    s2 = s * s
    acc = np.full_like(s, 1.0 / 15.0)
    for n in (13, 11, 9, 7, 5, 3):
        acc = acc * s2 + 1.0 / n
    acc = acc * s2 + 1.0
    lnx = (2.0 * s) * acc + e * LN2
    t = np.clip(y * lnx, -1000.0, 1000.0)
    k = np.trunc(t / LN2 + np.copysign(0.5, t))   # round half away from zero
    r = t - k * LN2
    er = np.ones_like(r)
    for n in range(13, 0, -1):
        er = 1.0 + (r / n) * er
    k1 = np.trunc(k / 2.0)
    k2 = k - k1
    val = er * np.exp2(k1) * np.exp2(k2)
    out = np.where(pos, val, 0.0)
    return out.astype(F)


def dot(a, b):
    """dot summed left to right, binary32; a: (...,n), b: sequence of n."""
    acc = a[..., 0] * F(b[0])
    for i in range(1, len(b)):
        acc = acc + a[..., i] * F(b[i])
    return acc


def straight(P):
    """s = P.rgb / P.a (0 where P.a <= 0)."""
    a = P[..., 3:4]
    with np.errstate(divide="ignore", invalid="ignore"):
        s = P[..., :3] / np.where(a > 0, a, F(1))
    return np.where(a > 0, s, F(0)).astype(F)


def mix(a, b, t):
    return (a + (b - a) * t).astype(F)

# ---------------------------------------------------------------- Raster's Trigonometry (RENDERING.md §11.1)

_RHO = math.pi / 180.0
_INVFACT = {k: 1.0 / float(math.factorial(k)) for k in range(2, 18)}


def _S(f):
    x = f * _RHO
    x2 = x * x
    acc = 0.0 * x
    for k in range(17, 2, -2):
        sg = 1.0 if k in (17, 13, 9, 5) else -1.0
        acc = (acc + sg * _INVFACT[k]) * x2
    return x + x * acc


def _C(f):
    x = f * _RHO
    x2 = x * x
    acc = 0.0 * x
    for k in range(16, 1, -2):
        sg = 1.0 if k in (16, 12, 8, 4) else -1.0
        acc = (acc + sg * _INVFACT[k]) * x2
    return 1.0 + acc


def sincos_deg(d):
    """Trigonometry.sinCos(degrees:), vectorised over a float64 array: (sin, cos)."""
    d = np.asarray(d, dtype=np.float64)
    fin = np.isfinite(d)
    r = np.fmod(np.where(fin, d, 0.0), 360.0)
    r = np.where(r < 0, r + 360.0, r)
    r = np.where(r == 360.0, r - 360.0, r)
    n = np.trunc(r / 90.0).astype(np.int64)
    f = r - 90.0 * n
    low = f <= 45
    g = np.where(low, f, 90.0 - f)
    Sg, Cg = _S(g), _C(g)
    s = np.where(low, Sg, Cg); c = np.where(low, Cg, Sg)
    qs = np.select([n == 0, n == 1, n == 2], [s, c, -s], -c)
    qc = np.select([n == 0, n == 1, n == 2], [c, -s, -c], s)
    for deg, (es, ec) in ((0.0, (0.0, 1.0)), (90.0, (1.0, 0.0)), (180.0, (0.0, -1.0)), (270.0, (-1.0, 0.0))):
        qs = np.where(r == deg, es, qs); qc = np.where(r == deg, ec, qc)
    qs = np.where(fin, qs, 0.0); qc = np.where(fin, qc, 1.0)
    return qs, qc


def sincos_rad(angle):
    """sin and cos of an angle in radians (scalar), as MODEL_OPTS['trig'] says:
    'raster' = Trigonometry.sinCos(degrees: angle * 180 / pi); 'libm' = math.sin/cos."""
    if MODEL_OPTS["trig"] == "libm":
        return math.sin(angle), math.cos(angle)
    s, c = sincos_deg(angle * 180.0 / math.pi)
    return float(s), float(c)

# ---------------------------------------------------------------- colours and extents

def parse_color(v):
    """A CIColor given as [r,g,b], [r,g,b,a] or "#RRGGBB" -> (straight comps (float64), alpha)."""
    if isinstance(v, str):
        h = v.lstrip("#")
        comps = [int(h[i:i + 2], 16) / 255.0 for i in (0, 2, 4)]
        a = int(h[6:8], 16) / 255.0 if len(h) == 8 else 1.0
    else:
        comps = [float(c) for c in v[:3]]
        a = float(v[3]) if len(v) > 3 else 1.0
    return comps, a


def color_premul(v):
    comps, a = parse_color(v)
    return np.array([srgb_decode(c) * a for c in comps] + [a], dtype=F)


def color_linear_straight(v):
    comps, _ = parse_color(v)
    return np.array([srgb_decode(c) for c in comps], dtype=F)


EMPTY = (0.0, 0.0, 0.0, 0.0)          # (x0, y0, x1, y1)
INFINITE = (-INF, -INF, INF, INF)


def ext_empty(e):
    return not (e[2] > e[0] and e[3] > e[1])


def ext_union(a, b):
    if ext_empty(a):
        return b
    if ext_empty(b):
        return a
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def ext_inter(a, b):
    r = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return EMPTY if ext_empty(r) else r


def ext_mask(e, X, Y):
    """Pixel centres inside the extent: x0 <= cx < x1 (a centre on an edge: see README)."""
    return (X >= e[0]) & (X < e[2]) & (Y >= e[1]) & (Y < e[3])

# ---------------------------------------------------------------- generators (at pixel centres X, Y)

def edge(u, sharp):
    with np.errstate(invalid="ignore"):
        fl = np.floor(u)
        even = (np.mod(fl, 2) == 0)
        val = np.where(even, F(1), F(0)).astype(F)
        if sharp < 1:
            w = F(1) - F(sharp)
            half = w / F(2)
            f = (u - fl).astype(F)                       # position in the cell, [0, 1)
            d = np.minimum(f, F(1) - f)                  # distance to the nearest boundary
            soft = d < half
            v_even = F(0.5) + d / w
            v = np.where(even, v_even, F(1) - v_even)    # mirrored in odd cells
            val = np.where(soft, v, val).astype(F)
        val = np.where(np.isfinite(u), val, F(0.5)).astype(F)
    return val


def gen_checker(p, X, Y, stripes):
    c = p.get("inputCenter", [150, 150])
    w = F(p.get("inputWidth", 80))
    c0 = color_premul(p.get("inputColor0", [1, 1, 1]))
    c1 = color_premul(p.get("inputColor1", [0, 0, 0]))
    sharp = F(p.get("inputSharpness", 1))
    if not MODEL_OPTS["literal"]:
        sharp = max(sharp, F(0))          # ivsim clamps a negative sharpness to 0 (README §Findings)
    with np.errstate(divide="ignore", invalid="ignore"):
        ux = ((X - F(c[0])) / w).astype(F)
        uy = ((Y - F(c[1])) / w).astype(F)
    ex = edge(ux, sharp)[..., None]
    if stripes:
        return mix(c0, c1, ex)
    ey = edge(uy, sharp)[..., None]
    t = ex * ey + (F(1) - ex) * (F(1) - ey)
    return mix(c1, c0, t)


def gen_linear(p, X, Y, smooth):
    p0 = p.get("inputPoint0", [0, 0]); p1 = p.get("inputPoint1", [200, 200])
    c0 = color_premul(p.get("inputColor0", [1, 1, 1]))
    c1 = color_premul(p.get("inputColor1", [0, 0, 0]))
    dx = F(p1[0]) - F(p0[0]); dy = F(p1[1]) - F(p0[1])
    dd = dx * dx + dy * dy
    if dd == 0:
        t = np.ones(X.shape, dtype=F)
    else:
        t = clamp01(((X - F(p0[0])) * dx + (Y - F(p0[1])) * dy) / dd)
    if smooth:
        t = (t * t * (F(3) - F(2) * t)).astype(F)
    return mix(c0, c1, t[..., None])


def gen_radial(p, X, Y):
    c = p.get("inputCenter", [150, 150])
    r0 = F(p.get("inputRadius0", 5)); r1 = F(p.get("inputRadius1", 100))
    c0 = color_premul(p.get("inputColor0", [1, 1, 1]))
    c1 = color_premul(p.get("inputColor1", [0, 0, 0]))
    dx = X - F(c[0]); dy = Y - F(c[1])
    r = np.sqrt(dx * dx + dy * dy).astype(F)
    if r0 == r1:
        t = np.where(r < r0, F(0), F(1)).astype(F)
    else:
        t = clamp01((r - r0) / (r1 - r0))
    return mix(c0, c1, t[..., None])


def generator(name, p, X, Y):
    if name == "CIConstantColorGenerator":
        v = np.broadcast_to(color_premul(p["inputColor"]), X.shape + (4,)).astype(F)
    elif name in ("CICheckerboardGenerator", "CIStripesGenerator"):
        v = gen_checker(p, X, Y, name == "CIStripesGenerator")
    elif name in ("CILinearGradient", "CISmoothLinearGradient"):
        v = gen_linear(p, X, Y, name == "CISmoothLinearGradient")
    elif name == "CIRadialGradient":
        v = gen_radial(p, X, Y)
    else:
        raise KeyError(name)
    return v.astype(F), INFINITE

# ---------------------------------------------------------------- compositing and blend modes

def composite(name, S, B):
    if name == "CISourceOverCompositing":
        return S + B * (F(1) - S[..., 3:4])
    if name == "CISourceInCompositing":
        return S * B[..., 3:4]
    if name == "CISourceOutCompositing":
        return S * (F(1) - B[..., 3:4])
    if name == "CISourceAtopCompositing":
        return S * B[..., 3:4] + B * (F(1) - S[..., 3:4])
    if name == "CIAdditionCompositing":
        return S + B
    if name == "CIMultiplyCompositing":
        return S * B
    if name == "CIMaximumCompositing":
        return np.maximum(S, B)
    if name == "CIMinimumCompositing":
        return np.minimum(S, B)
    raise KeyError(name)


COMPOSITE_EXTENT = {
    "CISourceOverCompositing": "union", "CISourceInCompositing": "inter",
    "CISourceOutCompositing": "source", "CISourceAtopCompositing": "background",
    "CIAdditionCompositing": "union", "CIMultiplyCompositing": "inter",
    "CIMaximumCompositing": "union", "CIMinimumCompositing": "inter",
}


def lum(C):
    return C[..., 0] * F(0.3) + C[..., 1] * F(0.59) + C[..., 2] * F(0.11)


def clip_color(C):
    Lm = lum(C)[..., None]
    n = C.min(axis=-1, keepdims=True)
    x = C.max(axis=-1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        d1 = Lm - n
        C = np.where((n < 0) & (d1 > 0), Lm + (C - Lm) * Lm / d1, C).astype(F)
        d2 = x - Lm
        C = np.where((x > 1) & (d2 > 0), Lm + (C - Lm) * (F(1) - Lm) / d2, C).astype(F)
    return C


def set_lum(C, l):
    d = (l - lum(C))[..., None]
    return clip_color((C + d).astype(F))


def sat(C):
    return C.max(axis=-1) - C.min(axis=-1)


def set_sat(C, s):
    """PDF SetSat: Cmid = (Cmid - Cmin)*s/(Cmax - Cmin), Cmax = s, Cmin = 0 (all 0 if Cmax = Cmin).
    By default COREIMAGE.md's arithmetic (since README §Findings 5): every channel
    (C - Cmin)*s/(Cmax - Cmin), so Cmax is not exactly s; --pdf-setsat gives the PDF's."""
    if MODEL_OPTS["vector_setsat"]:
        mn = C.min(axis=-1, keepdims=True); rng = C.max(axis=-1, keepdims=True) - mn
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(rng > 0, (C - mn) * s[..., None] / rng, F(0)).astype(F)
    order = np.argsort(C, axis=-1, kind="stable")
    cmin = np.take_along_axis(C, order[..., 0:1], -1)[..., 0]
    cmid = np.take_along_axis(C, order[..., 1:2], -1)[..., 0]
    cmax = np.take_along_axis(C, order[..., 2:3], -1)[..., 0]
    rng = cmax - cmin
    with np.errstate(divide="ignore", invalid="ignore"):
        mid = np.where(rng > 0, (cmid - cmin) * s / rng, F(0)).astype(F)
    mx = np.where(rng > 0, s, F(0)).astype(F)
    out = np.zeros_like(C)
    np.put_along_axis(out, order[..., 0:1], F(0), -1)
    np.put_along_axis(out, order[..., 1:2], mid[..., None], -1)
    np.put_along_axis(out, order[..., 2:3], mx[..., None], -1)
    return out


def blend_fn(name, cb, cs):
    """ISO 32000-1 §11.3.5 B(cb, cs) on straight colours (binary32)."""
    one, two, half = F(1), F(2), F(0.5)
    with np.errstate(divide="ignore", invalid="ignore"):
        if name == "CIMultiplyBlendMode":
            return cb * cs
        if name == "CIScreenBlendMode":
            return cb + cs - cb * cs
        if name in ("CIOverlayBlendMode", "CIHardLightBlendMode"):
            if name == "CIOverlayBlendMode":
                cb, cs = cs, cb                    # Overlay(cb, cs) = HardLight(cs, cb)
            t = two * cs - one
            return np.where(cs <= half, cb * (two * cs), cb + t - cb * t)
        if name == "CIDarkenBlendMode":
            return np.minimum(cb, cs)
        if name == "CILightenBlendMode":
            return np.maximum(cb, cs)
        if name == "CIColorDodgeBlendMode":
            v = np.minimum(one, cb / (one - cs))
            return np.where(cb == 0, F(0), np.where(cs >= 1, one, v))
        if name == "CIColorBurnBlendMode":
            v = one - np.minimum(one, (one - cb) / cs)
            return np.where(cb >= 1, one, np.where(cs <= 0, F(0), v))
        if name == "CISoftLightBlendMode":
            D = np.where(cb <= F(0.25), ((F(16) * cb - F(12)) * cb + F(4)) * cb,
                         np.sqrt(np.maximum(cb, 0)))
            return np.where(cs <= half, cb - (one - two * cs) * cb * (one - cb),
                            cb + (two * cs - one) * (D - cb))
        if name == "CIDifferenceBlendMode":
            return np.abs(cb - cs)
        if name == "CIExclusionBlendMode":
            return cb + cs - two * cb * cs
        if name == "CIHueBlendMode":
            return set_lum(set_sat(cs, sat(cb)), lum(cb))
        if name == "CISaturationBlendMode":
            return set_lum(set_sat(cb, sat(cs)), lum(cb))
        if name == "CIColorBlendMode":
            return set_lum(cs, lum(cb))
        if name == "CILuminosityBlendMode":
            return set_lum(cb, lum(cs))
    raise KeyError(name)


BLEND_MODES = ["CIMultiplyBlendMode", "CIScreenBlendMode", "CIOverlayBlendMode",
               "CIDarkenBlendMode", "CILightenBlendMode", "CIColorDodgeBlendMode",
               "CIColorBurnBlendMode", "CIHardLightBlendMode", "CISoftLightBlendMode",
               "CIDifferenceBlendMode", "CIExclusionBlendMode", "CIHueBlendMode",
               "CISaturationBlendMode", "CIColorBlendMode", "CILuminosityBlendMode"]


def blend(name, S, B):
    sa, ba = S[..., 3:4], B[..., 3:4]
    Bf = blend_fn(name, straight(B), straight(S)).astype(F)
    rgb = (F(1) - ba) * S[..., :3] + (F(1) - sa) * B[..., :3] + sa * ba * Bf
    a = sa + ba - sa * ba
    return np.concatenate([rgb, a], axis=-1).astype(F)

# ---------------------------------------------------------------- colour filters

GREY = (0.2125, 0.7154, 0.0721)


def hue_matrix(angle):
    c, s = math.cos(angle), math.sin(angle)
    k = (1.0 - c) / 3.0
    q = s / math.sqrt(3.0)
    m = [[c + k, k - q, k + q], [k + q, c + k, k - q], [k - q, k + q, c + k]]
    return np.array(m, dtype=F)


def num(v):
    """A scalar parameter: ivsim holds it as binary32 before the binary64 constant is made
    (found for inputAngle; README §Findings)."""
    return float(F(v)) if MODEL_OPTS["param32"] else float(v)


def color_filter(name, p, S):
    """Returns the new premultiplied pixels; S.a <= 0 becomes transparent (but see ColorMatrix)."""
    a = S[..., 3:4]
    s = straight(S)
    if name == "CIColorMatrix":
        R = p.get("inputRVector", [1, 0, 0, 0]); G = p.get("inputGVector", [0, 1, 0, 0])
        Bv = p.get("inputBVector", [0, 0, 1, 0]); A = p.get("inputAVector", [0, 0, 0, 1])
        bias = p.get("inputBiasVector", [0, 0, 0, 0])
        # s4 = (s, S.a).  A pixel with S.a <= 0 enters as transparent, s4 = 0 (ivsim's
        # reading, found by this model; the doc's literal s4 keeps a negative S.a: README §Findings)
        a4 = a if MODEL_OPTS["literal"] else np.where(a > 0, a, F(0))
        s4 = np.concatenate([s, a4], axis=-1)
        t = np.stack([dot(s4, R), dot(s4, G), dot(s4, Bv), dot(s4, A)], axis=-1)
        t = (t + np.array(bias, dtype=F)).astype(F)
        out = np.concatenate([t[..., :3] * t[..., 3:4], t[..., 3:4]], axis=-1)
        return out.astype(F)
    if name == "CIColorInvert":
        r = F(1) - s
    elif name == "CIExposureAdjust":
        r = s * power32(np.array([2.0]), num(p.get("inputEV", 0)))[0]
    elif name == "CIGammaAdjust":
        # sign(s)·|s|^power; ivsim takes sign(0) = +1, so 0^0 = 1, and 0^y = +inf for y < 0
        # (the doc defines neither: README §Findings)
        pw = num(p.get("inputPower", 1))
        mag = power32(np.abs(s), pw)
        if MODEL_OPTS["literal"]:
            r = (np.sign(s) * mag).astype(F)
        else:
            if pw < 0:
                mag = np.where(s == 0, F(np.inf), mag)
            r = (np.where(s < 0, F(-1), F(1)) * mag).astype(F)
    elif name == "CIColorControls":
        sat_ = F(p.get("inputSaturation", 1)); br = F(p.get("inputBrightness", 0))
        con = F(p.get("inputContrast", 1))
        g = dot(s, GREY)[..., None]
        r = ((g + (s - g) * sat_) + br - F(0.5)) * con + F(0.5)
    elif name == "CIHueAdjust":
        M = hue_matrix(num(p.get("inputAngle", 0)))
        r = np.stack([dot(s, M[i]) for i in range(3)], axis=-1)
    elif name == "CIColorMonochrome":
        tone = color_linear_straight(p["inputColor"])
        inten = F(p.get("inputIntensity", 1))
        g = dot(s, GREY)[..., None]
        r = mix(s, tone * g, inten)
    else:
        raise KeyError(name)
    out = np.concatenate([r.astype(F) * a, a], axis=-1)
    return np.where(a > 0, out, F(0)).astype(F)


COLOR_FILTERS = ["CIColorInvert", "CIExposureAdjust", "CIGammaAdjust", "CIColorMatrix",
                 "CIColorControls", "CIHueAdjust", "CIColorMonochrome"]
MASK_FILTERS = {"CIBlendWithMask": 1, "CIBlendWithAlphaMask": 3,
                "CIBlendWithRedMask": 0, "CIBlendWithBlueMask": 2}
GENERATORS = ["CIConstantColorGenerator", "CICheckerboardGenerator", "CIStripesGenerator",
              "CILinearGradient", "CISmoothLinearGradient", "CIRadialGradient"]
COMPOSITING = list(COMPOSITE_EXTENT)
GEOMETRY = ["CIAffineTransform", "CIStraightenFilter", "CILanczosScaleTransform"]
VIGNETTES = ["CIVignette", "CIVignetteEffect"]
NEW_FILTERS = GEOMETRY + VIGNETTES
MODEL_OPTS = {"literal": False, "edge": False, "param32": True, "vector_setsat": False,
              "trig": "raster", "sinc_deg": "x180", "straighten": "prepend",
              "lanczos_sx32": False, "vig32": True, "vig_outer": "diag64"}

# ---------------------------------------------------------------- chains

def load_input(path, X, Y):
    """CIImage(image:) of a PNG file: ivsim premultiplies the straight RGBA8 file
    (round(c*a/255)), CIImage un-premultiplies (floor((c'*255 + a/2)/a)), then L[c]*alpha."""
    px = np.array(Image.open(path).convert("RGBA"), dtype=np.int64)
    H, W = px.shape[:2]
    a = px[..., 3:4]
    t = px[..., :3] * a + 128
    cp = (t + (t >> 8)) >> 8                                 # div255, RENDERING.md §2
    c = np.where(a > 0, np.minimum(255, (cp * 255 + a // 2) // np.maximum(a, 1)), 0)
    alpha = (a.astype(F) / F(255)).astype(F)
    lin = (L_TABLE[c] * alpha).astype(F)
    img = np.concatenate([lin, alpha], axis=-1)
    img = np.where(a > 0, img, F(0)).astype(F)
    # sample at the grid's centres; PNG row r is CI row y = H - 1 - r
    xi = np.floor(X).astype(np.int64); yi = np.floor(Y).astype(np.int64)
    inside = (xi >= 0) & (xi < W) & (yi >= 0) & (yi < H)
    out = np.zeros(X.shape + (4,), dtype=F)
    out[inside] = img[H - 1 - yi[inside], xi[inside]]
    return out, (0.0, 0.0, float(W), float(H))


def eval_image(spec, files, X, Y):
    if isinstance(spec, str):
        return load_input(files[spec], X, Y)
    return eval_prefix(spec, len(spec.get("filters", [])), files, X, Y)


def eval_prefix(spec, n, files, X, Y):
    """The chain's first n filters evaluated at the points (X, Y) (pixel centres).  A geometry
    filter asks the chain before it for other points (its input pixels), so the chain is
    evaluated from the end backwards."""
    if n == 0:
        return eval_image(spec["input"], files, X, Y) if "input" in spec else None
    f = spec["filters"][n - 1]
    if f["filter"] in GEOMETRY:
        prefix = lambda U, V: eval_prefix(spec, n - 1, files, U, V)
        return apply_geometry(f, prefix, X, Y)
    return apply_filter(f, eval_prefix(spec, n - 1, files, X, Y), files, X, Y)


def apply_filter(f, cur, files, X, Y):
    name = f["filter"]
    if name in GENERATORS:
        assert cur is None
        return generator(name, f, X, Y)
    S, se = cur
    if name in COMPOSITING or name in BLEND_MODES or name in MASK_FILTERS:
        if "inputBackgroundImage" in f:
            B, be = eval_image(f["inputBackgroundImage"], files, X, Y)
        else:
            B, be = np.zeros_like(S), EMPTY
        if name in COMPOSITING:
            v = composite(name, S, B)
            rule = COMPOSITE_EXTENT[name]
            e = {"union": ext_union(se, be), "inter": ext_inter(se, be),
                 "source": se, "background": be}[rule]
        elif name in BLEND_MODES:
            v, e = blend(name, S, B), ext_union(se, be)
        else:
            M, _ = eval_image(f["inputMaskImage"], files, X, Y)
            m = clamp01(M[..., MASK_FILTERS[name]])[..., None]
            v, e = B + (S - B) * m, ext_union(se, be)
    elif name in COLOR_FILTERS:
        v = color_filter(name, f, S)
        e = se
        if name == "CIColorMatrix" and float(f.get("inputBiasVector", [0, 0, 0, 0])[3]) != 0:
            e = INFINITE
    elif name == "CICrop":
        r = f.get("inputRectangle")                         # default: the infinite rectangle
        e = ext_inter(se, (r[0], r[1], r[0] + r[2], r[1] + r[3]) if r else INFINITE)
        v = S
    elif name in VIGNETTES:
        v, e = vignette(name, f, S, se, X, Y), se
    else:
        raise KeyError(name)
    v = np.where(ext_mask(e, X, Y)[..., None], v, F(0)).astype(F)
    return v, e


# ---------------------------------------------------------------- geometry (COREIMAGE.md §Geometry)

def p32(v):
    """A number parameter rounded to binary32 ('every number parameter is rounded to binary32
    first'), then used as a binary64."""
    return float(F(v))


def affine_inverse(m):
    """Cramer's rule, binary64, as RENDERING.md §11.2 writes the inverse; None when singular."""
    a, b, c, d, tx, ty = m
    det = a * d - b * c
    if det == 0 or not math.isfinite(det):
        return None
    return (d / det, -b / det, -c / det, a / det, (c * ty - d * tx) / det, (b * tx - a * ty) / det)


def affine_apply(m, x, y):
    a, b, c, d, tx, ty = m
    return (a * x + c * y) + tx, (b * x + d * y) + ty


def prepending(M, Fm):
    """M.prepending(F): F applied first (RENDERING.md §11.2)."""
    a, b, c, d, tx, ty = M
    fa, fb, fc, fd, ftx, fty = Fm
    return (fa * a + fb * c, fa * b + fb * d, fc * a + fd * c, fc * b + fd * d,
            ftx * a + fty * c + tx, ftx * b + fty * d + ty)


def ext_box(m, e):
    """The box of the extent's four corners mapped, edges out to whole numbers."""
    if ext_empty(e):
        return EMPTY
    if not all(map(math.isfinite, e)):
        return INFINITE
    pts = [affine_apply(m, x, y) for x in (e[0], e[2]) for y in (e[1], e[3])]
    xs = [p[0] for p in pts]; ys = [p[1] for p in pts]
    return (math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs)), math.ceil(max(ys)))


def straighten_matrix(angle, e):
    """Rotation about the extent's centre (counterclockwise, y up) times the covering scale k."""
    s, c = sincos_rad(angle)
    w, h = e[2] - e[0], e[3] - e[1]
    k = max((w * abs(c) + h * abs(s)) / w, (w * abs(s) + h * abs(c)) / h)
    cx, cy = (e[0] + e[2]) / 2, (e[1] + e[3]) / 2
    if MODEL_OPTS["straighten"] == "direct":
        a, b, cc, d = k * c, k * s, -(k * s), k * c
        return (a, b, cc, d, cx - (a * cx + cc * cy), cy - (b * cx + d * cy))
    # translation(c).prepending(rotation).prepending(scale(k)).prepending(translation(-c))
    M = (1.0, 0.0, 0.0, 1.0, cx, cy)
    M = prepending(M, (c, s, -s, c, 0.0, 0.0))
    M = prepending(M, (k, 0.0, 0.0, k, 0.0, 0.0))
    return prepending(M, (1.0, 0.0, 0.0, 1.0, -cx, -cy))


def sample_grid(prefix, i0, i1, j0, j1):
    """The input's pixels (i + 1/2, j + 1/2) for i0 <= i <= i1, j0 <= j <= j1: array [j, i, 4]."""
    xs = (np.arange(i0, i1 + 1)).astype(F) + F(0.5)
    ys = (np.arange(j0, j1 + 1)).astype(F) + F(0.5)
    U, V = np.meshgrid(xs, ys)
    return prefix(U, V)[0]


def pixel_range(e, lo, hi, axis):
    """Clip index range [lo, hi] to the pixels that can be inside the extent along an axis."""
    a, b = (e[0], e[2]) if axis == 0 else (e[1], e[3])
    if math.isfinite(a):
        lo = max(lo, math.floor(a) - 1)
    if math.isfinite(b):
        hi = min(hi, math.ceil(b) + 1)
    return lo, hi


def bilinear(prefix, ie, inv, X, Y):
    """Each output centre back through the inverse map; bilinear over the input's pixels."""
    Xd = X.astype(np.float64); Yd = Y.astype(np.float64)
    u, v = affine_apply(inv, Xd, Yd)
    su, sv = u - 0.5, v - 0.5
    ok = np.isfinite(su) & np.isfinite(sv) & (np.abs(su) < 2 ** 40) & (np.abs(sv) < 2 ** 40)
    su = np.where(ok, su, 0.0); sv = np.where(ok, sv, 0.0)
    i = np.floor(su); j = np.floor(sv)
    fx = (su - i).astype(F)[..., None]; fy = (sv - j).astype(F)[..., None]
    i = i.astype(np.int64); j = j.astype(np.int64)
    out = np.zeros(X.shape + (4,), dtype=F)
    if ext_empty(ie) or X.size == 0:
        return out
    lo_i, hi_i = pixel_range(ie, int(i.min()), int(i.max()) + 1, 0)
    lo_j, hi_j = pixel_range(ie, int(j.min()), int(j.max()) + 1, 1)
    if lo_i > hi_i or lo_j > hi_j:
        return out
    G = sample_grid(prefix, lo_i, hi_i, lo_j, hi_j)

    def P(ii, jj):
        inside = (ii >= lo_i) & (ii <= hi_i) & (jj >= lo_j) & (jj <= hi_j) & ok
        r = np.zeros(X.shape + (4,), dtype=F)
        r[inside] = G[jj[inside] - lo_j, ii[inside] - lo_i]
        return r

    one = F(1)
    top = P(i, j) * (one - fx) + P(i + 1, j) * fx
    bot = P(i, j + 1) * (one - fx) + P(i + 1, j + 1) * fx
    return (top * (one - fy) + bot * fy).astype(F)


def sinc(x):
    """sin(pi x)/(pi x), binary64; the sine from Trigonometry in degrees (x * 180)."""
    if MODEL_OPTS["trig"] == "libm":
        sn = np.sin(math.pi * x)
    elif MODEL_OPTS["sinc_deg"] == "pi":
        sn = sincos_deg((math.pi * x) * (180.0 / math.pi))[0]
    else:
        sn = sincos_deg(x * 180.0)[0]
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(x == 0, 1.0, sn / (math.pi * x))


def lanczos_weights(X, s):
    """For output pixel X along an axis of scale s: (first tap, binary32 weights)."""
    u = (X + 0.5) / s
    f = max(1.0, 1.0 / s)
    lo = math.ceil(u - 0.5 - 3 * f); hi = math.floor(u - 0.5 + 3 * f)
    i = np.arange(lo, hi + 1, dtype=np.float64)
    x = (i + 0.5 - u) / f
    L = np.where(np.abs(x) < 3, sinc(x) * sinc(x / 3), 0.0)
    tot = 0.0
    for w in L:
        tot += w
    return lo, (L / tot).astype(F)


def lanczos(prefix, ie, sx, sy, X, Y):
    xs = np.unique(X.astype(np.float64) - 0.5).astype(np.int64)    # output columns
    ys = np.unique(Y.astype(np.float64) - 0.5).astype(np.int64)    # output rows
    out_grid = np.zeros((len(ys), len(xs), 4), dtype=F)
    if not ext_empty(ie) and len(xs) and len(ys):
        wx = [lanczos_weights(float(x), sx) for x in xs]
        wy = [lanczos_weights(float(y), sy) for y in ys]
        lo_i, hi_i = pixel_range(ie, min(w[0] for w in wx), max(w[0] + len(w[1]) - 1 for w in wx), 0)
        lo_j, hi_j = pixel_range(ie, min(w[0] for w in wy), max(w[0] + len(w[1]) - 1 for w in wy), 1)
        if lo_i <= hi_i and lo_j <= hi_j:
            G = sample_grid(prefix, lo_i, hi_i, lo_j, hi_j)        # [j, i, 4]
            zero = np.zeros((G.shape[0], 4), dtype=F)
            col = lambda i: G[:, i - lo_i] if lo_i <= i <= hi_i else zero
            H = np.zeros((G.shape[0], len(xs), 4), dtype=F)        # rows first
            for n, (l0, w) in enumerate(wx):
                acc = w[0] * col(l0)
                for k in range(1, len(w)):
                    acc = acc + w[k] * col(l0 + k)
                H[:, n] = acc
            zrow = np.zeros((len(xs), 4), dtype=F)
            row = lambda j: H[j - lo_j] if lo_j <= j <= hi_j else zrow
            for m, (l0, w) in enumerate(wy):                       # then columns
                acc = w[0] * row(l0)
                for k in range(1, len(w)):
                    acc = acc + w[k] * row(l0 + k)
                out_grid[m] = acc
    xi = np.searchsorted(xs, (X.astype(np.float64) - 0.5).astype(np.int64))
    yi = np.searchsorted(ys, (Y.astype(np.float64) - 0.5).astype(np.int64))
    return out_grid[yi, xi]


def lanczos_scales(f):
    scale = p32(f.get("inputScale", 1)); aspect = p32(f.get("inputAspectRatio", 1))
    sx = scale * aspect
    if MODEL_OPTS["lanczos_sx32"]:
        sx = float(F(sx))
    for v in (sx, scale):      # "each within 1/500 ... 1,000": outside it ivsim refuses the chain
        if not 1 / 500 <= v <= 1000:
            raise ValueError(f"CILanczosScaleTransform scales by {sx} x {scale}")
    return sx, scale


def apply_geometry(f, prefix, X, Y):
    name = f["filter"]
    one = (np.array([[0.5]], dtype=F), np.array([[0.5]], dtype=F))
    ie = prefix(*one)[1]                                       # the input's extent
    if name == "CILanczosScaleTransform":
        sx, sy = lanczos_scales(f)
        if ext_empty(ie):
            e = EMPTY
        else:
            e = (ie[0] * sx, ie[1] * sy, ie[2] * sx, ie[3] * sy)
            e = tuple(v if not math.isfinite(v) else math.floor(v) if k < 2 else math.ceil(v)
                      for k, v in enumerate(e))
        v = lanczos(prefix, ie, sx, sy, X, Y)
    else:
        if name == "CIAffineTransform":
            m = tuple(p32(t) for t in f.get("inputTransform", [1, 0, 0, 1, 0, 0]))
            e = ext_box(m, ie)
        else:                                                  # CIStraightenFilter
            if not all(map(math.isfinite, ie)):
                raise ValueError("CIStraightenFilter needs an input with an extent")
            if ext_empty(ie):                                  # an empty input stays empty
                return np.zeros(X.shape + (4,), dtype=F), EMPTY
            m = straighten_matrix(p32(f.get("inputAngle", 0)), ie)
            e = ie
        inv = affine_inverse(m)
        if inv is None:
            raise ValueError("singular transform")
        v = bilinear(prefix, ie, inv, X, Y)
    v = np.where(ext_mask(e, X, Y)[..., None], v, F(0)).astype(F)
    return v, e


def vignette(name, f, S, se, X, Y):
    """f = 1 - intensity * smoothstep(t) on the premultiplied colour, alpha kept."""
    r32 = lambda v: float(F(v))
    if name == "CIVignette":
        if not all(map(math.isfinite, se)):
            raise ValueError("CIVignette needs an input with an extent")
        if ext_empty(se):                                      # an empty input stays empty
            return np.zeros_like(S)
        w, h = se[2] - se[0], se[3] - se[1]
        cx, cy = r32((se[0] + se[2]) / 2), r32((se[1] + se[3]) / 2)
        radius = p32(f.get("inputRadius", 1))
        inner = F(0)
        if MODEL_OPTS["vig_outer"] == "all32":        # binary32 throughout
            w32, h32 = F(w), F(h)
            outer = np.sqrt(w32 * w32 + h32 * h32) / F(2) * F(radius)
        elif MODEL_OPTS["vig_outer"] == "mul64":      # one binary64 constant, rounded once
            outer = F(math.sqrt(w * w + h * h) / 2 * radius)
        else:                                          # half diagonal rounded, times radius in binary32
            outer = F(math.sqrt(w * w + h * h) / 2) * F(radius)
        inten = F(f.get("inputIntensity", 0))
    else:
        c = f.get("inputCenter", [150, 150])
        cx, cy = r32(c[0]), r32(c[1])
        radius = F(f.get("inputRadius", 150))
        fo = clamp01(F(f.get("inputFalloff", 0.5)))
        if MODEL_OPTS["vig32"]:
            inner = F(radius * (F(1) - fo))
        else:
            inner = F(float(radius) * (1.0 - float(fo)))
        outer = radius
        inten = F(f.get("inputIntensity", 1))
    dx = X - F(cx); dy = Y - F(cy)
    r = np.sqrt(dx * dx + dy * dy).astype(F)
    if inner == outer:
        t = np.where(r < inner, F(0), F(1)).astype(F)
    else:
        t = clamp01((r - inner) / (outer - inner))
    t = (t * t * (F(3) - F(2) * t)).astype(F)
    fac = (F(1) - inten * t)[..., None]
    return np.concatenate([S[..., :3] * fac, S[..., 3:4]], axis=-1).astype(F)


def output_rect(ci, files):
    """The pixel rectangle rendered: CGRect.integral of `rect`, else of the extent."""
    if "rect" in ci:
        x, y, w, h = ci["rect"]
        ext = (x, y, x + w, y + h)
    else:
        ext = chain_extent(ci, files)
        if ext_empty(ext) or not all(map(math.isfinite, ext)):
            return None
    x0, y0 = math.floor(ext[0]), math.floor(ext[1])
    x1, y1 = math.ceil(ext[2]), math.ceil(ext[3])
    return x0, y0, x1 - x0, y1 - y0


def chain_extent(ci, files):
    X = np.array([[0.5]], dtype=F); Y = np.array([[0.5]], dtype=F)
    return eval_image(ci, files, X, Y)[1]


def render_out(P):
    """createCGImage, RGBA8 sRGB: returns premultiplied uint8 (h, w, 4)."""
    alpha = clamp01(P[..., 3])
    a8 = np.floor(alpha * F(255) + F(0.5)).astype(np.int64)
    with np.errstate(divide="ignore", invalid="ignore"):
        u = clamp01(P[..., :3] / alpha[..., None])
    e = np.searchsorted(T_TABLE, u, side="right").astype(np.int64)
    c = (2 * e * a8[..., None] + 255) // 510                 # round(e*a8/255), no ties
    out = np.concatenate([c, a8[..., None]], axis=-1)
    out[a8 == 0] = 0
    return out.astype(np.uint8)


def model_case(ci, files):
    rect = output_rect(ci, files)
    x0, y0, w, h = rect
    xs = (np.arange(w) + x0).astype(F) + F(0.5)
    ys = (y0 + h - 1 - np.arange(h)).astype(F) + F(0.5)     # top output row first
    X, Y = np.meshgrid(xs, ys)
    P, _ = eval_image(ci, files, X, Y)
    return render_out(P)

# ---------------------------------------------------------------- random cases

def rnd_color(rng, alpha_ok=True):
    k = rng.random()
    if MODEL_OPTS["edge"] and k < 0.4:                       # extended sRGB, zero alpha
        comps = [round(float(v), 3) for v in rng.uniform(-0.6, 1.6, 3)]
        return comps + [float(rng.choice([0, 0.002, 0.5, 1]))] if alpha_ok and k < 0.2 else comps
    if k < 0.3:
        return "#%02X%02X%02X" % tuple(rng.integers(0, 256, 3))
    comps = [round(float(v), 3) for v in rng.random(3)]
    if rng.random() < 0.05:
        comps[rng.integers(3)] = round(float(rng.uniform(-0.2, 1.2)), 3)   # extended sRGB
    if alpha_ok and k > 0.65:
        return comps + [round(float(rng.random()), 3)]
    return comps


def rnum(rng, lo, hi, nd=2):
    return round(float(rng.uniform(lo, hi)), nd)


def rnd_generator(rng, name=None):
    name = name or GENERATORS[rng.integers(len(GENERATORS))]
    f = {"filter": name}
    if name == "CIConstantColorGenerator":
        f["inputColor"] = rnd_color(rng)
    elif name in ("CICheckerboardGenerator", "CIStripesGenerator"):
        f["inputCenter"] = [rnum(rng, -10, 25), rnum(rng, -10, 25)]
        f["inputWidth"] = rnum(rng, 1, 9)
        if MODEL_OPTS["edge"]:
            f["inputCenter"] = [float(rng.integers(-20, 50)) / 2 for _ in range(2)]
            f["inputWidth"] = float(rng.choice([0, -3, 0.5, 1, 2.5, 4]))
        if rng.random() < 0.6:
            f["inputColor0"] = rnd_color(rng)
            f["inputColor1"] = rnd_color(rng)
        if rng.random() < 0.5:
            f["inputSharpness"] = rnum(rng, 0, 1)
            if MODEL_OPTS["edge"]:
                f["inputSharpness"] = float(rng.choice([0, 0.5, 0.9, 1.5, -0.5, rnum(rng, 0, 1)]))
    elif name in ("CILinearGradient", "CISmoothLinearGradient"):
        f["inputPoint0"] = [rnum(rng, -5, 20), rnum(rng, -5, 20)]
        f["inputPoint1"] = [rnum(rng, -5, 25), rnum(rng, -5, 25)]
        f["inputColor0"] = rnd_color(rng); f["inputColor1"] = rnd_color(rng)
        if MODEL_OPTS["edge"] and rng.random() < 0.2:
            f["inputPoint1"] = list(f["inputPoint0"])
    else:
        f["inputCenter"] = [rnum(rng, -2, 18), rnum(rng, -2, 14)]
        f["inputRadius0"] = rnum(rng, 0, 8)
        f["inputRadius1"] = f["inputRadius0"] if rng.random() < 0.1 else rnum(rng, 0, 20)
        if MODEL_OPTS["edge"] and rng.random() < 0.3:
            f["inputRadius0"], f["inputRadius1"] = rnum(rng, 4, 20), rnum(rng, -2, 6)
        f["inputColor0"] = rnd_color(rng); f["inputColor1"] = rnd_color(rng)
    return f


def rnd_crop(rng):
    q = lambda lo, hi: float(rng.integers(lo * 4, hi * 4)) / 4   # quarter pixels
    if MODEL_OPTS["edge"]:                                    # any hundredth, 0.5 included
        q = lambda lo, hi: float(rng.integers(lo * 100, hi * 100)) / 100
    return {"filter": "CICrop", "inputRectangle": [q(-3, 10), q(-3, 8), q(1, 18), q(1, 16)]}


def rnd_image_param(rng, depth=0):
    k = rng.random()
    if k < 0.35 or depth > 0:
        return "a" if rng.random() < 0.5 else "b"
    if k < 0.5:                                              # an input image turned, scaled or vignetted
        return {"input": "a" if rng.random() < 0.5 else "b",
                "filters": [rnd_new_filter(rng, NEW_FILTERS[rng.integers(len(NEW_FILTERS))])]}
    chain = [rnd_generator(rng)]
    if rng.random() < 0.4:
        chain.append(rnd_crop(rng) if rng.random() < 0.5 else rnd_color_filter(rng))
    return {"filters": chain}


def rnd_vec(rng, base, spread):
    return [round(b + float(rng.uniform(-spread, spread)), 2) for b in base]


def rnd_color_filter(rng, name=None):
    name = name or COLOR_FILTERS[rng.integers(len(COLOR_FILTERS))]
    f = {"filter": name}
    e = 2.5 if MODEL_OPTS["edge"] else 1                     # widen the ranges
    if name == "CIExposureAdjust":
        f["inputEV"] = rnum(rng, -2 * e, 2 * e)
    elif name == "CIGammaAdjust":
        f["inputPower"] = rnum(rng, 0.25, 3 * e)
    elif name == "CIColorMatrix":
        for key, base in (("inputRVector", [1, 0, 0, 0]), ("inputGVector", [0, 1, 0, 0]),
                          ("inputBVector", [0, 0, 1, 0]), ("inputAVector", [0, 0, 0, 1])):
            if rng.random() < 0.6:
                f[key] = rnd_vec(rng, base, (0.4 if key != "inputAVector" else 0.2) * e)
        if rng.random() < 0.5:
            b = rnd_vec(rng, [0, 0, 0, 0], 0.15 * e)
            if rng.random() < 0.6:
                b[3] = 0
            f["inputBiasVector"] = b
    elif name == "CIColorControls":
        if rng.random() < 0.7: f["inputSaturation"] = rnum(rng, 1 - e, 1 + e)
        if rng.random() < 0.7: f["inputBrightness"] = rnum(rng, -0.3 * e, 0.3 * e)
        if rng.random() < 0.7: f["inputContrast"] = rnum(rng, 1 - 0.5 * e, 1 + 0.5 * e)
    elif name == "CIHueAdjust":
        f["inputAngle"] = rnum(rng, -3.2, 3.2, 3)
    elif name == "CIColorMonochrome":
        f["inputColor"] = rnd_color(rng, alpha_ok=False)
        if rng.random() < 0.7:
            f["inputIntensity"] = rnum(rng, 0.5 - 0.5 * e, 0.5 + 0.5 * e)
    return f


ALL_FILTERS = (COMPOSITING + BLEND_MODES + list(MASK_FILTERS) + COLOR_FILTERS + ["CICrop"]
               + NEW_FILTERS)
NEEDS_EXTENT = ("CIStraightenFilter", "CIVignette")          # refused on an infinite input


def rnd_affine(rng):
    """Six numbers [a, b, c, d, tx, ty]: rotation, scales 0.5-2, shear, translation, or a
    special one (translations, quarter turns, flips, exact scales)."""
    e = MODEL_OPTS["edge"]
    k = rng.random()
    if k < 0.12:                                             # whole or half-pixel translation
        return [1, 0, 0, 1, float(rng.integers(-12, 13)) / 2, float(rng.integers(-12, 13)) / 2]
    if k < 0.24:                                             # quarter turns and flips
        a, b, c, d = [(0, 1, -1, 0), (0, -1, 1, 0), (-1, 0, 0, -1), (-1, 0, 0, 1), (1, 0, 0, -1),
                      (2, 0, 0, 2), (0.5, 0, 0, 0.5), (2, 0, 0, 0.5)][rng.integers(8)]
        return [a, b, c, d, float(rng.integers(-8, 25)), float(rng.integers(-8, 25))]
    th = rng.uniform(-math.pi, math.pi)
    sx, sy = rng.uniform(0.5, 2), rng.uniform(0.5, 2)
    sh = rng.uniform(-0.5, 0.5) if rng.random() < 0.5 else 0.0
    if e and rng.random() < 0.3:
        th = float(rng.choice([1e-4, -1e-4, math.pi / 2 + 1e-7, math.pi / 4, math.pi / 6]))
    c, s = math.cos(th), math.sin(th)
    # R(th) * Shear(sh) * Scale(sx, sy) as column vectors: [a c; b d]
    a, cc = c * sx, (c * sh - s) * sy
    b, d = s * sx, (s * sh + c) * sy
    nd = 6 if e else 4
    tx, ty = rng.uniform(-8, 16), rng.uniform(-8, 16)
    return [round(a, nd), round(b, nd), round(cc, nd), round(d, nd),
            round(tx, 2 if e else 1), round(ty, 2 if e else 1)]


def rnd_new_filter(rng, name):
    """The geometry filters and the vignettes (COREIMAGE.md §Geometry)."""
    e = MODEL_OPTS["edge"]
    f = {"filter": name}
    if name == "CIAffineTransform":
        f["inputTransform"] = rnd_affine(rng)
    elif name == "CIStraightenFilter":
        f["inputAngle"] = rnum(rng, -1.5, 1.5, 3)
        if e and rng.random() < 0.3:
            f["inputAngle"] = float(rng.choice([0, 1e-5, -0.5, 1.5, -1.5, 0.7853981634, 1.5707963]))
    elif name == "CILanczosScaleTransform":
        if rng.random() < 0.85:
            f["inputScale"] = rnum(rng, 0.2, 2, 3)
        if rng.random() < 0.6:
            f["inputAspectRatio"] = rnum(rng, 0.5, 2, 3)
        if e and rng.random() < 0.4:
            f["inputScale"] = float(rng.choice([1, 0.5, 0.25, 2, 0.3, 0.7, 1 / 3, 0.2, 0.1]))
            f["inputAspectRatio"] = float(rng.choice([1, 0.5, 2, 1.1, 0.9, 3]))
    elif name == "CIVignette":
        if rng.random() < 0.9:
            f["inputIntensity"] = rnum(rng, -1, 1)
        if rng.random() < 0.8:
            f["inputRadius"] = rnum(rng, 0, 2)
        if e and rng.random() < 0.3:
            f["inputIntensity"] = float(rng.choice([-2, 2, 1, 0.5]))
            f["inputRadius"] = float(rng.choice([0, -1, 0.5, 1, 3, 0.01]))
    else:
        if rng.random() < 0.9:
            f["inputCenter"] = [rnum(rng, -4, 20), rnum(rng, -4, 16)]
        if rng.random() < 0.9:
            f["inputRadius"] = rnum(rng, 0, 20)
        if rng.random() < 0.8:
            f["inputIntensity"] = rnum(rng, -1, 1)
        if rng.random() < 0.8:
            f["inputFalloff"] = rnum(rng, 0, 1)
        if e and rng.random() < 0.4:
            f["inputCenter"] = [float(rng.integers(-8, 40)) / 2 for _ in range(2)]
            f["inputRadius"] = float(rng.choice([0, -5, 0.5, 4, 8.5, 10]))
            f["inputFalloff"] = float(rng.choice([0, 1, -0.5, 1.5, 0.5, 0.25]))
            f["inputIntensity"] = float(rng.choice([-2, 2, 1, -1, 0.3]))
    return f


def rnd_filter(rng, name=None, finite=True):
    """One filter; finite: whether the image it gets has a finite extent (else no
    CIStraightenFilter or CIVignette, which ivsim refuses on an infinite input)."""
    if name is None:
        if rng.random() < 0.35:                              # the five new ones, more often
            pool = [n for n in NEW_FILTERS if finite or n not in NEEDS_EXTENT]
        else:
            pool = ALL_FILTERS[:-len(NEW_FILTERS)]
        name = pool[rng.integers(len(pool))]
    if name in NEW_FILTERS:
        return rnd_new_filter(rng, name)
    if name in COLOR_FILTERS:
        return rnd_color_filter(rng, name)
    if name == "CICrop":
        return rnd_crop(rng)
    f = {"filter": name}
    if rng.random() < 0.95:
        f["inputBackgroundImage"] = rnd_image_param(rng)
    if name in MASK_FILTERS:
        m = rng.random()
        if m < 0.4:
            f["inputMaskImage"] = "a" if rng.random() < 0.5 else "b"
        else:
            g = rng.choice(["CILinearGradient", "CIRadialGradient", "CICheckerboardGenerator"])
            f["inputMaskImage"] = {"filters": [rnd_generator(rng, str(g))]}
    return f


def rnd_png(rng, path, w, h):
    px = rng.integers(0, 256, (h, w, 4))
    k = rng.random((h, w))
    px[..., 3] = np.where(k < 0.7, 255, np.where(k < 0.93, rng.integers(1, 255, (h, w)), 0))
    if rng.random() < 0.3:                                   # a smooth ramp, too
        px[..., 0] = np.linspace(0, 255, w)[None, :].astype(int)
    Image.fromarray(px.astype(np.uint8), "RGBA").save(path)


def make_case(seed, folder):
    """Returns (coreImage dict, files) for one seed."""
    rng = np.random.default_rng(seed)
    files = {"a": os.path.join(folder, f"a{seed}.png"), "b": os.path.join(folder, f"b{seed}.png")}
    rnd_png(rng, files["a"], 16, 12)
    rnd_png(rng, files["b"], int(rng.integers(6, 20)), int(rng.integers(6, 18)))
    n = int(rng.integers(1, 5 if MODEL_OPTS["edge"] else 4))
    ci = {}
    filters = []
    if rng.random() < 0.25:
        filters.append(rnd_generator(rng))
        n = max(1, n - 1) if n > 1 else 0
    else:
        ci["input"] = "a"
    for _ in range(n):
        ext = chain_extent(dict(ci, filters=filters), files) if filters or "input" in ci else INFINITE
        filters.append(rnd_filter(rng, finite=all(map(math.isfinite, ext))))   # empty is fine
    if MODEL_OPTS["edge"] and rng.random() < 0.4:
        # squeeze [-2, 2] into [0, 1] (and alpha by half) so out-of-range values show
        filters.append({"filter": "CIColorMatrix", "inputRVector": [0.25, 0, 0, 0],
                        "inputGVector": [0, 0.25, 0, 0], "inputBVector": [0, 0, 0.25, 0],
                        "inputAVector": [0, 0, 0, 0.5], "inputBiasVector": [0.5, 0.5, 0.5, 0]})
    ci["filters"] = filters
    # rect: always for an infinite or empty extent, else 70 %
    ext = chain_extent(ci, files)
    finite = not ext_empty(ext) and all(map(math.isfinite, ext))
    if not finite or rng.random() < 0.7:
        q = lambda lo, hi: float(rng.integers(lo * 4, hi * 4)) / 4
        if MODEL_OPTS["edge"]:
            q = lambda lo, hi: float(rng.integers(lo * 100, hi * 100)) / 100
        ci["rect"] = [q(-4, 2), q(-4, 2), q(4, 26), q(4, 22)]
        if finite and set(chain_filters(ci)) & set(NEW_FILTERS):   # near the moved image
            ox, oy = math.floor(ext[0]), math.floor(ext[1])
            ci["rect"] = [ox + q(-4, 2), oy + q(-4, 2), q(4, int(8 + ext[2] - ox)), q(4, int(8 + ext[3] - oy))]
    elif rng.random() < 0.3 and all(float(v).is_integer() for v in ext):
        ci["render"] = "ciImage"              # UIImage(ciImage:): size = extent size (scale 1);
                                              # an extent between pixels is refused (COREIMAGE.md)
    return ci, files

# ---------------------------------------------------------------- running ivsim and comparing

def place(cases, width=1024, gap=2):
    """Shelf layout: each case's (x, y) on the canvas, and the canvas size."""
    x = y = row = 0
    spots = []
    for seed, ci, files, size in cases:
        if x and x + size[0] > width:
            x, y, row = 0, y + row + gap, 0
        spots.append((x, y))
        x += size[0] + gap
        row = max(row, size[1])
    return spots, (width, y + row + 1)


def build_scenario(cases, folder):
    images, views = {}, []
    spots, canvas = place(cases)
    for (seed, ci, files, size), (x, y) in zip(cases, spots):
        images[f"a{seed}"] = {"file": os.path.relpath(files["a"], folder)}
        images[f"b{seed}"] = {"file": os.path.relpath(files["b"], folder)}
        ci2 = json.loads(json.dumps(ci).replace('"a"', f'"a{seed}"').replace('"b"', f'"b{seed}"'))
        images[f"c{seed}"] = {"coreImage": ci2}
        views.append({"id": f"c{seed}", "type": "imageView", "image": f"c{seed}",
                      "frame": [x, y, size[0], size[1]]})
    return {"canvas": {"size": list(canvas), "background": "#00000000"},
            "images": images, "root": {"subviews": views},
            "variants": {"matrix": {"displayScale": [1]}}}


def premultiply(px):
    px = px.astype(np.int64)
    t = px[..., :3] * px[..., 3:4] + 128
    return np.concatenate([(t + (t >> 8)) >> 8, px[..., 3:4]], axis=-1)


def run_ivsim(ivsim, cases, folder, tag):
    scen = build_scenario(cases, folder)
    path = os.path.join(folder, f"{tag}.json")
    with open(path, "w") as fh:
        json.dump(scen, fh, indent=1)
    out = os.path.join(folder, f"out-{tag}")
    r = subprocess.run([ivsim, "render", path, "--output", out], capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr + r.stdout
    canvas = np.array(Image.open(os.path.join(out, "scale1.png")).convert("RGBA"))
    layout = json.load(open(os.path.join(out, "scale1.layout.json")))
    sizes = {v["id"]: v.get("image", {}).get("pixelSize") for v in layout["views"] if v.get("id")}
    points = {v["id"]: v.get("image", {}).get("size") for v in layout["views"] if v.get("id")}
    res = {}
    for (seed, ci, files, size), (x, y) in zip(cases, place(cases)[0]):
        res[seed] = (premultiply(canvas[y:y + size[1], x:x + size[0]]), sizes.get(f"c{seed}"),
                     points.get(f"c{seed}"))
    return res, ""


def compare(seeds, ivsim, folder, batch):
    cases, results = [], {}
    for seed in seeds:
        ci, files = make_case(seed, folder)
        img = model_case(ci, files)
        cases.append((seed, ci, files, (img.shape[1], img.shape[0])))
        results[seed] = {"ci": ci, "model": img, "extent": chain_extent(ci, files)}
    for b in range(0, len(cases), batch):
        chunk = cases[b:b + batch]
        res, err = run_ivsim(ivsim, chunk, folder, f"batch{b // batch}")
        if res is None:                      # one refused case: render the batch one by one
            res = {}
            for c in chunk:
                r1, e1 = run_ivsim(ivsim, [c], folder, f"case{c[0]}")
                if r1 is None:
                    results[c[0]]["error"] = e1.strip().splitlines()[:3]
                else:
                    res.update(r1)
        for seed, (px, size, points) in res.items():
            results[seed]["ivsim"] = px
            results[seed]["ivsim_size"] = size
            results[seed]["ivsim_points"] = points
    return results


def chain_filters(ci):
    """Every filter name in a chain, its image parameters included."""
    names = []
    def walk(spec):
        if isinstance(spec, dict):
            if "input" in spec:
                walk(spec["input"])
            for f in spec.get("filters", []):
                names.append(f["filter"])
                for k in ("inputBackgroundImage", "inputMaskImage"):
                    if k in f:
                        walk(f[k])
    walk(ci)
    return names


def report(results):
    per = defaultdict(lambda: [0, 0, 0, 0])     # cases, exact, within 1, worst
    worst = []
    errors = []
    total_ch = defaultdict(int)
    for seed, r in sorted(results.items()):
        names = set(chain_filters(r["ci"]))
        if "error" in r:
            errors.append((seed, r["error"]))
            continue
        m, v = r["model"].astype(int), r["ivsim"].astype(int)
        size_ok = r["ivsim_size"] == [m.shape[1], m.shape[0]]
        d = np.abs(m - v).max() if size_ok else 999
        if size_ok:
            hist = np.bincount(np.minimum(np.abs(m - v).ravel(), 3), minlength=4)
            for k in range(4):
                total_ch[k] += int(hist[k])
        for n in names:
            p = per[n]
            p[0] += 1; p[1] += d == 0; p[2] += d <= 1; p[3] = max(p[3], d)
        worst.append((d, seed, r["ivsim_size"], [m.shape[1], m.shape[0]]))
    print("\nfilter                         cases  exact  <=1   worst")
    for n in ALL_FILTERS + GENERATORS:
        if n in per:
            c, e, w1, wd = per[n]
            print(f"{n:30s} {c:5d} {e:6d} {w1:5d} {wd:6d}")
    n = len(worst)
    print(f"\n{n} cases compared, {sum(1 for w in worst if w[0] == 0)} exact, "
          f"{sum(1 for w in worst if w[0] <= 1)} within one level, {len(errors)} refused")
    tc = sum(total_ch.values())
    if tc:
        print("channels: " + ", ".join(f"|d|{'=' if k < 3 else '>='}{k}: {total_ch[k]}"
                                       for k in range(4)) + f" of {tc}")
    # UIImage(ciImage:)'s size is the extent's size over the scale (COREIMAGE.md §Rendering)
    ci_cases = [(seed, r) for seed, r in sorted(results.items())
                if r["ci"].get("render") == "ciImage" and "ivsim_points" in r]
    size_bad = []
    for seed, r in ci_cases:
        e = r["extent"]
        want = [round(e[2] - e[0], 6), round(e[3] - e[1], 6)]
        if [round(float(v), 6) for v in r["ivsim_points"]] != want:
            size_bad.append((seed, r["ivsim_points"], want))
    print(f"render ciImage: {len(ci_cases)} cases, {len(size_bad)} with a UIImage size other than "
          f"the extent's" + (": " + ", ".join(f"seed {a} ivsim {b} extent {c}"
                                               for a, b, c in size_bad[:6]) if size_bad else ""))
    worst.sort(reverse=True)
    print("\nworst cases (max |d| over channels, seed, ivsim size, model size):")
    for w in worst[:15]:
        if w[0] > 1:
            print("  ", w)
    for seed, e in errors:
        print("refused", seed, e)
    return worst, errors, size_bad


def show(seed, results):
    r = results[seed]
    print(json.dumps(r["ci"]))
    if "ivsim" not in r:
        print(r.get("error")); return
    m, v = r["model"].astype(int), r["ivsim"].astype(int)
    if list(m.shape[:2]) != list(v.shape[:2]):
        print("size", m.shape, v.shape); return
    d = np.abs(m - v).max(axis=-1)
    for (y, x) in list(zip(*np.nonzero(d > 1)))[:12]:
        print(f"  row {y} col {x}: model {m[y, x].tolist()} ivsim {v[y, x].tolist()}")


def single_cases(texts, ivsim, folder, seed=0):
    """Render given chains with both; print both outputs (premultiplied RGBA8, top row first)."""
    _, files = make_case(seed, folder)
    cases, status = [], 0
    for i, t in enumerate(texts):
        ci = json.loads(open(t).read() if os.path.exists(t) else t)
        try:
            rect = output_rect(ci, files)
            img = model_case(ci, files) if rect is not None else None
        except ValueError as err:                            # a refusal the model knows
            r1, e1 = run_ivsim(ivsim, [(i, ci, files, (1, 1))], folder, f"single{i}")
            print(json.dumps(ci)); print("  model: refused,", err)
            print("  ivsim:", e1.strip() or "rendered")
            status |= r1 is not None
            continue
        if rect is None:                                     # no rectangle to render
            _, err = run_ivsim(ivsim, [(i, ci, files, (1, 1))], folder, f"single{i}")
            print(json.dumps(ci)); print("  model: refused (infinite or empty extent, no rect)")
            print("  ivsim:", err.strip() or "rendered")
            status |= not err
            continue
        cases.append((i, ci, files, (img.shape[1], img.shape[0]), img))
    if not cases:
        return int(status)
    res, err = run_ivsim(ivsim, [c[:4] for c in cases], folder, "single")
    if res is None:
        print(err); return 2
    for i, ci, files, size, img in cases:
        px, sz, pts = res[i]
        print(json.dumps(ci))
        print("  model:", img.reshape(-1, 4).tolist()[:8])
        print("  ivsim:", px.reshape(-1, 4).tolist()[:8], "pixels", sz, "points", pts)
        d = np.abs(img.astype(int) - px.astype(int)).max() if sz == list(size) else 999
        print("  max |d| =", d)
        status |= d > 1
    return int(status)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default="0:200", help="range a:b of seeds")
    ap.add_argument("--batch", type=int, default=50, help="cases per scenario (one ivsim launch)")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--ivsim", default=os.path.join(here, "..", "..", ".build", "debug", "ivsim"))
    ap.add_argument("--keep", help="keep the scenarios and PNGs in this folder")
    ap.add_argument("--show", type=int, action="append", default=[], help="print a case's chain and bad pixels")
    ap.add_argument("--case", action="append", default=[],
                    help="a coreImage object (JSON) to render with both; may read images a and b")
    ap.add_argument("--case-seed", type=int, default=0, help="the seed whose images a and b --case reads")
    ap.add_argument("--literal", action="store_true",
                    help="the doc's literal words where ivsim was found to read them otherwise "
                         "(README §Findings 1-3)")
    ap.add_argument("--param64", action="store_true",
                    help="use inputAngle, inputEV, inputPower as binary64 (not rounded to binary32 first)")
    ap.add_argument("--pdf-setsat", action="store_true",
                    help="SetSat as ISO 32000-1 writes it (Cmax = s), not as COREIMAGE.md states it now")
    ap.add_argument("--edge", action="store_true",
                    help="wider, nastier parameter ranges (out-of-range colours, degenerate generators)")
    args = ap.parse_args()
    np.seterr(all="ignore")          # inf and NaN are part of the model (0^-1, inf*0 in a matrix)
    MODEL_OPTS["literal"] = args.literal
    MODEL_OPTS["param32"] = not args.param64
    MODEL_OPTS["edge"] = args.edge
    MODEL_OPTS["vector_setsat"] = not args.pdf_setsat
    ivsim = os.path.abspath(args.ivsim)
    if not os.path.exists(ivsim):
        sys.exit(f"ivsim binary not found: {ivsim}")
    a, b = (int(x) for x in args.seeds.split(":"))
    folder = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="cimodel-")
    os.makedirs(folder, exist_ok=True)
    try:
        if args.case:
            return single_cases(args.case, ivsim, folder, args.case_seed)
        results = compare(range(a, b), ivsim, folder, args.batch)
        worst, errors, size_bad = report(results)
        for s in args.show:
            print(f"\nseed {s}:"); show(s, results)
        if args.keep:
            print(f"\nfiles in {folder}")
        bad = [w for w in worst if w[0] > 1]
        return 1 if bad or errors or size_bad else 0
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
