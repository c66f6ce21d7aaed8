import Raster

// The render tree of a document, read and checked once (docs/SVG.md §Style sheets): groups,
// shapes and uses with their transforms and their style declarations as values (SVGDeclaration),
// clips and masks resolved; no XML and no text is left for drawing to read. Elements outside the
// subset are refused with their name; metadata and other namespaces' elements are skipped.

indirect enum SVGNode: Sendable {
    case group(transform: AffineTransform, declarations: SVGDeclarations, children: [SVGNode])
    case shape(transform: AffineTransform, declarations: SVGDeclarations, path: ShapePath)
    /// A `use`: its translation and transform, and the referenced element compiled.
    case use(transform: AffineTransform, declarations: SVGDeclarations, target: [SVGNode])
    /// An element with a clip path: its transform, the clip (in the space it establishes), and the
    /// element drawn there (its own transform taken out).
    case clipped(transform: AffineTransform, clip: SVGClip, content: SVGNode)
    /// An element with a mask, likewise.
    case masked(transform: AffineTransform, mask: SVGMask, content: SVGNode)
    /// An element with a filter, likewise (inside its mask and clip path, which apply after it).
    case filtered(transform: AffineTransform, filter: SVGFilter, content: SVGNode)

    /// The declarations applied when the node is drawn (SVGRenderer charges them).
    var declarationCount: Int {
        switch self {
        case let .group(_, d, _), let .shape(_, d, _), let .use(_, d, _): d.given
        case .clipped, .masked, .filtered: 0
        }
    }

    /// The node with an identity transform, and the transform it had.
    var withoutTransform: (SVGNode, AffineTransform) {
        switch self {
        case let .group(t, d, c): (.group(transform: .identity, declarations: d, children: c), t)
        case let .shape(t, d, p): (.shape(transform: .identity, declarations: d, path: p), t)
        case let .use(t, d, c): (.use(transform: .identity, declarations: d, target: c), t)
        case let .clipped(t, clip, content): (.clipped(transform: .identity, clip: clip, content: content), t)
        case let .masked(t, mask, content): (.masked(transform: .identity, mask: mask, content: content), t)
        case let .filtered(t, filter, content):
            (.filtered(transform: .identity, filter: filter, content: content), t)
        }
    }
}

/// Elements by id, and the gradients among them.
struct SVGDefinitions: Sendable {
    var elements: [String: XMLElement] = [:]
    /// Ids in document order (what is reported first never depends on dictionary order).
    var order: [String] = []
    /// The document's `<style>` sheets.
    var sheet: SVGStyleSheet
    /// The declarations of the rules that match each element (by its offset; none: absent), and
    /// each element's declarations of the properties read (SVGStyle.collect): made once for
    /// every element of the document, whatever refers to it how often (a `use` copy, a clip path,
    /// a gradient's stop).
    private var matched: [Int: [(String, String)]] = [:]
    private var declared: [Int: [(String, String)]] = [:]

    /// The work of reading the style sheets, matching rules and reading declarations, over the
    /// whole document: each selector and each class in it one, each class of an element one
    /// (when the sheets have class rules), each rule tried its classes plus one, each
    /// declaration matched one, a `style` attribute one for 8 bytes. Every rule universal would
    /// be 200,000 elements × 10,000 rules (docs/LIMITS.md).
    static let maxMatching = 2_000_000

    init(_ root: XMLElement, maxMatching: Int = SVGDefinitions.maxMatching) throws(SVGError) {
        sheet = try SVGStyleSheet(root, maxSteps: maxMatching)
        var matching = sheet.steps
        var stack = [root]
        while let element = stack.popLast() {
            if let id = element["id"], elements[id] == nil {
                elements[id] = element
                order.append(id)
            }
            var found: [(String, String)] = []
            if !sheet.rules.isEmpty {
                guard let (rules, tried) = sheet.declarations(for: element, within: maxMatching - matching) else {
                    throw SVGStyleSheet.tooMuchWork(at: element, maxMatching)
                }
                found = rules
                matching += tried + found.count
                if !found.isEmpty { matched[element.offset] = found }
            }
            matching += element["style"].map { $0.utf8.count / 8 } ?? 0  // its declarations, about one in 8 bytes
            guard matching <= maxMatching else { throw SVGStyleSheet.tooMuchWork(at: element, maxMatching) }
            let all = SVGStyle.collect(of: element, matched: found)
            if !all.isEmpty { declared[element.offset] = all }
            stack += element.children.reversed()
        }
    }

