import Foundation
import ImageViews

// UIImage(named:) in a bundle's folders (after the asset catalogs): a name is a file name whose
// extension defaults to "png" (any other image format's name carries its extension), optionally inside folders ("pix/pic"); the files that carry it are
// the name with a scale modifier (@2x, @3x; none for 1x) and then a device modifier (~iphone,
// ~ipad): "pic@2x~ipad.png". Names are case-sensitive on every machine: files are matched
// against the folder's listing, never through the file system's own (maybe case-blind) lookup.

/// The files of a bundle that carry one image name.
package enum BundleLookup {
    /// One file with the traits its modifiers give it.
    package struct File {
        package var conditions: AssetConditions
        package var url: URL
        /// Path inside the bundle ("pix/pic@2x~ipad.png").
        package var path: String
    }

    package enum Outcome {
        case found([File])
        /// The name resolves to no file; the names that do exist in the folder, for suggestions.
        case missing(available: [String])
        case invalid(String)
    }

    package static let devices: [(modifier: String, idiom: UserInterfaceIdiom)] = [("iphone", .phone), ("ipad", .pad)]

    /// The extensions of the files UIImage(named:) finds in a bundle: Apple's table of the formats
    /// iOS reads, and WebP, which current ImageIO reads (docs/FORMATS.md). A name without an
    /// extension is a PNG's; any other format's name carries its extension ("spinner.gif").
    package static let readable = ["png", "jpg", "jpeg", "gif", "tif", "tiff", "bmp", "bmpf", "ico", "cur", "webp"]

    package static func files(named name: String, in bundle: URL, cache: AssetCache) -> Outcome {
        var components = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let base = components.popLast(), !base.isEmpty,
            components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }), !name.hasPrefix("/")
        else {
            return .invalid(
                "\"\(name)\" is not a file name inside the bundle (folders are separated by \"/\", without \"..\")")
        }
        let folder = components.reduce(bundle) { $0.appendingPathComponent($1) }
        var ext = (base as NSString).pathExtension
        var stem = (base as NSString).deletingPathExtension
        if ext.isEmpty {
            ext = "png"
            stem = base
        }
        guard readable.contains(ext.lowercased()) else {
            return .invalid(
                "\"\(name)\" is a .\(ext) file: UIImage(named:) reads image files (\(readable.map { "." + $0 }.joined(separator: ", "))) from a bundle"
            )
        }
        // Modifiers written in the name fix that trait: "pic@2x" is the 2x file only.
        var idioms: [(modifier: String, idiom: UserInterfaceIdiom)?] = [nil] + devices.map(Optional.some)
        if let device = devices.first(where: { stem.hasSuffix("~" + $0.modifier) }) {
            stem.removeLast(device.modifier.count + 1)
            idioms = [device]
        }
        var scales = [1, 2, 3]
        if let scale = [2, 3].first(where: { stem.hasSuffix("@\($0)x") }) {
            stem.removeLast(3)
            scales = [scale]
        }
        let prefix = components.isEmpty ? "" : components.joined(separator: "/") + "/"
        var files: [File] = []
        for scale in scales {
            for device in idioms {
                let file =
                    stem + (scale == 1 ? "" : "@\(scale)x") + (device.map { "~" + $0.modifier } ?? "") + "." + ext
                if cache.contains(file, in: folder) {
                    files.append(
                        File(
                            conditions: AssetConditions(idiom: device?.idiom, scale: scale),
                            url: folder.appendingPathComponent(file), path: prefix + file))
                }
            }
        }
        if files.isEmpty {
            // Names as they would be written: a PNG's without its extension, any other with it.
            let names = (cache.listing(folder) ?? []).filter { $0.hasSuffix("." + ext) }.map {
                prefix + imageName(ofFile: $0) + (ext == "png" ? "" : "." + ext)
            }
            var seen = Set<String>()
            return .missing(available: names.filter { seen.insert($0).inserted })  // in order, each once
        }
        return .found(files)
    }

    /// The name a file is looked up by: without ".png", @2x/@3x and ~iphone/~ipad.
    package static func imageName(ofFile file: String) -> String {
        var stem = (file as NSString).deletingPathExtension
        if let device = devices.first(where: { stem.hasSuffix("~" + $0.modifier) }) {
            stem.removeLast(device.modifier.count + 1)
        }
        if stem.hasSuffix("@2x") || stem.hasSuffix("@3x") { stem.removeLast(3) }
        return stem
    }
}
