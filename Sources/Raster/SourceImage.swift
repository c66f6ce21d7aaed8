import Synchronization

/// An image the renderer samples: premultiplied pixels, plus the same pixels spread to 16-bit
/// lanes (one UInt64 per pixel: r | g << 16 | b << 32 | a << 48), which the bilinear kernel
/// multiplies by its weights four channels at a time. Built once per image and shared.
public final class SourceImage: @unchecked Sendable {
    public let bitmap: Bitmap
    /// `bitmap` spread to 16-bit lanes.
    let spread: [UInt64]
    /// Transformed copies made so far.
    private let transforms = Mutex<[PixelTransform: SourceImage]>([:])
    /// This image halved, once made (ShrinkPyramid.swift).
    let halves = Mutex<SourceImage?>(nil)
    /// Whether the image is opaque — every pixel's alpha 255, or a grey image held as alpha
    /// (`init(greyLevels:)`): only such an image is halved before it is drawn smaller
    /// (ShrinkPyramid.swift). Its transformed and halved copies keep it.
    public let isOpaque: Bool

    public convenience init(_ bitmap: Bitmap) {
        self.init(bitmap, isOpaque: nil)
    }

    /// A grey image whose levels `bitmap` holds as alpha (a mask's, GreyMask): opaque as the grey
    /// image it stands for, so halved as an opaque image is.
    public convenience init(greyLevels bitmap: Bitmap) {
        self.init(bitmap, isOpaque: true)
    }

    /// `isOpaque` as given, or (nil) from the pixels.
    private init(_ bitmap: Bitmap, isOpaque: Bool?) {
        self.bitmap = bitmap
        var alphas: UInt32 = 0xFF00_0000
        spread = bitmap.pixels.map { pixel in
            alphas &= pixel
            return spreadLanes(pixel)
        }
        self.isOpaque = isOpaque ?? (alphas == 0xFF00_0000)
    }

    /// `bitmap` (these pixels moved or averaged) as an image as opaque as this one.
    func derived(_ bitmap: Bitmap) -> SourceImage {
        SourceImage(bitmap, isOpaque: isOpaque)
    }

    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }

    /// These pixels under `transform`, made once and shared by every later request (any thread).
    public func transformed(_ transform: PixelTransform) -> SourceImage {
        if transform == .identity { return self }
        return transforms.withLock { cache in
            if let cached = cache[transform] { return cached }
            let made = derived(bitmap.transformed(transform))
            cache[transform] = made
            return made
        }
    }
}

/// r | g << 8 | b << 16 | a << 24 → r | g << 16 | b << 32 | a << 48.
@inline(__always)
func spreadLanes(_ p: UInt32) -> UInt64 {
    var v = UInt64(p)
    v = (v | (v << 16)) & 0x0000_FFFF_0000_FFFF
    v = (v | (v << 8)) & 0x00FF_00FF_00FF_00FF
    return v
}

/// The inverse of `spreadLanes` for lanes ≤ 255.
@inline(__always)
func packLanes(_ v: UInt64) -> UInt32 {
    var x = v & 0x00FF_00FF_00FF_00FF
    x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF
    x = x | (x >> 16)
    return UInt32(truncatingIfNeeded: x)
}
