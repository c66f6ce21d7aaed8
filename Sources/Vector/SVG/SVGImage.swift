import Raster

// An SVG document as an image (docs/SVG.md): read and checked once, drawn at any scale by the
// drawing context of docs/RENDERING.md §11. Its size in points is its width and height in px
// (as Xcode takes an SVG's size for an image set); the viewBox and preserveAspectRatio map its
// user space onto that size.

public struct SVGImage: Sendable {
    /// Size in points (the root's width and height, or the viewBox's size without them).
    public let width: Double
    public let height: Double
    /// User space to the image's points.
    let viewport: AffineTransform
    /// The viewport's size in user units (the viewBox's, else the image's), for percentages.
    let userViewport: (Double, Double)
    let content: [SVGNode]
    let definitions: SVGDefinitions
    let gradients: [String: SVGGradient]

    /// Reads a document; every problem is reported here, before anything is drawn.
    public init(_ bytes: [UInt8]) throws(SVGError) {
        let root: XMLElement
        do throws(XMLError) {
            root = try XMLDocument.parse(bytes)
        } catch {
            throw SVGError(line: error.line, column: error.column, message: error.message)
        }
        do throws(SVGError) {
            (width, height, viewport) = try Self.viewport(root)
            userViewport =
                root["viewBox"].flatMap(SVGValues.numbers).flatMap { $0.count == 4 ? ($0[2], $0[3]) : nil } ?? (
                    width, height
                )
            definitions = try SVGDefinitions(root)
            gradients = try SVGGradient.all(definitions)
            var compiler = SVGCompiler(definitions: definitions)
            content = [try compiler.root(root)]
        } catch {
            throw error.located(in: bytes)
        }
    }

    /// The image's pixels at `scale` (pixels per point): ⌈width × scale⌉ × ⌈height × scale⌉.
    public func render(scale: Double, limits: DrawingLimits) throws(DrawingFailure) -> (bitmap: Bitmap, work: Int) {
        let (w, h) = pixelSize(scale: scale)
        return try draw(
            width: w, height: h, transform: AffineTransform.scale(scale, scale).prepending(viewport), limits: limits)
    }

    /// The image drawn to exactly `pixelWidth` × `pixelHeight` pixels (the point size scaled by
    /// pixelWidth / width across and pixelHeight / height down): a preserved vector drawn at the
    /// size an image view shows it.
    public func render(pixelWidth: Int, pixelHeight: Int, limits: DrawingLimits) throws(DrawingFailure) -> (
        bitmap: Bitmap, work: Int
    ) {
        try draw(
            width: pixelWidth, height: pixelHeight,
            transform: AffineTransform.scale(Double(pixelWidth) / width, Double(pixelHeight) / height).prepending(
                viewport), limits: limits)
    }

    private func draw(width: Int, height: Int, transform: AffineTransform, limits: DrawingLimits) throws(DrawingFailure)
        -> (bitmap: Bitmap, work: Int)
    {
        var context = try DrawingContext(
            width: width, height: height, opaque: false, transform: transform, limits: limits)
        var renderer = SVGRenderer(definitions: definitions, gradients: gradients, viewportSize: userViewport)
        try renderer.draw(content, style: SVGStyle(), in: &context)
        return (context.bitmap, context.work)
    }

    /// Whether the bytes start like an XML document (after a byte order mark and white space):
    /// how a file is told to be SVG rather than PNG or JPEG.
    public static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "<")
    }

    /// The largest a side may be, in points.
    public static let maxSide = 16_384.0

    static func viewport(_ root: XMLElement) throws(SVGError) -> (Double, Double, AffineTransform) {
        guard root.name == "svg" || root.name.hasSuffix(":svg") else {
            throw SVGError(element: root, message: "the root element is <\(root.name)>, not <svg>")
        }
        var viewBox: [Double]?
        if let text = root["viewBox"] {
            if case let .outOfRange(reason) = SVGValues.numberList(text) {
                throw SVGError(element: root, message: "viewBox=\"\(text)\": \(reason)")
            }
            guard let v = SVGValues.numbers(text), v.count == 4, v[2] > 0, v[3] > 0 else {
                throw SVGError(
                    element: root,
                    message: "viewBox=\"\(text)\": expected four numbers, min-x min-y width height, the sizes above 0")
            }
            viewBox = v
        }
        func side(_ name: String, _ fallback: Double?) throws(SVGError) -> Double {
            guard let text = root[name], text.trimmingSpaces != "100%" else {
                guard let fallback else {
                    throw SVGError(
                        element: root,
                        message: "no \(name) and no viewBox: the image has no size (give width and height in px)")
                }
                // The viewBox's size stands in, within the same range (a fuzzed file's 24131 was
                // accepted as a height past the limit).
                guard fallback <= maxSide else {
                    throw SVGError(
                        element: root,
                        message: "no \(name): the viewBox's \(name) is taken, and it is more than \(Int(maxSide)) px "
                            + "(docs/LIMITS.md): give \(name) in px")
                }
                return fallback
            }
            guard let value = SVGValues.length(text) else {
                throw SVGError(
                    element: root,
                    message: SVGValues.lengthRefusal(
                        name, text, expected: "a size above 0 and at most \(Int(maxSide)) px"))
            }
            guard value > 0, value <= maxSide else {
                throw SVGError(
                    element: root,
                    message: "\(name)=\"\(text)\": expected a size above 0 and at most \(Int(maxSide)) px")
            }
            return value
        }
        let width = try side("width", viewBox?[2]), height = try side("height", viewBox?[3])
        guard let box = viewBox else { return (width, height, .identity) }
        // preserveAspectRatio (SVG 1.1 §7.8): align and meet or slice; "none" stretches.
        let words = (root["preserveAspectRatio"] ?? "xMidYMid meet").split(separator: " ").map(String.init).filter {
            $0 != "defer"
        }
        let align = words.first ?? "xMidYMid", slice = words.count > 1 && words[1] == "slice"
        var sx = width / box[2], sy = height / box[3]
        var tx = -box[0] * sx, ty = -box[1] * sy
        if align != "none" {
            let aligns = [
                "xMinYMin", "xMidYMin", "xMaxYMin", "xMinYMid", "xMidYMid", "xMaxYMid", "xMinYMax", "xMidYMax",
                "xMaxYMax"
            ]
            guard let index = aligns.firstIndex(of: align), words.count <= 2,
                words.count < 2 || ["meet", "slice"].contains(words[1])
            else {
                throw SVGError(
                    element: root,
                    message: "preserveAspectRatio=\"\(root["preserveAspectRatio"] ?? "")\": expected none or an "
                        + "alignment (xMidYMid, …) with meet or slice")
            }
            let s = slice ? max(sx, sy) : min(sx, sy)
            sx = s
            sy = s
            let fx = Double(index % 3) / 2, fy = Double(index / 3) / 2
            tx = -box[0] * s + (width - box[2] * s) * fx
            ty = -box[1] * s + (height - box[3] * s) * fy
        }
        return (width, height, AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty))
    }
}
