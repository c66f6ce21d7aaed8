#!/usr/bin/env python3
"""Writes a small, independent SVG corpus with reference renderings made by resvg.

For every fixture NN-name this writes, next to this script:

    NN-name.svg      the SVG (UTF-8, LF line ends, at most 64 x 64 px)
    NN-name@1x.png   resvg's rendering at zoom 1 (exactly width x height pixels)
    NN-name@2x.png   resvg's rendering at zoom 2 (2 * width x 2 * height pixels)

plus index.json ([{"file", "width", "height", "features"}], sorted by file) and README.md.

The PNGs are the bytes resvg_py returns, unchanged: 8-bit RGBA, colour type 6, no ancillary
chunks. They are NOT premultiplied: resvg renders into a premultiplied tiny-skia pixmap and
demultiplies when it encodes the PNG, so compare them as straight (unassociated) RGBA. Because the
pixmap is premultiplied with 8 bits, the colour channels of partly transparent pixels carry
rounding error (e.g. #ff8000 at 30 % comes out as (255, 129, 0, 77)); compare colour channels
with a tolerance that grows as alpha shrinks, or compare premultiplied values.

The SVGs keep to the subset the Swift rasterizer supports (see README.md); validate() enforces
that subset on every file before anything is written.

Usage (from anywhere):

    /work/venv/bin/python Tests/VectorTests/Fixtures/svg/generate_svg_fixtures.py          # write
    /work/venv/bin/python Tests/VectorTests/Fixtures/svg/generate_svg_fixtures.py --check  # verify

--check renders everything in memory and compares it byte for byte with the files in the folder
(missing, different and unexpected files are reported; for a PNG whose bytes differ it also says
whether the decoded pixels are equal, i.e. only the encoder changed). Exit status 1 on any
difference. Output is deterministic for a given resvg_py build (resvg_py 0.5.0 = resvg 0.48.1).
"""
import argparse
import io
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

import resvg_py

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.basename(__file__)
EXPECTED_RESVG = "0.48.1"
EXPECTED_RESVG_PY = "0.5.0"
MAX_SIDE = 64
MAX_FOLDER_BYTES = 400 * 1024

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"


def svg(width, height, body, root_extra="", xlink=False, prolog=""):
    """Root element + body. width/height are written as given (int, or a string such as "64px")."""
    ns = f'xmlns="{SVG_NS}"'
    if xlink:
        ns += f' xmlns:xlink="{XLINK_NS}"'
    extra = f" {root_extra}" if root_extra else ""
    body = "\n".join("  " + line if line.strip() else "" for line in body.strip("\n").split("\n"))
    return f'{prolog}<svg {ns} width="{width}" height="{height}"{extra}>\n{body}\n</svg>\n'


FIXTURES = []


def fixture(name, width, height, features, text):
    FIXTURES.append({"name": name, "width": width, "height": height,
                     "features": features, "svg": text})


# ---------------------------------------------------------------------------------------------
# Basic shapes
# ---------------------------------------------------------------------------------------------

fixture("01-rect-basic", 48, 32,
        ["rect", "fill-named", "fill-hex3", "default-fill-black", "fractional-coordinates",
         "rect-zero-size-not-rendered", "title"],
        svg(48, 32, """
<title>Rectangles at fractional positions</title>
<rect x="3.5" y="3.25" width="18.3" height="11.6" fill="red"/>
<rect x="25.2" y="2.7" width="19" height="12.4" fill="#0a8"/>
<rect x="3" y="18" width="41.5" height="10.5"/>
<rect x="9.33" y="20.66" width="29" height="4.5" fill="white"/>
<rect x="30" y="5" width="0" height="8" fill="navy"/>
"""))

fixture("02-rect-rounded", 64, 48,
        ["rect", "rect-rx-ry", "rect-rx-only", "rect-ry-only", "rect-rx-clamp", "stroke",
         "fill-rgb"],
        svg(64, 48, """
<rect x="3" y="3" width="26" height="18" rx="6" ry="6" fill="teal"/>
<rect x="35" y="3" width="26" height="18" rx="8" fill="navy"/>
<rect x="3" y="26" width="18" height="19" ry="5" fill="orange"/>
<rect x="25.5" y="26.5" width="18" height="18" rx="12" ry="3" fill="gold" stroke="black" stroke-width="1"/>
<rect x="47" y="25" width="14" height="20" rx="30" fill="rgb(200, 40, 120)"/>
"""))

fixture("03-circle-ellipse", 64, 40,
        ["circle", "ellipse", "fractional-coordinates", "stroke", "fill-none",
         "circle-zero-radius-not-rendered", "default-fill-black"],
        svg(64, 40, """
<circle cx="12.5" cy="12.5" r="9.3" fill="orange"/>
<circle cx="34.25" cy="12" r="8" fill="none" stroke="navy" stroke-width="2.5"/>
<ellipse cx="50" cy="28" rx="12.5" ry="8.25" fill="teal"/>
<ellipse cx="20" cy="30" rx="16" ry="5.5" fill="#f80" stroke="black" stroke-width="1"/>
<circle cx="56" cy="7" r="1.2"/>
<circle cx="40" cy="36" r="0" fill="red"/>
"""))

fixture("04-thin-strokes", 48, 48,
        ["line", "thin-stroke", "stroke-width-0.5", "stroke-width-1", "fractional-coordinates",
         "line-fill-ignored", "fill-rgb", "path-cubic", "circle", "rect"],
        svg(48, 48, """
<line x1="2" y1="3" x2="46" y2="3" stroke="black" stroke-width="1"/>
<line x1="2" y1="6.5" x2="46" y2="6.5" stroke="black" stroke-width="1"/>
<line x1="2" y1="9.5" x2="46" y2="9.5" stroke="navy" stroke-width="0.5"/>
<line x1="2" y1="12.25" x2="46" y2="14.75" stroke="rgb(200, 0, 0)" stroke-width="0.75"/>
<line x1="4" y1="46" x2="44" y2="18" stroke="teal" stroke-width="1" fill="red"/>
<circle cx="24" cy="32" r="12.3" fill="none" stroke="black" stroke-width="0.5"/>
<path d="M4 44 C14 20 34 60 44 22" fill="none" stroke="orange" stroke-width="0.8"/>
<rect x="6.5" y="19.5" width="9" height="9" fill="none" stroke="navy" stroke-width="1"/>
<rect x="33" y="19" width="9" height="9" fill="none" stroke="navy" stroke-width="1"/>
<line x1="24.25" y1="17" x2="24.25" y2="46" stroke="black" stroke-width="0.5"/>
"""))

fixture("05-polyline-polygon", 64, 48,
        ["polyline", "polygon", "polyline-fill-implicitly-closed", "points-mixed-separators",
         "stroke-linejoin-round"],
        svg(64, 48, """
<polyline points="4,20 12,4 20,20 28,4" fill="none" stroke="navy" stroke-width="2"/>
<polyline points="34 4, 60 4 60 20 34,20 40 12" fill="gold" stroke="black" stroke-width="1.5"/>
<polygon points="4,44 14,26 24,44" fill="teal" stroke="black" stroke-width="2" stroke-linejoin="round"/>
<polygon points="30.5,27.5 44,25 60.5,33 52,45.5 36,44" fill="orange"/>
"""))

# ---------------------------------------------------------------------------------------------
# Path data
# ---------------------------------------------------------------------------------------------

fixture("06-path-absolute", 64, 64,
        ["path", "path-M-L-H-V-Z", "path-C-S", "path-Q-T", "path-T-implicit-repeat",
         "subpath-hole-nonzero", "open-subpath-filled", "multiple-subpaths"],
        svg(64, 64, """
<path d="M4 4 L22 4 L22 14 H12 V20 L4 20 Z" fill="navy"/>
<path d="M28 4 H60 V20 H28 Z M34 8 V16 H54 V8 Z" fill="teal"/>
<path d="M4 36 C10 22 22 46 28 30 S40 22 44 34" fill="none" stroke="black" stroke-width="1.5"/>
<path d="M4 58 Q12 42 20 58 T36 58 T52 58" fill="none" stroke="red" stroke-width="2"/>
<path d="M48 26 C60 26 60 44 48 44 Z" fill="orange"/>
<path d="M54 48 L62 48 L58 62 Z M44 48 L50 48 L47 62" fill="gold" stroke="navy" stroke-width="1"/>
"""))

