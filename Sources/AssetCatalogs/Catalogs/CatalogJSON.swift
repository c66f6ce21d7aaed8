import Foundation
import ImageViews
import Syntax

// Reading an asset catalog's Contents.json files: the JSON parser and readers of scenario files,
// with the keys Xcode writes (Apple's Asset Catalog Format Reference plus the keys newer Xcode
// versions add; docs/ASSETS.md §Format). Key order never matters. Unknown keys are errors with a
// suggestion — a misspelt "apperances" would otherwise silently drop a dark variant — except
// inside "info", which is Xcode's own bookkeeping.

/// The keys of each Contents.json object.
package enum CatalogKeys {
    package static let group = ["info", "properties"]
    package static let groupProperties = [
        "provides-namespace", "on-demand-resource-tags", "compression-type", "localizable"
    ]
    package static let imageSet = ["info", "properties", "images"]
    package static let imageSetProperties = [
        "template-rendering-intent", "preserves-vector-representation", "on-demand-resource-tags",
        "compression-type", "localizable", "auto-scaling"
    ]
    package static let imageEntry = [
        "filename", "idiom", "scale", "appearances", "width-class", "height-class", "language-direction",
        "resizing", "alignment-insets", "template-rendering-intent", "display-gamut", "color-space",
        "compression-type", "subtype", "screen-width", "graphics-feature-set", "memory", "locale",
        "unassigned", "platform"
    ]
    /// Entry keys for traits ivsim does not model: an entry with one of them is never picked.
    package static let unmodelledSlots = ["subtype", "screen-width", "graphics-feature-set", "memory", "locale"]
    package static let symbolSet = ["info", "properties", "symbols"]
    package static let symbolSetProperties = [
        "symbol-rendering-intent", "localizable", "on-demand-resource-tags", "compression-type"
    ]
    package static let symbolEntry = ["filename", "idiom", "language-direction", "locale", "appearances"]
    package static let colorSet = ["info", "properties", "colors"]
    package static let colorSetProperties = ["localizable", "on-demand-resource-tags"]
    package static let colorEntry = ["idiom", "appearances", "display-gamut", "color", "locale"]
    package static let color = ["color-space", "components", "reference", "platform"]
    package static let rgbComponents = ["red", "green", "blue", "alpha"]
    package static let grayComponents = ["white", "alpha"]
    package static let appearance = ["appearance", "value"]
    package static let resizing = ["mode", "center", "cap-insets", "capInsets"]
    package static let center = ["mode", "width", "height"]
    package static let insets = ["top", "left", "bottom", "right"]
    package static let resizingModes = ["9-part", "3-part-horizontal", "3-part-vertical"]
    package static let centerModes = ["tile", "stretch", "fill"]
    package static let idioms = [
        "universal", "iphone", "ipad", "tv", "car", "mac", "vision", "watch", "ios-marketing", "watch-marketing"
    ]
    package static let scales = ["1x", "2x", "3x"]
    package static let sizeClasses = ["compact", "regular"]
    package static let directions = ["left-to-right", "right-to-left"]
    package static let appearances = ["luminosity", "contrast"]
    package static let luminosities = ["light", "dark", "tinted"]
    package static let contrasts = ["high"]
    package static let gamuts = ["sRGB", "display-P3"]
    package static let imageColorSpaces = ["srgb", "display-p3"]
    package static let compressionTypes = [
        "automatic", "gpu-optimized-best", "gpu-optimized-smallest", "lossless", "lossy"
    ]
    package static let renderingIntents = ["original", "template"]
}

