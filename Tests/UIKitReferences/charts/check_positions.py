#!/usr/bin/env python3
"""Check positions.json against the Charts reference PNGs (numpy + Pillow only).

For every reference with icons, the star is composited over the matching
no-icon background at the listed device-pixel positions, in draw order, under a
two-tap weight model, and each icon's 31x31 interior (the destination pixels
lying wholly inside the drawn 32x32 rectangle) is compared with the reference:
mean absolute difference per channel, premultiplied RGBA, 8-bit levels.

Weight models for the second tap along one axis, t = fraction past the first
texel centre (constant over an icon), k = round(8t) with halves up:
  cg       G[k]/256, G = [0, 0, 32, 64, 128, 192, 224, 256, 256]
  ca       G[k]/256, G = [0, 16, 32, 64, 128, 192, 224, 240, 256]
  bilinear t
x and y weights multiply. The rectangle's outer ring of destination pixels
(partly covered) takes the clamped edge texel (still interpolated along the
other axis) times the pixel's coverage by the rectangle. Source-over in
premultiplied 8-bit: out = round(S + D * (255 - S_a) / 255), S rounded first.

"Explained": the table's (wx, wy) equals the icon's best-fitting weights within
1/256 on each axis. Best fit = exhaustive search over (i/256, j/256), using only
the interior pixels not inside any other icon's 33x33 footprint, over the
plain background (so it does not depend on any table). Pixels under an
occluder listed in positions.json (the line tvOS legend square, drawn after
the icons) are left out of every comparison.

Usage: python3 check_positions.py [--quick] [--verbose]
  --quick    skip the best-fit search (MADs only)
"""
import json
import os
import sys

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
G_CG = [0, 0, 32, 64, 128, 192, 224, 256, 256]
G_CA = [0, 16, 32, 64, 128, 192, 224, 240, 256]


def load_premul(path):
    a = np.asarray(Image.open(path).convert("RGBA")).astype(np.float64)
    al = a[..., 3:4]
    return np.concatenate([np.round(a[..., :3] * al / 255.0), al], axis=-1)


def weight(t, model):
    if model == "bilinear":
        return t
    G = G_CG if model == "cg" else G_CA
    return G[int(np.floor(8.0 * t + 0.5))] / 256.0


def axis_matrix(x0, w, n=32):
    """33 x n matrix mapping texels to destination pixels floor(x0)..floor(x0)+32
    along one axis (second-tap weight w), with coverage on the two end pixels."""
    f = x0 - np.floor(x0)
    M = np.zeros((n + 1, n))
    M[0, 0] = 1.0 - f                      # left/top edge: clamped texel 0 x coverage
    for m in range(1, n):                  # interior: taps (m-1, m)
        M[m, m - 1] = 1.0 - w
        M[m, m] = w
    M[n, n - 1] = f                        # right/bottom edge: clamped texel n-1 x coverage
    if f == 0.0:                           # pixel-aligned: plain copy
        M[:] = 0
        M[:n, :n] = np.eye(n)
    return M


def draw(canvas, star, x0, y0, wx, wy):
    Mx = axis_matrix(x0, wx)
    My = axis_matrix(y0, wy)
    S = np.round(np.einsum("ij,jkc,lk->ilc", My, star, Mx))
    ix, iy = int(np.floor(x0)), int(np.floor(y0))
    D = canvas[iy:iy + 33, ix:ix + 33]
    canvas[iy:iy + 33, ix:ix + 33] = np.round(S + D * (255.0 - S[..., 3:4]) / 255.0)


def interior(x0, y0):
    ix, iy = int(np.floor(x0)) + 1, int(np.floor(y0)) + 1
    return slice(iy, iy + 31), slice(ix, ix + 31)


def best_fit(bg, obs, star, x0, y0, mask):
    """Exhaustive search of (wx, wy) in 256ths minimising MAD over masked interior."""
    sl = interior(x0, y0)
    D, O = bg[sl][mask], obs[sl][mask]
    a, b, c, d = star[:-1, :-1][mask], star[:-1, 1:][mask], star[1:, :-1][mask], star[1:, 1:][mask]
    W = np.arange(257) / 256.0
    best = (np.inf, 0, 0)
    for j, wy in enumerate(W):
        left, right = (1 - wy) * a + wy * c, (1 - wy) * b + wy * d
        T = np.round((1 - W)[:, None, None] * left[None] + W[:, None, None] * right[None])
        P = np.round(T + D[None] * (255.0 - T[..., 3:4]) / 255.0)
        m = np.abs(P - O[None]).mean(axis=(1, 2))
        i = int(np.argmin(m))
        if m[i] < best[0]:
            best = (float(m[i]), i, j)
    return best