fixture("07-path-relative", 64, 64,
        ["path", "path-relative", "path-implicit-lineto-after-moveto", "path-implicit-repeat",
         "relative-moveto-after-closepath", "path-compact-numbers", "path-exponent-numbers",
         "path-smooth-without-previous", "subpath-hole-nonzero"],
        svg(64, 64, """
<path d="m4 4 18 0 0 10-10 0 0 6-8 0z" fill="navy"/>
<path d="M28 4h32v16h-32z m6 4v8h20v-8z" fill="teal"/>
<path d="M4 36c6-14 18 10 24-6s12-8 16 4" fill="none" stroke="black" stroke-width="1.5"/>
<path d="M4 58q8-16 16 0t16 0 16 0" fill="none" stroke="red" stroke-width="2"/>
<path d="M48 26c12 0 12 18 0 18z" fill="orange"/>
<path d="M44 48l6 0-3 14zm10 0 8 0-4 14z" fill="gold"/>
<path d="M30 40h1e1v.5e1h-1E1z" fill="navy"/>
<path d="M31.5 47.5l.5 6.5 5.5.5-.5-6.5z" fill="black"/>
<path d="M4 27s6-6 12 0" fill="none" stroke="orange" stroke-width="1.5"/>
"""))

fixture("08-arc-flags", 64, 64,
        ["path-arc", "arc-large-arc-flag", "arc-sweep-flag", "arc-relative", "g-transform",
         "translate"],
        svg(64, 64, """
<desc>The four arcs between the same two points: large-arc 0/1 (rows) x sweep 0/1 (columns).
The bottom row uses the relative form.</desc>
<g fill="gold" stroke="navy" stroke-width="1.5">
  <path d="M8 18 A10 7 0 0 0 22 12"/>
  <path d="M8 18 A10 7 0 0 1 22 12" transform="translate(32 0)"/>
  <path d="M8 18 a10 7 0 1 0 14 -6" transform="translate(0 32)"/>
  <path d="M8 18 a10 7 0 1 1 14 -6" transform="translate(32 32)"/>
</g>
<g fill="red">
  <circle cx="8" cy="18" r="1.5"/>
  <circle cx="22" cy="12" r="1.5"/>
  <circle cx="40" cy="18" r="1.5"/>
  <circle cx="54" cy="12" r="1.5"/>
  <circle cx="8" cy="50" r="1.5"/>
  <circle cx="22" cy="44" r="1.5"/>
  <circle cx="40" cy="50" r="1.5"/>
  <circle cx="54" cy="44" r="1.5"/>
</g>
"""))

fixture("09-arc-rotated", 64, 48,
        ["path-arc", "arc-x-axis-rotation", "arc-radii-scaled-up", "arc-zero-radius-is-line",
         "arc-implicit-repeat"],
        svg(64, 48, """
<path d="M14 34 A16 8 -30 1 1 30 22" fill="teal" stroke="black" stroke-width="1"/>
<path d="M14 34 A16 8 -30 0 1 30 22" fill="none" stroke="orange" stroke-width="2"/>
<path d="M40 26 A2 2 0 0 1 60 26 Z" fill="navy"/>
<path d="M40 34 A0 5 0 0 1 60 44" fill="none" stroke="red" stroke-width="1.5"/>
<path d="M38 12 a5 3 45 0 1 8 0 5 3 45 0 0 8 0 5 3 45 0 1 8 0" fill="none" stroke="navy" stroke-width="1"/>
"""))

fixture("10-arc-compact-flags", 48, 24,
        ["path-arc", "arc-compact-flags"],
        svg(48, 24, """
<desc>Arc flags written without separators, as the SVG grammar allows: a8 8 0 1018 0 is
a8 8 0 1 0 18 0.</desc>
<path d="M4 14a8 8 0 1018 0" fill="orange" stroke="black" stroke-width="1"/>
<path d="M26 14a8 6 0 0116 0z" fill="teal"/>
"""))

# ---------------------------------------------------------------------------------------------
# Fill rule and strokes
# ---------------------------------------------------------------------------------------------

fixture("11-fill-rule", 64, 56,
        ["fill-rule-evenodd", "fill-rule-nonzero", "self-intersecting-path", "star",
         "subpath-hole-nonzero"],
        svg(64, 56, """
<path d="M16 2 L24.8 29.2 L1.7 12.4 H30.3 L7.2 29.2 Z" fill="navy" fill-rule="evenodd"/>
<path d="M48 2 L56.8 29.2 L33.7 12.4 H62.3 L39.2 29.2 Z" fill="navy" fill-rule="nonzero"/>
<path d="M2 34 h18 v18 h-18 z M6 38 h10 v10 h-10 z" fill="teal"/>
<path d="M23 34 h18 v18 h-18 z M27 38 v10 h10 v-10 z" fill="teal"/>
<path d="M44 34 h18 v18 h-18 z M48 38 h10 v10 h-10 z" fill="teal" fill-rule="evenodd"/>
"""))

fixture("12-stroke-caps", 64, 48,
        ["stroke-linecap-butt", "stroke-linecap-round", "stroke-linecap-square", "thick-stroke",
         "line"],
        svg(64, 48, """
<g stroke="teal" stroke-width="8">
  <line x1="12" y1="8" x2="52" y2="8" stroke-linecap="butt"/>
  <line x1="12" y1="22" x2="52" y2="22" stroke-linecap="round"/>
  <line x1="12" y1="36" x2="52" y2="36" stroke-linecap="square"/>
</g>
<path d="M6 44 L20 30" fill="none" stroke="orange" stroke-width="5" stroke-linecap="square"/>
<g stroke="black" stroke-width="0.5">
  <line x1="12" y1="1" x2="12" y2="47"/>
  <line x1="52" y1="1" x2="52" y2="47"/>
  <line x1="8" y1="8" x2="56" y2="8" stroke="white"/>
  <line x1="8" y1="22" x2="56" y2="22" stroke="white"/>
  <line x1="8" y1="36" x2="56" y2="36" stroke="white"/>
</g>
"""))

fixture("13-stroke-joins-miterlimit", 64, 64,
        ["stroke-linejoin-miter", "stroke-linejoin-round", "stroke-linejoin-bevel",
         "stroke-miterlimit", "miter-fallback-to-bevel", "thick-stroke", "closed-path-join",
         "polyline", "polygon"],
        svg(64, 64, """
<g fill="none" stroke="navy" stroke-width="5">
  <polyline points="3,24 11,10 19,24" stroke-linejoin="miter"/>
  <polyline points="24,24 32,10 40,24" stroke-linejoin="round"/>
  <polyline points="45,24 53,10 61,24" stroke-linejoin="bevel"/>
</g>
<g fill="none" stroke="teal" stroke-width="3">
  <polyline points="6,62 10,40 14,62"/>
  <polyline points="26,62 30,40 34,62" stroke-miterlimit="8"/>
  <polyline points="44,62 52,48 60,62" stroke-miterlimit="1.5"/>
</g>
<polygon points="40,30 60,30 50,42" fill="orange" stroke="black" stroke-width="2.5" stroke-linejoin="bevel"/>
"""))

