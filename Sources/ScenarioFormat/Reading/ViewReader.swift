import ImageViews
import Raster
import Syntax

/// Reads the view tree: positions, appearance, image-view state, subviews; records each id.
struct ViewReader {
    let images: ImageReader
    let d: Diagnostics
    /// Every id with the view's JSON path, whether it is an image view, its index path from the
    /// root and whether constraints position it.
    private(set) var ids = ViewIDs()
    /// The layout guides views add, by name (names share the ids' namespace).
    private(set) var guides: [String: GuideID] = [:]
    /// Every `constraints` list with the index path of the view that holds it.
    private(set) var constraintLists: [(holder: [Int], node: JSONNode)] = []
    /// The arranged subviews of stack views (their stack's constraints position them).
    private(set) var arrangedSubviews = Set<[Int]>()  // membership only
    /// The most constraints the stack views can make: 11 per arranged subview (spacing, hiding,
    /// an equal size, a gap's three, two alignment edges, two spanning boundaries, ambiguity
    /// suppression) and 6 per stack (canvas connections and fits).
    private(set) var stackConstraintBound = 0
    /// Views given no frame (positioned by constraints), with their index paths.
    private(set) var constraintPositioned: [(treePath: [Int], node: JSONNode)] = []
    /// Views sized by `sizeToFit`, which each variant sizes again for its traits.
    private(set) var sizeToFit: [SizeToFitPlacement] = []
    /// Every subview's JSON node and the image warnings it acknowledges, by index path.
    private(set) var viewNodes: [(treePath: [Int], node: JSONNode, acknowledged: [String])] = []
    /// Views read so far, the root included (bounded by the `views` limit).
    private var viewCount = 1

    init(images: ImageReader, diagnostics: Diagnostics) {
        self.images = images
        d = diagnostics
    }

    /// Reads the root view (which fills the canvas and takes no position).
    mutating func readRoot(_ node: JSONNode) -> View? {
        guard case let .object(members) = node.value else {
            d.error(node, "expected the root view (an object), found \(node.value.kindDescription)")
            return nil
        }
        let positionKeys = ScenarioKeys.position
        for member in members where positionKeys.contains(member.key) {
            d.error(
                at: member.keyLocation, path: member.value.path,
                "the root view always fills the canvas: remove \"\(member.key)\" (set the canvas size instead)")
        }
        for member in members where member.key == "type" || ScenarioKeys.imageViewOnly.contains(member.key) {
            d.error(
                at: member.keyLocation, path: member.value.path,
                "the root is a plain view: put image views in its \"subviews\"")
        }
        let allowed = ScenarioKeys.root + positionKeys + ["type"] + ScenarioKeys.imageViewOnly
        guard let object = ObjectReader(node, allowed: allowed, what: "the root view", d) else { return nil }
        var view = View(frame: .zero)
        readProperties(object, among: ScenarioKeys.root, into: &view)
        readCommon(object, treePath: [], into: &view)
        return view
    }

    /// The keys a plain (not image) view reads.
    private static let plainViewKeys = ScenarioKeys.view.filter { !ScenarioKeys.imageViewOnly.contains($0) }

