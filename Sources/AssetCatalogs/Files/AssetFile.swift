import Foundation
import ImageFormats
import ImageViews
import JPEGCodec
import PNGCodec
import Syntax

// Image files referenced by scenarios: relative paths inside the scenario's own folder tree only,
// PNG, JPEG, GIF, BMP, ICO/CUR, TIFF or WebP (told apart by their first bytes, as ImageIO tells them;
// docs/FORMATS.md), scale from an @2x/@3x suffix unless given explicitly.

/// A decoded image file: straight RGBA8 and what the file says about showing it.
package struct DecodedFile {
    package var image: RGBAImage
    /// The EXIF orientation of a JPEG or a TIFF (UIImage's imageOrientation for it); `.up` for the
    /// other formats.
    package var orientation: ImageOrientation = .up
    /// A JPEG's or a PNG's embedded profile (APP2 ICC_PROFILE, iCCP), when it is one ivsim
    /// converts from or warns about, and its bytes.
    package var profile: ICCProfileKind?
    package var iccProfile: [UInt8]? = nil
    /// Why a PNG's iCCP chunk was ignored (PNGDecoder's problem), when it was: its samples are
    /// then taken as sRGB.
    package var ignoredProfile: String? = nil
    /// Whether the file gives the image an alpha channel (a JPEG never; a PNG by its colour type
    /// or a tRNS chunk; the other formats by BitmapFormat.decode), whatever its pixels: an image
    /// without one is opaque and halved before it is drawn much smaller (RENDERING.md §11.8.1).
    package var hasAlpha: Bool
}

/// An image file's size from its headers.
package struct ImageFileHeader {
    package var width: Int
    package var height: Int
}

