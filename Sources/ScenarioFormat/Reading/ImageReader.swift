import AssetCatalogs
import Foundation
import ImageViews
import PNGCodec
import Raster
import Symbols
import Syntax
import Vector

/// Reads the "images" object: each name to a file, a generated image, an image derived `from`
/// another, an `animated` sequence of others, or an `asset` registering others with traits (none
/// of which may lead back to itself), each optionally changed by the UIImage methods' keys
/// (docs/SCENARIOS.md §Images).
struct ImageReader {
    /// How deep images may derive from images (`from`, animation frames): a chain is resolved
    /// recursively, and UIKit code makes images from images a handful of steps deep.
    static let maxDerivationDepth = 32
    /// Frames of one animated image (a GIF's worth; each frame is a reference, its pixels shared).
    static let maxFrames = 1_000
    enum Kind {
        case file(path: String, node: JSONNode)
        /// UIImage(named:), or UIImage(named:in:compatibleWith:) with `bundle` (one of `bundles`).
        case named(name: String, node: JSONNode, bundle: (name: String, node: JSONNode)?)
        /// UIImage(systemName:).
        case systemName(name: String, node: JSONNode)
        case generate(width: Int, height: Int, pixels: () -> [UInt8])
        case derived(base: String, node: JSONNode)
        case animated(frames: [(name: String, node: JSONNode)], duration: Double)
        /// UIImage.animatedImageNamed(_:duration:): the images `name`0 … `name`1024 that exist.
        case animatedNamed(name: String, node: JSONNode, duration: Double)
        case asset([ImageAssetRegistration])
        /// A UIGraphicsImageRenderer drawing, and where each image it draws is named.
        case draw(DrawingRecipe, references: [(name: String, node: JSONNode, use: DrawnImageUse)])
        /// An image of a view, made per variant after layout (SnapshotImages).
        case snapshot(viewID: String, scale: Int?, rect: Rect?, capInsets: EdgeInsets?, node: JSONNode)
        /// A Core Image chain's output, and where each image it reads is named.
        case coreImage(CoreImageRecipe, references: [(name: String, node: JSONNode)])
        /// A CGImage masked by an image, an image mask or colour ranges (MaskingRecipe).
        case masking(MaskingRecipe)

        /// The images this one is made from.
        var bases: [String] {
            switch self {
            case let .derived(base, _): [base]
            case let .animated(frames, _): frames.map(\.name)
            case let .asset(registrations): registrations.map(\.image)
            case let .draw(_, references): references.map(\.name)
            case let .coreImage(_, references): references.map(\.name)
            case let .masking(recipe): recipe.references.map(\.name)
            case .file, .named, .systemName, .generate, .snapshot, .animatedNamed: []
            }
        }
    }

    /// The UIImage methods a source may apply, in the order they apply.
    private struct Modifiers {
        /// `cgImage.cropping(to:)` made into a new UIImage: before every method below.
        var crop: Crop?
        var cropNode: JSONNode?
        var scale: Double?
        var orientation: ImageOrientation?
        var horizontallyFlipped = false
        var capInsets: EdgeInsets?
        var resizingMode: ResizingMode?
        /// Where `resizingMode` was given, to report it on an image without cap insets.
        var resizingModeNode: JSONNode?
        var alignmentRectInsets: EdgeInsets?
        var renderingMode: RenderingMode?
        var tintColor: Color?
        var flipsForRightToLeftLayoutDirection: Bool?
        /// withBaselineOffset(fromBottom:).
        var baselineOffsetFromBottom: Double?
        /// `withConfiguration(_:)` on a symbol image (made before the methods above apply).
        var symbolConfiguration: SymbolSettings?
        var symbolConfigurationNode: JSONNode?
        /// The traits the image is made for (`traits`: UIImage(named:in:compatibleWith:),
        /// imageAsset.image(with:)), which its variants are resolved with in place of the view's.
        var fixedTraits: TraitTest?

        /// Applies the methods to `image`, to each variant of a named image and, for an animated
        /// image, to each of its frames (whichever is shown, UIKit applied the methods to it).
        func apply(to image: inout Image) {
            if let fixedTraits { image.fixedTraits = fixedTraits }
            image.modify { image in
                // UIImage(cgImage:scale:orientation:) makes a new image: no baseline of the old one's.
                if scale != nil || orientation != nil { image.baselineOffsetFromBottom = nil }
                if let scale { image.scale = scale }
                if let orientation { image.orientation = orientation }
                if horizontallyFlipped { image.orientation = image.orientation.horizontallyFlipped }
                if let capInsets {
                    image.capInsets = capInsets
                    image.resizingMode = resizingMode ?? .tile
                } else if let resizingMode {
                    image.resizingMode = resizingMode
                }
                if let alignmentRectInsets { image.alignmentRectInsets = alignmentRectInsets }
                if let renderingMode { image.renderingMode = renderingMode }
                if let tintColor { image.tintColor = tintColor }
                if let flipsForRightToLeftLayoutDirection {
                    image.flipsForRightToLeftLayoutDirection = flipsForRightToLeftLayoutDirection
                }
                if let baselineOffsetFromBottom { image.baselineOffsetFromBottom = baselineOffsetFromBottom }
            }
        }
    }

