import Raster

// A PDF file's first page as an image (docs/PDF.md): read and compiled once, drawn at any scale by
// the drawing context of docs/RENDERING.md §11. Its size in points is its CropBox (the MediaBox
// when it has none, and the CropBox cut to the MediaBox, §14.11.2), turned by /Rotate; that
// box's lower-left corner is the image's bottom-left, y up, as Xcode takes a PDF image set's size
// from the page.

public struct PDFImage: Sendable {
    /// Size in points.
    public let width: Double
    public let height: Double
    /// The page's default space (y up) to the image's points (y down, origin top-left).
    let page: AffineTransform
    let operations: [PDFOperation]
    /// The page's box in its default space.
    let box: ShapePath

    /// Bytes all streams may decode to, images' pixels included.
    public static let maxDecodedBytes = 256 << 20
    public static let maxImageSide = 16_384
    public static let maxImagePixels = 1 << 25
    /// Function reads, samples and calculator steps a file may cost.
    public static let maxFunctionWork = 20_000_000
    /// The largest a side may be, in points (as for SVG).
    public static let maxSide = 16_384.0
    static let maxPageTreeDepth = 32

    /// Reads a file and compiles its first page; every problem is reported here, before anything is drawn.
    public init(_ bytes: [UInt8]) throws(PDFError) {
        let file = try PDFFile(bytes)
        let (page, inherited) = try Self.firstPage(file)
        func pageBox(_ key: String) throws(PDFError) -> (Double, Double, Double, Double)? {
            guard let object = page[key] ?? inherited[key] else { return nil }
            guard let v = try file.numbers(object), v.count == 4 else {
                throw PDFError("the page's /\(key) is not four numbers")
            }
            return (min(v[0], v[2]), min(v[1], v[3]), max(v[0], v[2]), max(v[1], v[3]))
        }
        guard let media = try pageBox("MediaBox") else { throw PDFError("the page has no /MediaBox") }
        var crop = try pageBox("CropBox") ?? media
        crop = (max(crop.0, media.0), max(crop.1, media.1), min(crop.2, media.2), min(crop.3, media.3))
        let w = crop.2 - crop.0, h = crop.3 - crop.1
        guard w > 0, h > 0 else { throw PDFError("the page's box is empty (its CropBox lies outside its MediaBox)") }
        guard w <= Self.maxSide, h <= Self.maxSide else {
            throw PDFError("the page is \(w) × \(h) points, more than \(Int(Self.maxSide)) a side (docs/LIMITS.md)")
        }
        let rotate = try file.resolve(page["Rotate"] ?? inherited["Rotate"] ?? .integer(0)).integer ?? 0
        guard rotate % 90 == 0 else { throw PDFError("/Rotate \(rotate) is not a multiple of 90") }
        // Unrotated: u = x − llx, v = ury − y; each quarter turn clockwise maps (u, v) in a W × H
        // page to (H − v, u) in an H × W one.
        let turns = ((rotate / 90) % 4 + 4) % 4
        switch turns {
        case 1:
            (width, height) = (h, w)
            self.page = AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: -crop.1, ty: -crop.0)
        case 2:
            (width, height) = (w, h)
            self.page = AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: crop.2, ty: -crop.1)
        case 3:
            (width, height) = (h, w)
            self.page = AffineTransform(a: 0, b: -1, c: -1, d: 0, tx: crop.3, ty: crop.2)
        default:
            (width, height) = (w, h)
            self.page = AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: -crop.0, ty: crop.3)
        }
        let resources = try file.resolve(page["Resources"] ?? inherited["Resources"] ?? .null).dictionary
        var content: [UInt8] = []
        switch try file.resolve(page["Contents"] ?? .null) {
        case let .stream(stream):
            content = try file.decode(stream).bytes
        case let .array(items):
            // The streams are one content stream split at any token boundary (§7.8.2).
            // Joined, they are a second copy of what was decoded, charged to the same budget (a
            // /Contents naming one 16 MiB stream 100 times held 2 GB, attack round 17).
            for item in items {
                guard case let .stream(stream) = try file.resolve(item) else { continue }
                let bytes = try file.decode(stream).bytes
                guard bytes.count + 1 <= file.budget else { throw PDFFilters.tooLarge(file.budget) }
                file.budget -= bytes.count + 1
                content += bytes
                content.append(0x0A)
            }
        default:
            break  // a page without contents is blank
        }
        let catalog = try file.value(file.trailer, "Root")?.dictionary ?? [:]
        var interpreter = PDFInterpreter(
            file: file, optionalContent: try PDFOptionalContent(catalog: catalog, file: file))
        box = ShapePath.rectangle(x: crop.0, y: crop.1, width: w, height: h)
        operations = try interpreter.run(content, resources: resources, patternBase: .identity)
    }

    /// The first leaf of the page tree (§7.7.3) and the attributes its ancestors pass down.
    static func firstPage(_ file: PDFFile) throws(PDFError) -> ([String: PDFObject], [String: PDFObject]) {
        guard let catalog = try file.value(file.trailer, "Root")?.dictionary else {
            throw PDFError("the document catalog is missing")
        }
        guard var node = try file.value(catalog, "Pages")?.dictionary else {
            throw PDFError("the document has no page tree")
        }
        var inherited: [String: PDFObject] = [:]
        for _ in 0..<maxPageTreeDepth {
            for key in ["Resources", "MediaBox", "CropBox", "Rotate"] {
                if let value = try file.value(node, key) { inherited[key] = value }
            }
            guard let kids = try file.value(node, "Kids")?.array else {
                guard try file.value(node, "Type")?.name != "Pages" else { throw PDFError("the document has no pages") }
                return (node, inherited)
            }
            guard let first = kids.first else { throw PDFError("the document has no pages") }
            guard let kid = try file.resolve(first).dictionary else {
                throw PDFError("a page tree node's kid is not a dictionary")
            }
            node = kid
        }
        throw PDFError("the page tree is more than \(maxPageTreeDepth) levels deep")
    }

    /// The image's pixels at `scale` (pixels per point): ⌈width × scale⌉ × ⌈height × scale⌉.
    public func render(scale: Double, limits: DrawingLimits) throws(DrawingFailure) -> (bitmap: Bitmap, work: Int) {
        let (w, h) = pixelSize(scale: scale)
        // Nothing outside the page's box shows: where the box ends inside a last pixel column or
        // row, it is a clip (elsewhere the canvas's edge is the box's).
        let partial = Double(w) != width * scale || Double(h) != height * scale
        return try draw(
            width: w, height: h, transform: AffineTransform.scale(scale, scale).prepending(page), clipToBox: partial,
            limits: limits)
    }

    /// The image drawn to exactly `pixelWidth` × `pixelHeight` pixels (a preserved vector drawn
    /// at the size an image view shows it).
    public func render(pixelWidth: Int, pixelHeight: Int, limits: DrawingLimits) throws(DrawingFailure) -> (
        bitmap: Bitmap, work: Int
    ) {
        try draw(
            width: pixelWidth, height: pixelHeight,
            transform: AffineTransform.scale(Double(pixelWidth) / width, Double(pixelHeight) / height).prepending(page),
            clipToBox: false, limits: limits)
    }

    private func draw(width: Int, height: Int, transform: AffineTransform, clipToBox: Bool, limits: DrawingLimits)
        throws(DrawingFailure) -> (bitmap: Bitmap, work: Int)
    {
        var context = try DrawingContext(
            width: width, height: height, opaque: false, transform: transform, limits: limits)
        if clipToBox { try context.clip(to: box, rule: .nonZero) }
        var renderer = PDFRenderer()
        try renderer.run(operations, in: &context)
        return (context.bitmap, context.work)
    }

    /// Whether the bytes hold a PDF header in their first 1,024 bytes.
    public static func looksLikePDF(_ bytes: [UInt8]) -> Bool {
        PDFParser.find(Array("%PDF-".utf8), in: bytes, from: 0, end: min(bytes.count, 1029)) != nil
    }
}