fixture("14-stroke-dasharray", 64, 64,
        ["stroke-dasharray", "stroke-dasharray-odd-count", "stroke-dashoffset",
         "stroke-dashoffset-negative", "dash-round-caps", "dash-on-closed-rect",
         "dash-on-circle", "dasharray-comma-separated"],
        svg(64, 64, """
<g stroke="black" stroke-width="2">
  <line x1="4" y1="4" x2="60" y2="4" stroke-dasharray="6 3"/>
  <line x1="4" y1="10" x2="60" y2="10" stroke-dasharray="5,2,1"/>
  <line x1="4" y1="16" x2="60" y2="16" stroke-dasharray="6 3" stroke-dashoffset="4"/>
  <line x1="4" y1="22" x2="60" y2="22" stroke-dasharray="6, 3" stroke-dashoffset="-2.5"/>
  <line x1="5" y1="28.5" x2="59" y2="28.5" stroke-width="3" stroke-linecap="round" stroke-dasharray="1 5"/>
</g>
<rect x="6" y="36" width="22" height="22" fill="gold" stroke="navy" stroke-width="2" stroke-dasharray="8 4" stroke-dashoffset="3"/>
<circle cx="46" cy="47" r="11" fill="none" stroke="teal" stroke-width="2.5" stroke-dasharray="7 3 2 3"/>
"""))

# ---------------------------------------------------------------------------------------------
# Opacity, groups, transforms
# ---------------------------------------------------------------------------------------------

fixture("15-fill-stroke-opacity", 64, 48,
        ["fill-opacity", "stroke-opacity", "opacity-on-shape", "opacity-times-fill-opacity",
         "stroke-over-fill"],
        svg(64, 48, """
<rect x="4" y="4" width="24" height="18" fill="gold" stroke="navy" stroke-width="6" stroke-opacity="0.5"/>
<rect x="36" y="4" width="24" height="18" fill="gold" stroke="navy" stroke-width="6" opacity="0.5"/>
<circle cx="12" cy="36" r="8" fill="red"/>
<circle cx="19" cy="36" r="8" fill="teal" fill-opacity="0.6"/>
<path d="M32 30 h14 v14 h-14 z" fill="navy" fill-opacity=".25" stroke="orange" stroke-opacity="0.75" stroke-width="3"/>
<rect x="50" y="30" width="10" height="14" fill="black" fill-opacity="0.5" opacity="0.5"/>
"""))

fixture("16-group-opacity", 64, 48,
        ["group-opacity", "opacity-on-shape", "nested-group-opacity", "overlapping-children",
         "group-opacity-with-transform"],
        svg(64, 48, """
<g opacity="0.5">
  <circle cx="11" cy="12" r="8" fill="red"/>
  <circle cx="20" cy="12" r="8" fill="navy"/>
</g>
<circle cx="43" cy="12" r="8" fill="red" opacity="0.5"/>
<circle cx="52" cy="12" r="8" fill="navy" opacity="0.5"/>
<g opacity="0.6">
  <rect x="4" y="26" width="36" height="18" fill="teal"/>
  <g opacity="0.5" transform="rotate(-8 30 38)">
    <rect x="14" y="30" width="20" height="10" fill="gold"/>
    <rect x="26" y="33" width="20" height="10" fill="black"/>
  </g>
</g>
<g opacity="1">
  <rect x="50" y="26" width="10" height="18" fill="orange" opacity="0.8"/>
</g>
"""))

fixture("17-nested-transforms-inheritance", 64, 64,
        ["g", "g-transform", "nested-transforms", "rotate", "scale-non-uniform",
         "non-uniform-scale-stroke", "inherited-fill", "inherited-stroke",
         "inherited-stroke-width", "inherited-stroke-linejoin"],
        svg(64, 64, """
<g fill="teal" stroke="navy" stroke-width="2" stroke-linejoin="round" transform="translate(32 32)">
  <rect x="-6" y="-6" width="12" height="12"/>
  <g transform="rotate(30)">
    <rect x="10" y="-3" width="16" height="6" fill="orange"/>
    <g transform="scale(1.5 0.75)" stroke-width="1.5">
      <circle cx="0" cy="-28" r="5"/>
    </g>
  </g>
  <g transform="rotate(-120) translate(18 0)" fill="gold">
    <rect x="-4" y="-4" width="8" height="8" transform="rotate(45)"/>
  </g>
  <g transform="translate(-24 18) scale(0.5)" stroke="none">
    <rect x="0" y="-10" width="20" height="20" fill="red"/>
  </g>
</g>
"""))

fixture("18-transform-functions", 64, 64,
        ["matrix", "translate", "translate-single-arg", "scale-single-arg", "rotate",
         "rotate-about-point", "skewX", "skewY", "transform-list", "transform-list-commas",
         "transform-list-no-separator", "transform-on-shape"],
        svg(64, 64, """
<rect width="12" height="10" fill="red" transform="matrix(1 0.3 -0.2 1 6 3)"/>
<rect width="10" height="12" fill="navy" transform="translate(24) skewX(25)"/>
<rect width="12" height="10" fill="teal" transform="translate(48 8) skewY(-20)"/>
<rect x="22" y="27" width="20" height="10" fill="orange" transform="rotate(35 32 32)"/>
<circle r="3.5" fill="gold" stroke="black" stroke-width="0.5" transform="translate(10,52) scale(2)"/>
<rect width="9" height="9" fill="black" transform="translate(48,40),rotate(45) scale(1.2,0.8)"/>
<path d="M0 0 h14 v4 h-14 z" fill="navy" transform="rotate(-10)translate(26 58)"/>
<rect width="8" height="8" fill="teal" transform="matrix(1,0,0,1,0,0) translate(50 52)"/>
"""))

fixture("19-use-defs", 64, 64,
        ["use", "defs", "use-href", "use-xlink-href", "use-x-y", "use-transform",
         "use-transform-then-x-y", "use-twice-different-transforms", "use-inherits-fill",
         "use-group"],
        svg(64, 64, """
<defs>
  <path id="arrow" d="M0 -5 L10 0 L0 5 L3 0 Z"/>
  <g id="badge" stroke="black" stroke-width="1">
    <circle r="6" fill="gold"/>
    <rect x="-2" y="-2" width="4" height="4" fill="navy"/>
  </g>
</defs>
<use href="#arrow" x="6" y="10" fill="red"/>
<use xlink:href="#arrow" transform="translate(40 6) rotate(90) scale(1.5)" fill="teal"/>
<use href="#arrow" x="14" y="24"/>
<use href="#badge" x="12" y="46"/>
<use href="#badge" transform="translate(48 48) scale(1.4) rotate(45)"/>
<use href="#badge" transform="rotate(20)" x="34" y="14"/>
""", xlink=True))

fixture("20-use-elsewhere", 64, 48,
        ["use", "use-non-defs-target", "use-target-own-transform", "use-x-y",
         "use-inherits-fill", "use-forward-reference", "use-transform-then-x-y"],
        svg(64, 48, """
<g id="pair" transform="translate(4 4)">
  <rect width="10" height="10" fill="orange"/>
  <circle cx="18" cy="5" r="5" fill="navy"/>
</g>
<use href="#pair" y="14"/>
<rect id="bar" x="36" y="4" width="4" height="20" fill="teal" transform="rotate(15 38 14)"/>
<use href="#bar" x="10"/>
<use href="#bar" transform="translate(0 22)" x="10"/>
<circle id="dot" cx="8" cy="40" r="4"/>
<use href="#dot" x="10" fill="red"/>
<use href="#later" x="2" y="2"/>
<g>
  <path id="later" d="M26 36 l6 10 h-12 z" fill="gold" stroke="black" stroke-width="0.75"/>
</g>
"""))

# ---------------------------------------------------------------------------------------------
# Gradients
# ---------------------------------------------------------------------------------------------

fixture("21-linear-gradient-bbox", 64, 48,
        ["linearGradient", "gradientUnits-objectBoundingBox-default", "gradient-shared-by-shapes",
         "gradient-bbox-non-square", "gradient-on-circle"],
        svg(64, 48, """
<defs>
  <linearGradient id="lg">
    <stop offset="0" stop-color="navy"/>
    <stop offset="1" stop-color="gold"/>
  </linearGradient>
  <linearGradient id="diag" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="red"/>
    <stop offset="0.5" stop-color="white"/>
    <stop offset="1" stop-color="teal"/>
  </linearGradient>
</defs>
<rect x="4" y="4" width="56" height="10" fill="url(#lg)"/>
<rect x="4" y="18" width="14" height="26" fill="url(#lg)"/>
<circle cx="32" cy="31" r="12" fill="url(#lg)"/>
<rect x="47" y="18" width="13" height="26" fill="url(#diag)"/>
"""))