    let folder: URL
    let assets: NamedAssets
    let colors: ColorReader
    let d: Diagnostics
    private var specs: [(name: String, node: JSONNode, kind: Kind, modifiers: Modifiers)] = []
    /// Where each name is in `specs` and `order` (lookups only: reading stays linear in images).
    private var specIndex: [String: Int] = [:]
    private var declared: Set<String> = []
    /// The scenario's `image-bytes` budget, shared with the asset lookups that decode files.
    let budget: PixelBudget
    private var resolved: [String: Image] = [:]
    /// Names that failed to resolve (reported once).
    private var failed: Set<String> = []
    /// Per resolved image: how many derivations deep it is (0 for a file, named or generated image).
    private var depths: [String: Int] = [:]
    /// Names given in file order (so that nothing depends on dictionary order).
    private(set) var order: [String] = []
    /// How each symbol image was made (`symbolConfiguration` on an image derived from it makes it again).
    private var symbolRecipes: [String: SymbolRecipe] = [:]
    /// `snapshot` images in file order, with the node of their `view` (SnapshotImages).
    private(set) var snapshotRequests: [(request: SnapshotRequest, node: JSONNode)] = []

    /// The content size categories images are fixed to (`"traits"` on an image).
    var fixedContentSizeCategories: [ContentSizeCategory] {
        specs.compactMap { $0.modifiers.fixedTraits?.preferredContentSizeCategory }
    }

    init(folder: URL, assets: NamedAssets, diagnostics: Diagnostics) {
        self.folder = folder
        self.assets = assets
        budget = PixelBudget(diagnostics)
        assets.budget = budget
        colors = ColorReader(assets: assets, d: diagnostics)
        d = diagnostics
    }

    /// Reads and resolves every image of `node`.
    mutating func read(_ node: JSONNode) {
        guard case let .object(members) = node.value else {
            d.error(
                node,
                "expected the images (an object mapping names to image sources), found \(node.value.kindDescription)")
            return
        }
        var generatedBytes = 0  // generated images' pixels, known before any is made
        for member in members {
            order.append(member.key)
            declared.insert(member.key)
            if member.key.isEmpty {
                d.error(at: member.keyLocation, path: member.value.path, "image names must not be empty")
                continue
            }
            if let (kind, modifiers) = readSpec(member.value) {
                if case let .generate(w, h, _) = kind {
                    generatedBytes += w * h * PixelBudget.bytesPerPixel
                    if generatedBytes > d.limits.imageBytes {
                        d.error(
                            member.value,
                            "the generated images up to this one need \(PixelBudget.mebibytes(generatedBytes)) of pixels, more than the "
                                + "\(PixelBudget.mebibytes(d.limits.imageBytes)) one scenario may hold so that a run stays within memory: "
                                + "generate smaller images, or split the scenario" + ScenarioLimits.raise("image-bytes")
                        )
                        break  // refused before any pixel is made
                    }
                }
                specIndex[member.key] = specIndex[member.key] ?? specs.count
                specs.append((member.key, member.value, kind, modifiers))
            }
        }
        if generatedBytes > d.limits.imageBytes { return }
        for entry in specs {
            var chain: [String] = []
            _ = resolve(entry.name, chain: &chain)
        }
    }

    /// The image whose Core Image chain rendered `name` (a UIImage(ciImage:)): `name` itself, or
    /// the first image up its `from` derivations that is not derived from another without a CGImage.
    func ciImageOrigin(of name: String) -> String {
        var current = name
        var seen: Set<String> = [name]
        while let index = specIndex[current], case let .derived(base, _) = specs[index].kind,
            resolved[base]?.hasNoCGImage == true, seen.insert(base).inserted
        {
            current = base
        }
        return current
    }

    /// The image called `name`, if it was read without errors.
    func image(_ name: String) -> Image? { resolved[name] }

    /// How the symbol image called `name` was made, if it is one.
    func symbolRecipe(named name: String) -> SymbolRecipe? { symbolRecipes[name] }

    /// Every image that resolved, in file order.
    var images: [Image] { order.compactMap { resolved[$0] } }

    /// Whether `name` is a snapshot (made for each variant after layout, so nothing made when
    /// the scenario loads can use its pixels).
    func isSnapshot(_ name: String) -> Bool {
        guard let index = specIndex[name], case .snapshot = specs[index].kind else { return false }
        return true
    }

    /// The refusal of snapshot `name` where something made before layout needs it (`why`).
    static func snapshotRefusal(_ name: String, _ why: String) -> String {
        "\"\(name)\" is a snapshot, made for each variant after layout: image views can show it (image, "
            + "highlightedImage), but \(why)"
    }

