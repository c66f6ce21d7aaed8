import Foundation
import ImageViews
import PNGCodec
import Raster

/// Reads the "images" object: each name to a file, a generated image, or an image derived
/// `from` another (which must not lead back to itself).
struct ImageReader {
    private enum Spec {
        case file(path: String, node: JSONNode, scale: Double?)
        case generate(width: Int, height: Int, pixels: () -> [UInt8], scale: Double)
        case derived(base: String, baseNode: JSONNode, scale: Double?)
    }

    let folder: URL
    let d: Diagnostics
    private var specs: [(name: String, node: JSONNode, spec: Spec)] = []
    private var resolved: [String: Image] = [:]
    /// Names that failed to resolve (reported once).
    private var failed: Set<String> = []
    /// Names given in file order (so that nothing depends on dictionary order).
    private(set) var order: [String] = []

    init(folder: URL, diagnostics: Diagnostics) {
        self.folder = folder
        d = diagnostics
    }

    /// Reads and resolves every image of `node`.
    mutating func read(_ node: JSONNode) {
        guard case let .object(members) = node.value else {
            d.error(node, "expected the images (an object mapping names to image sources), found \(node.value.kindDescription)")
            return
        }
        for member in members {
            order.append(member.key)
            if member.key.isEmpty {
                d.error(at: member.keyLocation, path: member.value.path, "image names must not be empty")
                continue
            }
            if let spec = readSpec(member.value) {
                specs.append((member.key, member.value, spec))
            }
        }
        for entry in specs {
            var chain: [String] = []
            _ = resolve(entry.name, chain: &chain)
        }
    }

    /// The image called `name`, if it was read without errors.
    func image(_ name: String) -> Image? { resolved[name] }

    /// Every image that resolved, in file order.
    var images: [Image] { order.compactMap { resolved[$0] } }

    /// Looks up an image reference, reporting unknown names with a suggestion.
    func reference(_ node: JSONNode) -> Image? {
        guard let name = Read.string(node, d, what: "an image name") else { return nil }
        if let image = resolved[name] { return image }
        if specs.contains(where: { $0.name == name }) || order.contains(name) {
            return nil  // declared but failed: already reported
        }
        let known = order
        let suggestion = Suggestions.didYouMean(name, among: known)
        d.error(node, "unknown image \"\(name)\"" + (suggestion.isEmpty
            ? (known.isEmpty ? " (the scenario declares no images)" : " (declared: \(known.joined(separator: ", ")))") : suggestion))
        return nil
    }

