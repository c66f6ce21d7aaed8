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
    /// Whether the image is opaque as its source declares it — a format without an alpha channel
    /// (a JPEG; a PNG of a colour type without alpha and no tRNS; docs/RENDERING.md §11.8.1 lists
    /// each source), an opaque renderer's drawing, or a grey image held as alpha
    /// (`init(greyLevels:)`) — whatever its pixels: only such an image is halved before it is
    /// drawn smaller (ShrinkPyramid.swift). Its transformed and halved copies keep it.
    public let isOpaque: Bool

    /// An image with an alpha channel (`opaque: false`, never halved) or without one (each source
    /// says which: docs/RENDERING.md §11.8.1).
    public init(_ bitmap: Bitmap, opaque: Bool) {
        self.bitmap = bitmap
        spread = bitmap.pixels.map(spreadLanes)
        isOpaque = opaque
    }

    /// A grey image whose levels `bitmap` holds as alpha (a mask's, GreyMask): opaque as the grey
    /// image it stands for, so halved as an opaque image is.
    public convenience init(greyLevels bitmap: Bitmap) {
        self.init(bitmap, opaque: true)
    }

    /// `bitmap` (these pixels moved or averaged) as an image as opaque as this one.
    public func derived(_ bitmap: Bitmap) -> SourceImage {
        SourceImage(bitmap, opaque: isOpaque)
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
