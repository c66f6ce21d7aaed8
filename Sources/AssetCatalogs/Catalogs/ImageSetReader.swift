import Foundation
import ImageViews
import PNGCodec
import Raster
import Syntax

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
// - SVG and PDF entries are drawn at their scale, or at 1x, 2x and 3x when single-scale, and
//   listed after the bitmap entries (a bitmap wins a scale both give); other formats are refused
//   (ivsim decodes PNG and JPEG and draws SVG and PDF);
// - `unassigned` entries (Xcode's "Unassigned" well) and entries for another `platform` are read
//   and never picked; a `display-gamut: display-P3` entry ranks after every sRGB one, and its
//   pixels (like those of a `color-space: display-p3` entry) are converted to sRGB.
//
// Two steps: `entries` reads Contents.json and each file's PNG header only (what `ivsim assets`
// lists, with every check that needs no pixels), `read` decodes the files on top of it (what a
// scenario uses).

package enum ImageSetReader {
    /// A usable entry, described without its pixels: what `read` decodes and how it shapes them.
    package struct ImageEntry: Sendable {
        package var url: URL
        package var filenameNode: JSONNode
        /// The file's pixel size (PNG header), before any slicing cut.
        package var fileWidth: Int
        package var fileHeight: Int
        package var scale: Double
        /// The pixels are Display P3 (display-gamut or color-space): converted when decoded.
        package var isDisplayP3: Bool
        /// Columns and rows the slicing keeps (the whole file without one).
        package var columns: [Range<Int>]
        package var rows: [Range<Int>]
        package var capInsets: EdgeInsets?
        package var resizingMode: ResizingMode
        package var alignmentInsets: EdgeInsets
        package var renderingMode: RenderingMode
        /// A horizontally flipped copy for the other language direction.
        package var mirrored = false
        /// An SVG or PDF entry: the scale it is drawn at (its pixels are the drawing, not a decoded file).
        package var vectorScale: Double?
        /// The set's `preserves-vector-representation`: views draw a vector entry afresh at their size.
        package var preservesVector = false

        /// The pixel size after the slicing cut.
        package var pixelWidth: Int { columns.reduce(0) { $0 + $1.count } }
        package var pixelHeight: Int { rows.reduce(0) { $0 + $1.count } }
    }

    /// A parsed entry with a file.
    private struct Entry {
        package var filename: String
        package var filenameNode: JSONNode
        package var slots: CatalogSlots
        package var scale: Int?
        package var slicing: Slicing?
        package var alignmentInsets: [Int]?
        package var renderingMode: RenderingMode?
        package var isDisplayP3: Bool
        /// An SVG or PDF file, drawn at the entry's scale.
        package var vector = false
        /// One of the drawings of a single-scale vector entry (at 1x, 2x and 3x).
        package var drawnPerScale = false
    }

    /// Slicing in pixels of the entry's file.
    private struct Slicing {
        package var node: JSONNode
        package var horizontal: Bool
        package var vertical: Bool
        /// top, left, bottom, right.
        package var caps: [Int]
        package var centerWidth: Int?
        package var centerHeight: Int?
        package var mode: ResizingMode

        /// The same slicing in pixels of a rendering `factor` times larger.
        package func scaled(by factor: Int) -> Slicing {
            var copy = self
            copy.caps = caps.map { $0 * factor }
            copy.centerWidth = centerWidth.map { $0 * factor }
            copy.centerHeight = centerHeight.map { $0 * factor }
            return copy
        }
    }

    /// The set's images: `entries`, each file decoded (Display P3 converted), cut by its slicing
    /// and mirrored where it is a copy. Decoding errors are the set's.
    /// `decode` decodes a file (url, how messages name it, whether it is Display P3); vector files
    /// are drawn within `drawing(spent)` (the scenario's limits, less the work of the set's
    /// drawings before), one drawing's whole budget being `fullWork`; a drawing refused because
    /// the scenario's work ran out leaves the set `refused` and `drawingRefused`, reported at the
    /// scenario's use of it. Preserved vectors are drawn afresh within the limits of `drawing(0)`
    /// and the work the scene gives them.
    package static func read(
        _ set: CatalogIndex.Set, area: ReadableArea, cache: AssetCache, drawing: (_ spent: Int) -> DrawingLimits,
        fullWork: Int,
        decode: (URL, String, Bool) -> Result<ImageFile, AssetFile.Failure>
    ) -> CatalogSetResult<Image> {
        let limits = drawing(0)
        let described = entries(set, area: area, cache: cache)
        var result = CatalogSetResult<Image>(
            variants: nil, skipped: described.skipped, diagnostics: described.diagnostics, warnings: described.warnings)
        guard let variants = described.variants else { return result }
        let d = Diagnostics(file: set.display + "/Contents.json")
        var images: [AssetVariant<Image>] = []
        var spent = 0
        var counted: Set<ObjectIdentifier> = []
        for variant in variants {
            let entry = variant.value
            let file: ImageFile
            if entry.vectorScale != nil { result.draws = true }
            let made = entry.vectorScale.map {
                // Named by its file: the message says the scale (the source adds "(drawn at 1x)").
                cache.renderedVector(
                    entry.url, area: area, shownAs: set.path + "/" + entry.url.lastPathComponent, scale: $0,
                    limits: drawing(spent), fullWork: fullWork)
            }
            switch made ?? decode(entry.url, variant.source, entry.isDisplayP3) {
            case let .success(decoded):
                file = decoded
                if let record = decoded.drawing, counted.insert(ObjectIdentifier(record)).inserted {
                    spent += record.work
                }
            case .failure(.overBudget):
                // The scenario's work ran out: no later entry is drawn, and the set is not used.
                result.refused = true
                result.drawingRefused = true
                return result
            case let .failure(failure):
                if case .workLimit = failure {
                    // One drawing past the scenario's whole limit: no later entry is drawn.
                    result.drawingRefused = false
                    result.workSpent = true
                    d.error(entry.filenameNode, failure.message)
                    result.diagnostics += d.list
                    return result
                }
                d.error(entry.filenameNode, failure.message)
                continue
            }
            if let warning = file.profileWarning(shownAs: variant.source, markedDisplayP3: entry.isDisplayP3) {
                result.warnings.append((AssetWarnings.colorProfile, warning))
            }
            // Slicing and alignment insets are pixels of the file as stored; with an EXIF turn
            // they would land on other edges, and no evidence says how actool reconciles them.
            if file.orientation != .up && (entry.capInsets != nil || entry.alignmentInsets != .zero) {
                d.error(
                    entry.filenameNode,
                    "\"\(entry.url.lastPathComponent)\" has the EXIF orientation \(file.orientation.name): slicing and alignment "
                        + "insets of a turned JPEG are not read (save the image upright, without the EXIF orientation)")
                continue
            }
            let pixels = file.pixels
            var image = Image(
                name: set.name, pixels: pixels, scale: entry.scale, orientation: file.orientation,
                renderingMode: entry.renderingMode)
            image.drawing = file.drawing
            if entry.preservesVector,
                case let .success(document) = cache.vector(entry.url, area: area, shownAs: variant.source)
            {
                image.vectorRedraw = cache.vectorRedraw(entry.url, document, limits: limits)
            }
            if let caps = entry.capInsets {
                image.pixels = pixels.derived(pixels.bitmap.keeping(columns: entry.columns, rows: entry.rows))
                image.capInsets = caps
                image.resizingMode = entry.resizingMode
            }
            image.alignmentRectInsets = entry.alignmentInsets
            if entry.mirrored {
                image.orientation = image.orientation.horizontallyFlipped
                image.capInsets = image.capInsets?.mirrored
                image.alignmentRectInsets = image.alignmentRectInsets.mirrored
            }
            images.append(
                AssetVariant(
                    conditions: variant.conditions, value: image.withSource(variant.source), source: variant.source))
        }
        result.diagnostics += d.list
        if d.isEmpty { result.variants = images }
        return result
    }

    /// The set's entries from its Contents.json and each file's PNG header, without decoding any
    /// pixels; an empty set (every entry an empty slot, as Xcode's templates leave them) has no
    /// variants and no error — using it is the error (NamedAssets). An SVG or PDF entry is read
    /// (for its size) once `admit` lets it (the scenario's image budget, PixelBudget.admitDocument,
    /// which reports a refusal): one it refuses leaves the set `refused`.
    package static func entries(
        _ set: CatalogIndex.Set, area: ReadableArea, cache: AssetCache,
        admit: (URL) -> Bool = { _ in true }
    ) -> CatalogSetResult<ImageEntry> {
        .reading(
            set, allowed: CatalogKeys.imageSet,
            missing: "missing file: an image set lists its images in a Contents.json",
            cache: cache
        ) { object, d, result in
            entries(set, object, area: area, cache: cache, admit: admit, into: &result, d)
        }
    }

    private static func entries(
        _ set: CatalogIndex.Set, _ object: ObjectReader, area: ReadableArea, cache: AssetCache,
        admit: (URL) -> Bool, into result: inout CatalogSetResult<ImageEntry>, _ d: Diagnostics
    ) {
        var setIntent: RenderingMode?
        var preservesVector = false
        if let node = object["properties"],
            let properties = ObjectReader(
                node, allowed: CatalogKeys.imageSetProperties, what: "the image set's properties", d)
        {
            if let intent = properties["template-rendering-intent"] { setIntent = renderingMode(intent, d) }
            if let preserves = properties["preserves-vector-representation"] {
                preservesVector = Read.bool(preserves, d) ?? false
            }
        }
        guard let imagesNode = object.required("images", d, hint: " (the list of image files)"),
            let items = Read.array(imagesNode, d, what: "the images", allowEmpty: true)
        else { return }

        var entries: [Entry] = []
        /// Vector entries, after every bitmap entry: for a scale both give, the bitmap is listed
        /// first and wins the tie (docs/SVG.md §Image sets, docs/PDF.md §Image sets).
        var vectorEntries: [Entry] = []
        let files = cache.listing(set.url) ?? []
        for item in items {
            guard let entry = ObjectReader(item, allowed: CatalogKeys.imageEntry, what: "an image entry", d) else {
                continue
            }
            guard let filenameNode = entry["filename"] else { continue }  // an empty slot
            guard let filename = Read.string(filenameNode, d, what: "a file name"), let slots = CatalogSlots(entry, d)
            else { continue }
            guard !filename.contains("/"), !filename.isEmpty, filename != ".", filename != ".." else {
                d.error(filenameNode, "\"\(filename)\" is not a file name: an image set's files sit in its own folder")
                continue
            }
            guard files.contains(filename) else {
                d.error(
                    filenameNode,
                    "file \"\(filename)\" not found in \(set.display)"
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
            var isDisplayP3 = slots.conditions.isDisplayP3
            if let node = entry["color-space"] {
                guard let space = Read.name(node, d, among: CatalogKeys.imageColorSpaces, what: "colour space") else {
                    continue
                }
                if space == "display-p3" { isDisplayP3 = true }
            }
            if let node = entry["compression-type"],
                Read.name(node, d, among: CatalogKeys.compressionTypes, what: "compression type") == nil
            {
                continue
            }
            if let node = entry["unassigned"] {
                guard let unassigned = Read.bool(node, d) else { continue }
                if unassigned {
                    result.skipped.append((filename, "unassigned (Xcode's Unassigned well: not built into the app)"))
                    continue
                }
            }
            if let node = entry["platform"] {
                guard let platform = Read.string(node, d, what: "a platform name") else { continue }
                if platform != "ios" {
                    result.skipped.append((filename, "for platform \"\(platform)\" (UIKit apps read \"ios\" entries)"))
                    continue
                }
            }
            switch (filename as NSString).pathExtension.lowercased() {
            case "png", "jpg", "jpeg":
                break
            case "svg", "pdf":
                // Drawn at the entry's scale, or (a single-scale entry) at each display scale, as
                // actool does at build time (docs/SVG.md §Image sets). Slicing and alignment insets
                // are pixels of the drawing at the entry's scale (1x for a single-scale entry), so
                // each rendering at another scale has them times that scale: the same points.
                guard let (slicing, alignment) = sliceAndInsets(entry, d) else { continue }
                if let reason = slots.unusable {
                    result.skipped.append((filename, reason))
                    continue
                }
                for vectorScale in scale.map({ [$0] }) ?? [1, 2, 3] {
                    let factor = scale == nil ? vectorScale : 1
                    vectorEntries.append(
                        Entry(
                            filename: filename, filenameNode: filenameNode, slots: slots, scale: vectorScale,
                            slicing: slicing?.scaled(by: factor), alignmentInsets: alignment?.map { $0 * factor },
                            renderingMode: rendering, isDisplayP3: isDisplayP3, vector: true,
                            drawnPerScale: scale == nil))
                }
                continue
            case let other where BundleLookup.readable.contains(other):
                // Xcode's image sets list PNG, JPEG, HEIF and PDF files (and SVG); UIImage reads the
                // other bitmap formats from the bundle (docs/FORMATS.md §Where each format is read).
                d.error(
                    filenameNode,
                    "unsupported: \(other.uppercased()) image \"\(filename)\" in an image set (Xcode's image sets take PNG, JPEG, HEIF, PDF and SVG files); "
                        + "put it in the bundle and name it with its extension, or convert it to PNG"
                )
                continue
            case let other:
                d.error(
                    filenameNode,
                    "unsupported: \(other.isEmpty ? "a file without extension" : other.uppercased() + " image") \"\(filename)\"; image sets take PNG, JPEG, SVG and PDF files in ivsim (convert it to PNG)"
                )
                continue
            }
            if let reason = slots.unusable {
                result.skipped.append((filename, reason))
                continue
            }
            guard let (slicing, alignment) = sliceAndInsets(entry, d) else { continue }
            entries.append(
                Entry(
                    filename: filename, filenameNode: filenameNode, slots: slots, scale: scale,
                    slicing: slicing, alignmentInsets: alignment, renderingMode: rendering, isDisplayP3: isDisplayP3))
        }
        guard d.isEmpty else { return }
        entries += vectorEntries
        if entries.isEmpty {
            if !result.skipped.isEmpty {
                d.error(
                    imagesNode,
                    "no entry of the image set can be shown on an iPhone or iPad display: \(result.skippedList)")
            } else {
                result.variants = []  // every entry an empty slot: normal in a catalog, an error where used
            }
            return
        }

        let name = set.name.split(separator: "/").last.map(String.init) ?? set.name
        let intent = setIntent ?? (name.hasSuffix("Template") ? .alwaysTemplate : .automatic)
        var variants: [AssetVariant<ImageEntry>] = []
        // A single-scale vector entry is an entry per scale: a file that cannot be read is
        // reported once, not once per scale.
        var unreadable: Set<String> = []
        var refitted: Set<String> = []
        for entry in entries {
            var source = set.path + "/" + entry.filename
            let url = set.url.appendingPathComponent(entry.filename)
            let header: ImageFileHeader
            if entry.vector {
                guard admit(url) else {
                    result.refused = true
                    return
                }
                switch cache.vector(url, area: area, shownAs: source) {
                case let .success(document):
                    // Each scale checked as a scenario's drawing checks it, so that `ivsim assets`
                    // lists as unusable what every scenario would refuse.
                    do throws(AssetFile.Failure) {
                        try AssetFile.checkSize(document, scale: Double(entry.scale ?? 1), shownAs: source)
                    } catch {
                        // A single-scale entry too large to draw at 2x or 3x keeps its smaller
                        // drawings: a view on such a screen shows the largest of them, resampled
                        // (with the image warning), where refusing the whole set would show nothing
                        // at any scale (docs/LIMITS.md §Drawing work).
                        if entry.drawnPerScale, (entry.scale ?? 1) > 1 {
                            result.skipped.append((source + " (drawn at \(entry.scale ?? 1)x)", error.message))
                            continue
                        }
                        d.error(entry.filenameNode, error.message)
                        continue
                    }
                    let size = document.pixelSize(scale: Double(entry.scale ?? 1))
                    header = ImageFileHeader(width: size.width, height: size.height)
                case let .failure(failure):
                    if unreadable.insert(entry.filename).inserted { d.error(entry.filenameNode, failure.message) }
                    continue
                }
                source += " (drawn at \(entry.scale ?? 1)x)"
            } else {
                switch cache.header(url, area: area, shownAs: source) {
                case let .success(value): header = value
                case let .failure(failure):
                    d.error(entry.filenameNode, failure.message)
                    continue
                }
            }
            let scale = Double(entry.scale ?? 1)
            var described = ImageEntry(
                url: url, filenameNode: entry.filenameNode, fileWidth: header.width, fileHeight: header.height,
                scale: scale, isDisplayP3: entry.isDisplayP3, columns: [0..<header.width],
                rows: [0..<header.height], capInsets: nil, resizingMode: .tile, alignmentInsets: .zero,
                renderingMode: entry.renderingMode ?? intent)
            if entry.vector {
                described.vectorScale = scale
                described.preservesVector = preservesVector
            }
            if let slicing = entry.slicing,
                let warning = apply(
                    slicing, to: &described, file: entry.filename, drawnAt: entry.vector ? entry.scale ?? 1 : nil),
                refitted.insert(entry.filename).inserted
            {
                // A single-scale vector's slicing that does not fit is reported once, at its first scale.
                result.warnings.append((AssetWarnings.slicingTooLarge, warning))
            }
            if let a = entry.alignmentInsets {
                described.alignmentInsets = EdgeInsets(
                    top: Double(a[0]) / scale, left: Double(a[1]) / scale,
                    bottom: Double(a[2]) / scale, right: Double(a[3]) / scale)
            }
            var conditions = entry.slots.conditions
            conditions.scale = entry.scale
            conditions.layoutDirection = entry.slots.direction
            variants.append(AssetVariant(conditions: conditions, value: described, source: source))
        }
        guard d.isEmpty else { return }
        result.variants = mirroringOneDirection(variants)
    }

    /// For a set whose directional entries all name one direction, a horizontally flipped copy of
    /// each for the other direction (Apple: such an image is mirrored there unless a version for
    /// it exists). Entries without a direction stay as they are.
    private static func mirroringOneDirection(_ variants: [AssetVariant<ImageEntry>]) -> [AssetVariant<ImageEntry>] {
        let directions = variants.compactMap(\.conditions.layoutDirection)
        guard let first = directions.first, directions.allSatisfy({ $0 == first }) else { return variants }
        let other: LayoutDirection = first == .leftToRight ? .rightToLeft : .leftToRight
        let mirrored = variants.filter { $0.conditions.layoutDirection != nil }.map { variant in
            var copy = variant
            copy.conditions.layoutDirection = other
            copy.value.mirrored = true
            copy.source += " (mirrored)"
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

    /// An entry's `resizing` and `alignment-insets` (each nil when absent); nil when either is
    /// wrong (reported).
    private static func sliceAndInsets(_ entry: ObjectReader, _ d: Diagnostics) -> (Slicing?, [Int]?)? {
        var slicing: Slicing?
        if let node = entry["resizing"] {
            guard let value = readSlicing(node, d) else { return nil }
            slicing = value
        }
        var alignment: [Int]?
        if let node = entry["alignment-insets"] {
            guard let value = CatalogJSON.pixelInsets(node, d, what: "alignment insets in pixels", allowNegative: true)
            else { return nil }
            alignment = value
        }
        return (slicing, alignment)
    }

    private static func readSlicing(_ node: JSONNode, _ d: Diagnostics) -> Slicing? {
        guard let object = ObjectReader(node, allowed: CatalogKeys.resizing, what: "the resizing", d),
            let modeNode = object.required(
                "mode", d, hint: " (\"9-part\", \"3-part-horizontal\" or \"3-part-vertical\")"),
            let mode = Read.name(modeNode, d, among: CatalogKeys.resizingModes, what: "resizing mode")
        else { return nil }
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
            guard let center = ObjectReader(centerNode, allowed: CatalogKeys.center, what: "the centre", d) else {
                return nil
            }
            if let n = center["mode"] {
                guard let value = Read.name(n, d, among: CatalogKeys.centerModes, what: "centre mode") else {
                    return nil
                }
                slicing.mode = value == "tile" ? .tile : .stretch  // "fill": the older spelling of stretch
            }
            let side = Double(ScenarioLimits.assetSide)
            if horizontal, let n = center["width"] {
                guard let v = Read.number(n, d, in: 1...side, integer: true, what: "a centre width in pixels") else {
                    return nil
                }
                slicing.centerWidth = Int(v)
            }
            if vertical, let n = center["height"] {
                guard let v = Read.number(n, d, in: 1...side, integer: true, what: "a centre height in pixels") else {
                    return nil
                }
                slicing.centerHeight = Int(v)
            }
        }
        return slicing
    }

    /// Cuts the entry to caps + centre and makes it resizable (caps in points). Caps and centre
    /// wider (taller) than the file have their caps scaled down to fit (docs/ASSETS.md §Image
    /// sets); the warning that says so is returned.
    private static func apply(_ s: Slicing, to entry: inout ImageEntry, file: String, drawnAt: Int?) -> String? {
        let file = "\"\(file)\"" + (drawnAt.map { " drawn at \($0)x" } ?? "")
        var warnings: [String] = []
        func fit(_ side: Int, _ near: Int, _ far: Int, _ given: Int?, _ names: (String, String, String, String))
            -> (near: Int, centre: Int, far: Int)
        {
            let centre = given ?? max(side - near - far, 0)
            guard near + centre + far > side else { return (near, centre, far) }
            // The centre keeps its pixels (one where none is given) and the caps share the rest
            // in proportion, each rounded down.
            let kept = min(given ?? 1, side), room = side - kept, caps = near + far
            let (n, f) = caps == 0 ? (0, 0) : (near * room / caps, far * room / caps)
            let (nearName, farName, centreName, sideName) = names
            warnings.append(
                "\(nearName) cap \(near)\(given.map { " + centre \(centreName) \($0)" } ?? "") + \(farName) cap \(far) "
                    + "pixels exceed the \(sideName) of \(file) (\(side) pixel\(side == 1 ? "" : "s")): ivsim scales the caps "
                    + "down to \(n) and \(f) pixels")
            return (n, kept, f)
        }
        let (w, h) = (entry.fileWidth, entry.fileHeight)
        let (t, l, b, r) = (s.caps[0], s.caps[1], s.caps[2], s.caps[3])
        var caps = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        if s.horizontal {
            let (left, centre, right) = fit(w, l, r, s.centerWidth, ("left", "right", "width", "width"))
            entry.columns = [0..<(left + centre), (w - right)..<w]
            (caps.left, caps.right) = (Double(left) / entry.scale, Double(right) / entry.scale)
        }
        if s.vertical {
            let (top, centre, bottom) = fit(h, t, b, s.centerHeight, ("top", "bottom", "height", "height"))
            entry.rows = [0..<(top + centre), (h - bottom)..<h]
            (caps.top, caps.bottom) = (Double(top) / entry.scale, Double(bottom) / entry.scale)
        }
        entry.capInsets = caps
        entry.resizingMode = s.mode
        guard !warnings.isEmpty else { return nil }
        return warnings.joined(separator: "; ")
            + " (Xcode's slicing editor keeps slices inside the image; how actool compiles slicing that does not fit is "
            + "not documented)"
    }
}