    /// The declarations of the style sheets' rules that match `element`, lowest precedence first.
    func rules(for element: XMLElement) -> [(String, String)] { matched[element.offset] ?? [] }

    /// The element's declarations of the properties ivsim reads (SVGStyle.collect), a property
    /// outside the subset refused.
    func declarations(of element: XMLElement) throws(SVGError) -> [(String, String)] {
        let found = declared[element.offset] ?? []
        try SVGStyle.refuseUnread(found, of: element)
        return found
    }
}

struct SVGCompiler {
    let definitions: SVGDefinitions
    /// `use` targets being compiled (cycles are refused), and how deep uses nest.
    var using: [String] = []
    /// Nodes made so far: `use` copies its target, so nested uses multiply (bounded here).
    var made = 0
    static let maxNodes = 200_000
    /// Declarations the cascade gave the elements compiled so far (each `use` copy again): every
    /// one is applied when the element is drawn, so 10,000 rules matching 200,000 elements would
    /// be two billion; 200,000 elements of five declarations each are 1,000,000 (docs/LIMITS.md).
    var declarationCount = 0
    static let maxDeclarations = 1_000_000
    var maxDeclarations = SVGCompiler.maxDeclarations
    /// Clip paths resolved so far, by id (each is the same for every element that refers to it).
    var clips: [String: SVGClip] = [:]
    /// Filters resolved so far, by id (shared by every element and copy that refers to them).
    var filters: [String: SVGFilter] = [:]
    /// Shapes' outlines read so far, by element (its offset in the file): every `use` copy of a
    /// shape shares its outline. Read again for each copy, 19,000 copies of a 3,000-segment path
    /// took 17 s and 3 GB before anything was drawn.
    var outlines: [Int: ShapePath] = [:]

    static let skipped: Set<String> = [
        "title", "desc", "metadata", "defs", "linearGradient", "radialGradient", "stop", "style", "clipPath", "mask",
        "filter"
    ]
    static let refused: Set<String> = [
        "text", "tspan", "textPath", "image", "pattern", "marker",
        "symbol", "switch", "foreignObject", "svg", "animate", "animateTransform", "animateMotion",
        "set", "font", "glyph", "feGaussianBlur", "script", "view", "cursor"
    ]

    init(definitions: SVGDefinitions) {
        self.definitions = definitions
    }

    /// The root `<svg>` as a group: its presentation attributes (fill="none" stroke="currentColor"
    /// on the root is how icon sets style every shape) are inherited like a group's.
    mutating func root(_ element: XMLElement) throws(SVGError) -> SVGNode {
        let declarations = try declarations(of: element)
        return .group(transform: .identity, declarations: declarations, children: try children(of: element))
    }

    mutating func children(of element: XMLElement) throws(SVGError) -> [SVGNode] {
        var nodes: [SVGNode] = []
        for child in element.children {
            if let node = try compile(child) { nodes.append(node) }
        }
        return nodes
    }

    /// The element's declarations (SVGStyle.declarations) read into the render tree's values,
    /// counted against `maxDeclarations`.
    mutating func declarations(of element: XMLElement) throws(SVGError) -> SVGDeclarations {
        let found = try definitions.declarations(of: element)
        declarationCount += found.count
        guard declarationCount <= maxDeclarations else {
            throw SVGError(
                element: element,
                message: "the style sheets and attributes give the document's elements more than "
                    + "\(maxDeclarations) declarations in all, counting each <use> copy (docs/LIMITS.md): use fewer style "
                    + "declarations and rules, or fewer copies")
        }
        return SVGDeclarations(found)
    }

