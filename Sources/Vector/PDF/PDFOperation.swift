import Raster

// A page compiled to drawing operations (docs/PDF.md §Drawing): what the content streams did,
// with every colour, pattern, image and form resolved when the file was read, so that drawing at
// any scale only replays them on a drawing context.

indirect enum PDFOperation: Sendable {
    case save
    case restore
    case transform(AffineTransform)
    case clip(ShapePath, FillRule)
    case fill(ShapePath, FillRule, Paint, PDFCompositing)
    case stroke(ShapePath, StrokeStyle, Paint, PDFCompositing)
    /// B, B*, b, b*: the fill then the stroke, the stroke knocking the fill out where it covers
    /// (ISO 32000-1 §11.7.4.4), composited together.
    case fillAndStroke(ShapePath, FillRule, Paint, StrokeStyle, Paint, fillAlpha: Double, PDFCompositing)
    /// sh: the gradient over the clip (the shading's /BBox, when it has one, is a clip before it).
    case shade(PDFShading.Kind, PDFCompositing)
    /// An image over the unit square of user space, its first row at y = 1; sampled bilinearly
    /// only with /Interpolate true (§8.9.5.3), else by nearest sample.
    case image(SourceImage, ImageSampling, PDFCompositing)
    /// A transparency group: its operations in a layer, composited as one; `nonIsolated` when the
    /// group has no /I true and a blend mode other than Normal inside, so that it needs its
    /// backdrop (§11.4.5; with Normal alone an isolated and a non-isolated group are the same).
    case group([PDFOperation], PDFCompositing, nonIsolated: Bool)
    /// The soft mask from here to the graphics state's restore (nil: none).
    case softMask(PDFSoftMask?)
    /// A tiling pattern's cell (its operations, in pattern space, clipped to its /BBox) drawn once
    /// under each transform (pattern space to the current user space, one per copy), each inside
    /// a save and restore.
    case tiles([PDFOperation], [AffineTransform])
}

extension PDFOperation {
    /// Whether any operation of `operations`, nested ones included, composites with a blend mode
    /// other than Normal.
    static func blend(_ operations: [PDFOperation]) -> Bool {
        operations.contains { op in
            switch op {
            case let .fill(_, _, _, how), let .stroke(_, _, _, how), let .fillAndStroke(_, _, _, _, _, _, how),
                let .shade(_, how), let .image(_, _, how):
                how.blendMode != .normal
            case let .group(inner, how, _): how.blendMode != .normal || blend(inner)
            case let .tiles(inner, _): blend(inner)
            case .save, .restore, .transform, .clip, .softMask: false
            }
        }
    }
}

/// How an operation composites: its constant alpha (ca or CA) and blend mode.
struct PDFCompositing: Sendable, Equatable {
    var alpha: Double
    var blendMode: BlendMode

    static let normal = PDFCompositing(alpha: 1, blendMode: .normal)
}

/// An ExtGState /SMask (§11.6.5.2): a group drawn in the user space of the moment it was set,
/// over an opaque backdrop; its luminosity (or its alpha) is the mask.
struct PDFSoftMask: Sendable {
    var operations: [PDFOperation]
    var luminosity: Bool
    /// /BC, as 8-bit RGB (black by default).
    var backdrop: (UInt8, UInt8, UInt8)
    /// /TR, the transfer function as a table from each 8-bit mask value to the value used; nil
    /// for the identity.
    var transfer: [UInt8]? = nil
}
