import Deflate
import Foundation
import JPEGCodec
import PNGCodec
import Raster
import Scenarios
import Snapshots
import Vector

/// `ivsim convert IN OUT [--scale S] [--level N]`: any image ivsim reads, decoded by the decoders
/// scenarios use (at their default limits, larger than a scenario's), written as PNG or raw RGBA — how a porting team compares its decoders
/// with ivsim's (docs/CLI.md, docs/JPEG.md).
enum ConvertCommand {
    static let usage = """
    usage: ivsim convert IN OUT [--scale S] [--level 0-9]
      decode IN (PNG, JPEG, SVG or PDF, told apart by their first bytes) and write OUT as
        .png   (re-encoded losslessly at --level, default 6), or
        .rgba  (straight RGBA8, row-major, no header: width × height × 4 bytes)
      pixels as stored: a JPEG's EXIF orientation is printed, not applied; a JPEG's embedded
      Display P3 profile is printed, not converted (scenarios convert it; docs/JPEG.md)
      --scale S  the scale vector images (PDF, SVG) are drawn at; bitmaps ignore it (default 1)
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, command: "convert", valueOptions: ["--scale", "--level"], flagOptions: [])
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
            guard let number = Int(text), (0...9).contains(number) else { throw UsageError(message: "--level needs a number from 0 to 9") }
            level = CompressionLevel(number)
        }
        let format = (output as NSString).pathExtension.lowercased()
        guard format == "png" || format == "rgba" else {
            throw UsageError(message: "\(output): unknown output format '.\(format)' (expected .png or .rgba)")
        }
        let bytes = try PNGCommands.read(input)
        let image: RGBAImage
        var facts: [String] = []
        let scale = parsed.value("--scale").flatMap(Double.init) ?? 1
        if let vector = VectorFormat(sniffing: bytes) {
            do {
                let document = try vector.read(bytes)
                let bitmap = try document.render(scale: scale, limits: DrawingLimits(lines: 10_000_000, work: 500_000_000))
                image = RGBAImage(width: bitmap.width, height: bitmap.height, pixels: bitmap.straightRGBA)
                facts.append("\(vector.rawValue.uppercased()) \(JSONOutput.format(document.width)) × \(JSONOutput.format(document.height)) pt "
                             + "at scale \(JSONOutput.format(scale))")
            } catch let error as VectorReadError {
                throw UsageError(message: "\(input): \(error)")
            } catch let DrawingFailure.tooComplex(what) {
                throw UsageError(message: "\(input): too complex to draw: \(what)")
            } catch {
                throw UsageError(message: "\(input): \(error)")
            }
        } else if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8 {
            do {
                let jpeg = try JPEGDecoder().decode(bytes)
                image = RGBAImage(width: jpeg.width, height: jpeg.height, pixels: jpeg.rgba)
                facts.append("JPEG \(jpeg.process), \(jpeg.channels == 1 ? "grayscale" : "colour")")
                if jpeg.orientation != 1 { facts.append("EXIF orientation \(jpeg.orientation) (not applied)") }
                if let profile = jpeg.iccProfile {
                    switch ICCProfileKind(profile: profile) {
                    case .displayP3: facts.append("Display P3 profile (not converted)")
                    case .sRGB: facts.append("sRGB profile")
                    case .gray: facts.append("grey profile")
                    case let .other(description): facts.append("colour profile \"\(description)\" (taken as sRGB)")
                    }
                }
            } catch {
                throw UsageError(message: "\(input): \(error)")
            }
        } else {
            do {
                image = try PNGDecoder().decode(bytes)
                facts.append("PNG")
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
}
