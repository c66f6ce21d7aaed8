import CoreImageChains
import Syntax

/// Reads a `coreImage` image source, every error at its JSON path: filters by their Core Image
/// names, keys checked against each filter's, values in the key's type.
final class CoreImageReader {
    let d: Diagnostics
    /// Filters read so far in this source (CoreImageKeys.maxTotalFilters at most).
    private var filterCount = 0
    /// The scenario's images the source names, where each is first named.
    private(set) var references: [(name: String, node: JSONNode)] = []

    init(d: Diagnostics) { self.d = d }

    func read(_ node: JSONNode) -> CoreImageRecipe? {
        guard let object = ObjectReader(node, allowed: CoreImageKeys.source, what: "a Core Image chain", d),
            let chain = chain(object, depth: 0)
        else { return nil }
        var recipe = CoreImageRecipe(chain: chain, route: .cgImage)
        if let n = object["render"] {
            guard
                let route: CoreImageRecipe.Route = Read.value(
                    n, d, among: CoreImageRecipe.Route.allCases.map(\.rawValue), what: "way to render")
            else { return nil }
            recipe.route = route
        }
        if let n = object["rect"] {
            guard recipe.route == .cgImage else {
                d.error(
                    n,
                    "\"rect\" is createCGImage(_:from:)'s rectangle; UIImage(ciImage:) shows the output's whole extent: "
                        + "crop it with a last filter {\"filter\": \"CICrop\", \"inputRectangle\": [x, y, width, height]}"
                )
                return nil
            }
            guard
                let v = Read.numbers(
                    n, d, count: 4, in: -1e6...1e6, what: "[x, y, width, height] in Core Image's space (y up)",
                    names: ["x", "y", "the width", "the height"])
            else { return nil }
            guard v[2] > 0, v[3] > 0 else {
                d.error(n, "the rectangle has no area: createCGImage(_:from:) needs a width and a height above 0")
                return nil
            }
            recipe.rect = (v[0], v[1], v[2], v[3])
        }
        if let n = object["scale"] {
            guard let scale = Read.number(n, d, in: ScenarioLimits.imageScale, what: "a scale (pixels per point)")
            else {
                return nil
            }
            recipe.scale = scale
        }
        return recipe
    }

    /// {"input": …, "filters": […]}: the input, then each filter in order.
    private func chain(_ object: ObjectReader, depth: Int) -> FilterChain? {
        var input: ImageInput?
        if let n = object["input"] {
            guard let image = image(n, depth: depth) else { return nil }
            input = image
        }
        var steps: [FilterStep] = []
        if let n = object["filters"] {
            guard let items = Read.array(n, d, what: "filters", allowEmpty: input != nil) else { return nil }
            guard items.count <= CoreImageKeys.maxFilters else {
                d.error(
                    n,
                    "\(items.count) filters, more than the \(CoreImageKeys.maxFilters) a chain may have (docs/LIMITS.md)"
                )
                return nil
            }
            for (index, item) in items.enumerated() {
                guard let step = step(item, index: index, chained: input != nil || !steps.isEmpty, depth: depth) else {
                    return nil
                }
                steps.append(step)
            }
        } else if input == nil {
            d.error(object.node, "a chain needs \"filters\" (and an \"input\" unless its first filter is a generator)")
            return nil
        }
        return FilterChain(input: input, steps: steps)
    }

