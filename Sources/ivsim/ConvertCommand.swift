import Deflate
import Foundation
import IVSimKit
import ImageFormats
import JPEGCodec
import PNGCodec
import Raster
import Syntax
import Vector

/// `ivsim convert IN OUT [--scale S] [--level N]`: any image ivsim reads, decoded by the decoders
/// scenarios use (at their default limits, larger than a scenario's), written as PNG or raw RGBA — how a porting team compares its decoders
/// with ivsim's (docs/CLI.md, docs/JPEG.md).
enum ConvertCommand {
    static let usage = """
        usage: ivsim convert IN OUT [--scale S] [--level 0-9] [--jpeg imageio|libjpeg-turbo] [--limit drawing-work=N]
          decode IN (PNG, JPEG, GIF, BMP, ICO, CUR, TIFF, WebP, PSD, SVG or PDF, told apart by their
          first bytes; docs/FORMATS.md) and write OUT as
            .png   (re-encoded losslessly at --level, default 6), or
            .rgba  (straight RGBA8, row-major, no header: width × height × 4 bytes)
          pixels as stored: a JPEG's EXIF orientation (a TIFF's Orientation) is printed, not
          applied; a GIF's first frame, an icon's first entry, a TIFF's first image, a PSD's
          composite; a JPEG's embedded Display P3 profile is printed, not converted (scenarios
          convert it; docs/JPEG.md)
          --scale S  the scale vector images (PDF, SVG) are drawn at; bitmaps ignore it (default 1)
          --jpeg imageio        subsampled chroma as UIKit shows it, 4:2:0 within each block (the
                                default, what scenarios show)
          --jpeg libjpeg-turbo  bit-identical to libjpeg-turbo's djpeg (docs/JPEG.md §Upsampling)
          --limit drawing-work=N  the work units one drawing may take (docs/LIMITS.md §Drawing work)
        A drawing has at most 2^24 pixels (4096 × 4096), checked before any pixel is made.
        """