    /// Looks up an image reference, reporting unknown names with a suggestion.
    func reference(_ node: JSONNode) -> Image? {
        guard let name = Read.string(node, d, what: "an image name") else { return nil }
        if let image = resolved[name] { return image }
        if declared.contains(name) { return nil }  // declared but failed: already reported
        let suggestion = Suggestions.didYouMean(name, among: order)
        d.error(
            node,
            "unknown image \"\(name)\""
                + (suggestion.isEmpty
                    ? (order.isEmpty ? " (the scenario declares no images)" : " (declared: \(Listing.names(order)))")
                    : suggestion))
        return nil
    }

    /// A list of image references (animation frames).
    /// A view's `animationImages` (at most `maxFrames`, as an animated image: a refusal before
    /// any is looked up).
    func references(_ node: JSONNode, what: String) -> [Image]? {
        guard let items = Read.array(node, d, what: what) else { return nil }
        guard items.count <= ImageReader.maxFrames else {
            d.error(
                node,
                "\(items.count) \(what), more than the \(ImageReader.maxFrames) a view may animate through (docs/LIMITS.md)"
            )
            return nil
        }
        let images = items.compactMap(reference)
        return images.count == items.count ? images : nil
    }

    /// Edge insets: [top, left, bottom, right] or {"top": …, "left": …} (missing edges 0); with
    /// `keys` ScenarioKeys.directionalInsets, directional ones with leading in `left` and trailing
    /// in `right`.
    static func insets(
        _ node: JSONNode, _ d: Diagnostics, minimum: Double = ScenarioLimits.inset.lowerBound,
        keys: [String] = ScenarioKeys.insets
    ) -> EdgeInsets? {
        let range = minimum...ScenarioLimits.inset.upperBound
        if case .object = node.value {
            guard
                let object = ObjectReader(
                    node, allowed: keys, what: keys == ScenarioKeys.insets ? "edge insets" : "directional insets", d)
            else { return nil }
            var values = [0.0, 0.0, 0.0, 0.0]
            for (i, key) in keys.enumerated() {
                if let n = object[key] {
                    guard let v = Read.number(n, d, in: range, what: "an inset in points") else { return nil }
                    values[i] = v
                }
            }
            return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
        }
        guard
            let v = Read.numbers(
                node, d, count: 4, in: range, what: "insets [\(keys.joined(separator: ", "))] in points")
        else { return nil }
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    private func readSpec(_ node: JSONNode) -> (Kind, Modifiers)? {
        guard let object = ObjectReader(node, allowed: ScenarioKeys.imageSource, what: "an image source", d) else {
            return nil
        }
        let kinds = ScenarioKeys.imageKinds.filter(object.has)
        guard kinds.count == 1 else {
            let listed =
                ScenarioKeys.imageKinds.dropLast().map { "\"\($0)\"" }.joined(separator: ", ")
                + " or \"\(ScenarioKeys.imageKinds.last!)\""
            d.error(
                node,
                kinds.isEmpty
                    ? "an image needs one of \(listed)"
                    : "an image takes one of \(listed), not \(kinds.map { "\"\($0)\"" }.joined(separator: " and "))")
            return nil
        }
        guard let modifiers = readModifiers(object) else { return nil }
        if let node = object["traits"], kinds[0] != "named", kinds[0] != "from" {
            d.error(
                node,
                "\"traits\" goes with \"named\" (UIImage(named:in:compatibleWith:)) or \"from\" (imageAsset.image(with:)), "
                    + "not with \"\(kinds[0])\"")
            return nil
        }
        if let node = object["bundle"], kinds[0] != "named" {
            d.error(
                node, "\"bundle\" goes with \"named\" (UIImage(named:in:compatibleWith:)), not with \"\(kinds[0])\"")
            return nil
        }
        switch kinds[0] {
        case "file":
            guard let path = Read.string(object.at("file"), d, what: "a file path") else { return nil }
            return (.file(path: path, node: object.at("file")), modifiers)
        case "named":
            guard let name = Read.string(object.at("named"), d, what: "an image name") else { return nil }
            var bundle: (name: String, node: JSONNode)?
            if let node = object["bundle"] {
                guard let bundleName = Read.string(node, d, what: "a bundle's name (one of the scenario's \"bundles\")")
                else { return nil }
                bundle = (bundleName, node)
            }
            return (.named(name: name, node: object.at("named"), bundle: bundle), modifiers)
        case "systemName":
            guard let name = Read.string(object.at("systemName"), d, what: "a symbol name") else { return nil }
            return (.systemName(name: name, node: object.at("systemName")), modifiers)
        case "classProperty":
            // UIImage's preconfigured system images: which symbol each is, Apple does not say, so
            // the template is looked up under the property's own name (docs/SYMBOLS.md).
            let node = object.at("classProperty")
            guard let property = Read.name(node, d, among: ScenarioKeys.classProperties, what: "UIImage class property")
            else { return nil }
            return (.systemName(name: "UIImage." + property, node: node), modifiers)
        case "generate":
            return readGenerator(object.at("generate")).map { ($0, modifiers) }
        case "from":
            guard let base = Read.string(object.at("from"), d, what: "an image name") else { return nil }
            return (.derived(base: base, node: object.at("from")), modifiers)
        case "asset":
            return ImageAssetRegistration.read(object.at("asset"), d).map { (.asset($0), modifiers) }
        case "snapshot":
            return readSnapshot(object).map { ($0, modifiers) }
        case "coreImage":
            let reader = CoreImageReader(d: d)
            guard let recipe = reader.read(object.at("coreImage")) else { return nil }
            if recipe.route == .ciImage, let node = modifiers.cropNode {
                d.error(
                    node,
                    "UIImage(ciImage:) has no CGImage to crop (its cgImage is nil): crop in the chain with a last filter "
                        + "{\"filter\": \"CICrop\", \"inputRectangle\": [x, y, width, height]}, or render it with \"render\": \"cgImage\""
                )
                return nil
            }
            return (.coreImage(recipe, references: reader.references), modifiers)
        case "masking":
            return MaskingRecipe.read(object.at("masking"), d).map { (.masking($0), modifiers) }
        case "draw":
            guard let recipe = DrawReader(colors: colors, d: d).read(object.at("draw")) else { return nil }
            return (.draw(recipe, references: DrawReader.imageReferences(object.at("draw"))), modifiers)
        default:
            guard
                let animated = ObjectReader(
                    object.at("animated"), allowed: ScenarioKeys.animated, what: "an animated image", d)
            else { return nil }
            if let namedNode = animated["named"] {
                return animatedNamed(animated, namedNode).map { ($0, modifiers) }
            }
            guard
                let framesNode = animated.required(
                    "frames", d, hint: " (image names, in order), or \"named\" (animatedImageNamed(_:duration:))"),
                let frames = Read.array(framesNode, d, what: "animation frames")
            else { return nil }
            guard frames.count <= ImageReader.maxFrames else {
                d.error(
                    framesNode,
                    "\(frames.count) animation frames, more than the \(ImageReader.maxFrames) an animated image may have "
                        + "(docs/LIMITS.md): use fewer frames")
                return nil
            }
            var duration = 0.0
            if let n = animated["duration"] {
                guard let value = Read.number(n, d, in: ScenarioLimits.seconds, what: "a duration in seconds") else {
                    return nil
                }
                duration = value
            }
            var names: [(String, JSONNode)] = []
            for frame in frames {
                guard let name = Read.string(frame, d, what: "an image name") else { return nil }
                names.append((name, frame))
            }
            return (.animated(frames: names, duration: duration), modifiers)
        }
    }

