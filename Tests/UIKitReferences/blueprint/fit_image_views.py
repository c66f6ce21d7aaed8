#!/usr/bin/env python3
"""How docs/UIKIT-REFERENCES.md §Image views: Core Animation shrinking was found outside ivsim.

Redoes Blueprint's image views (an 800 x 500 JPEG in 100 x 100 points at 1x: scale to fill,
aspect fit, aspect fill, on white) and ImageIOSwift's layer contents (1800 x 1200 and
1200 x 1800 scaled to fill 100 x 100 points at 2x) with four models of Core Animation's render,
in floating point, and prints the mean absolute difference per premultiplied channel and the
share of pixels with a channel off by more than 16:

  point      one bilinear sample at each device pixel's centre (the GPU's linear; rules 6)
  trilinear  2 x 2 mipmaps, two levels blended by log2 of the larger reduction
  filter     two-stage Catmull-Rom on the whole image (docs/RENDERING.md §11.8.1, rules 5)
  halved     the image halved while more than 2 is left, then the filter (rules 7)

The JPEGs are decoded by Pillow (libjpeg-turbo), whose chroma upsampling differs a little from
the decode UIKit shows (docs/JPEG.md), so the figures differ from ivsim's by a few hundredths.
Needs numpy and Pillow:  python3 fit_image_views.py
"""
import math
import os
import sys

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "alamofireimage"))
import fit_shrink as F  # noqa: E402


def mipmap(image, levels):
    for _ in range(levels):
        h, w = image.shape[0] // 2 * 2, image.shape[1] // 2 * 2
        image = image[:h, :w]
        image = (image[0::2, 0::2] + image[1::2, 0::2] + image[0::2, 1::2] + image[1::2, 1::2]) / 4
    return image


def render(model, image, size, rect):
    """`image` (premultiplied) drawn into `rect` (device pixels) of a size x size white canvas."""
    x, y, w, h = rect
    height, width = image.shape[:2]
    if model == "trilinear":
        lam = math.log2(max(width / w, height / h))
        lower = int(math.floor(lam))
        a, b = render("point", mipmap(image, lower), size, rect), render("point", mipmap(image, lower + 1), size, rect)
        return a * (1 - (lam - lower)) + b * (lam - lower)
    if model == "halved":
        image = F.halved(image, min(width / w, height / h))
        height, width = image.shape[:2]
    kind = "point" if model == "point" else "two-stage"
    wx, cx = F.axis(kind, width, size, x, x + w)
    wy, cy = F.axis(kind, height, size, y, y + h)
    rows = np.clip(np.einsum("hic,oi->hoc", image, wx), 0, 255)
    cover = cy[:, None, None] * cx[None, :, None]
    return np.einsum("oj,jic->oic", wy, rows) * cover + 255 * (1 - cover)


def main():
    cases = [
        ("blueprint/test-image.jpg", f"blueprint/test_{name}__iOS-17.png", 100, rect)
        for name, rect in [("stretch", (0, 0, 100, 100)), ("aspectFit", (0, 18.75, 100, 62.5)), ("aspectFill", (-30, 0, 160, 100))]
    ] + [
        (f"imageioswift/{name}.jpg", f"imageioswift/testOrientations_{name}@2x.png", 200, (0, 0, 200, 200))
        for name in ("Landscape_1", "Portrait_1")
    ]
    root = os.path.join(HERE, "..")
    for source, reference, size, rect in cases:
        image = F.premultiplied(os.path.join(root, source))
        expected = F.premultiplied(os.path.join(root, reference))
        line = []
        for model in ("point", "trilinear", "filter", "halved"):
            d = np.abs(np.clip(np.round(render(model, image, size, rect)), 0, 255) - expected)
            line.append(f"{model} {d.mean():.2f} {100 * (d.max(-1) > 16).mean():.1f}%")
        print(f"{os.path.basename(reference):38}", " | ".join(line))


if __name__ == "__main__":
    main()