    mutating func compile(_ element: XMLElement) throws(SVGError) -> SVGNode? {
        let name = element.name
        made += 1
        guard made <= Self.maxNodes else {
            throw SVGError(
                element: element,
                message:
                    "the document makes more than \(Self.maxNodes) elements, counting each <use> copy (docs/LIMITS.md)")
        }
        if Self.skipped.contains(name) || name.contains(":") { return nil }
        if Self.refused.contains(name) {
            let hint =
                name == "text" || name == "tspan" || name == "textPath" ? " (outline the text in the export)" : ""
            throw SVGError(
                element: element,
                message: "this element is not drawn: ivsim reads paths, basic shapes, groups, use, "
                    + "gradients and their styles\(hint)")
        }
        let own = try SVGValues.transform(of: element)
        let declarations = try declarations(of: element)
        guard var node = try compileUnclipped(element, transform: own, declarations: declarations) else { return nil }
        // The element's own mask and clip path (its other values are applied when it is drawn;
        // an invalid one is ignored, as CSS does).
        var probe = SVGStyle()
        probe.apply(
            declarations.list.filter {
                switch $0 {
                case .mask, .clipPath, .filter: true
                default: false
                }
            })
        if let id = probe.filter {
            let filter: SVGFilter
            if let known = filters[id] {
                filter = known
            } else {
                filter = try SVGFilter.resolve(id, for: element, compiler: &self)
                filters[id] = filter
            }
            if filter.boundingBoxUnits, case .shape = node {
            } else if filter.boundingBoxUnits {
                throw SVGError(
                    element: element,
                    message: "a filter in objectBoundingBox units is read on shapes only (give the group's filter "
                        + "filterUnits=\"userSpaceOnUse\")")
            }
            let (content, transform) = node.withoutTransform
            node = .filtered(transform: transform, filter: filter, content: content)
        }
        if let id = probe.mask {
            guard !using.contains("mask:" + id) else {
                throw SVGError(element: element, message: "masks refer to each other in a cycle through \"\(id)\"")
            }
            guard using.count < 32 else {
                throw SVGError(
                    element: element,
                    message: "masks and <use> elements nested more than 32 deep at \"\(id)\" (docs/LIMITS.md)")
            }
            using.append("mask:" + id)
            defer { using.removeLast() }
            let mask = try SVGMask.resolve(id, for: element, compiler: &self)
            let (content, transform) = node.withoutTransform
            node = .masked(transform: transform, mask: mask, content: content)
        }
        guard let id = probe.clipPath else { return node }
        let clip: SVGClip
        if let known = clips[id] {
            clip = known
        } else {
            clip = try SVGClip.resolve(id, for: element, definitions)
            clips[id] = clip
        }
        if clip.boundingBoxUnits, case .shape = node {
        } else if clip.boundingBoxUnits {
            throw SVGError(
                element: element,
                message:
                    "a clipPath in objectBoundingBox units is read on shapes only (give the group's clip in user space)"
            )
        }
        let (content, transform) = node.withoutTransform
        return .clipped(transform: transform, clip: clip, content: content)
    }

    /// The element (neither skipped nor refused) as a node, before its mask and clip path.
    mutating func compileUnclipped(
        _ element: XMLElement, transform: AffineTransform,
        declarations: SVGDeclarations
    ) throws(SVGError) -> SVGNode? {
        let name = element.name
        switch name {
        case "g", "a":
            return .group(transform: transform, declarations: declarations, children: try children(of: element))
        case "use":
            guard let href = element["href"] ?? element["xlink:href"], href.hasPrefix("#") else {
                throw SVGError(element: element, message: "a <use> needs href=\"#id\" (an element of this document)")
            }
            let id = String(href.dropFirst())
            guard let target = definitions.elements[id] else {
                throw SVGError(element: element, message: "no element has the id \"\(id)\"")
            }
            guard !using.contains(id) else {
                throw SVGError(
                    element: element, message: "<use> elements refer to each other in a cycle through \"\(id)\"")
            }
            guard using.count < 32 else {
                throw SVGError(
                    element: element,
                    message: "masks and <use> elements nested more than 32 deep at \"\(id)\" (docs/LIMITS.md)")
            }
            using.append(id)
            defer { using.removeLast() }
            let x = try length(element, "x") ?? 0, y = try length(element, "y") ?? 0
            let compiled = try compile(target)
            return .use(
                transform: transform.prepending(.translation(x, y)), declarations: declarations,
                target: compiled.map { [$0] } ?? [])
        default:
            if let known = outlines[element.offset] {
                return .shape(transform: transform, declarations: declarations, path: known)
            }
            guard let path = try SVGShapes.path(of: element) else {
                throw SVGError(
                    element: element,
                    message: "this element is not drawn: ivsim reads paths, basic shapes, groups, use, gradients "
                        + "and their styles")
            }
            outlines[element.offset] = path
            return .shape(transform: transform, declarations: declarations, path: path)
        }
    }

    func length(_ element: XMLElement, _ name: String) throws(SVGError) -> Double? {
        try SVGShapes.length(element, name)
    }
}
