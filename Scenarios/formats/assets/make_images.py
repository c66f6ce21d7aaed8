#!/usr/bin/env python3
"""Writes the JPEG files of Scenarios/formats from images already in the repository, with Pillow
(libjpeg-turbo): deterministic for a given libjpeg-turbo version. The committed files are the
scenarios' inputs; this script records how they were made.

    python3 Scenarios/formats/assets/make_images.py

- photo@2x.jpg, photo-progressive@2x.jpg, photo-gray@2x.jpg: image-files/assets/photo@2x.png as a
  baseline 4:2:0 JPEG (quality 85), a progressive one, and a grayscale one.
- arrow-exif1@2x.jpg … arrow-exif8@2x.jpg: orientation/assets/arrow@2x.png stored turned or
  mirrored the way a camera would store it, with the EXIF orientation that shows it upright
  again (quality 95, 4:4:4).
- swatches-p3.jpg, swatches-untagged.jpg, swatches-srgb.jpg: three colour stripes with the same
  stored samples, tagged with the Display P3 profile of Tests/JPEGCodecTests/Fixtures (made by
  generate_jpeg_fixtures.py), untagged, and tagged sRGB.
- ../Photos.xcassets/Landscape.imageset/landscape@2x.jpg and @3x.jpg: the photo at 2x and 3x.
"""
import os
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
FIXTURES = os.path.join(ROOT, "Tests", "JPEGCodecTests", "Fixtures", "jpeg")

# Stored = displayed put through the inverse of what each EXIF orientation does to show it.
STORE = {1: None, 2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
         5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_90, 7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_270}


def flatten(im, background=(255, 255, 255)):
    im = im.convert("RGBA")
    out = Image.new("RGB", im.size, background)
    out.paste(im, mask=im.split()[3])
    return out


def main():
    photo = flatten(Image.open(os.path.join(ROOT, "Scenarios", "image-files", "assets", "photo@2x.png")))
    photo.save(os.path.join(HERE, "photo@2x.jpg"), quality=85, subsampling=2)
    photo.save(os.path.join(HERE, "photo-progressive@2x.jpg"), quality=85, subsampling=2, progressive=True)
    photo.convert("L").save(os.path.join(HERE, "photo-gray@2x.jpg"), quality=85)

    arrow = flatten(Image.open(os.path.join(ROOT, "Scenarios", "orientation", "assets", "arrow@2x.png")), (236, 239, 241))
    for n, op in STORE.items():
        stored = arrow if op is None else arrow.transpose(op)
        exif = Image.Exif()
        exif[0x0112] = n
        path = os.path.join(HERE, f"arrow-exif{n}@2x.jpg")
        stored.save(path, quality=95, subsampling=0, exif=exif.tobytes())
        # Shown upright again: what UIImage does with the EXIF orientation.
        from PIL import ImageOps
        shown = ImageOps.exif_transpose(Image.open(path))
        assert shown.size == arrow.size, (n, shown.size)

    stripes = Image.new("RGB", (60, 20))
    for x, colour in enumerate([(255, 0, 0), (200, 120, 40), (40, 160, 200)]):
        stripes.paste(colour, (20 * x, 0, 20 * x + 20, 20))
    p3 = open(os.path.join(FIXTURES, "icc_display_p3.icc"), "rb").read()
    srgb = open(os.path.join(FIXTURES, "icc_srgb.icc"), "rb").read()
    stripes.save(os.path.join(HERE, "swatches-p3.jpg"), quality=100, subsampling=0, icc_profile=p3)
    stripes.save(os.path.join(HERE, "swatches-untagged.jpg"), quality=100, subsampling=0)
    stripes.save(os.path.join(HERE, "swatches-srgb.jpg"), quality=100, subsampling=0, icc_profile=srgb)

    catalog = os.path.join(HERE, "..", "Photos.xcassets", "Landscape.imageset")
    os.makedirs(catalog, exist_ok=True)
    photo.save(os.path.join(catalog, "landscape@2x.jpg"), quality=85, subsampling=2)
    photo.resize((photo.width * 3 // 2, photo.height * 3 // 2), Image.LANCZOS).save(
        os.path.join(catalog, "landscape@3x.jpg"), quality=85, subsampling=2)


if __name__ == "__main__":
    main()