    /// The largest drawing convert makes: 2^24 pixels (64 MiB of RGBA8), as scenarios draw SVG and
    /// PDF files (docs/LIMITS.md).
    static let maxPixels = 1 << 24

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(
            arguments, command: "convert", valueOptions: ["--scale", "--level", "--limit", "--jpeg"], flagOptions: [])
        if parsed.wantsHelp { return CommandLineTool.help(usage) }
        guard parsed.positional.count == 2 else { throw UsageError(message: "convert needs IN and OUT\n\n" + usage) }
        let (input, output) = (parsed.positional[0], parsed.positional[1])
        if let scale = parsed.value("--scale") {
            guard let value = Double(scale), value.isFinite, value > 0, value <= 16 else {
                throw UsageError(message: "--scale needs a number above 0 and at most 16 (got \(scale))")
            }
        }
        var level = CompressionLevel.default
        if let text = parsed.value("--level") {
            guard let number = Int(text), (0...9).contains(number) else {
                throw UsageError(message: "--level needs a number from 0 to 9")
            }
            level = CompressionLevel(number)
        }
        var upsampling = JPEGDecoder.Upsampling.imageIO
        if let text = parsed.value("--jpeg") {
            guard let value = JPEGDecoder.Upsampling(rawValue: text.lowercased()) else {
                throw UsageError(
                    message:
                        "--jpeg needs imageio (as UIKit shows a JPEG) or libjpeg-turbo (as djpeg decodes it), found '\(text)'"
                )
            }
            upsampling = value
        }
        var workLimit = DrawingLimits.defaultWork
        for text in parsed.all("--limit") {
            guard text.hasPrefix("drawing-work=") else {
                throw UsageError(
                    message: "--limit: convert takes only drawing-work=N, the work units one drawing may take "
                        + "(docs/LIMITS.md §Drawing work; the other limits are a scenario's)")
            }
            let number = text.dropFirst("drawing-work=".count).replacingOccurrences(of: "_", with: "")
            guard let value = Int(number), value >= 1 else {
                throw UsageError(
                    message:
                        "--limit drawing-work needs a whole number from 1 to \(Int.max), the work units one drawing may take, "
                        + "found '\(number)'")
            }
            workLimit = value
        }
        let format = (output as NSString).pathExtension.lowercased()
        guard format == "png" || format == "rgba" else {
            throw UsageError(message: "\(output): unknown output format '.\(format)' (expected .png or .rgba)")
        }
        let bytes = try PNGCommands.read(input)
        let image: RGBAImage
        var facts: [String] = []
        let scale = parsed.value("--scale").flatMap(Double.init) ?? 1
        let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), isJPEG = bytes.starts(with: [0xFF, 0xD8])
        let bitmap = BitmapFormat(sniffing: bytes)
        if let vector = VectorFormat(sniffing: bytes)
            ?? (isPNG || isJPEG || bitmap != nil ? nil : VectorFormat(pathExtension: (input as NSString).pathExtension))
        {
            do {
                let document = try vector.read(bytes)
                var drawing = DrawingLimits.default
                drawing.pixels = Self.maxPixels
                drawing.work = workLimit
                let (bitmap, work) = try document.render(scale: scale, limits: drawing)
                image = RGBAImage(width: bitmap.width, height: bitmap.height, pixels: bitmap.straightRGBA)
                facts.append(
                    "\(vector.rawValue.uppercased()) \(JSONOutput.format(document.width)) × \(JSONOutput.format(document.height)) pt "
                        + "at scale \(JSONOutput.format(scale)), \(work) units of drawing work")
            } catch let error as VectorReadError {
                throw UsageError(message: "\(input): \(error)")
            } catch let failure as DrawingFailure {
                let hint =
                    switch failure {
                    case .tooMuchWork: "; raise it with --limit drawing-work=N"
                    case .tooManyPixels: "; use a smaller --scale"
                    case .tooComplex: " (docs/LIMITS.md)"
                    }
                throw UsageError(
                    message: "\(input): too complex to draw at scale \(JSONOutput.format(scale)): \(failure)\(hint)")
            } catch {
                throw UsageError(message: "\(input): \(error)")
            }
        } else if let bitmap {
            // GIF's first frame, a BMP, the first ICO or CUR entry, a TIFF's first image, a WebP
            // (docs/FORMATS.md).
            do {
                let decoded = try bitmap.decode(bytes, limits: ImageFormatLimits(maxPixels: Self.maxPixels))
                image = decoded.image
                facts.append(bitmap.rawValue)
                if decoded.orientation != 1 { facts.append("orientation \(decoded.orientation) (not applied)") }
            } catch {
                throw UsageError(message: "\(input): \(error)")
            }
        } else if !isPNG && !isJPEG {
            throw UsageError(message: "\(input): " + Self.unknownFormat(bytes))
        } else if isJPEG {
            do {
                let jpeg = try JPEGDecoder(upsampling: upsampling).decode(bytes)
                image = RGBAImage(width: jpeg.width, height: jpeg.height, pixels: jpeg.rgba)
                facts.append(
                    "JPEG \(jpeg.process), \(jpeg.channels == 1 ? "grayscale" : "colour"), decoded as \(upsampling.rawValue)"
                )
                if jpeg.orientation != 1 { facts.append("EXIF orientation \(jpeg.orientation) (not applied)") }
                if let profile = jpeg.iccProfile { facts.append(Self.profileFact(profile)) }
            } catch {
                throw UsageError(message: "\(input): \(error)")
            }
        } else {
            do {
                let png = try PNGDecoder().decodeWithDetails(bytes)
                image = png.image
                facts.append("PNG")
                if let profile = png.colorProfile { facts.append(Self.profileFact(profile)) }
            } catch {
                throw UsageError(message: "\(input): \(error)")
            }
        }
        let out = format == "png" ? PNGEncoder(level: level).encode(image) : image.pixels
        do {
            try FileOutput.writeAtomically(out, to: URL(fileURLWithPath: output))
        } catch {
            throw UsageError(message: error.description)
        }
        print("\(output): \(image.width)×\(image.height), \(out.count) bytes (\(facts.joined(separator: ", ")))")
        return ExitCode.success
    }

    /// What a file's embedded ICC profile is: `convert` writes the samples as stored, where a
    /// scenario converts a Display P3 or other matrix/TRC profile to sRGB (docs/JPEG.md, docs/PNG.md).
    static func profileFact(_ profile: [UInt8]) -> String {
        switch ICCProfileKind(profile: profile) {
        case .displayP3: "Display P3 profile (not converted)"
        case .sRGB: "sRGB profile"
        case .gray: "grey profile"
        case let .other(description): "colour profile \"\(description)\" (not converted)"
        }
    }

    /// Why bytes that are none of the formats cannot be read, as plainly as their start says.
    static func unknownFormat(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty {
            return "the file is empty: expected a PNG, JPEG, GIF, BMP, ICO, TIFF, WebP, PSD, SVG or PDF file"
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return "the file starts with a UTF-16 byte order mark: an SVG file is read as UTF-8 (save it as UTF-8)"
        }
        let start = bytes.prefix(8).map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
        let note = FileFormatNote.note(bytes)
        guard note.isEmpty else { return "not a PNG, JPEG, GIF, BMP, ICO, TIFF, WebP, PSD, SVG or PDF file" + note }
        return
            "not a PNG, JPEG, GIF, BMP, ICO, TIFF, WebP, PSD, SVG or PDF file: it starts with the bytes \(start.joined(separator: " ")) "
            + "(a PNG starts with 89 50 4E 47, a JPEG with FF D8, a GIF with GIF8, a BMP with BM, a TIFF with II or MM, a WebP with RIFF, "
            + "a PSD with 8BPS, an SVG with <, a PDF with %PDF-)"
    }
}
