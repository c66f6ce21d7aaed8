import Raster

// What a user should hear about how an image view shows its image (docs/LAYOUT.md §Image
// warnings), found while the scene is built and listed per view in the layout report:
//
// - misaligned: the image's rectangle has an edge off the device-pixel grid — Apple's simulator
//   option Color Misaligned Images "places a magenta overlay over images whose bounds are not
//   aligned to the destination pixels";
// - resampled: otherwise, the image is drawn at another size than its own pixels (stretched or
//   shrunk) — the same option's yellow, "images drawn with a scale factor". A resizable image
//   stretches by design and is not reported;
// - oversized: the image has at least four times the pixels it is drawn with (twice per side):
//   memory it does not need (Decision: the threshold);
// - unequalFrames: the frames of an animation differ in size or scale — Apple: "All images
//   included in the animated image should share the same size and scale".

/// A problem with how an image view shows its image.
public enum ImageWarning: Sendable, Equatable {
    /// The drawn rectangle in device pixels, with an edge between pixels.
    case misaligned(devicePixels: Rect)
    /// Drawn at `width` × `height` times its pixel size (per axis).
    case resampled(width: Double, height: Double)
    /// The image's pixels and the device pixels it is drawn on.
    case oversized(source: PixelSize, drawn: PixelSize)
    /// Which sequence ("animationImages", "highlightedAnimationImages", "image"), and the
    /// different sizes (points) and scales of its frames, in first-seen order.
    case unequalFrames(sequence: String, sizes: [Size], scales: [Double])

    /// A size in pixels.
    public struct PixelSize: Sendable, Equatable {
        public var width: Int
        public var height: Int
    }

    /// The kind, as a scenario acknowledges it: "misaligned", "resampled", "oversized", "unequalFrames".
    public var kind: String {
        switch self {
        case .misaligned: "misaligned"
        case .resampled: "resampled"
        case .oversized: "oversized"
        case .unequalFrames: "unequalFrames"
        }
    }

    /// All kinds, in the order they are checked.
    public static let kinds = ["misaligned", "resampled", "oversized", "unequalFrames"]

    /// One sentence saying what is wrong and what it costs.
    public var message: String {
        switch self {
        case let .misaligned(r):
            return
                "misaligned image: drawn at (\(n(r.minX)), \(n(r.minY)), \(n(r.width)), \(n(r.height))) device pixels, off the pixel "
                + "grid, so it is resampled across pixel boundaries and blurs (magenta under the simulator's Color Misaligned Images)"
        case let .resampled(width, height):
            let (w, h) = (Self.rounded(width), Self.rounded(height))
            let factor = w == h ? "\(n(w))×" : "\(n(w))× by \(n(h))×"
            return
                "resampled image: drawn at \(factor) its pixel size (yellow under the simulator's Color Misaligned Images)"
        case let .oversized(source, drawn):
            let factor = Double(source.width * source.height) / Double(drawn.width * drawn.height)
            return
                "oversized image: \(source.width) × \(source.height) px drawn on \(drawn.width) × \(drawn.height) px, "
                + "\(n(Self.rounded(factor)))× the pixels it needs (memory it does not use)"
        case let .unequalFrames(sequence, sizes, scales):
            let listed = sizes.map { "\(n($0.width)) × \(n($0.height)) pt" }.joined(separator: ", ")
            let scaleText = scales.count > 1 ? "; scales " + scales.map { "\(n($0))x" }.joined(separator: ", ") : ""
            return
                "unequal animation frames in \(sequence): \(listed)\(scaleText) (Apple: all images of an animation should share "
                + "one size and scale)"
        }
    }

    /// The warnings for an image drawn over `drawn` (24.8 device pixels) from `pixels` source
    /// pixels; a resizable image (sliced) is never resampled.
    static func drawing(_ drawn: DeviceRect, pixels: (width: Int, height: Int), resizable: Bool) -> [ImageWarning] {
        let edges = [drawn.x0, drawn.y0, drawn.x1, drawn.y1]
        if edges.contains(where: { $0 & (fixedOne - 1) != 0 }) {
            let r = Rect(
                x: Double(drawn.x0) / Double(fixedOne), y: Double(drawn.y0) / Double(fixedOne),
                width: Double(drawn.x1 - drawn.x0) / Double(fixedOne),
                height: Double(drawn.y1 - drawn.y0) / Double(fixedOne))
            return [.misaligned(devicePixels: r)]
        }
        let width = (drawn.x1 - drawn.x0) / fixedOne, height = (drawn.y1 - drawn.y0) / fixedOne
        var warnings: [ImageWarning] = []
        if !resizable && (width != pixels.width || height != pixels.height) && pixels.width > 0 && pixels.height > 0 {
            warnings.append(
                .resampled(width: Double(width) / Double(pixels.width), height: Double(height) / Double(pixels.height)))
        }
        // In Double: a drawn rectangle may be up to 2^32 pixels a side, and Int products overflow.
        if width > 0 && height > 0 && Double(pixels.width) * Double(pixels.height) >= 4 * Double(width) * Double(height)
        {
            warnings.append(
                .oversized(
                    source: PixelSize(width: pixels.width, height: pixels.height),
                    drawn: PixelSize(width: width, height: height)))
        }
        return warnings
    }

    /// The sequences in use in `view` whose frames differ in size or scale: its animation images
    /// (the highlighted ones when highlighted and set) and the frames of its still image in use.
    static func frames(of view: ImageView) -> [ImageWarning] {
        let highlightedSequence = view.isHighlighted && !view.highlightedAnimationImages.isEmpty
        var sequences: [(String, [Image])] = [
            (
                highlightedSequence ? "highlightedAnimationImages" : "animationImages",
                view.currentAnimationImages
            )
        ]
        if let still = view.stillImage, !still.frames.isEmpty {
            sequences.append(
                (view.isHighlighted && view.highlightedImage != nil ? "highlightedImage" : "image", still.frames))
        }
        return sequences.compactMap { name, frames in
            var sizes: [Size] = [], scales: [Double] = []
            for frame in frames {
                if !sizes.contains(frame.size) { sizes.append(frame.size) }
                if !scales.contains(frame.scale) { scales.append(frame.scale) }
            }
            return sizes.count > 1 || scales.count > 1
                ? .unequalFrames(sequence: name, sizes: sizes, scales: scales) : nil
        }
    }

    private func n(_ value: Double) -> String { labelNumber(value) }

    /// A factor for messages: two decimals (the exact factor is in the case's values).
    private static func rounded(_ factor: Double) -> Double { (factor * 100).rounded() / 100 }
}