    private func readModifiers(_ object: ObjectReader) -> Modifiers? {
        var m = Modifiers()
        var ok = true
        func check<T>(_ value: T?) -> T? {
            if value == nil { ok = false }
            return value
        }
        if let n = object["traits"] {
            m.fixedTraits = check(TraitTest.read(n, what: "the traits the image is made for", d))
        }
        if let n = object["crop"] {
            m.cropNode = n
            m.crop = check(
                Read.numbers(
                    n, d, count: 4, in: ScenarioLimits.coordinate, what: "[x, y, width, height] in the image's pixels"
                )
                .map(Crop.init(rect:)))
        }
        if let n = object["scale"] {
            m.scale = check(Read.number(n, d, in: ScenarioLimits.imageScale, what: "a scale"))
        }
        if let n = object["orientation"] {
            m.orientation = check(
                Read.name(n, d, among: ImageOrientation.allCases.map(\.name), what: "orientation").flatMap(
                    ImageOrientation.init(name:)))
        }
        if let n = object["horizontallyFlipped"], let flipped = check(Read.bool(n, d)) {
            if flipped {
                m.horizontallyFlipped = true
            } else {
                d.error(n, "\"horizontallyFlipped\": false does nothing: leave the key out")
                ok = false
            }
        }
        if let n = object["capInsets"] { m.capInsets = check(Self.insets(n, d, minimum: 0)) }
        if let n = object["resizingMode"] {
            m.resizingModeNode = n
            m.resizingMode = check(
                Read.name(n, d, among: ResizingMode.allCases.map(\.rawValue), what: "resizing mode").flatMap(
                    ResizingMode.init(rawValue:)))
        }
        if let n = object["alignmentRectInsets"] { m.alignmentRectInsets = check(Self.insets(n, d)) }
        if let n = object["renderingMode"] {
            m.renderingMode = check(
                Read.name(n, d, among: RenderingMode.allCases.map(\.rawValue), what: "rendering mode").flatMap(
                    RenderingMode.init(rawValue:)))
        }
        if let n = object["tintColor"] { m.tintColor = check(colors.read(n)) }
        if let n = object["flipsForRightToLeftLayoutDirection"] {
            m.flipsForRightToLeftLayoutDirection = check(Read.bool(n, d))
        }
        if let n = object["baselineOffsetFromBottom"] {
            m.baselineOffsetFromBottom = check(
                Read.number(n, d, in: ScenarioLimits.inset, what: "a baseline offset in points"))
        }
        if let n = object["symbolConfiguration"] {
            m.symbolConfigurationNode = n
            m.symbolConfiguration = check(symbolConfiguration(n))
        }
        return ok ? m : nil
    }