    /// One filter: {"filter": name, key: value, …}. `chained`: an image comes before it.
    private func step(_ node: JSONNode, index: Int, chained: Bool, depth: Int) -> FilterStep? {
        guard case let .object(members) = node.value else {
            d.error(
                node,
                "expected a filter {\"filter\": \"CIGaussianBlur\", …} (an object), found \(node.value.kindDescription)"
            )
            return nil
        }
        guard let object = ObjectReader(node, allowed: members.map(\.key), what: "a filter", d),
            let nameNode = object.required(
                "filter", d, hint: " (a Core Image filter name such as \"CIColorControls\")"),
            let name = Read.string(nameNode, d, what: "a Core Image filter name")
        else { return nil }
        guard let filter = FilterCatalog.filter(named: name) else {
            if let reason = FilterCatalog.refusal(for: name) {
                d.error(nameNode, "\(name) is not rendered: \(reason)")
                return nil
            }
            let suggestion = Suggestions.didYouMean(name, among: FilterCatalog.names)
            d.error(
                nameNode,
                "unknown Core Image filter \"\(name)\""
                    + (suggestion.isEmpty
                        ? " (ivsim renders: \(Listing.names(FilterCatalog.names)); docs/COREIMAGE.md lists them)"
                        : suggestion))
            return nil
        }
        filterCount += 1
        guard filterCount <= CoreImageKeys.maxTotalFilters else {
            d.error(
                nameNode, "more than \(CoreImageKeys.maxTotalFilters) filters in one Core Image source (docs/LIMITS.md)"
            )
            return nil
        }
        if !filter.takesInputImage && chained {
            d.error(
                nameNode,
                "\(name) is a generator: it takes no inputImage, so the image before it would be lost; make it the first "
                    + "filter of a chain of its own (an image parameter takes {\"filters\": [{\"filter\": \"\(name)\", …}]})"
            )
            return nil
        }
        if filter.takesInputImage && !chained && object["inputImage"] == nil {
            d.error(
                nameNode,
                "\(name) needs an inputImage: give the chain an \"input\" (an image name) or start it with a generator")
            return nil
        }
        var values: [String: ParameterValue] = [:]
        var ok = true
        for member in members where member.key != "filter" {
            guard let spec = filter.parameter(member.key) else {
                let keys = filter.parameters.map(\.key)
                d.error(
                    at: member.keyLocation, path: member.value.path,
                    "\(name) has no key \"\(member.key)\""
                        + Suggestions.didYouMean(member.key, among: keys)
                        + " (its keys: \(keys.joined(separator: ", ")))")
                ok = false
                continue
            }
            if spec.key == "inputImage" && chained {
                d.error(
                    member.value,
                    "inputImage of \(name) is the previous \(index == 0 ? "image (\"input\")" : "filter's output"); "
                        + "leave it out, or start a new chain in another key")
                ok = false
                continue
            }
            guard let value = value(member.value, spec, filter: name, depth: depth) else {
                ok = false
                continue
            }
            values[member.key] = value
        }
        for key in filter.requiredKeys where values[key] == nil && ok {
            d.error(
                nameNode,
                "\(name) needs \(key) (\(filter.parameter(key)?.type.spelled ?? "a value")): "
                    + (key == "inputMaskImage"
                        ? "without a mask Core Image's output is nil"
                        : "Apple documents no default for it, so ivsim does not guess one"))
            ok = false
        }
        return ok ? FilterStep(filter: filter, values: values) : nil
    }

    private func value(_ node: JSONNode, _ spec: ParameterSpec, filter: String, depth: Int) -> ParameterValue? {
        let what = "\(spec.type.spelled) for \(spec.key) of \(filter)"
        switch spec.type {
        case .number:
            return Read.number(node, d, in: -1e9...1e9, what: what).map(ParameterValue.number)
        case let .vector(count):
            return Read.numbers(
                node, d, count: count, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, what: what
            )
            .map(ParameterValue.vector)
        case .transform:
            return Read.numbers(node, d, count: 6, in: -1e9...1e9, what: what).map(ParameterValue.transform)
        case .color:
            return color(node, what: what).map(ParameterValue.color)
        case .image:
            return image(node, depth: depth + 1).map(ParameterValue.image)
        }
    }

    /// An image: a name of the scenario's images (CIImage(image:)), or a chain of its own.
    private func image(_ node: JSONNode, depth: Int) -> ImageInput? {
        switch node.value {
        case let .string(name):
            if !references.contains(where: { $0.name == name }) { references.append((name, node)) }
            return .named(name)
        case .object:
            guard depth < CoreImageKeys.maxDepth else {
                d.error(
                    node,
                    "chains nested more than \(CoreImageKeys.maxDepth) deep (docs/LIMITS.md): name an image for the inner ones"
                )
                return nil
            }
            guard let object = ObjectReader(node, allowed: CoreImageKeys.chain, what: "a Core Image chain", d),
                let chain = chain(object, depth: depth + 1)
            else { return nil }
            return .chain(chain)
        default:
            d.error(node, "expected \(ParameterType.image.spelled), found \(node.value.kindDescription)")
            return nil
        }
    }

    /// A CIColor: [r, g, b] or [r, g, b, a] in sRGB (extended values allowed), or "#RRGGBB(AA)".
    private func color(_ node: JSONNode, what: String) -> ColorValue? {
        switch node.value {
        case let .string(text):
            guard let rgba = ColorReader.hex(text) else {
                d.error(node, "invalid colour \"\(text)\": expected \(what)")
                return nil
            }
            return ColorValue(
                red: Double(rgba.r) / 255, green: Double(rgba.g) / 255, blue: Double(rgba.b) / 255,
                alpha: Double(rgba.a) / 255)
        case let .array(items) where items.count == 3 || items.count == 4:
            guard let v = Read.numbers(node, d, count: items.count, in: -1e3...1e3, what: what) else { return nil }
            guard v.count == 3 || (0...1).contains(v[3]) else {
                d.error(items[3], "alpha \(JSONOutput.format(v[3])) is out of range: expected 0 to 1")
                return nil
            }
            return ColorValue(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1)
        default:
            d.error(node, "expected \(what), found \(node.value.kindDescription)")
            return nil
        }
    }
}
