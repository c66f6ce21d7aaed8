import Foundation

// Reading an asset catalog's Contents.json files: the JSON parser and readers of scenario files,
// with the keys Xcode writes (Apple's Asset Catalog Format Reference plus the keys newer Xcode
// versions add; docs/ASSETS.md §Format). Key order never matters. Unknown keys are errors with a
// suggestion — a misspelt "apperances" would otherwise silently drop a dark variant — except
// inside "info", which is Xcode's own bookkeeping.

/// The keys of each Contents.json object.
enum CatalogKeys {
    static let group = ["info", "properties"]
    static let groupProperties = ["provides-namespace", "on-demand-resource-tags", "compression-type", "localizable"]
    static let imageSet = ["info", "properties", "images"]
    static let imageSetProperties = ["template-rendering-intent", "preserves-vector-representation", "on-demand-resource-tags",
                                     "compression-type", "localizable", "auto-scaling"]
    static let imageEntry = ["filename", "idiom", "scale", "appearances", "width-class", "height-class", "language-direction",
                             "resizing", "alignment-insets", "template-rendering-intent", "display-gamut", "color-space",
                             "compression-type", "subtype", "screen-width", "graphics-feature-set", "memory", "locale",
                             "unassigned", "platform"]
    /// Entry keys for traits ivsim does not model: an entry with one of them is never picked.
    static let unmodelledSlots = ["subtype", "screen-width", "graphics-feature-set", "memory", "locale"]
    static let colorSet = ["info", "properties", "colors"]
    static let colorSetProperties = ["localizable"]
    static let colorEntry = ["idiom", "appearances", "display-gamut", "color", "locale"]
    static let color = ["color-space", "components", "reference", "platform"]
    static let rgbComponents = ["red", "green", "blue", "alpha"]
    static let grayComponents = ["white", "alpha"]
    static let appearance = ["appearance", "value"]
    static let resizing = ["mode", "center", "cap-insets", "capInsets"]
    static let center = ["mode", "width", "height"]
    static let insets = ["top", "left", "bottom", "right"]
    static let resizingModes = ["9-part", "3-part-horizontal", "3-part-vertical"]
    static let centerModes = ["tile", "stretch", "fill"]
    static let idioms = ["universal", "iphone", "ipad", "tv", "car", "mac", "vision", "watch", "ios-marketing", "watch-marketing"]
    static let scales = ["1x", "2x", "3x"]
    static let sizeClasses = ["compact", "regular"]
    static let directions = ["left-to-right", "right-to-left"]
    static let appearances = ["luminosity", "contrast"]
    static let luminosities = ["light", "dark", "tinted"]
    static let contrasts = ["high"]
    static let gamuts = ["sRGB", "display-P3"]
    static let imageColorSpaces = ["srgb", "display-p3"]
    static let compressionTypes = ["automatic", "gpu-optimized-best", "gpu-optimized-smallest", "lossless", "lossy"]
    static let renderingIntents = ["original", "template"]
}

enum CatalogJSON {
    /// The top-level object of the Contents.json at `url` (its keys among `allowed`), or nil with
    /// the problem reported: missing file, invalid JSON, not an object.
    static func read(_ url: URL, allowed: [String], _ d: Diagnostics) -> ObjectReader? {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            d.error(at: nil, path: "", "cannot read the file")
            return nil
        }
        let document: JSONNode
        do {
            document = try JSONParser.parse([UInt8](data))
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
    static func pixelInsets(_ node: JSONNode, _ d: Diagnostics, what: String, allowNegative: Bool = false) -> [Int]? {
        let side = Double(ScenarioLimits.assetSide)
        guard let object = ObjectReader(node, allowed: CatalogKeys.insets, what: what, d) else { return nil }
        var values = [0, 0, 0, 0]
        for (i, key) in CatalogKeys.insets.enumerated() {
            guard let n = object[key] else { continue }
            guard let v = Read.number(n, d, in: (allowNegative ? -side : 0)...side, integer: true, what: "\(key) in pixels") else { return nil }
            values[i] = Int(v)
        }
        return values
    }
}
