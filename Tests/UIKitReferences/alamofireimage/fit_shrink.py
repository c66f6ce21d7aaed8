#!/usr/bin/env python3
"""How docs/UIKIT-REFERENCES.md §AlamofireImage, shrinking was measured outside ivsim.

Redoes AlamofireImage's imageScaled(to:), imageAspectScaled(toFit:) and
imageAspectScaled(toFill:) of the four originals in this folder with a few models of Core
Graphics' draw(in:), in floating point, and prints per family and scale the median (over the 12
references) of the mean absolute difference per premultiplied channel and of the share of pixels
with a channel off by more than 16:

  point     one bilinear sample at each device pixel's centre (ivsim's rendering rules 4)
  centre    Catmull-Rom stretched by the reduction, sampled at each device pixel's centre
  corners   the same, the first and last device pixels on the first and last image pixels
  two-stage the image resampled to ceil(destination width) samples by corner-aligned
            Catmull-Rom, then those samples interpolated bilinearly (ivsim's rules 5,
            docs/RENDERING.md §11.8.1, without its fixed point)
  halved    the image first halved (2 x 2 means, an odd last row or column left out) while the
            smaller reduction left is more than 2, then two-stage (ivsim's rules 7)
  opaque    halved when every pixel of the image is opaque, else two-stage (ivsim's rules 12;
            rules 13 ask whether the file has an alpha channel instead, which for these files
            -- three JPEGs and a PNG with transparency -- gives the same choice)

Needs numpy and Pillow:  python3 fit_shrink.py [--per-image]   (about a minute; --per-image
also prints each reference's mean for every model)
"""
import glob
import os
import re
import sys

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ORIGINALS = {"apple": "apple.jpg", "pirate": "pirate.jpg", "rainbow": "rainbow.jpg", "unicorn": "unicorn.png"}


def premultiplied(path):
    a = np.asarray(Image.open(path).convert("RGBA")).astype(np.float64)
    a[..., :3] *= a[..., 3:] / 255
    return a


def catmull_rom(x):
    x = np.abs(x)
    return np.where(x < 1, 1.5 * x**3 - 2.5 * x**2 + 1, np.where(x < 2, -0.5 * x**3 + 2.5 * x**2 - 4 * x + 2, 0.0))


def kernel_row(n, centre, r):
    """Catmull-Rom weights over n pixels around centre (image pixels), stretched by r, normalised."""
    i = np.arange(n)
    w = catmull_rom((i + 0.5 - centre) / r)
    return w / w.sum()


def bilinear_row(n, centre):
    w = np.zeros(n)
    t = centre - 0.5
    i0 = int(np.floor(t))
    f = t - i0
    w[min(max(i0, 0), n - 1)] += 1 - f
    w[min(max(i0 + 1, 0), n - 1)] += f
    return w


def axis(model, n, pixels, d0, d1):
    """Weights (pixels × n) and coverage of device pixels for a destination span [d0, d1)."""
    span = d1 - d0
    r = n / span
    weights, cover = np.zeros((pixels, n)), np.zeros(pixels)
    m = int(np.ceil(span - 1e-9))
    for p in range(pixels):
        cover[p] = max(0.0, min(p + 1, d1) - max(p, d0))
        if cover[p] <= 0:
            continue
        u = (p + 0.5 - d0) * r
        if r <= 1 or model == "point" or (model == "two-stage" and m >= n):
            weights[p] = bilinear_row(n, u)
        elif model == "centre":
            weights[p] = kernel_row(n, min(max(u, 0), n), r)
        elif model == "corners":
            c = n / 2 if n - r < 1 else 0.5 + (u - r / 2) * (n - 1) / (n - r)
            weights[p] = kernel_row(n, min(max(c, 0), n), r)
        else:  # two-stage
            samples = np.array([kernel_row(n, n / 2 if m == 1 else 0.5 + j * (n - 1) / (m - 1), n / m) for j in range(m)])
            weights[p] = bilinear_row(m, u * m / n) @ samples
    return weights, cover


def halved(image, reduction):
    """2 x 2 means while more than a halving of `reduction` is left (RENDERING.md §11.8.1)."""
    while reduction > 2 and image.shape[0] >= 2 and image.shape[1] >= 2:
        h, w = image.shape[0] // 2 * 2, image.shape[1] // 2 * 2
        image = image[:h, :w]
        image = np.floor((image[0::2, 0::2] + image[1::2, 0::2] + image[0::2, 1::2] + image[1::2, 1::2] + 2) / 4)
        reduction /= 2
    return image


def rectangle(family, size, points):
    w, h = size
    if family == "scaled":
        return 0.0, 0.0, float(w), float(h)
    wider = points[0] / points[1] > w / h
    factor = w / points[0] if (family == "aspect.scaled.to.fit") == wider else h / points[1]
    rw, rh = points[0] * factor, points[1] * factor
    return (w - rw) / 2, (h - rh) / 2, rw, rh


def main():
    sources = {name: premultiplied(os.path.join(HERE, file)) for name, file in ORIGINALS.items()}
    table = {}
    for path in sorted(glob.glob(os.path.join(HERE, "scaled", "*.png"))):
        name, family, w, h, scale = re.match(r".*/(\w+)-(.+)-(\d+)x(\d+)-@(\d)x\.png", path).groups()
        w, h, scale = int(w), int(h), int(scale)
        source = sources[name]
        height, width = source.shape[:2]
        x, y, rw, rh = (v * scale for v in rectangle(family, (w, h), (width / scale, height / scale)))
        reference = premultiplied(path)
        opaque = bool((source[..., 3] == 255).all())
        row = []
        for model in ("point", "centre", "corners", "two-stage", "halved", "opaque"):
            halves = model == "halved" or (model == "opaque" and opaque)
            image = halved(source, min(width / rw, height / rh)) if halves else source
            ih, iw = image.shape[:2]
            kind = "two-stage" if model in ("halved", "opaque") else model
            wx, cx = axis(kind, iw, w * scale, x, x + rw)
            wy, cy = axis(kind, ih, h * scale, y, y + rh)
            rows = np.clip(np.einsum("hic,oi->hoc", image, wx), 0, 255)  # rows first, kept within 0…255
            out = np.einsum("oj,jic->oic", wy, rows) * (cy[:, None, None] * cx[None, :, None])
            out = np.clip(np.round(out), 0, 255)
            out[..., :3] = np.minimum(out[..., :3], out[..., 3:])
            d = np.abs(out - reference)
            table.setdefault((model, family, scale), []).append((d.mean(), (d.max(-1) > 16).mean()))
            row.append(f"{model} {d.mean():.2f}")
        if "--per-image" in sys.argv:
            print(os.path.basename(path), f"reduction {min(width / rw, height / rh):.1f}:", ", ".join(row))
    print(f"{'model':10} {'family':22} scale  median MAD  pixels off by > 16")
    for (model, family, scale), values in sorted(table.items()):
        v = np.array(values)
        print(f"{model:10} {family:22} {scale}x     {np.median(v[:, 0]):6.2f}      {100 * np.median(v[:, 1]):5.1f} %")


if __name__ == "__main__":
    main()