    private func readSpec(_ node: JSONNode) -> Spec? {
        guard let object = ObjectReader(node, allowed: ScenarioKeys.imageSource, what: "an image source", d) else { return nil }
        let kinds = ScenarioKeys.imageKinds.filter(object.has)
        guard kinds.count == 1 else {
            d.error(node, kinds.isEmpty
                ? "an image needs one of \"file\", \"generate\" or \"from\""
                : "an image takes one of \"file\", \"generate\" or \"from\", not \(kinds.map { "\"\($0)\"" }.joined(separator: " and "))")
            return nil
        }
        var scale: Double?
        if let scaleNode = object["scale"] {
            guard let value = Read.number(scaleNode, d, in: ScenarioLimits.imageScale, what: "a scale") else { return nil }
            scale = value
        }
        switch kinds[0] {
        case "file":
            guard let path = Read.string(object["file"]!, d, what: "a file path") else { return nil }
            return .file(path: path, node: object["file"]!, scale: scale)
        case "generate":
            return readGenerator(object["generate"]!, scale: scale ?? 1)
        default:
            guard let base = Read.string(object["from"]!, d, what: "an image name") else { return nil }
            return .derived(base: base, baseNode: object["from"]!, scale: scale)
        }
    }

    private func readGenerator(_ node: JSONNode, scale: Double) -> Spec? {
        guard let object = ObjectReader(node, allowed: ScenarioKeys.generators, what: "an image generator", d) else { return nil }
        let kinds = ScenarioKeys.generators.filter(object.has)
        guard kinds.count == 1, let kind = kinds.first, let body = object[kind] else {
            // Only unknown keys: they were reported with a suggestion already.
            if !(kinds.isEmpty && !object.members.isEmpty) {
                d.error(node, "\"generate\" takes exactly one of: \(ScenarioKeys.generators.joined(separator: ", "))")
            }
            return nil
        }
        let allowed: [String] = switch kind {
        case "solid": ScenarioKeys.solid
        case "checkerboard": ScenarioKeys.checkerboard
        case "linearGradient": ScenarioKeys.linearGradient
        default: ScenarioKeys.indexGrid
        }
        guard let params = ObjectReader(body, allowed: allowed, what: "a \(kind) generator", d),
              let sizeNode = params.required("size", d, hint: " (the image's [width, height] in pixels)"),
              let size = Read.numbers(sizeNode, d, count: 2, in: ScenarioLimits.generatedPixels, integer: true,
                                      what: "[width, height] in pixels") else { return nil }
        let (w, h) = (Int(size[0]), Int(size[1]))
        func twoColors() -> (RGBA, RGBA)? {
            guard let node = params.required("colors", d, hint: " (two colours)"),
                  let items = Read.array(node, d, what: "two colours") else { return nil }
            guard items.count == 2 else {
                d.error(node, "expected two colours, found \(items.count)")
                return nil
            }
            guard let a = ColorReader.read(items[0], d, allowDynamic: false),
                  let b = ColorReader.read(items[1], d, allowDynamic: false) else { return nil }
            return (a.light, b.light)
        }
        switch kind {
        case "solid":
            guard let colorNode = params.required("color", d),
                  let color = ColorReader.read(colorNode, d, allowDynamic: false) else { return nil }
            return .generate(width: w, height: h, pixels: { ImageGenerator.solid(width: w, height: h, color: color.light) }, scale: scale)
        case "checkerboard":
            guard let cellNode = params.required("cell", d, hint: " (the square's side in pixels)"),
                  let cell = Read.number(cellNode, d, in: ScenarioLimits.generatedPixels, integer: true, what: "a cell size in pixels"),
                  let colors = twoColors() else { return nil }
            return .generate(width: w, height: h, pixels: {
                ImageGenerator.checkerboard(width: w, height: h, cell: Int(cell), colors: colors)
            }, scale: scale)
        case "linearGradient":
            var vertical = false
            if let directionNode = params["direction"] {
                guard let direction = Read.name(directionNode, d, among: ScenarioKeys.directions, what: "direction") else { return nil }
                vertical = direction == "vertical"
            }
            guard let colors = twoColors() else { return nil }
            return .generate(width: w, height: h, pixels: {
                ImageGenerator.linearGradient(width: w, height: h, colors: colors, vertical: vertical)
            }, scale: scale)
        default:
            return .generate(width: w, height: h, pixels: { ImageGenerator.indexGrid(width: w, height: h) }, scale: scale)
        }
    }

    private mutating func resolve(_ name: String, chain: inout [String]) -> Image? {
        if let image = resolved[name] { return image }
        if failed.contains(name) { return nil }
        guard let entry = specs.first(where: { $0.name == name }) else { return nil }
        if let start = chain.firstIndex(of: name) {
            let cycle = chain[start...] + [name]
            d.error(entry.node, "images derive from each other in a cycle: \(cycle.joined(separator: " → "))")
            return nil
        }
        chain.append(name)
        defer { chain.removeLast() }
        let image: Image?
        switch entry.spec {
        case let .file(path, node, scale):
            do {
                let url = try AssetFile.resolve(path, in: folder)
                let decoded = try AssetFile.decode(url, shownAs: path)
                let bitmap = Bitmap(width: decoded.width, height: decoded.height, straightRGBA: decoded.pixels)
                image = Image(name: name, pixels: SourceImage(bitmap), scale: scale ?? AssetFile.scale(fromName: url.lastPathComponent))
            } catch {
                if case let .message(text) = error { d.error(node, text) }
                image = nil
            }
        case let .generate(w, h, pixels, scale):
            image = Image(name: name, pixels: SourceImage(Bitmap(width: w, height: h, straightRGBA: pixels())), scale: scale)
        case let .derived(base, baseNode, scale):
            guard specs.contains(where: { $0.name == base }) else {
                let suggestion = Suggestions.didYouMean(base, among: order.filter { $0 != name })
                d.error(baseNode, "unknown image \"\(base)\" to derive from" + suggestion)
                failed.insert(name)
                return nil
            }
            guard let baseImage = resolve(base, chain: &chain) else {
                failed.insert(name)
                return nil
            }
            var derived = baseImage
            derived.name = name
            if let scale { derived.scale = scale }
            image = derived
        }
        if let image { resolved[name] = image } else { failed.insert(name) }
        return image
    }
}