def main():
    quick = "--quick" in sys.argv
    verbose = "--verbose" in sys.argv
    spec = json.load(open(os.path.join(HERE, "positions.json")))
    models = ["cg", "ca", "bilinear"]
    rows = []
    for ref in spec["references"]:
        obs = load_premul(os.path.join(HERE, ref["file"]))
        bg = load_premul(os.path.join(HERE, ref["background"]))
        star = load_premul(os.path.join(HERE, ref["icon_image"]))
        icons = sorted(ref["icons"], key=lambda ic: ic["draw_index"])
        rendered = {}
        for mdl in models:
            canvas = bg.copy()
            for ic in icons:
                draw(canvas, star, ic["x"], ic["y"], weight(ic["t_x"], mdl), weight(ic["t_y"], mdl))
            rendered[mdl] = canvas
        for ic in sorted(ref["icons"], key=lambda ic: (ic["x"], ic["y"])):
            sl = interior(ic["x"], ic["y"])
            ys, xs = np.mgrid[sl[0], sl[1]]
            keep = np.ones((31, 31), bool)         # drop pixels under later-drawn occluders (legend)
            for oc in ref.get("occluders_drawn_after_icons", []):
                keep &= ~((xs >= oc["x0"]) & (xs < oc["x1"]) & (ys >= oc["y0"]) & (ys < oc["y1"]))
            r = {"ref": ref["name"], "i": ic["draw_index"], "tx": ic["t_x"], "ty": ic["t_y"]}
            for mdl in models:
                r[mdl] = float(np.abs(rendered[mdl][sl] - obs[sl])[keep].mean())
            if not quick:
                mask = keep.copy()
                for o in icons:
                    if o is ic:
                        continue
                    ox, oy = int(np.floor(o["x"])), int(np.floor(o["y"]))
                    mask &= ~((xs >= ox) & (xs < ox + 33) & (ys >= oy) & (ys < oy + 33))
                r["best_mad"], bx, by = best_fit(bg, obs, star, ic["x"], ic["y"], mask)
                r["best"] = (bx, by)
                r["masked_px"] = int((~mask).sum())
                for mdl in ("cg", "ca"):
                    wx, wy = round(weight(ic["t_x"], mdl) * 256), round(weight(ic["t_y"], mdl) * 256)
                    r[mdl + "_w"] = (wx, wy)
                    r[mdl + "_ok"] = abs(wx - bx) <= 1 and abs(wy - by) <= 1
                r["bilinear_ok"] = abs(ic["t_x"] * 256 - bx) <= 1 and abs(ic["t_y"] * 256 - by) <= 1
            rows.append(r)
            if verbose:
                extra = "" if quick else "  best=(%d,%d) %.3f cg=(%d,%d)%s masked=%d" % (
                    *r["best"], r["best_mad"], *r["cg_w"], "" if r["cg_ok"] else " NOT EXPLAINED", r["masked_px"])
                print("%-12s #%2d t=(%.4f,%.4f) cg %.3f ca %.3f bil %.3f%s" % (
                    r["ref"], r["i"], r["tx"], r["ty"], r["cg"], r["ca"], r["bilinear"], extra))
    print("\nicons: %d  (" % len(rows) + ", ".join(
        "%s %d" % (ref["name"], len(ref["icons"])) for ref in spec["references"]) + ")")
    print("%-10s %10s %10s %10s" % ("model", "explained", "mean MAD", "median MAD"))
    for mdl in models:
        v = np.array([r[mdl] for r in rows])
        ex = "-" if quick else "%d/%d" % (sum(r[mdl + "_ok"] for r in rows), len(rows))
        print("%-10s %10s %10.3f %10.3f" % (mdl, ex, v.mean(), np.median(v)))
    if not quick:
        v = np.array([r["best_mad"] for r in rows])
        print("%-10s %10s %10.3f %10.3f   (per-icon best fit, masked interior)" % ("best", "", v.mean(), np.median(v)))
        for r in rows:
            if not r["cg_ok"]:
                print("cg not explained: %s #%d t=(%.4f, %.4f) best=(%d,%d)/256 cg=(%d,%d)/256" % (
                    r["ref"], r["i"], r["tx"], r["ty"], *r["best"], *r["cg_w"]))


if __name__ == "__main__":
    main()