fixture("22-linear-gradient-userspace", 64, 40,
        ["linearGradient", "gradientUnits-userSpaceOnUse", "gradient-userspace-percent",
         "spread-pad", "gradient-continuous-across-shapes"],
        svg(64, 40, """
<defs>
  <linearGradient id="u" gradientUnits="userSpaceOnUse" x1="8" y1="0" x2="56" y2="0">
    <stop offset="0" stop-color="red"/>
    <stop offset="1" stop-color="navy"/>
  </linearGradient>
  <linearGradient id="p" gradientUnits="userSpaceOnUse" x1="0%" y1="0%" x2="100%" y2="100%" spreadMethod="pad">
    <stop offset="0" stop-color="gold"/>
    <stop offset="1" stop-color="teal"/>
  </linearGradient>
</defs>
<rect x="2" y="4" width="28" height="14" fill="url(#u)"/>
<rect x="34" y="4" width="28" height="14" fill="url(#u)"/>
<rect x="4" y="22" width="56" height="14" fill="url(#p)"/>
"""))

fixture("23-gradient-transform", 64, 48,
        ["linearGradient", "gradientTransform", "gradientTransform-bbox-units",
         "gradientTransform-userspace", "rotate-about-point", "skewX"],
        svg(64, 48, """
<defs>
  <linearGradient id="rot" gradientTransform="rotate(90)">
    <stop offset="0" stop-color="navy"/>
    <stop offset="1" stop-color="orange"/>
  </linearGradient>
  <linearGradient id="rot45" x1="0.25" x2="0.75" gradientTransform="rotate(45 0.5 0.5)">
    <stop offset="0" stop-color="red"/>
    <stop offset="1" stop-color="gold"/>
  </linearGradient>
  <linearGradient id="us" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="8" y2="0" gradientTransform="translate(28 35) skewX(40)">
    <stop offset="0" stop-color="teal"/>
    <stop offset="1" stop-color="white"/>
  </linearGradient>
</defs>
<rect x="4" y="4" width="26" height="18" fill="url(#rot)"/>
<rect x="34" y="4" width="26" height="18" fill="url(#rot45)"/>
<rect x="4" y="26" width="56" height="18" fill="url(#us)"/>
"""))

fixture("24-radial-gradient", 64, 64,
        ["radialGradient", "radial-defaults", "radial-focal-point", "gradient-percentages",
         "gradientUnits-objectBoundingBox-default", "gradient-bbox-non-square"],
        svg(64, 64, """
<defs>
  <radialGradient id="r1">
    <stop offset="0" stop-color="white"/>
    <stop offset="0.6" stop-color="teal"/>
    <stop offset="1" stop-color="navy"/>
  </radialGradient>
  <radialGradient id="r2" cx="0.5" cy="0.5" r="0.5" fx="0.3" fy="0.3">
    <stop offset="0" stop-color="white"/>
    <stop offset="1" stop-color="red"/>
  </radialGradient>
  <radialGradient id="r3" cx="50%" cy="50%" r="50%" fx="70%" fy="40%">
    <stop offset="0%" stop-color="gold"/>
    <stop offset="100%" stop-color="navy"/>
  </radialGradient>
</defs>
<circle cx="16" cy="16" r="12" fill="url(#r1)"/>
<circle cx="48" cy="16" r="12" fill="url(#r2)"/>
<rect x="4" y="36" width="56" height="24" fill="url(#r3)"/>
"""))

fixture("25-radial-userspace", 64, 48,
        ["radialGradient", "gradientUnits-userSpaceOnUse", "radial-focal-point",
         "gradientTransform", "gradientTransform-userspace"],
        svg(64, 48, """
<defs>
  <radialGradient id="ru" gradientUnits="userSpaceOnUse" cx="20" cy="24" r="16" fx="14" fy="18">
    <stop offset="0" stop-color="gold"/>
    <stop offset="0.5" stop-color="orange"/>
    <stop offset="1" stop-color="navy"/>
  </radialGradient>
  <radialGradient id="rt" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="8" gradientTransform="translate(48 24) rotate(25) scale(1 2)">
    <stop offset="0" stop-color="white"/>
    <stop offset="1" stop-color="teal"/>
  </radialGradient>
</defs>
<rect x="4" y="4" width="32" height="40" fill="url(#ru)"/>
<ellipse cx="48" cy="24" rx="13" ry="21" fill="url(#rt)"/>
"""))

fixture("26-gradient-stops", 64, 60,
        ["gradient-stops", "stop-offset-percent", "stop-offset-number", "stop-opacity",
         "stop-style", "stop-offset-non-monotonic", "stop-offset-clamped",
         "single-stop-solid", "coincident-stops-hard-edge", "first-stop-after-0"],
        svg(64, 60, """
<defs>
  <linearGradient id="s1">
    <stop offset="0%" stop-color="red"/>
    <stop offset="50%" stop-color="gold"/>
    <stop offset="100%" stop-color="teal"/>
  </linearGradient>
  <linearGradient id="s2">
    <stop offset=".1" stop-color="navy"/>
    <stop offset=".25" stop-color="navy" stop-opacity="0.2"/>
    <stop offset="1" stop-color="orange"/>
  </linearGradient>
  <linearGradient id="s3">
    <stop offset="0" stop-color="red"/>
    <stop offset="0.6" stop-color="gold"/>
    <stop offset="0.3" stop-color="navy"/>
    <stop offset="1" stop-color="teal"/>
  </linearGradient>
  <linearGradient id="s4">
    <stop offset="-0.5" stop-color="white"/>
    <stop offset="1.5" stop-color="black"/>
  </linearGradient>
  <linearGradient id="s5">
    <stop offset="0" style="stop-color: navy; stop-opacity: .5"/>
    <stop offset="1" style="stop-color:gold"/>
  </linearGradient>
  <linearGradient id="s6">
    <stop offset="0.5" stop-color="teal"/>
  </linearGradient>
  <linearGradient id="s7">
    <stop offset="0" stop-color="orange"/>
    <stop offset="0.5" stop-color="orange"/>
    <stop offset="0.5" stop-color="navy"/>
    <stop offset="1" stop-color="teal"/>
  </linearGradient>
</defs>
<rect x="4" y="3" width="56" height="6" fill="url(#s1)"/>
<rect x="4" y="11" width="56" height="6" fill="url(#s2)"/>
<rect x="4" y="19" width="56" height="6" fill="url(#s3)"/>
<rect x="4" y="27" width="56" height="6" fill="url(#s4)"/>
<rect x="4" y="35" width="56" height="6" fill="url(#s5)"/>
<rect x="4" y="43" width="56" height="6" fill="url(#s6)"/>
<rect x="4" y="51" width="56" height="6" fill="url(#s7)"/>
"""))

fixture("27-gradient-href", 64, 48,
        ["gradient-href", "gradient-xlink-href", "gradient-href-chain",
         "gradient-href-linear-to-radial", "gradient-own-stops-override-href"],
        svg(64, 48, """
<defs>
  <linearGradient id="base">
    <stop offset="0" stop-color="red"/>
    <stop offset=".5" stop-color="gold"/>
    <stop offset="1" stop-color="navy"/>
  </linearGradient>
  <linearGradient id="vert" href="#base" x1="0" y1="0" x2="0" y2="1"/>
  <linearGradient id="diag" xlink:href="#vert" x1="0" y1="0" x2="1" y2="1"/>
  <radialGradient id="rad" href="#base" cx="0.5" cy="0.5" r="0.5"/>
  <linearGradient id="own" href="#base">
    <stop offset="0" stop-color="teal"/>
    <stop offset="1" stop-color="white"/>
  </linearGradient>
</defs>
<rect x="4" y="4" width="26" height="18" fill="url(#base)"/>
<rect x="34" y="4" width="26" height="18" fill="url(#vert)"/>
<rect x="4" y="26" width="18" height="18" fill="url(#diag)"/>
<circle cx="32" cy="35" r="9" fill="url(#rad)"/>
<rect x="44" y="26" width="16" height="18" fill="url(#own)"/>
""", xlink=True))