/// What reading one image set or colour set gave.
package struct CatalogSetResult<Value: Sendable> {
    /// The variants, in entry order; nil when the set has errors.
    package var variants: [AssetVariant<Value>]?
    /// Entries that are never picked, with the reason (for `ivsim assets`).
    package var skipped: [(entry: String, reason: String)] = []
    package var diagnostics: [ScenarioDiagnostic] = []
    /// Warnings about the set's files (colour profiles), reported at each scenario's use of it.
    package var warnings: [(kind: String, message: String)] = []
    /// The set was not read because its files would exceed the scenario's image budget (already
    /// reported at the scenario's use of it), or its drawings the scenario's drawing work.
    package var refused = false
    /// A drawing of the set was refused because the scenario's drawing work ran out (reported at
    /// the image that uses the set, PixelBudget.refuseDrawingWork).
    package var drawingRefused = false
    /// A drawing of the set took the scenario's whole drawing work (reported in the set): the
    /// scenario draws nothing more.
    package var workSpent = false
    /// The set draws SVG or PDF files: what it gives depends on the work the scenario has left,
    /// so it is read again for each scenario (its drawings are kept, AssetCache.renderedVector).
    package var draws = false

    /// The never-picked entries as one list for messages ("a.png: reason; b.png: reason").
    package var skippedList: String { skipped.map { "\($0.entry): \($0.reason)" }.joined(separator: "; ") }

    /// Reads the set's Contents.json (its keys among `allowed`; a missing file is reported as
    /// `missing`) and lets `body` fill in the result; the diagnostics name that Contents.json.
    package static func reading(
        _ set: CatalogIndex.Set, allowed: [String], missing: String, cache: AssetCache,
        _ body: (ObjectReader, Diagnostics, inout Self) -> Void
    ) -> Self {
        let d = Diagnostics(file: set.display + "/Contents.json")
        var result = Self()
        if let object = CatalogJSON.read(contentsOf: set.url, allowed: allowed, missing: missing, cache: cache, d) {
            body(object, d, &result)
        }
        result.diagnostics = d.list
        return result
    }
}

package enum CatalogJSON {
    /// The largest Contents.json read: 1 MiB (Xcode writes well under a kilobyte per entry, so
    /// this holds thousands of entries).
    package static let maxBytes = 1 << 20

    /// The top-level object of `folder`'s Contents.json (its keys among `allowed`), or nil: when
    /// the file is absent (reported as `missing` if given; a group needs none), invalid JSON or
    /// not an object (reported).
    package static func read(
        contentsOf folder: URL, allowed: [String], missing: String?, cache: AssetCache, _ d: Diagnostics
    )
        -> ObjectReader?
    {
        guard cache.contains("Contents.json", in: folder) else {
            if let missing { d.error(at: nil, path: "", missing) }
            return nil
        }
        let url = folder.appendingPathComponent("Contents.json")
        // The folder is inside what the scenario may read (CatalogIndex checked it); the file must
        // be too: a Contents.json that is a symbolic link out of its folder is not followed.
        let real = url.standardizedFileURL.resolvingSymlinksInPath()
        guard real.deletingLastPathComponent().path == folder.standardizedFileURL.resolvingSymlinksInPath().path else {
            d.error(
                at: nil, path: "",
                "is a symbolic link out of its folder (to \(real.path)); a catalog's Contents.json files are read only "
                    + "inside the catalog: copy the file in")
            return nil
        }
        // Refused by its size before it is read (Xcode writes a few kilobytes).
        let data: [UInt8]
        switch BoundedFile.read(url, limit: CatalogJSON.maxBytes) {
        case let .success(bytes): data = bytes
        case let .failure(failure):
            d.error(
                at: nil, path: "",
                failure.message(limit: CatalogJSON.maxBytes, what: "a Contents.json") + " (docs/LIMITS.md)")
            return nil
        }
        let document: JSONNode
        do {
            document = try JSONParser.parse(data)
        } catch {
            d.error(at: error.location, path: "", "invalid JSON: \(error.message)")
            return nil
        }
        guard let object = ObjectReader(document, allowed: allowed, what: "a Contents.json", d) else { return nil }
        if let info = object["info"] {
            if case let .object(members) = info.value {
                if let version = members.first(where: { $0.key == "version" })?.value, version.value != .number(1) {
                    d.error(version, "unsupported catalog format version: expected 1 (the only version Xcode writes)")
                }
            } else {
                d.error(info, "expected \"info\" to be an object, found \(info.value.kindDescription)")
            }
        }
        return object
    }

    /// Edge insets in pixels, {"top": …, "left": …, "bottom": …, "right": …} (missing edges 0),
    /// whole numbers, ≥ 0 unless `allowNegative`. In UIEdgeInsets order: top, left, bottom, right.
    package static func pixelInsets(_ node: JSONNode, _ d: Diagnostics, what: String, allowNegative: Bool = false)
        -> [Int]?
    {
        let side = Double(ScenarioLimits.assetSide)
        guard let object = ObjectReader(node, allowed: CatalogKeys.insets, what: what, d) else { return nil }
        var values = [0, 0, 0, 0]
        for (i, key) in CatalogKeys.insets.enumerated() {
            guard let n = object[key] else { continue }
            guard
                let v = Read.number(
                    n, d, in: (allowNegative ? -side : 0)...side, integer: true, what: "\(key) in pixels")
            else { return nil }
            values[i] = Int(v)
        }
        return values
    }
}