    /// Reads one subview; `treePath` is its index path from the root; `arranged` when its
    /// superview is a stack view.
    mutating func readView(_ node: JSONNode, treePath: [Int], arranged: Bool = false) -> View? {
        viewCount += 1
        guard viewCount <= d.limits.views else {
            if viewCount == d.limits.views + 1 {
                d.error(
                    node,
                    "this view is one more than the \(d.limits.views) views a scenario may have: split the scenario"
                        + ScenarioLimits.raise("views"))
            }
            return nil
        }
        guard let object = ObjectReader(node, allowed: ScenarioKeys.view, what: "a view", d) else { return nil }
        var type = "view"
        if let typeNode = object["type"] {
            guard let value = Read.name(typeNode, d, among: ScenarioKeys.viewTypes, what: "view type") else {
                return nil
            }
            type = value
        }
        let isImageView = type == "imageView"
        if !isImageView {
            for key in ScenarioKeys.imageViewOnly where object.has(key) {
                d.error(
                    object.at(key),
                    type == "stackView"
                        ? "\"\(key)\" belongs to image views: a stack view shows no image of its own; arrange image views in its \"subviews\""
                        : "\"\(key)\" belongs to image views: add \"type\": \"imageView\" to this view")
            }
        }
        if type != "stackView" {
            for key in ScenarioKeys.stackView where object.has(key) {
                d.error(object.at(key), "\"\(key)\" belongs to stack views: add \"type\": \"stackView\" to this view")
            }
        }
        var view = View(frame: .zero, imageView: isImageView ? ImageView() : nil)
        if type == "stackView" { view.stack = StackReader(d: d).read(object) }
        if arranged {
            // UIStackView sets translatesAutoresizingMaskIntoConstraints = false on arranged subviews.
            for key in ScenarioKeys.position where object.has(key) {
                d.error(
                    object.at(key),
                    "the stack view places its arranged subviews: remove \"\(key)\" (size the view with constraints, "
                        + "or with its image's intrinsic size)")
            }
        }
        if isImageView {
            if let node = object["animationImages"], let frames = images.references(node, what: "animation images") {
                view.imageView?.animationImages = frames
            }
            if let node = object["highlightedAnimationImages"],
                let frames = images.references(node, what: "highlighted animation images")
            {
                view.imageView?.highlightedAnimationImages = frames
            }
        }
        var preferred: SymbolSettings?
        if isImageView, let node = object["preferredSymbolConfiguration"] {
            preferred = images.symbolConfiguration(node)
        }
        readProperties(
            object, among: isImageView ? ScenarioKeys.view : Self.plainViewKeys, preferred: preferred, into: &view)
        if arranged {
            view.positioning = .constraints
            arrangedSubviews.insert(treePath)
        } else if ScenarioKeys.position.contains(where: object.has) {
            let (frame, anchor) = readFrame(object, imageView: view.imageView)
            let integral = readIntegral(object)
            view.frame = integral ? frame.integral : frame
            if let anchor, object.has("sizeToFit") {
                sizeToFit.append(SizeToFitPlacement(treePath: treePath, anchor: anchor, integral: integral))
            }
        } else {
            if let n = object["integral"] {
                d.error(n, "\"integral\" makes a frame integral: this view has none (constraints or a stack place it)")
            }
            // No frame: translatesAutoresizingMaskIntoConstraints = false; constraints position it.
            view.positioning = .constraints
            constraintPositioned.append((treePath, node))
        }
        for (key, isHugging) in [("contentHuggingPriority", true), ("contentCompressionResistancePriority", false)] {
            let defaults = isHugging ? AxisPriorities.defaultHugging : .defaultCompressionResistance
            guard let node = object[key], let priorities = ConstraintReader.axisPriorities(node, d, defaults: defaults)
            else { continue }
            if isHugging {
                view.contentHuggingPriority = priorities
            } else {
                view.contentCompressionResistancePriority = priorities
            }
        }
        let acknowledged =
            object["acknowledgedWarnings"].flatMap { Self.acknowledgedWarnings($0, among: WarningKinds.view, d) } ?? []
        viewNodes.append((treePath, node, acknowledged))
        readCommon(object, treePath: treePath, preferred: preferred, into: &view)
        readOpaque(object, acknowledged: acknowledged, into: &view)
        return view
    }

    /// An `acknowledgedWarnings` list: kinds of warning (`among`, WarningKinds) the scenario
    /// means — not printed and not errors with --strict (image warnings stay in the report).
    static func acknowledgedWarnings(_ node: JSONNode, among kinds: [String], _ d: Diagnostics) -> [String]? {
        guard let items = Read.array(node, d, what: "warning kinds", allowEmpty: true) else { return nil }
        var listed: [String] = []
        for item in items {
            if case let .string(kind) = item.value, WarningKinds.scenario.contains(kind), !kinds.contains(kind) {
                d.error(
                    item,
                    "\"\(kind)\" is the scenario's to acknowledge, not a view's: list it in the top-level \"acknowledgedWarnings\""
                )
            } else if let kind = Read.name(item, d, among: kinds, what: "warning kind") {
                if listed.contains(kind) { d.error(item, "\"\(kind)\" is listed twice") } else { listed.append(kind) }
            }
        }
        return listed
    }

    /// Reads the settable properties (`PropertyValue.names`, but the frame, which has its own
    /// forms) among `keys` that the object gives, by the rules a variant state follows.
    private func readProperties(
        _ object: ObjectReader, among keys: [String], preferred: SymbolSettings? = nil, into view: inout View
    ) {
        let properties = PropertyReader(images: images, colors: images.colors, d: d)
        // The object's few members against the lists, not every property against them.
        for member in object.members
        where member.key != "frame" && keys.contains(member.key) && PropertyValue.names.contains(member.key) {
            if let value = properties.value(of: member.key, member.value, nullClears: false, preferred: preferred) {
                view.set(value)
            }
        }
    }

