import Foundation
import ImageViews
import Raster

// An `.imageset` read into the variants of a named image (docs/ASSETS.md §Image sets):
// - entries without a filename are Xcode's empty slots and are skipped;
// - each PNG entry becomes a variant with the traits of its slots; its scale is its "scale"
//   (a single-scale entry: 1 — Decision, Apple is silent for bitmaps);
// - `resizing` (pixels of that file) cuts out the pixels between the centre area and the far
//   caps and makes the image resizable with the caps in points (pixels ÷ scale);
// - `alignment-insets` (pixels) become alignmentRectInsets in points;
// - the rendering intent comes from the entry, else the set's properties, else the name
//   ("…Template" is a template);
// - language direction: a set with entries for both directions picks by direction; a set whose
//   entries are all for one direction ("Left to Right, Mirrors") gets a mirrored copy of each
//   for the other direction;
// - vector files (PDF, SVG) are skipped when PNG entries exist and refused otherwise; other
//   raster formats are refused (ivsim decodes PNG only).

enum ImageSetReader {
    /// A parsed entry with a file.
    private struct Entry {
        var node: JSONNode
        var filename: String
        var filenameNode: JSONNode
        var slots: CatalogSlots
        var scale: Int?
        var slicing: Slicing?
        var alignmentInsets: [Int]?
        var renderingMode: RenderingMode?
    }

    /// Slicing in pixels of the entry's file.
    private struct Slicing {
        var node: JSONNode
        var horizontal: Bool
        var vertical: Bool
        /// top, left, bottom, right.
        var caps: [Int]
        var centerWidth: Int?
        var centerHeight: Int?
        var mode: ResizingMode
    }

    static func read(_ set: CatalogIndex.Set, root: URL, cache: AssetCache) -> CatalogSetResult<Image> {
        .reading(set, allowed: CatalogKeys.imageSet, missing: "missing file: an image set lists its images in a Contents.json",
                 cache: cache) { object, d, result in
            read(set, object, root: root, cache: cache, into: &result, d)
        }
    }