package enum AssetFile {
    package enum Failure: Error {
        case message(String)
        /// A drawing needs more work than the scenario has left (PixelBudget reports it at the image).
        case overBudget
        /// A drawing needs more work than the scenario's whole `drawing-work`: the message.
        case workLimit(String)

        package var message: String {
            switch self {
            case let .message(text), let .workLimit(text): text
            case .overBudget: "the drawing takes the scenario's drawings past its drawing-work limit (docs/LIMITS.md)"
            }
        }
    }

    /// The scale an @2x or @3x suffix gives (before an optional ~ipad/~iphone modifier), else 1.
    package static func scale(fromName name: String) -> Double {
        var stem = (name as NSString).deletingPathExtension
        for modifier in ["~ipad", "~iphone"] where stem.hasSuffix(modifier) {
            stem.removeLast(modifier.count)
        }
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }

    /// Whether the bytes start like a JPEG file (the SOI marker).
    package static func isJPEG(_ bytes: [UInt8]) -> Bool { bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8 }

    /// Reads and decodes an image file of any format ivsim reads.
    package static func decode(_ url: URL, shownAs relativePath: String) throws(Failure) -> DecodedFile {
        let data = try contents(url, shownAs: relativePath, upTo: nil)
        if isJPEG(data) {
            do {
                // Chroma upsampled as UIKit shows it (docs/JPEG.md §Upsampling as UIKit shows it).
                let jpeg = try JPEGDecoder(limits: jpegLimits, upsampling: .imageIO).decode(data)
                return DecodedFile(
                    image: RGBAImage(width: jpeg.width, height: jpeg.height, pixels: jpeg.rgba),
                    orientation: exifOrientation(jpeg.orientation),
                    profile: jpeg.iccProfile.map { ICCProfileKind(profile: $0) }, iccProfile: jpeg.iccProfile,
                    hasAlpha: false)
            } catch {
                throw .message("\"\(relativePath)\" is not a usable JPEG: \(error)")
            }
        }
        // By content, whatever the extension (a GIF named .jpg is a GIF, as ImageIO reads it).
        if let format = BitmapFormat(sniffing: data) {
            do {
                let decoded = try format.decode(data, limits: bitmapLimits)
                return DecodedFile(
                    image: decoded.image, orientation: exifOrientation(decoded.orientation), hasAlpha: decoded.hasAlpha)
            } catch {
                throw .message("\"\(relativePath)\" is not a usable \(format.rawValue) file: \(error.located)")
            }
        }
        if let failure = misnamedJPEG(data, shownAs: relativePath) { throw failure }
        do {
            let png = try PNGDecoder(limits: limits).decodeWithDetails(data)
            return DecodedFile(
                image: png.image, profile: png.colorProfile.map { ICCProfileKind(profile: $0) },
                iccProfile: png.colorProfile,
                ignoredProfile: png.ignoredColorProfile,
                hasAlpha: png.hasAlpha)
        } catch {
            throw .message("\"\(relativePath)\" is not a usable PNG\(FileFormatNote.note(data)): \(error)")
        }
    }

    /// Reads an image file's size from its headers (a PNG's first bytes; a JPEG's markers up to
    /// its first scan) without decoding it.
    package static func header(_ url: URL, shownAs relativePath: String) throws(Failure) -> ImageFileHeader {
        let prefix = try contents(url, shownAs: relativePath, upTo: PNGDecoder.headerPrefixLength)
        if isJPEG(prefix) {
            // The markers up to the first scan: usually in the first 64 KiB; the whole file when
            // large metadata (an EXIF thumbnail, a big ICC profile) pushes the frame header past it.
            var data = try contents(url, shownAs: relativePath, upTo: 1 << 16)
            var whole = data.count < 1 << 16
            while true {
                do {
                    let header = try JPEGDecoder(limits: jpegLimits).header(data)
                    return ImageFileHeader(width: header.width, height: header.height)
                } catch  where error.kind == .truncated && !whole {
                    data = try contents(url, shownAs: relativePath, upTo: nil)
                    whole = true
                } catch {
                    throw .message("\"\(relativePath)\" is not a usable JPEG: \(error)")
                }
            }
        }
        if let format = BitmapFormat(sniffing: prefix) {
            // The size is in the first bytes of a GIF or BMP file; an icon's first entry, a TIFF's
            // directory and a WebP's image chunk may be anywhere in the file.
            let data = try contents(url, shownAs: relativePath, upTo: format == .gif || format == .bmp ? 1 << 16 : nil)
            do {
                let size = try format.size(data, limits: bitmapLimits)
                return ImageFileHeader(width: size.width, height: size.height)
            } catch {
                throw .message("\"\(relativePath)\" is not a usable \(format.rawValue) file: \(error.located)")
            }
        }
        if let failure = misnamedJPEG(prefix, shownAs: relativePath) { throw failure }
        do {
            let header = try PNGDecoder(limits: limits).header(prefix)
            return ImageFileHeader(width: header.width, height: header.height)
        } catch {
            throw .message("\"\(relativePath)\" is not a usable PNG\(FileFormatNote.note(prefix)): \(error)")
        }
    }

    /// The error for a file named .jpg or .jpeg whose bytes are not a JPEG's (rather than a PNG
    /// decoder's complaint about it).
    package static func misnamedJPEG(_ bytes: [UInt8], shownAs relativePath: String) -> Failure? {
        guard ["jpg", "jpeg"].contains((relativePath as NSString).pathExtension.lowercased()),
            !bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
        else { return nil }  // PNG bytes decode as PNG, as ImageIO goes by content
        return .message(
            "\"\(relativePath)\" is not a JPEG file (it does not start with the SOI marker FF D8)\(FileFormatNote.note(bytes))"
        )
    }

    /// UIImage.Orientation for an EXIF orientation value (1–8; Apple's CGImagePropertyOrientation).
    package static func exifOrientation(_ value: Int) -> ImageOrientation {
        switch value {
        case 2: .upMirrored
        case 3: .down
        case 4: .downMirrored
        case 5: .leftMirrored
        case 6: .right
        case 7: .rightMirrored
        case 8: .left
        default: .up
        }
    }

    /// The error for a file that is not there, with the nearest name in its folder.
    package static func notFound(_ url: URL, shownAs relativePath: String) -> Failure {
        // A symbolic link whose target cannot be reached (a loop, or a target that is gone) is
        // there by name: say what it is rather than suggest its own name.
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
            return .message(
                "\"\(relativePath)\" is a symbolic link to \"\(link)\", which leads to no file (a loop, or a target that "
                    + "is gone): point it at an image file, or name the file itself")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? [])
            .filter { $0 != url.lastPathComponent }
        return .message(
            "file \"\(relativePath)\" not found" + Suggestions.didYouMean(url.lastPathComponent, among: names.sorted()))
    }

    /// The decoder limits for asset files.
    package static let limits = PNGDecoder.Limits(
        maxWidth: ScenarioLimits.assetSide, maxHeight: ScenarioLimits.assetSide,
        maxPixels: ScenarioLimits.assetPixels, maxImageDataBytes: 1 << 28)
    package static let bitmapLimits = ImageFormatLimits(
        maxWidth: ScenarioLimits.assetSide, maxHeight: ScenarioLimits.assetSide, maxPixels: ScenarioLimits.assetPixels)
    package static let jpegLimits = JPEGDecoder.Limits(
        maxWidth: ScenarioLimits.assetSide, maxHeight: ScenarioLimits.assetSide,
        maxPixels: ScenarioLimits.assetPixels)

    /// The largest image file read: 288 MiB.
    package static let maxFileBytes = (1 << 28) + (1 << 25)

    /// The bytes of the file at `url` (the first `count` only, when given).
    package static func contents(_ url: URL, shownAs relativePath: String, upTo count: Int?) throws(Failure) -> [UInt8]
    {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw notFound(url, shownAs: relativePath)
        }
        // Refused by its size before it is read (the size of what a symbolic link leads to): image
        // data is capped at 256 MiB (`limits`), and compression and ancillary chunks cannot need
        // another 32 MiB in a usable file.
        switch count.map({ BoundedFile.prefix(url, count: $0) }) ?? BoundedFile.read(url, limit: maxFileBytes) {
        case let .success(bytes): return bytes
        case .failure(.missing): throw notFound(url, shownAs: relativePath)
        case let .failure(.tooLarge(size)):
            throw .message(
                "\"\(relativePath)\" is \(size) bytes, more than the \(maxFileBytes) an image file may be (docs/LIMITS.md)"
            )
        case let .failure(failure):
            throw .message("\"\(relativePath)\": " + failure.message(limit: maxFileBytes, what: "an image file"))
        }
    }
}