fixture("28-gradient-stroke-opacity", 64, 48,
        ["gradient-on-stroke", "gradient-stroke-uses-fill-bbox", "gradient-with-fill-opacity",
         "gradient-with-stroke-opacity", "gradient-with-opacity", "stop-opacity"],
        svg(64, 48, """
<defs>
  <linearGradient id="g">
    <stop offset="0" stop-color="red"/>
    <stop offset="1" stop-color="navy"/>
  </linearGradient>
  <linearGradient id="t" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="teal" stop-opacity="1"/>
    <stop offset="1" stop-color="teal" stop-opacity="0"/>
  </linearGradient>
</defs>
<rect x="6" y="5" width="52" height="10" fill="none" stroke="url(#g)" stroke-width="5"/>
<circle cx="14" cy="34" r="9" fill="gold" stroke="url(#g)" stroke-width="5" stroke-opacity="0.7"/>
<rect x="28" y="24" width="14" height="20" fill="url(#t)" stroke="black" stroke-width="1"/>
<rect x="36" y="28" width="12" height="12" fill="url(#g)" fill-opacity="0.5"/>
<ellipse cx="55" cy="34" rx="6" ry="10" fill="url(#g)" opacity="0.6"/>
"""))

# ---------------------------------------------------------------------------------------------
# Styling
# ---------------------------------------------------------------------------------------------

fixture("29-style-attribute", 64, 48,
        ["style-attribute", "style-overrides-presentation-attribute", "style-whitespace",
         "style-trailing-semicolon", "style-on-g-inherited", "style-all-properties"],
        svg(64, 48, """
<rect x="4" y="4" width="14" height="14" style="fill: navy; stroke: gold; stroke-width: 3"/>
<rect x="25" y="4" width="14" height="14" fill="red" style="fill:teal"/>
<rect x="46" y="4" width="14" height="14" style=" fill : orange ;stroke:black;stroke-width:1.5;stroke-opacity:0.5; "/>
<g style="fill:gold;stroke:navy;stroke-width:2;stroke-linejoin:bevel;stroke-linecap:round">
  <polyline points="4,44 11,26 18,44" style="fill:none"/>
  <circle cx="28" cy="35" r="7" style="opacity:0.6;fill-opacity:0.8"/>
</g>
<path d="M40 26 h20 v18 h-20 z M44 30 h12 v10 h-12 z" style="fill:teal;fill-rule:evenodd;stroke:black;stroke-width:1;stroke-dasharray:4 2;stroke-dashoffset:1;stroke-miterlimit:2"/>
<rect x="46" y="36" width="4" height="4" style="display:none" fill="red"/>
<rect x="50" y="32" width="4" height="4" style="visibility:hidden" fill="red"/>
"""))

fixture("30-colors", 64, 48,
        ["color-hex3", "color-hex6", "color-hex-uppercase", "color-rgb-integers",
         "color-named", "color-transparent", "fill-none"],
        svg(64, 48, """
<rect width="64" height="48" fill="#888"/>
<rect x="1" y="1" width="7" height="7" fill="#f00"/>
<rect x="9" y="1" width="7" height="7" fill="#0f0"/>
<rect x="17" y="1" width="7" height="7" fill="#00f"/>
<rect x="25" y="1" width="7" height="7" fill="#FA0"/>
<rect x="33" y="1" width="7" height="7" fill="#abc"/>
<rect x="41" y="1" width="7" height="7" fill="#fff"/>
<rect x="49" y="1" width="7" height="7" fill="#000"/>
<rect x="1" y="9" width="7" height="7" fill="#ff0000"/>
<rect x="9" y="9" width="7" height="7" fill="#336699"/>
<rect x="17" y="9" width="7" height="7" fill="#C0FFEE"/>
<rect x="25" y="9" width="7" height="7" fill="#80a0c0"/>
<rect x="33" y="9" width="7" height="7" fill="#123456"/>
<rect x="41" y="9" width="7" height="7" fill="#fEdCbA"/>
<rect x="1" y="17" width="7" height="7" fill="rgb(255, 0, 0)"/>
<rect x="9" y="17" width="7" height="7" fill="rgb(0,128,255)"/>
<rect x="17" y="17" width="7" height="7" fill="rgb(10, 200, 90)"/>
<rect x="25" y="17" width="7" height="7" fill="rgb(255, 255, 255)"/>
<rect x="1" y="25" width="7" height="7" fill="red"/>
<rect x="9" y="25" width="7" height="7" fill="navy"/>
<rect x="17" y="25" width="7" height="7" fill="orange"/>
<rect x="25" y="25" width="7" height="7" fill="teal"/>
<rect x="33" y="25" width="7" height="7" fill="gold"/>
<rect x="41" y="25" width="7" height="7" fill="white"/>
<rect x="49" y="25" width="7" height="7" fill="black"/>
<rect x="57" y="25" width="6" height="7" fill="transparent"/>
<rect x="1.5" y="34.5" width="14" height="11" fill="none" stroke="gold" stroke-width="1"/>
<rect x="19" y="34" width="14" height="12" fill="teal" stroke="none"/>
<rect x="36" y="34" width="14" height="12" fill="navy" stroke="transparent" stroke-width="4"/>
<rect x="53" y="34" width="9" height="12" fill="transparent" stroke="red" stroke-width="2"/>
"""))

fixture("31-currentcolor", 64, 48,
        ["color", "currentColor-fill", "currentColor-stroke", "color-inherited",
         "color-in-style", "currentColor-default-black", "currentColor-stop-color"],
        svg(64, 48, """
<defs>
  <linearGradient id="cc" color="red">
    <stop offset="0" stop-color="currentColor"/>
    <stop offset="1" stop-color="gold"/>
  </linearGradient>
</defs>
<g color="teal">
  <rect x="4" y="4" width="12" height="12" fill="currentColor"/>
  <circle cx="28" cy="10" r="6" fill="none" stroke="currentColor" stroke-width="3"/>
  <g color="orange">
    <rect x="38" y="4" width="10" height="12" fill="currentColor" stroke="navy" stroke-width="1"/>
  </g>
  <rect x="52" y="4" width="8" height="12" style="color: navy; fill: currentColor"/>
</g>
<rect x="4" y="24" width="12" height="12" fill="currentColor"/>
<circle cx="28" cy="30" r="6" color="gold" fill="currentColor" stroke="black" stroke-width="0.5"/>
<g color="navy">
  <rect x="38" y="22" width="22" height="22" fill="url(#cc)"/>
</g>
"""))

fixture("32-display-visibility", 64, 48,
        ["display-none", "display-none-on-g", "visibility-hidden",
         "visibility-hidden-g-visible-child", "display-in-style", "visibility-in-style"],
        svg(64, 48, """
<g fill="navy">
  <rect x="2" y="2" width="12" height="12"/>
  <rect x="18" y="2" width="12" height="12"/>
  <rect x="34" y="2" width="12" height="12"/>
  <rect x="50" y="2" width="12" height="12"/>
</g>
<rect x="4" y="4" width="8" height="8" fill="red" display="none"/>
<g display="none">
  <rect x="20" y="4" width="8" height="8" fill="red"/>
</g>
<rect x="36" y="4" width="8" height="8" fill="red" visibility="hidden"/>
<rect x="52" y="4" width="8" height="8" fill="red" style="display: none"/>
<g visibility="hidden" fill="red" stroke="red" stroke-width="2">
  <rect x="4" y="20" width="24" height="10"/>
  <rect x="36" y="20" width="24" height="10" fill="teal" stroke="black" visibility="visible"/>
</g>
<circle cx="16" cy="40" r="6" fill="orange"/>
<circle cx="32" cy="40" r="6" fill="red" style="visibility:hidden"/>
<circle cx="48" cy="40" r="6" fill="orange"/>
"""))