    private mutating func readCommon(
        _ object: ObjectReader, treePath: [Int], preferred: SymbolSettings? = nil, into view: inout View
    ) {
        if let node = object["id"], let id = Read.string(node, d, what: "an id") {
            if id.isEmpty
                || !id.unicodeScalars.allSatisfy({
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                        || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
                })
            {
                d.error(
                    node,
                    "invalid id \"\(id)\": use letters, digits, \"_\" and \"-\" (ids name views in variant states)")
            } else if let previous = ids[id] {
                d.error(node, "duplicate id \"\(id)\" (already used at \(previous.path))")
            } else if let guide = guides[id] {
                d.error(node, "duplicate id \"\(id)\" (already a layout guide's name at \(guide.node.path))")
            } else {
                view.id = id
                ids.append(
                    ViewID(
                        id: id, node: object.node, isImageView: view.imageView != nil, treePath: treePath,
                        positioning: view.positioning, preferredSymbolConfiguration: preferred))
            }
        }
        MarginReader(d: d).read(object, into: &view.guides)
        if let node = object["layoutGuides"] { readGuides(node, treePath: treePath, into: &view) }
        if let node = object["constraints"] { constraintLists.append((treePath, node)) }
        if let node = object["subviews"], let items = Read.array(node, d, what: "the subviews", allowEmpty: true) {
            // Reserved up front: a View is large, and growing by doubling copied 100,000 of them
            // several times (a tenth of loading a 100,000-view file).
            var subviews: [View] = []
            subviews.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                if let subview = readView(item, treePath: treePath + [index], arranged: view.stack != nil) {
                    subviews.append(subview)
                }
            }
            view.subviews = subviews
        }
        if view.stack != nil { stackConstraintBound += 6 + 11 * view.subviews.count }
        if view.stack != nil, let node = object["customSpacing"] {
            let spacing = StackReader(d: d).customSpacing(
                node, arranged: view.subviews.count, stack: treePath, ids: ids)
            view.stack?.customSpacing = spacing
        }
    }

    /// `layoutGuides`: names of the UILayoutGuides the view adds, unique among ids and guides.
    private mutating func readGuides(_ node: JSONNode, treePath: [Int], into view: inout View) {
        guard let items = Read.array(node, d, what: "layout guide names (such as [\"content\"])", allowEmpty: true)
        else { return }
        for item in items {
            guard let name = Read.string(item, d, what: "a layout guide name") else { continue }
            if name.isEmpty
                || !name.unicodeScalars.allSatisfy({
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                        || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
                }) || name == "superview"
            {
                d.error(
                    item,
                    "invalid layout guide name \"\(name)\": use letters, digits, \"_\" and \"-\" (constraints name the guide as \"\(name).leading\")"
                )
            } else if let previous = ids[name] {
                d.error(item, "duplicate name \"\(name)\" (already a view's id at \(previous.path))")
            } else if let previous = guides[name] {
                d.error(item, "duplicate layout guide name \"\(name)\" (already used at \(previous.node.path))")
            } else {
                guides[name] = GuideID(owner: treePath, index: view.guides.layoutGuides.count, node: item)
                view.guides.layoutGuides.append(name)
            }
        }
    }

    /// The frame from `frame`, or `center`/`origin` with `size`/`sizeToFit`, or `sizeToFit`
    /// alone (UIImageView(image:): origin zero, the image's size).
    /// UIView.isOpaque: kept and reported, and a warning when it is true over a background that is
    /// not opaque in every appearance — Apple: "If the view is opaque and either does not fill its
    /// bounds or contains wholly or partially transparent content, the results are unpredictable."
    private func readOpaque(_ object: ObjectReader, acknowledged: [String], into view: inout View) {
        guard let n = object["isOpaque"], let value = Read.bool(n, d) else { return }
        view.isOpaque = value
        let background = view.backgroundColor
        let filled = background?.possibleValues.allSatisfy { $0.a == 255 } ?? false
        if value, !filled, !acknowledged.contains(WarningKinds.opaque) {
            d.warning(
                n, kind: WarningKinds.opaque,
                "isOpaque is true but the view's backgroundColor is "
                    + (background == nil ? "not set" : "not opaque in every appearance")
                    + ": UIKit calls the result unpredictable; ivsim composites the view normally, as for false — give an "
                    + "opaque backgroundColor, or set isOpaque to false")
        }
    }

    /// `"integral": true`: view.frame = view.frame.integral once the frame is placed.
    private func readIntegral(_ object: ObjectReader) -> Bool {
        guard let n = object["integral"], let value = Read.bool(n, d) else { return false }
        if !value { d.error(n, "\"integral\": false does nothing: leave the key out") }
        return value
    }

    private func readFrame(_ object: ObjectReader, imageView: ImageView?) -> (Rect, SizeToFitPlacement.Anchor?) {
        let node = object.node
        let given = ScenarioKeys.position.filter(object.has)
        if let frameNode = object["frame"] {
            for key in given where key != "frame" {
                d.error(
                    object.at(key),
                    "\"\(key)\" conflicts with \"frame\": give a frame, or a center or origin with a size or sizeToFit")
            }
            return (PropertyReader.frame(frameNode, d) ?? .zero, nil)
        }
        if object.has("center") && object.has("origin") {
            d.error(object.at("origin"), "\"origin\" conflicts with \"center\": give one of them")
            return (.zero, nil)
        }
        var size: Size?
        if let sizeNode = object["size"] {
            if object.has("sizeToFit") {
                d.error(object.at("sizeToFit"), "\"sizeToFit\" conflicts with \"size\": give one of them")
                return (.zero, nil)
            }
            guard let v = Read.numbers(sizeNode, d, count: 2, in: ScenarioLimits.length, what: "a size [width, height]")
            else { return (.zero, nil) }
            size = Size(width: v[0], height: v[1])
        } else if let fitNode = object["sizeToFit"] {
            guard let fit = Read.bool(fitNode, d) else { return (.zero, nil) }
            guard fit else {
                d.error(fitNode, "\"sizeToFit\": false does nothing: give a \"size\" instead")
                return (.zero, nil)
            }
            guard let imageView else {
                d.error(fitNode, "\"sizeToFit\" needs an image view (add \"type\": \"imageView\" and an \"image\")")
                return (.zero, nil)
            }
            guard imageView.image != nil || !imageView.animationImages.isEmpty else {
                if !object.has("image") && !object.has("animationImages") {
                    d.error(fitNode, "\"sizeToFit\" needs an \"image\" to take the size from")
                }
                return (.zero, nil)
            }
            size = imageView.sizeThatFits
        }
        guard let size else {
            d.error(
                node, "a view needs a \"frame\", or a \"center\" or \"origin\" with a \"size\" or \"sizeToFit\": true")
            return (.zero, nil)
        }
        if let centerNode = object["center"] {
            guard let c = Read.numbers(centerNode, d, count: 2, in: ScenarioLimits.coordinate, what: "a center [x, y]")
            else { return (.zero, nil) }
            let center = Point(x: c[0], y: c[1])
            return (SizeToFitPlacement.Anchor.center(center).frame(fitting: size), .center(center))
        }
        if let originNode = object["origin"] {
            guard let o = Read.numbers(originNode, d, count: 2, in: ScenarioLimits.coordinate, what: "an origin [x, y]")
            else { return (.zero, nil) }
            let origin = Point(x: o[0], y: o[1])
            return (SizeToFitPlacement.Anchor.origin(origin).frame(fitting: size), .origin(origin))
        }
        if object.has("size") {
            d.error(object.at("size"), "a \"size\" needs a \"center\" or an \"origin\" (or give a \"frame\")")
            return (.zero, nil)
        }
        return (Rect(origin: .zero, size: size), .origin(.zero))
    }
}

/// A view with an id, as states and constraints name it.
struct ViewID {
    let id: String
    /// The view's JSON node (its path is made only for a message: making it for every id was a
    /// tenth of loading 100,000 views with ids).
    let node: JSONNode
    var path: String { node.path }
    let isImageView: Bool
    /// Indices of subviews from the root.
    let treePath: [Int]
    let positioning: Positioning
    /// An image view's `preferredSymbolConfiguration`, which images its states set follow too.
    var preferredSymbolConfiguration: SymbolSettings? = nil
}

/// The views that have ids, in file order, with a lookup by id (so that reading a scenario stays
/// linear in its views; the order is the file's, never the table's).
struct ViewIDs {
    private(set) var list: [ViewID] = []
    private var index: [String: Int] = [:]

    subscript(id: String) -> ViewID? { index[id].map { list[$0] } }

    /// The ids in file order (for suggestions).
    var names: [String] { list.map(\.id) }

    mutating func append(_ view: ViewID) {
        index[view.id] = list.count
        list.append(view)
    }
}

/// A layout guide a view adds: its owner's index path and its index among the owner's guides.
struct GuideID {
    let owner: [Int]
    let index: Int
    let node: JSONNode
}
