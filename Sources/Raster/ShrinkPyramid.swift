import Synchronization

// Before the shrinking filter (docs/RENDERING.md §11.8.1), an opaque image drawn more than twice
// smaller is first halved, as a mipmap level is made, until less than a halving is left: measured
// against UIKit's own renders of draw(in:) and of image views (docs/UIKIT-REFERENCES.md), which a
// Catmull-Rom filter alone did not match beyond a reduction of 2 for opaque photos. Images with an
// alpha channel are filtered directly, whatever their pixels: UIKit's renders of three PNGs with
// transparency and of one whose every pixel is opaque match that, not halvings.

/// How many times an image is halved before it is filtered.
public enum ShrinkPyramid {
    /// The halvings of `image` for a draw whose smaller reduction along its two axes is
    /// `reduction` (image pixels a device pixel, in 2^-32 units): none when the image is not
    /// declared opaque (`SourceImage.isOpaque`); else while what is left of the reduction is more than 2, and the halved image would
    /// keep both sides at least one pixel long. So a reduction of more than 2 up to 4 halves once,
    /// of more than 4 up to 8 twice; 2 or less, never.
    public static func levels(reduction: UInt64, of image: SourceImage) -> Int {
        guard image.isOpaque else { return 0 }
        let width = image.width, height = image.height
        var levels = 0
        while levels < 30, reduction > UInt64(1) << (33 + levels), width >> (levels + 1) >= 1,
            height >> (levels + 1) >= 1
        {
            levels += 1
        }
        return levels
    }
}

extension SourceImage {
    /// This image halved `levels` times (itself for 0), each level made once and shared by every
    /// later request (any thread).
    public func halved(_ levels: Int) -> SourceImage {
        levels <= 0 ? self : halvedOnce().halved(levels - 1)
    }

    /// Half this image's size: each pixel the mean of a 2 × 2 block, per premultiplied channel
    /// (a + b + c + d + 2) / 4 rounded down (half up); an odd last row or column is left out.
    /// Colours stay within their alpha (each channel's sum is at most the alpha's).
    private func halvedOnce() -> SourceImage {
        halves.withLock { cache in
            if let cached = cache { return cached }
            let width = bitmap.width / 2, height = bitmap.height / 2
            var pixels = [UInt32](repeating: 0, count: width * height)
            let source = bitmap.pixels, stride = bitmap.width
            for y in 0..<height {
                for x in 0..<width {
                    let top = 2 * y * stride + 2 * x, bottom = top + stride
                    let sum =
                        spreadLanes(source[top]) &+ spreadLanes(source[top + 1]) &+ spreadLanes(source[bottom])
                        &+ spreadLanes(source[bottom + 1]) &+ 0x0002_0002_0002_0002
                    pixels[y * width + x] = packLanes((sum >> 2) & 0x00FF_00FF_00FF_00FF)
                }
            }
            let made = derived(Bitmap(width: width, height: height, pixels: pixels))
            cache = made
            return made
        }
    }
}