# ---------------------------------------------------------------------------------------------
# viewBox and preserveAspectRatio. The same 32 x 32 drawing each time: a light square exactly
# filling the viewBox with a red outline on its edge, navy and orange corner squares, a teal
# disc, and gold bars OUTSIDE the viewBox on all four sides (they show in the letterbox of
# "meet", because the outermost svg clips to its viewport, not to its viewBox).
# ---------------------------------------------------------------------------------------------

VB_DRAWING = """
<rect width="32" height="32" fill="#dde"/>
<g fill="gold">
  <rect x="-14" y="9" width="12" height="14"/>
  <rect x="34" y="9" width="12" height="14"/>
  <rect x="9" y="-14" width="14" height="12"/>
  <rect x="9" y="34" width="14" height="12"/>
</g>
<circle cx="16" cy="16" r="10" fill="teal" stroke="black" stroke-width="1"/>
<rect x="2" y="2" width="8" height="8" fill="navy"/>
<rect x="22" y="22" width="8" height="8" fill="orange"/>
<rect x="0.5" y="0.5" width="31" height="31" fill="none" stroke="red" stroke-width="1"/>
"""

fixture("33-viewbox-default-meet", 60, 40,
        ["viewBox", "viewBox-offset-origin", "preserveAspectRatio-absent-default",
         "xMidYMid-meet", "fractional-scale", "size-px-unit", "content-outside-viewBox"],
        svg("60px", "40px", VB_DRAWING, root_extra='viewBox="-4 -2 40 32"'))

fixture("34-viewbox-xMinYMin-meet", 64, 40,
        ["viewBox", "preserveAspectRatio", "xMinYMin-meet", "content-outside-viewBox"],
        svg(64, 40, VB_DRAWING,
            root_extra='viewBox="0 0 32 32" preserveAspectRatio="xMinYMin meet"'))

fixture("35-viewbox-xMaxYMax-meet", 40, 64,
        ["viewBox", "preserveAspectRatio", "xMaxYMax-meet", "content-outside-viewBox",
         "size-px-unit"],
        svg("40px", 64, VB_DRAWING,
            root_extra='viewBox="0 0 32 32" preserveAspectRatio="xMaxYMax meet"'))

fixture("36-viewbox-xMinYMin-slice", 64, 40,
        ["viewBox", "preserveAspectRatio", "xMinYMin-slice", "slice-clipped-to-viewport"],
        svg(64, 40, VB_DRAWING,
            root_extra='viewBox="0 0 32 32" preserveAspectRatio="xMinYMin slice"'))

fixture("37-viewbox-xMidYMid-slice", 40, 64,
        ["viewBox", "preserveAspectRatio", "xMidYMid-slice", "slice-clipped-to-viewport"],
        svg(40, 64, VB_DRAWING,
            root_extra='viewBox="0 0 32 32" preserveAspectRatio="xMidYMid slice"'))

fixture("38-viewbox-xMaxYMax-slice", 64, 40,
        ["viewBox", "preserveAspectRatio", "xMaxYMax-slice", "slice-clipped-to-viewport"],
        svg(64, 40, VB_DRAWING,
            root_extra='viewBox="0 0 32 32" preserveAspectRatio="xMaxYMax slice"'))

fixture("39-viewbox-none", 64, 32,
        ["viewBox", "preserveAspectRatio", "preserveAspectRatio-none", "non-uniform-scale-stroke"],
        svg(64, 32, VB_DRAWING,
            root_extra='viewBox="0 0 32 32" preserveAspectRatio="none"'))


fixture("40-viewbox-xMidYMid-meet", 56, 40,
        ["viewBox", "preserveAspectRatio", "xMidYMid-meet", "content-outside-viewBox"],
        svg(56, 40, VB_DRAWING,
            root_extra='viewBox="0 0 32 32" preserveAspectRatio="xMidYMid meet"'))


# ---------------------------------------------------------------------------------------------
# Subset validation
# ---------------------------------------------------------------------------------------------

PRESENTATION = {
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
    "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
    "stroke-dashoffset", "opacity", "color", "display", "visibility",
}
STOP_PROPS = {"stop-color", "stop-opacity"}
GRAD_COMMON = {"id", "gradientUnits", "gradientTransform", "spreadMethod", "href", "color"}
ELEMENTS = {
    "svg": {"width", "height", "viewBox", "preserveAspectRatio"},
    "g": {"id", "transform", "style"} | PRESENTATION,
    "defs": {"id"},
    "path": {"id", "transform", "style", "d"} | PRESENTATION,
    "rect": {"id", "transform", "style", "x", "y", "width", "height", "rx", "ry"} | PRESENTATION,
    "circle": {"id", "transform", "style", "cx", "cy", "r"} | PRESENTATION,
    "ellipse": {"id", "transform", "style", "cx", "cy", "rx", "ry"} | PRESENTATION,
    "line": {"id", "transform", "style", "x1", "y1", "x2", "y2"} | PRESENTATION,
    "polyline": {"id", "transform", "style", "points"} | PRESENTATION,
    "polygon": {"id", "transform", "style", "points"} | PRESENTATION,
    "use": {"id", "transform", "style", "href", "x", "y"} | PRESENTATION,
    "linearGradient": GRAD_COMMON | {"x1", "y1", "x2", "y2"},
    "radialGradient": GRAD_COMMON | {"cx", "cy", "r", "fx", "fy"},
    "stop": {"offset", "style"} | STOP_PROPS,
    "title": set(),
    "desc": set(),
}
NAMED = {"red", "navy", "orange", "teal", "gold", "white", "black", "transparent"}
NUM = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
RE_NUM = re.compile(rf"^{NUM}$")
RE_PCT_OR_NUM = re.compile(rf"^{NUM}%?$")
RE_ROOT_LEN = re.compile(rf"^{NUM}(?:px)?$")
RE_COLOR = re.compile(r"^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)"
                      r"|none|currentColor|url\(#[A-Za-z][\w-]*\))$")
RE_TRANSFORM_FN = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)")
TRANSFORM_ARITY = {"matrix": {6}, "translate": {1, 2}, "scale": {1, 2}, "rotate": {1, 3},
                   "skewX": {1}, "skewY": {1}}
KEYWORDS = {
    "fill-rule": {"nonzero", "evenodd"},
    "stroke-linecap": {"butt", "round", "square"},
    "stroke-linejoin": {"miter", "round", "bevel"},
    "display": {"none"},
    "visibility": {"hidden", "visible"},
    "gradientUnits": {"objectBoundingBox", "userSpaceOnUse"},
    "spreadMethod": {"pad"},
}
PAR = re.compile(r"^(?:none|(?:xMinYMin|xMidYMid|xMaxYMax)(?: (?:meet|slice))?)$")


def check_numbers(s, where):
    for tok in re.split(r"[\s,]+", s.strip()):
        if tok and not RE_NUM.match(tok):
            raise ValueError(f"{where}: not a plain number: {tok!r}")


def check_transform(s, where):
    rest = RE_TRANSFORM_FN.sub("", s)
    if rest.strip(" ,\t\n"):
        raise ValueError(f"{where}: unexpected text in transform: {rest!r}")
    for fn, args in RE_TRANSFORM_FN.findall(s):
        nums = [t for t in re.split(r"[\s,]+", args.strip()) if t]
        check_numbers(args, where)
        if len(nums) not in TRANSFORM_ARITY[fn]:
            raise ValueError(f"{where}: {fn} with {len(nums)} arguments")


def check_property(name, value, where, ids):
    value = value.strip()
    if name in ("fill", "stroke", "color", "stop-color"):
        if value not in NAMED and not RE_COLOR.match(value):
            raise ValueError(f"{where}: colour {value!r} outside the subset")
        if name == "color" and (value.startswith("url") or value in ("none", "currentColor")):
            raise ValueError(f"{where}: color={value!r}")
        m = re.match(r"url\(#(.*)\)", value)
        if m and m.group(1) not in ids:
            raise ValueError(f"{where}: dangling {value}")
    elif name in KEYWORDS:
        if value not in KEYWORDS[name]:
            raise ValueError(f"{where}: {name}={value!r}")
    elif name == "stroke-dasharray":
        check_numbers(value, where)
    else:  # opacities, widths, miterlimit, dashoffset
        check_numbers(value, where)
        if " " in value or "," in value:
            raise ValueError(f"{where}: {name} must be a single number")