    private static func read(_ set: CatalogIndex.Set, _ object: ObjectReader, root: URL, cache: AssetCache,
                             into result: inout CatalogSetResult<Image>, _ d: Diagnostics) {
        var setIntent: RenderingMode?
        if let node = object["properties"], let properties = ObjectReader(node, allowed: CatalogKeys.imageSetProperties, what: "the image set's properties", d),
           let intent = properties["template-rendering-intent"] {
            setIntent = renderingMode(intent, d)
        }
        guard let imagesNode = object.required("images", d, hint: " (the list of image files)"),
              let items = Read.array(imagesNode, d, what: "the images", allowEmpty: true) else { return }

        var entries: [Entry] = []
        var vectors: [JSONNode] = []
        let files = cache.listing(set.url) ?? []
        for item in items {
            guard let entry = ObjectReader(item, allowed: CatalogKeys.imageEntry, what: "an image entry", d) else { continue }
            guard let filenameNode = entry["filename"] else { continue }  // an empty slot
            guard let filename = Read.string(filenameNode, d, what: "a file name"), let slots = CatalogSlots(entry, d) else { continue }
            guard !filename.contains("/"), !filename.isEmpty, filename != ".", filename != ".." else {
                d.error(filenameNode, "\"\(filename)\" is not a file name: an image set's files sit in its own folder")
                continue
            }
            guard files.contains(filename) else {
                d.error(filenameNode, "file \"\(filename)\" not found in \(set.display)"
                        + Suggestions.didYouMean(filename, among: files.filter { $0 != "Contents.json" }))
                continue
            }
            var scale: Int?
            if let node = entry["scale"] {
                guard let text = Read.name(node, d, among: CatalogKeys.scales, what: "scale") else { continue }
                scale = Int(text.dropLast())
            }
            var rendering: RenderingMode?
            if let node = entry["template-rendering-intent"] {
                guard let mode = renderingMode(node, d) else { continue }
                rendering = mode
            }
            switch (filename as NSString).pathExtension.lowercased() {
            case "png":
                break
            case "pdf", "svg":
                vectors.append(filenameNode)
                result.skipped.append((filename, "vector image (ivsim draws PNG variants)"))
                continue
            case let other:
                d.error(filenameNode, "unsupported: \(other.isEmpty ? "a file without extension" : other.uppercased() + " image") \"\(filename)\"; ivsim reads PNG files only (convert it to PNG)")
                continue
            }
            if let reason = slots.unusable {
                result.skipped.append((filename, reason))
                continue
            }
            var slicing: Slicing?
            if let node = entry["resizing"] {
                guard let value = readSlicing(node, d) else { continue }
                slicing = value
            }
            var alignment: [Int]?
            if let node = entry["alignment-insets"] {
                guard let value = CatalogJSON.pixelInsets(node, d, what: "alignment insets in pixels", allowNegative: true) else { continue }
                alignment = value
            }
            entries.append(Entry(node: item, filename: filename, filenameNode: filenameNode, slots: slots, scale: scale,
                                 slicing: slicing, alignmentInsets: alignment, renderingMode: rendering))
        }
        guard d.isEmpty else { return }
        if entries.isEmpty {
            if let vector = vectors.first {
                d.error(vector, "unsupported: vector image; add a PNG variant (ivsim does not rasterize PDF or SVG)")
            } else if result.skipped.isEmpty {
                d.error(imagesNode, "the image set has no image files (every entry is an empty slot)")
            } else {
                d.error(imagesNode, "no entry of the image set can be shown on an iPhone or iPad display: \(result.skippedList)")
            }
            return
        }

        let name = set.name.split(separator: "/").last.map(String.init) ?? set.name
        let intent = setIntent ?? (name.hasSuffix("Template") ? .alwaysTemplate : .automatic)
        var variants: [AssetVariant<Image>] = []
        for entry in entries {
            let source = set.path + "/" + entry.filename
            let decoded: SourceImage
            switch cache.decoded(set.url.appendingPathComponent(entry.filename), root: root, shownAs: source) {
            case let .success(pixels): decoded = pixels
            case let .failure(failure):
                d.error(entry.filenameNode, failure.message)
                continue
            }
            let scale = Double(entry.scale ?? 1)
            var image = Image(name: set.name, pixels: decoded, scale: scale, renderingMode: entry.renderingMode ?? intent)
            if let slicing = entry.slicing {
                guard let sliced = apply(slicing, to: image, file: entry.filename, d) else { continue }
                image = sliced
            }
            if let a = entry.alignmentInsets {
                image.alignmentRectInsets = EdgeInsets(top: Double(a[0]) / scale, left: Double(a[1]) / scale,
                                                       bottom: Double(a[2]) / scale, right: Double(a[3]) / scale)
            }
            var conditions = entry.slots.conditions
            conditions.scale = entry.scale
            conditions.layoutDirection = entry.slots.direction
            variants.append(AssetVariant(conditions: conditions, value: image.withSource(source), source: source))
        }
        guard d.isEmpty else { return }
        result.variants = mirroringOneDirection(variants)
    }

    /// For a set whose directional entries all name one direction, a horizontally flipped copy of
    /// each for the other direction (Apple: such an image is mirrored there unless a version for
    /// it exists). Entries without a direction stay as they are.
    private static func mirroringOneDirection(_ variants: [AssetVariant<Image>]) -> [AssetVariant<Image>] {
        let directions = variants.compactMap(\.conditions.layoutDirection)
        guard let first = directions.first, directions.allSatisfy({ $0 == first }) else { return variants }
        let other: LayoutDirection = first == .leftToRight ? .rightToLeft : .leftToRight
        let mirrored = variants.filter { $0.conditions.layoutDirection != nil }.map { variant in
            var copy = variant
            copy.conditions.layoutDirection = other
            copy.value.orientation = copy.value.orientation.horizontallyFlipped
            copy.value.capInsets = copy.value.capInsets?.mirrored
            copy.value.alignmentRectInsets = copy.value.alignmentRectInsets.mirrored
            copy.source += " (mirrored)"
            copy.value.source = copy.source
            return copy
        }
        return variants + mirrored
    }

