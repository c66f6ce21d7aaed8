import Raster

// What SVG and PDF documents share as images (docs/SVG.md, docs/PDF.md): a size in points, read
// and checked once, drawn at any scale or to any pixel size.

public protocol VectorImage: Sendable {
    /// Size in points.
    var width: Double { get }
    var height: Double { get }
    /// The image's pixels at `scale` (pixels per point): ⌈width × scale⌉ × ⌈height × scale⌉, and
    /// the work units drawing them took (docs/LIMITS.md §Drawing work).
    func render(scale: Double, limits: DrawingLimits) throws(DrawingFailure) -> (bitmap: Bitmap, work: Int)
    /// The image drawn to exactly `pixelWidth` × `pixelHeight` pixels, and the work it took.
    func render(pixelWidth: Int, pixelHeight: Int, limits: DrawingLimits) throws(DrawingFailure) -> (
        bitmap: Bitmap, work: Int
    )
}

extension VectorImage {
    public func pixelSize(scale: Double) -> (width: Int, height: Int) {
        (max(1, Int((width * scale).rounded(.up))), max(1, Int((height * scale).rounded(.up))))
    }
}

extension SVGImage: VectorImage {}
extension PDFImage: VectorImage {}

/// The vector formats, and reading either.
public enum VectorFormat: String, Sendable {
    case svg
    case pdf

    /// The format a file name's extension says, if it is a vector one.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }

    /// The format the bytes' start says (a PDF header, or XML).
    public init?(sniffing bytes: [UInt8]) {
        if PDFImage.looksLikePDF(bytes) {
            self = .pdf
        } else if SVGImage.looksLikeSVG(bytes) {
            self = .svg
        } else {
            return nil
        }
    }

    /// The largest SVG or PDF file read: 64 MiB (real ones are kilobytes to a few megabytes; a
    /// 40 MB SVG of simple elements takes about 3 s and 280 MB to read).
    public static let maxFileBytes = 1 << 26

    /// Reads a document; the error's text says what is wrong and where.
    public func read(_ bytes: [UInt8]) throws(VectorReadError) -> any VectorImage {
        guard bytes.count <= Self.maxFileBytes else {
            throw VectorReadError(
                message: "the file is \(bytes.count) bytes, more than the \(Self.maxFileBytes) an SVG or PDF file "
                    + "may be (docs/LIMITS.md): export it with fewer elements, or its pictures as image files")
        }
        do {
            switch self {
            case .svg: return try SVGImage(bytes)
            case .pdf: return try PDFImage(bytes)
            }
        } catch let error as SVGError {
            throw VectorReadError(message: error.description)
        } catch let error as PDFError {
            throw VectorReadError(message: error.description)
        } catch {
            throw VectorReadError(message: "\(error)")
        }
    }
}

public struct VectorReadError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