    private func readGenerator(_ node: JSONNode) -> Kind? {
        guard let object = ObjectReader(node, allowed: ScenarioKeys.generators, what: "an image generator", d) else {
            return nil
        }
        let kinds = ScenarioKeys.generators.filter(object.has)
        guard kinds.count == 1, let kind = kinds.first, let body = object[kind] else {
            // Only unknown keys: they were reported with a suggestion already.
            if !(kinds.isEmpty && !object.members.isEmpty) {
                d.error(node, "\"generate\" takes exactly one of: \(ScenarioKeys.generators.joined(separator: ", "))")
            }
            return nil
        }
        let allowed: [String] =
            switch kind {
            case "solid": ScenarioKeys.solid
            case "checkerboard": ScenarioKeys.checkerboard
            case "linearGradient": ScenarioKeys.linearGradient
            case "path": ScenarioKeys.pathGenerator
            default: ScenarioKeys.indexGrid
            }
        guard let params = ObjectReader(body, allowed: allowed, what: "a \(kind) generator", d),
            let sizeNode = params.required("size", d, hint: " (the image's [width, height] in pixels)"),
            let size = Read.numbers(
                sizeNode, d, count: 2, in: ScenarioLimits.generatedPixels, integer: true,
                what: "[width, height] in pixels")
        else { return nil }
        let (w, h) = (Int(size[0]), Int(size[1]))
        func twoColors() -> (RGBA, RGBA)? {
            guard let node = params.required("colors", d, hint: " (two colours)"),
                let items = Read.array(node, d, what: "two colours")
            else { return nil }
            guard items.count == 2 else {
                d.error(node, "expected two colours, found \(items.count)")
                return nil
            }
            guard let a = colors.read(items[0], allowDynamic: false),
                let b = colors.read(items[1], allowDynamic: false)
            else { return nil }
            return (a.resolved(Traits()), b.resolved(Traits()))
        }
        switch kind {
        case "solid":
            guard let colorNode = params.required("color", d),
                let color = colors.read(colorNode, allowDynamic: false)
            else { return nil }
            return .generate(
                width: w, height: h,
                pixels: { ImageGenerator.solid(width: w, height: h, color: color.resolved(Traits())) })
        case "checkerboard":
            guard let cellNode = params.required("cell", d, hint: " (the square's side in pixels)"),
                let cell = Read.number(
                    cellNode, d, in: ScenarioLimits.generatedPixels, integer: true, what: "a cell size in pixels"),
                let colors = twoColors()
            else { return nil }
            return .generate(
                width: w, height: h,
                pixels: {
                    ImageGenerator.checkerboard(width: w, height: h, cell: Int(cell), colors: colors)
                })
        case "linearGradient":
            var vertical = false
            if let directionNode = params["direction"] {
                guard let direction = Read.name(directionNode, d, among: ScenarioKeys.directions, what: "direction")
                else { return nil }
                vertical = direction == "vertical"
            }
            guard let colors = twoColors() else { return nil }
            return .generate(
                width: w, height: h,
                pixels: {
                    ImageGenerator.linearGradient(width: w, height: h, colors: colors, vertical: vertical)
                })
        case "path":
            guard
                let dNode = params.required(
                    "d", d, hint: " (SVG path data, e.g. \"M 0 0 L 10 0 L 0 10 Z\", in the image's pixels)"),
                let text = Read.string(dNode, d, what: "SVG path data"),
                let colorNode = params.required("color", d),
                let color = colors.read(colorNode, allowDynamic: false)
            else { return nil }
            var rule = FillRule.nonZero
            if let ruleNode = params["fillRule"] {
                guard let value: FillRule = Read.value(ruleNode, d, among: ScenarioKeys.fillRules, what: "fill rule")
                else {
                    return nil
                }
                rule = value
            }
            let data: PathData
            do throws(PathData.Failure) {
                data = try PathData(text)
            } catch {
                d.error(dNode, "path data, at character \(error.offset + 1): \(error.message)")
                return nil
            }
            // Bounded before anything is flattened or drawn (docs/LIMITS.md).
            let path = data.path(scale: 1)
            guard path.lineCount <= ScenarioLimits.pathLines else {
                d.error(
                    dNode,
                    "the path flattens to \(path.lineCount) lines, more than the \(ScenarioLimits.pathLines) a generated path may "
                        + "have (docs/LIMITS.md): use fewer or flatter curves")
                return nil
            }
            guard CoverageRasterizer.work(path, width: w, height: h) <= ScenarioLimits.pathSteps else {
                d.error(
                    dNode,
                    "the path crosses more pixel rows and columns than a generated path may (\(ScenarioLimits.pathSteps), "
                        + "docs/LIMITS.md): use fewer or shorter lines")
                return nil
            }
            return .generate(
                width: w, height: h,
                pixels: {
                    ImageGenerator.path(width: w, height: h, path: path, rule: rule, color: color.resolved(Traits()))
                })
        default:
            return .generate(width: w, height: h, pixels: { ImageGenerator.indexGrid(width: w, height: h) })
        }
    }

