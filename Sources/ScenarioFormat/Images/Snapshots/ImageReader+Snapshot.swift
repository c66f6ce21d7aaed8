import ImageViews
import Raster
import Syntax

extension ImageReader {
    /// A `snapshot` source: {"view": id, "scale": 1|2|3, "rect": [x, y, w, h], "capInsets": [t, l,
    /// b, r]} (the last: resizableSnapshotView(from:afterScreenUpdates:withCapInsets:)); no UIImage
    /// method keys (the image is made later, per variant).
    func readSnapshot(_ object: ObjectReader) -> Kind? {
        let body = object.at("snapshot")
        for key in ScenarioKeys.imageSource where key != "snapshot" && object.has(key) {
            d.error(
                object.at(key),
                "\"\(key)\" does not apply to a snapshot (the image is made for each variant after layout): "
                    + "draw the snapshot in a \"draw\" image instead… or set the property on the view snapshotted")
            return nil
        }
        guard
            let snapshot = ObjectReader(
                body, allowed: ScenarioKeys.snapshot, what: "a snapshot (drawHierarchy of a view)", d),
            let viewNode = snapshot.required("view", d, hint: " (the id of the view to draw)"),
            let viewID = Read.string(viewNode, d, what: "a view id")
        else { return nil }
        var scale: Int?
        if let n = snapshot["scale"] {
            guard
                let value = Read.number(n, d, in: 1...3, integer: true, what: "a scale of 1, 2 or 3 (pixels per point)")
            else { return nil }
            scale = Int(value)
        }
        var rect: Rect?
        if let n = snapshot["rect"] {
            guard
                let v = Read.numbers(
                    n, d, count: 4, in: ScenarioLimits.coordinate, what: "[x, y, width, height] in the view's points")
            else { return nil }
            guard v[2] > 0, v[3] > 0 else {
                d.error(n, "the rectangle needs a width and height above 0")
                return nil
            }
            rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        var capInsets: EdgeInsets?
        if let n = snapshot["capInsets"] {
            guard let insets = Self.insets(n, d, minimum: 0) else { return nil }
            capInsets = insets
        }
        return .snapshot(viewID: viewID, scale: scale, rect: rect, capInsets: capInsets, node: viewNode)
    }
}

/// Checks the scenario's snapshots once its views and states are read: each names a view, there
/// are at most `SnapshotImages.maxCount`, and they can be made in an order where each view drawn
/// shows only snapshots made before it; returns them in that order.
enum SnapshotOrder {
    static func resolve(
        _ requests: [(request: SnapshotRequest, node: JSONNode)], root: View, states: [VariantState],
        ids: [String], _ d: Diagnostics
    ) -> [SnapshotRequest] {
        guard !requests.isEmpty else { return [] }
        if requests.count > SnapshotImages.maxCount {
            d.error(
                requests[SnapshotImages.maxCount].node,
                "\(requests.count) snapshots, more than the \(SnapshotImages.maxCount) a scenario may "
                    + "make (each is a layout pass in every variant; docs/LIMITS.md)")
            return []
        }
        var ok = true
        // For each request, the requests whose images its view's subtree shows (in the tree or
        // set by a state on a view inside it).
        var needs: [[Int]] = []
        for (request, node) in requests {
            guard let subtree = root.subtree(id: request.viewID) else {
                d.error(
                    node,
                    "no view has the id \"\(request.viewID)\"" + Suggestions.didYouMean(request.viewID, among: ids))
                ok = false
                needs.append([])
                continue
            }
            let inside = Set(subtree.allIDs)
            needs.append(
                requests.indices.filter { k in
                    let placeholder = requests[k].request.placeholder
                    return subtree.shows(placeholder)
                        || states.contains { state in
                            state.assignments.contains { a in inside.contains(a.viewID) && a.value.holds(placeholder) }
                        }
                })
        }
        guard ok else { return [] }
        var order: [Int] = [], state = [Int](repeating: 0, count: requests.count)  // 0 new, 1 visiting, 2 done
        func visit(_ k: Int, _ path: [Int]) -> Bool {
            if state[k] == 2 { return true }
            if state[k] == 1 {
                let cycle = (path.drop { $0 != k } + [k]).map { "\"\(requests[$0].request.name)\"" }
                d.error(
                    requests[k].node,
                    "snapshots show each other in a cycle: \(cycle.joined(separator: " → ")) (a view's snapshot cannot show itself, "
                        + "nor a snapshot of a view that shows it)")
                return false
            }
            state[k] = 1
            for n in needs[k] where !visit(n, path + [k]) { return false }
            state[k] = 2
            order.append(k)
            return true
        }
        for k in requests.indices where !visit(k, []) { return [] }
        return order.map { requests[$0].request }
    }
}

extension View {
    /// The view with `id` in this tree (pre-order), if any.
    func subtree(id: String) -> View? {
        if self.id == id { return self }
        for subview in subviews {
            if let found = subview.subtree(id: id) { return found }
        }
        return nil
    }

    /// Every id in this tree.
    var allIDs: [String] { (id.map { [$0] } ?? []) + subviews.flatMap(\.allIDs) }
}

extension PropertyValue {
    /// Whether the value is an image whose pixels are `placeholder`.
    func holds(_ placeholder: SourceImage) -> Bool {
        switch self {
        case let .image(image?), let .highlightedImage(image?): image.pixels === placeholder
        default: false
        }
    }
}