def validate(name, text, width, height):
    """Raises ValueError if the SVG leaves the supported subset."""
    if f'xmlns="{SVG_NS}"' not in text:
        raise ValueError(f"{name}: root without xmlns")
    if "<?" in text[1:] or "<!" in text or "&" in text:
        raise ValueError(f"{name}: processing instructions, comments, doctypes, entities")
    root = ET.fromstring(text)
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    elements = list(root.iter())
    for el in elements:
        tag = el.tag
        if tag.startswith("{" + SVG_NS + "}"):
            tag = tag[len(SVG_NS) + 2:]
        else:
            raise ValueError(f"{name}: element outside the SVG namespace: {el.tag}")
        if tag not in ELEMENTS:
            raise ValueError(f"{name}: element <{tag}> outside the subset")
        if tag == "svg" and el is not root:
            raise ValueError(f"{name}: nested <svg>")
        where = f"{name} <{tag}>"
        if tag in ("title", "desc") and len(el):
            raise ValueError(f"{where}: children")
        for attr, value in el.attrib.items():
            if attr == "{" + XLINK_NS + "}href":
                attr = "href" if tag in ("use", "linearGradient", "radialGradient") else attr
            if attr not in ELEMENTS[tag]:
                raise ValueError(f"{where}: attribute {attr!r} outside the subset")
            if attr == "href":
                if not value.startswith("#") or value[1:] not in ids:
                    raise ValueError(f"{where}: bad href {value!r}")
            elif attr == "style":
                allowed = (STOP_PROPS if tag == "stop" else PRESENTATION)
                for decl in value.split(";"):
                    if not decl.strip():
                        continue
                    prop, _, val = decl.partition(":")
                    prop = prop.strip()
                    if prop not in allowed:
                        raise ValueError(f"{where}: style property {prop!r}")
                    check_property(prop, val, where, ids)
            elif attr in PRESENTATION or attr in STOP_PROPS:
                check_property(attr, value, where, ids)
            elif attr == "transform" or attr == "gradientTransform":
                check_transform(value, where)
            elif attr in ("width", "height") and tag == "svg":
                if not RE_ROOT_LEN.match(value):
                    raise ValueError(f"{where}: {attr}={value!r}")
            elif attr == "viewBox":
                check_numbers(value, where)
            elif attr == "preserveAspectRatio":
                if not PAR.match(value):
                    raise ValueError(f"{where}: preserveAspectRatio={value!r}")
            elif attr in ("gradientUnits", "spreadMethod"):
                if value not in KEYWORDS[attr]:
                    raise ValueError(f"{where}: {attr}={value!r}")
            elif tag in ("linearGradient", "radialGradient") or attr == "offset":
                if attr != "id" and not RE_PCT_OR_NUM.match(value):
                    raise ValueError(f"{where}: {attr}={value!r}")
            elif attr in ("d", "id"):
                pass
            else:  # shape geometry and use x/y: plain numbers only
                check_numbers(value, where)
        if tag == "path":
            d = el.get("d", "")
            if re.search(r"[^MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]", d):
                raise ValueError(f"{where}: unexpected character in path data")
    w = float(root.get("width").removesuffix("px"))
    h = float(root.get("height").removesuffix("px"))
    if (w, h) != (width, height) or w > MAX_SIDE or h > MAX_SIDE:
        raise ValueError(f"{name}: size {w}x{h}, declared {width}x{height}, limit {MAX_SIDE}")


# ---------------------------------------------------------------------------------------------
# Rendering and output
# ---------------------------------------------------------------------------------------------

def render(text, zoom):
    return bytes(resvg_py.svg_to_bytes(svg_string=text, zoom=zoom, skip_system_fonts=True))


def png_size_and_pixels(data):
    from PIL import Image
    im = Image.open(io.BytesIO(data))
    im.load()
    return im.mode, im.size, im.tobytes()