    private mutating func resolve(_ name: String, chain: inout [String]) -> Image? {
        if let image = resolved[name] { return image }
        if failed.contains(name) { return nil }
        guard let entry = specIndex[name].map({ specs[$0] }) else { return nil }
        if let start = chain.firstIndex(of: name) {
            let cycle = chain[start...] + [name]
            d.error(entry.node, "images derive from each other in a cycle: \(cycle.joined(separator: " → "))")
            return nil
        }
        // Recursion is bounded by the depth limit (a long chain is refused, never a deep stack).
        guard chain.count <= ImageReader.maxDerivationDepth else {
            d.error(
                entry.node,
                "\"\(chain[0])\" is derived more than \(ImageReader.maxDerivationDepth) images deep, the most a scenario may "
                    + "chain (docs/LIMITS.md): derive from the original image instead")
            failed.formUnion(chain + [name])
            return nil
        }
        chain.append(name)
        defer { chain.removeLast() }
        var image: Image?
        switch entry.kind {
        case let .file(path, node):
            do throws(AssetFile.Failure) {
                let url = try assets.area.resolve(path)
                if AssetFile.isVector(path) {
                    image = vectorFile(url, path: path, name: name, scale: entry.modifiers.scale, node: node)
                } else if entry.modifiers.scale == nil && (url.pathExtension as String).lowercased() == "png" {
                    // UIImage(contentsOfFile:): the file and its @2x/@3x, ~iphone/~ipad siblings.
                    image = assets.imageFile(path, name: name, node: node)
                } else {
                    // UIImage(data:scale:): this file only (decoded once a run, however many images name it).
                    let header = try AssetFile.header(url, shownAs: path)
                    if budget.admit(
                        [(url.standardizedFileURL.resolvingSymlinksInPath().path, header.width, header.height)],
                        at: node)
                    {
                        switch assets.decode(url, path, false) {
                        case let .success(file):
                            if let warning = file.profileWarning(shownAs: path) {
                                d.warning(node, kind: WarningKinds.colorProfile, warning)
                            }
                            image = Image(
                                name: name, pixels: file.pixels,
                                scale: AssetFile.scale(fromName: url.lastPathComponent),
                                orientation: file.orientation
                            ).withSource(path)
                        case let .failure(failure):
                            throw failure
                        }
                    }
                }
            } catch {
                d.error(node, error.message)
            }
        case let .named(lookup, node, bundle):
            // UIImage(named:in:) looks in that bundle only.
            guard let assets = bundle.map({ assets.inBundle($0.name, node: $0.node) }) ?? assets else { break }
            // UIImage(named:) finds a custom symbol when no image set has the name.
            let symbol = assets.hasImageSet(named: lookup) ? .notFound : assets.symbolSet(named: lookup, node: node)
            switch symbol {
            case .notFound:
                image = assets.image(named: lookup, node: node)
                image?.rename(name)
            case let .found(found):
                image = makeSymbol(SymbolRecipe(found: found, symbolName: lookup, configuration: .init()), entry, name)
            case .failed: break
            }
        case let .systemName(lookup, node):
            if case let .found(found) = assets.systemSymbol(named: lookup, node: node) {
                image = makeSymbol(SymbolRecipe(found: found, symbolName: lookup, configuration: .init()), entry, name)
            }
        case let .generate(w, h, pixels):
            // Refused before its pixels are made.
            if budget.reserve(w * h * PixelBudget.bytesPerPixel, for: "\(w) × \(h) px", at: entry.node) {
                // Opaque, without an alpha channel, when every pixel is: as a PNG of these pixels in
                // its smallest colour type declares it (docs/SCENARIOS.md §generate).
                let bitmap = Bitmap(width: w, height: h, straightRGBA: pixels())
                let source = SourceImage(bitmap, opaque: bitmap.everyPixelOpaque)
                budget.markCharged(source)  // already counted
                image = Image(name: name, pixels: source)
            }
        case let .derived(base, node):
            if let baseImage = dependency(base, node: node, of: name, role: "to derive from", chain: &chain) {
                image = baseImage
                image?.rename(name)  // each variant too: whichever is shown bears this name
                if let recipe = symbolRecipes[base] {
                    if entry.modifiers.symbolConfiguration != nil {
                        image = makeSymbol(recipe, entry, name).map {
                            Self.replacingSymbolDrawing(of: baseImage, with: $0)
                        }
                        image?.rename(name)
                    } else {
                        symbolRecipes[name] = recipe
                    }
                }
            }
        case let .animated(frames, duration):
            var images: [Image] = []
            for (frame, node) in frames {
                guard let frameImage = dependency(frame, node: node, of: name, role: "as a frame", chain: &chain) else {
                    break
                }
                // A frame is a still image (UIImage.animatedImage(with:duration:) takes images; what
                // it does with an animated one is not documented): refused, which also keeps the
                // frames of frames from multiplying (1,000 of 1,000 of 1,000 was a billion).
                guard frameImage.frames.isEmpty else {
                    d.error(
                        node,
                        "\"\(frame)\" is itself animated: the frames of an animated image are still images (name \"\(frame)\"'s own "
                            + "frames here instead)")
                    break
                }
                images.append(frameImage)
            }
            if images.count == frames.count {
                image = Image.animated(name: name, frames: images, duration: duration)  // 0: never plays
            }
        case let .animatedNamed(lookup, node, duration):
            image = animatedNamedImage(lookup, node: node, duration: duration, name: name)
        case let .asset(registrations):
            var registered: [(ImageAssetRegistration, Image)] = []
            for registration in registrations {
                guard
                    let image = dependency(
                        registration.image, node: registration.imageNode, of: name, role: "to register",
                        chain: &chain)
                else { break }
                registered.append((registration, image))
            }
            if registered.count == registrations.count {
                image = ImageAssetRegistration.image(name: name, registered, d)
            }
        case let .snapshot(viewID, scale, rect, capInsets, node):
            let request = SnapshotRequest(
                name: name, viewID: viewID, scale: scale, rect: rect, capInsets: capInsets,
                placeholder: SourceImage(Bitmap(width: 1, height: 1), opaque: false))
            snapshotRequests.append((request, node))
            image = request.placeholderImage
        case let .draw(recipe, references):
            // Every reference is looked up (each problem reported), then the drawing is made. An
            // image's fitness for a use is found once, however many operations name it (3,000
            // clips to one 4096² mask checked its pixels 3,000 times: 40 s, attack round 16).
            var drawn: [String: Image] = [:]
            var problems: [DrawnImageCheck: String?] = [:]
            var ok = true
            for (base, node, use) in references {
                guard
                    let baseImage = drawn[base]
                        ?? dependency(base, node: node, of: name, role: "to draw", chain: &chain)
                else {
                    ok = false
                    continue
                }
                drawn[base] = baseImage
                let check = DrawnImageCheck(name: base, use: use)
                let found = problems[check] ?? Self.drawnImageProblem(baseImage, use: use)
                problems[check] = .some(found)
                if let problem = found {
                    d.error(node, problem)
                    ok = false
                }
            }
            if ok {
                image = renderDrawing(recipe, name: name, images: drawn, node: entry.node)
            }
        case let .masking(recipe):
            var read: [Image] = []
            for (base, node) in recipe.references {
                guard let baseImage = dependency(base, node: node, of: name, role: "to mask", chain: &chain) else {
                    continue
                }
                if baseImage.hasNoCGImage {
                    d.error(node, Self.noCGImage(base, "to mask", origin: ciImageOrigin(of: base)))
                    continue
                }
                read.append(baseImage)
            }
            if read.count == recipe.references.count {
                image = masked(recipe, base: read[0], mask: read.dropFirst().first, name: name, node: entry.node)
            }
        case let .coreImage(recipe, references):
            var inputs: [String: Image] = [:]
            for (base, node) in references where inputs[base] == nil {
                guard
                    let baseImage = dependency(base, node: node, of: name, role: "as a Core Image input", chain: &chain)
                else { continue }
                inputs[base] = baseImage
            }
            if inputs.count == references.count {
                image = renderCoreImage(recipe, name: name, inputs: inputs, node: entry.node)
            }
        }
        if image != nil, symbolRecipes[name] == nil, let node = entry.modifiers.symbolConfigurationNode {
            d.error(
                node,
                "\"symbolConfiguration\" applies to symbol images (\"systemName\", a symbol set by \"named\", or one derived "
                    + "\"from\" them); this image is not a symbol, so UIKit would ignore it: leave it out")
            image = nil
        }
        // A crop makes a new image without the base's cap insets.
        if let made = image, entry.modifiers.capInsets == nil && (made.capInsets == nil || entry.modifiers.crop != nil),
            let node = entry.modifiers.resizingModeNode
        {
            d.error(
                node,
                "\"resizingMode\" needs \"capInsets\": the image is not resizable (add \"capInsets\"; [0, 0, 0, 0] makes the whole image the part that tiles or stretches)"
            )
            image = nil
        }
        // How many derivations deep the image is (its bases resolved, even when earlier).
        let depth = 1 + (entry.kind.bases.compactMap { depths[$0] }.max() ?? -1)
        if image != nil && depth > ImageReader.maxDerivationDepth {
            d.error(
                entry.node,
                "\"\(name)\" is derived \(depth) images deep, more than the \(ImageReader.maxDerivationDepth) a scenario may "
                    + "chain (docs/LIMITS.md): derive from the original image instead")
            image = nil
        }
        if let made = image, made.hasNoCGImage, let node = entry.modifiers.cropNode {
            d.error(node, Self.noCGImage(name, "to crop", origin: ciImageOrigin(of: name)))
            image = nil
        }
        if let made = image, let crop = entry.modifiers.crop, let node = entry.modifiers.cropNode,
            !Self.reserveCrop(crop, of: made, budget: budget, at: node)
        {
            image = nil  // refused (reported) before its pixels were made
        } else if let made = image, let crop = entry.modifiers.crop, let node = entry.modifiers.cropNode {
            switch crop.apply(toEvery: made) {
            case let .success(cropped):
                for shown in [cropped] + cropped.variants.map(\.value) { budget.markCharged(shown.pixels) }
                image = cropped
                symbolRecipes[name] = nil  // a cropped CGImage is no longer a symbol
            case .failure(.animated):
                d.error(
                    node,
                    "an animated image has no CGImage to crop (UIImage.cgImage is nil): crop one of its frames, then animate the crops"
                )
                image = nil
            case let .failure(.outside(width, height, source)):
                d.error(
                    node,
                    "the crop rectangle does not overlap the \(width) × \(height) stored pixels of \(source.map { "\"\($0)\"" } ?? "the image"), "
                        + "so CGImage.cropping(to:) returns nil (the rectangle is in pixels of the image as stored, before its orientation "
                        + "and scale; a named or file image is cropped in every variant, so it must overlap each)")
                image = nil
            case .failure(.empty):
                d.error(
                    node,
                    "the crop rectangle has no area (a width or height of 0), so CGImage.cropping(to:) returns nil")
                image = nil
            }
        }
        if entry.modifiers.scale != nil || entry.modifiers.orientation != nil {
            symbolRecipes[name] = nil  // UIImage(cgImage:scale:orientation:): a new image, not a symbol to remake
        }
        if budget.drawingRefused {
            // A drawing of this image was refused when the scenario's drawing work ran out.
            budget.drawingRefused = false
            budget.refuseDrawingWork(at: entry.node)
            image = nil
        }
        if var made = image {
            entry.modifiers.apply(to: &made)
            image = budget.charge(made, at: entry.node) ? made : nil
        }
        if let made = image {
            resolved[name] = made
            depths[name] = depth
            return made
        }
        failed.insert(name)
        return nil
    }

    /// The symbol of `recipe` at the configuration `entry` applies to it, remembered as `name`'s recipe.
    private mutating func makeSymbol(
        _ recipe: SymbolRecipe, _ entry: (name: String, node: JSONNode, kind: Kind, modifiers: Modifiers),
        _ name: String
    ) -> Image? {
        var recipe = recipe
        if let settings = entry.modifiers.symbolConfiguration {
            recipe = recipe.applying(settings)
        }
        symbolRecipes[name] = recipe
        return symbolImage(recipe, name: name, node: entry.node)
    }

    /// Counts a crop's pixels (of the image and each variant) before they are made, as a generated
    /// image's are: false, reported at `node`, past the budget (a 4096² crop refused at the budget
    /// was made first, attack round 16). A crop that will fail (no overlap, animated) reserves
    /// nothing and fails as it does.
    static func reserveCrop(_ crop: Crop, of image: Image, budget: PixelBudget, at node: JSONNode) -> Bool {
        guard image.frames.isEmpty else { return true }
        var bytes = 0, sizes: [String] = []
        for shown in [image] + image.variants.map(\.value) {
            guard let area = crop.pixels(inWidth: shown.pixels.width, height: shown.pixels.height) else { return true }
            bytes += area.x.count * area.y.count * PixelBudget.bytesPerPixel
            sizes.append("\(area.x.count) × \(area.y.count) px")
        }
        return budget.reserve(
            bytes, for: "cropped to " + (sizes.count == 1 ? sizes[0] : "\(sizes.count) variants"), at: node)
    }

    /// Resolves the image `base` that `name` is made from (`role`: "to derive from", "as a frame",
    /// "to register"), reporting unknown names.
    private mutating func dependency(
        _ base: String, node: JSONNode, of name: String, role: String, chain: inout [String]
    ) -> Image? {
        if isSnapshot(base) {
            d.error(node, Self.snapshotRefusal(base, "no image can be made from it \(role) when the scenario loads"))
            return nil
        }
        guard specIndex[base] != nil || resolved[base] != nil else {
            if !declared.contains(base) {
                let suggestion = Suggestions.didYouMean(base, among: order.filter { $0 != name })
                d.error(node, "unknown image \"\(base)\" \(role)" + suggestion)
            }
            return nil
        }
        return resolve(base, chain: &chain)
    }
}