    private static func renderingMode(_ node: JSONNode, _ d: Diagnostics) -> RenderingMode? {
        switch Read.name(node, d, among: CatalogKeys.renderingIntents, what: "template rendering intent") {
        case "template": .alwaysTemplate
        case "original": .alwaysOriginal
        default: nil
        }
    }

    private static func readSlicing(_ node: JSONNode, _ d: Diagnostics) -> Slicing? {
        guard let object = ObjectReader(node, allowed: CatalogKeys.resizing, what: "the resizing", d),
              let modeNode = object.required("mode", d, hint: " (\"9-part\", \"3-part-horizontal\" or \"3-part-vertical\")"),
              let mode = Read.name(modeNode, d, among: CatalogKeys.resizingModes, what: "resizing mode") else { return nil }
        if object.has("cap-insets"), let older = object["capInsets"] {
            d.error(older, "\"capInsets\" (the older spelling) and \"cap-insets\" are both given: keep \"cap-insets\"")
            return nil
        }
        var caps = [0, 0, 0, 0]
        if let capsNode = object["cap-insets"] ?? object["capInsets"] {
            guard let values = CatalogJSON.pixelInsets(capsNode, d, what: "cap insets in pixels") else { return nil }
            caps = values
        }
        let horizontal = mode != "3-part-vertical", vertical = mode != "3-part-horizontal"
        if !horizontal { caps[1] = 0; caps[3] = 0 }
        if !vertical { caps[0] = 0; caps[2] = 0 }
        var slicing = Slicing(node: node, horizontal: horizontal, vertical: vertical, caps: caps, mode: .tile)
        if let centerNode = object["center"] {
            guard let center = ObjectReader(centerNode, allowed: CatalogKeys.center, what: "the centre", d) else { return nil }
            if let n = center["mode"] {
                guard let value = Read.name(n, d, among: CatalogKeys.centerModes, what: "centre mode") else { return nil }
                slicing.mode = value == "tile" ? .tile : .stretch  // "fill": the older spelling of stretch
            }
            let side = Double(ScenarioLimits.assetSide)
            if horizontal, let n = center["width"] {
                guard let v = Read.number(n, d, in: 1...side, integer: true, what: "a centre width in pixels") else { return nil }
                slicing.centerWidth = Int(v)
            }
            if vertical, let n = center["height"] {
                guard let v = Read.number(n, d, in: 1...side, integer: true, what: "a centre height in pixels") else { return nil }
                slicing.centerHeight = Int(v)
            }
        }
        return slicing
    }

    /// The image cut to caps + centre and made resizable (caps in points), or nil if the slicing
    /// does not fit the file (reported).
    private static func apply(_ s: Slicing, to image: Image, file: String, _ d: Diagnostics) -> Image? {
        let (w, h) = (image.pixels.width, image.pixels.height)
        let (top, left, bottom, right) = (s.caps[0], s.caps[1], s.caps[2], s.caps[3])
        let centerWidth = s.centerWidth ?? max(w - left - right, 0)
        let centerHeight = s.centerHeight ?? max(h - top - bottom, 0)
        if s.horizontal && left + centerWidth + right > w {
            d.error(s.node, "left cap \(left) + centre width \(centerWidth) + right cap \(right) pixels exceed the width of \"\(file)\" (\(w) pixels)")
            return nil
        }
        if s.vertical && top + centerHeight + bottom > h {
            d.error(s.node, "top cap \(top) + centre height \(centerHeight) + bottom cap \(bottom) pixels exceed the height of \"\(file)\" (\(h) pixels)")
            return nil
        }
        let columns = s.horizontal ? [0..<(left + centerWidth), (w - right)..<w] : [0..<w]
        let rows = s.vertical ? [0..<(top + centerHeight), (h - bottom)..<h] : [0..<h]
        var result = image
        result.pixels = SourceImage(image.pixels.bitmap.keeping(columns: columns, rows: rows))
        let scale = image.scale
        result.capInsets = EdgeInsets(top: Double(top) / scale, left: Double(left) / scale,
                                      bottom: Double(bottom) / scale, right: Double(right) / scale)
        result.resizingMode = s.mode
        return result
    }
}