def readme(index):
    rows = "\n".join(
        f"| `{e['file']}` | {e['width']}×{e['height']} | {', '.join(e['features'])} |"
        for e in index)
    return f"""# SVG reference corpus (resvg)

{len(index)} small SVG files, each with a reference rendering by
[resvg](https://github.com/linebender/resvg) {resvg_py.__resvg_version__} (through the Python
binding `resvg_py` {resvg_py.__version__}), for testing the Vector module's SVG rasterizer
against an independent implementation. The SVGs were written from the SVG 1.1/2 specification
and the supported-subset list below, not from the Swift code.

Per fixture `NN-name`:

| file | content |
| --- | --- |
| `NN-name.svg` | the SVG, UTF-8, LF, at most {MAX_SIDE}×{MAX_SIDE} px |
| `NN-name@1x.png` | resvg at zoom 1: exactly `width`×`height` pixels |
| `NN-name@2x.png` | resvg at zoom 2: `2·width`×`2·height` pixels (the whole drawing scaled by 2) |

`index.json` lists `{{"file", "width", "height", "features"}}` per SVG, sorted by file name;
`width`×`height` is the SVG's size in px and the size of the `@1x` PNG. `features` are free-form
tags saying what the file exercises, so a failing fixture can be skipped or looked up by feature.

## PNG format

8-bit RGBA (colour type 6), no ancillary chunks, exactly the bytes `resvg_py.svg_to_bytes`
returns, transparent background. **Straight (not premultiplied) alpha**: resvg draws into a
premultiplied 8-bit tiny-skia pixmap and demultiplies when it encodes. The colour channels of
partly transparent pixels therefore carry rounding error from the premultiplied round trip
(`#ff8000` at 30 % is stored as `(255, 129, 0, 77)`; at alpha 1–10 the colour is very coarse).
Compare premultiplied values, or weight colour differences by alpha. Antialiasing is resvg's
(tiny-skia's analytic coverage, `shape-rendering` default `geometricPrecision`); another
rasterizer will differ by a few levels on edges, so compare with a tolerance (for example
max |Δ| per premultiplied channel and a small count of pixels above it), not for equality.

## Regenerate / verify

    /work/venv/bin/python Tests/VectorTests/Fixtures/svg/{SCRIPT}          # rewrite everything here
    /work/venv/bin/python Tests/VectorTests/Fixtures/svg/{SCRIPT} --check  # byte-compare, exit 1 on drift

Needs `resvg_py` {EXPECTED_RESVG_PY} (resvg {EXPECTED_RESVG}) and Pillow (only for `--check`'s
pixel diagnosis). The output is deterministic: the SVG text is fixed in the script, resvg is
deterministic, and the PNG bytes are resvg's own. Another resvg version may change pixels or
PNG bytes; `--check` then says which files differ and whether only the encoding changed. This
README and `index.json` are generated by the script too; edit the script, not them.

Before writing, the script validates every SVG against the subset below (elements, attributes,
style properties, colour syntax, transform functions, numbers without units) and the size limit.

## Supported subset (nothing else appears)

- Root `<svg>` with `xmlns`, `width`/`height` (unitless or `px`), optional `viewBox` and
  `preserveAspectRatio` (`none`, or `xMinYMin`/`xMidYMid`/`xMaxYMax` with `meet` or `slice`).
  `xmlns:xlink` where `xlink:href` is used.
- Elements: `g`, `path`, `rect`, `circle`, `ellipse`, `line`, `polyline`, `polygon`, `defs`,
  `use`, `linearGradient`, `radialGradient`, `stop`, `title`, `desc`.
- Path data: every command, absolute and relative, implicit repeats, arcs.
- `transform`: `matrix`, `translate`, `scale`, `rotate(a)`, `rotate(a cx cy)`, `skewX`, `skewY`,
  lists.
- Properties as attributes or in `style="…"`: `fill`, `fill-opacity`, `fill-rule`, `stroke`,
  `stroke-width`, `stroke-opacity`, `stroke-linecap`, `stroke-linejoin`, `stroke-miterlimit`,
  `stroke-dasharray`, `stroke-dashoffset`, `opacity`, `color`, `display="none"`,
  `visibility` (`hidden`/`visible`); on stops `stop-color`, `stop-opacity`.
- Colours: `#rgb`, `#rrggbb` (either case), `rgb(r, g, b)` with integers, `red`, `navy`,
  `orange`, `teal`, `gold`, `white`, `black`, `transparent`, `none`, `currentColor`,
  `url(#id)` for gradients.
- Gradients: `gradientUnits` (both), `gradientTransform`, `x1 y1 x2 y2` / `cx cy r fx fy` as
  numbers or percentages, `spreadMethod="pad"`, stops with `offset` (number or %),
  `href`/`xlink:href` inheritance of stops.

## Semantics the references rely on (worth knowing when a fixture fails)

- **viewBox overflow** (33–35, 40): the outermost `svg` clips to its viewport, not to its viewBox,
  so the gold bars drawn outside the viewBox are visible in the letterbox of `meet`. `slice`
  (36–38) crops to the viewport.
- **Default preserveAspectRatio** is `xMidYMid meet` (33 has none).
- **Rectangle radii** (02): `rx` alone sets `ry` and vice versa; each is clamped to half the
  width/height (`rx="30"` on 14×20 gives 7×10).
- **Zero-size shapes** (01, 03) are not rendered.
- **polyline fill** (05) closes the fill area implicitly; the stroke stays open. An open
  subpath in `path` (06) is also filled as if closed.
- **`line` has no fill** (04): `fill="red"` on a line paints nothing.
- **Relative `m` after `z`** (07) is relative to the start of the closed subpath. `s`/`t`
  without a preceding curve of the same kind use the current point as first control point.
  Numbers like `.5.5`, `-1-2`, `1e1`, `.5e1`, `1E1` appear.
- **Arcs** (08–10): radii too small for the chord are scaled up (9: a semicircle); a zero radius
  draws a straight line; `x-axis-rotation` rotates the ellipse; flags may be written without
  separators (10: `a8 8 0 1018 0`).
- **Miter limit** (13): default 4; a join whose miter ratio `1/sin(θ/2)` exceeds the limit is
  drawn as a bevel (left V: ratio ≈ 5.6 > 4 → bevel; middle: limit 8 → miter; right: ratio ≈ 2
  > 1.5 → bevel).
- **Dashes** (14): odd-count arrays repeat (`5,2,1` acts as `5,2,1,5,2,1`); the offset shifts the
  pattern start (negative allowed); a rect's outline starts at (x, y) going right; a circle's
  at (cx + r, cy) going clockwise on screen (towards +y). Each dash gets caps.
- **Opacity** (15, 16): `opacity` renders the element (fill and stroke together, or a group's
  children together) into a layer and composites it once; `fill-opacity`/`stroke-opacity` apply
  per paint, so a semi-transparent stroke shows the fill under its inner half.
- **Stroke under non-uniform scale** (17, 39): the stroke is transformed with the geometry, so
  its width varies around the shape.
- **use** (19, 20): `x`/`y` are appended after the use's `transform`
  (`transform="T" x y` = `T · translate(x, y)`); the referenced element's own `transform`
  applies inside; properties not set on the referenced element inherit from the `use`
  (the arrow has no `fill`, so it takes the use's, or black); the target may come later in the
  document, and may be outside `defs` (it is then drawn both where it stands and by the use).
- **objectBoundingBox gradients** (21, 24, 28) map the unit square onto the geometry's
  bounding box (no stroke), so on a non-square box a diagonal gradient's isolines are not
  perpendicular to the box diagonal and a radial gradient is elliptical. A gradient on a stroke
  uses the same fill box, and pads outside it.
- **userSpaceOnUse percentages** (22) are of the viewport (64×40 here).
- **gradientTransform** (23) applies in gradient space: for bounding-box units after the unit
  square mapping, so `rotate(90)` turns a left-to-right gradient into top-to-bottom.
- **Stops** (26): offsets clamp to [0, 1] and to the largest previous offset (row 3: the
  navy stop at 0.3 after gold at 0.6 becomes 0.6, a hard edge); a single stop paints a solid
  colour; two stops at the same offset make a hard edge; colour before the first / after the
  last stop is padded.
- **Gradient href** (27): stops come from the referenced gradient when the referencing one has
  none (also through a chain, and from a linear into a radial gradient); own stops win. No
  fixture relies on inheriting coordinate attributes through href.
- **currentColor in a stop** (31) takes `color` from the stop's own ancestors (here the
  `linearGradient`, red), not from the shape that uses the gradient (navy). `currentColor`
  with no `color` anywhere is black.
- **visibility** (32) is inherited but a child may set `visible` again and is then drawn;
  `display="none"` hides a whole subtree.
- **style beats presentation attributes** (29).

## Fixtures

| file | size | features |
| --- | --- | --- |
{rows}
"""


def build():
    """Returns {filename: bytes} for everything the script owns (except itself)."""
    out = {}
    index = []
    names = [f["name"] for f in FIXTURES]
    if names != sorted(names) or len(set(names)) != len(names):
        raise ValueError("fixture names must be unique and in order")
    for f in FIXTURES:
        name, text, w, h = f["name"], f["svg"], f["width"], f["height"]
        validate(name, text, w, h)
        out[f"{name}.svg"] = text.encode("utf-8")
        for zoom in (1, 2):
            data = render(text, zoom)
            mode, size, _ = png_size_and_pixels(data)
            if mode != "RGBA" or size != (w * zoom, h * zoom):
                raise ValueError(f"{name}: resvg gave {mode} {size} at zoom {zoom}")
            out[f"{name}@{zoom}x.png"] = data
        index.append({"file": f"{name}.svg", "width": w, "height": h, "features": f["features"]})
    out["index.json"] = (json.dumps(index, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    out["README.md"] = readme(index).encode("utf-8")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="compare the folder with what would be written; exit 1 on any difference")
    args = ap.parse_args()

    if resvg_py.__resvg_version__ != EXPECTED_RESVG or resvg_py.__version__ != EXPECTED_RESVG_PY:
        print(f"warning: resvg_py {resvg_py.__version__} / resvg {resvg_py.__resvg_version__}, "
              f"the corpus was made with {EXPECTED_RESVG_PY} / {EXPECTED_RESVG}", file=sys.stderr)

    expected = build()
    total = sum(len(b) for b in expected.values()) + os.path.getsize(os.path.join(HERE, SCRIPT))
    if total > MAX_FOLDER_BYTES:
        print(f"error: folder would be {total} bytes > {MAX_FOLDER_BYTES}", file=sys.stderr)
        return 1

    if not args.check:
        for name, data in expected.items():
            path = os.path.join(HERE, name)
            if os.path.exists(path):
                with open(path, "rb") as fh:
                    if fh.read() == data:
                        continue
            with open(path, "wb") as fh:
                fh.write(data)
        stale = sorted(set(os.listdir(HERE)) - set(expected) - {SCRIPT, "__pycache__"})
        for name in stale:
            print(f"note: {name} is not produced by this script (left alone)", file=sys.stderr)
        print(f"wrote {len(expected)} files ({len(FIXTURES)} fixtures), folder {total} bytes")
        return 0

    problems = []
    for name, data in sorted(expected.items()):
        path = os.path.join(HERE, name)
        if not os.path.exists(path):
            problems.append(f"missing: {name}")
            continue
        with open(path, "rb") as fh:
            have = fh.read()
        if have == data:
            continue
        if name.endswith(".png"):
            try:
                same = png_size_and_pixels(have) == png_size_and_pixels(data)
            except Exception:  # noqa: BLE001 - a corrupt file is just "different"
                same = False
            problems.append(f"differs: {name}" + (" (pixels equal, encoding differs)" if same
                                                  else " (pixels differ)"))
        else:
            problems.append(f"differs: {name}")
    for name in sorted(set(os.listdir(HERE)) - set(expected) - {SCRIPT, "__pycache__"}):
        problems.append(f"unexpected: {name}")
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problem(s)")
        return 1
    print(f"ok: {len(expected)} files match ({len(FIXTURES)} fixtures, {total} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
