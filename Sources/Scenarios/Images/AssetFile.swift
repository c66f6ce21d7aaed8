import Foundation
import PNGCodec

// Image files referenced by scenarios: relative paths inside the scenario's own folder tree only,
// PNG only, scale from an @2x/@3x suffix unless given explicitly.

enum AssetFile {
    enum Failure: Error {
        case message(String)

        var message: String {
            switch self {
            case let .message(text): text
            }
        }
    }

    /// The scale an @2x or @3x suffix gives (before an optional ~ipad/~iphone modifier), else 1.
    static func scale(fromName name: String) -> Double {
        var stem = (name as NSString).deletingPathExtension
        for modifier in ["~ipad", "~iphone"] where stem.hasSuffix(modifier) {
            stem.removeLast(modifier.count)
        }
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }

    /// Reads and decodes a PNG file.
    static func decode(_ url: URL, shownAs relativePath: String) throws(Failure) -> RGBAImage {
        let data = try contents(url, shownAs: relativePath, upTo: nil)
        do {
            return try PNGDecoder(limits: limits).decode(data)
        } catch {
            throw .message("\"\(relativePath)\" is not a usable PNG: \(error)")
        }
    }

    /// Reads a PNG file's header from its first bytes (PNGDecoder.header): its size without
    /// decoding it.
    static func header(_ url: URL, shownAs relativePath: String) throws(Failure) -> PNGHeader {
        let prefix = try contents(url, shownAs: relativePath, upTo: PNGDecoder.headerPrefixLength)
        do {
            return try PNGDecoder(limits: limits).header(prefix)
        } catch {
            throw .message("\"\(relativePath)\" is not a usable PNG: \(error)")
        }
    }

    /// The error for a file that is not there, with the nearest name in its folder.
    static func notFound(_ url: URL, shownAs relativePath: String) -> Failure {
        // A symbolic link whose target cannot be reached (a loop, or a target that is gone) is
        // there by name: say what it is rather than suggest its own name.
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
            return .message("\"\(relativePath)\" is a symbolic link to \"\(link)\", which leads to no file (a loop, or a target that "
                            + "is gone): point it at a PNG, or name the PNG itself")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? [])
            .filter { $0 != url.lastPathComponent }
        return .message("file \"\(relativePath)\" not found" + Suggestions.didYouMean(url.lastPathComponent, among: names.sorted()))
    }

    /// The decoder limits for asset files.
    static let limits = PNGDecoder.Limits(maxWidth: ScenarioLimits.assetSide, maxHeight: ScenarioLimits.assetSide,
                                          maxPixels: ScenarioLimits.assetPixels, maxImageDataBytes: 1 << 28)

    /// The largest image file read: 288 MiB.
    static let maxFileBytes = (1 << 28) + (1 << 25)

    /// The bytes of the file at `url` (the first `count` only, when given).
    private static func contents(_ url: URL, shownAs relativePath: String, upTo count: Int?) throws(Failure) -> [UInt8] {
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
            throw .message("\"\(relativePath)\" is \(size) bytes, more than the \(maxFileBytes) an image file may be (docs/LIMITS.md)")
        case let .failure(failure):
            throw .message("\"\(relativePath)\": " + failure.message(limit: maxFileBytes, what: "an image file"))
        }
    }
}
