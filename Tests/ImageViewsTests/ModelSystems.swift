import Foundation
import TestSupport
@testable import ImageViews

/// What the three independent-model tests (UIKitModelTests, GuideModelTests, StackModelTests)
/// share: reading a fixture file of systems, and turning a system's views and constraints — in
/// the format of Fixtures/README.md — into a `View` tree and `LayoutConstraint`s.
enum ModelSystems {
    /// The `systems` of the committed fixture `file`, or of the file named by the environment
    /// variable `override` (systems generated with other seeds).
    static func load(_ file: String, override: String) -> [[String: Any]] {
        let url = ProcessInfo.processInfo.environment[override].map { URL(fileURLWithPath: $0) } ?? Fixture().url(file)
        guard let data = try? Data(contentsOf: url),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let systems = document["systems"] as? [[String: Any]]
        else { return [] }
        return systems
    }

    /// A list of numbers, or nil.
    static func numbers(_ value: Any?) -> [Double]? {
        (value as? [NSNumber])?.map(\.doubleValue)
    }

    /// The view tree of a pre-order list (view 0 the root, every other naming an earlier
    /// `parent`): `make` turns each entry into its view, the tree assembles them. Gives the root,
    /// every view's index path and its path as reports name it ("root", "root.subviews[0]", …).
    static func tree(_ views: [[String: Any]], make: ([String: Any]) -> View?)
        -> (root: View, indexPaths: [[Int]], paths: [String])?
    {
        guard !views.isEmpty else { return nil }
        var indexPaths: [[Int]] = [], paths: [String] = [], nodes: [View] = []
        var children: [Int: Int] = [:]
        for (index, item) in views.enumerated() {
            if index == 0 {
                indexPaths.append([])
                paths.append("root")
            } else {
                guard let parent = item["parent"] as? Int, parent < index else { return nil }
                let k = children[parent, default: 0]
                indexPaths.append(indexPaths[parent] + [k])
                paths.append("\(paths[parent]).subviews[\(k)]")
                children[parent] = k + 1
            }
            guard let view = make(item) else { return nil }
            nodes.append(view)
        }
        // Children into parents, deepest first (pre-order reversed).
        for index in nodes.indices.reversed() where index > 0 {
            guard let parent = views[index]["parent"] as? Int else { return nil }
            nodes[parent].subviews.insert(nodes[index], at: 0)
        }
        return (nodes[0], indexPaths, paths)
    }

    /// What every model view may have: a `frame` (frame-positioned, else constraint-positioned),
    /// an image (its size and alignment-rect insets), a layout direction, hugging and compression
    /// priorities, and `hidden`.
    static func view(_ item: [String: Any]) -> View? {
        var view = View(frame: .zero, positioning: .constraints)
        if let frame = numbers(item["frame"]), frame.count == 4 {
            view.frame = Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])
            view.positioning = .frame
        }
        if let image = item["image"] as? [String: Any] {
            guard let size = numbers(image["size"]), let insets = numbers(image["insets"]), size.count == 2,
                insets.count == 4,
                let made = UIKitModelTests.image(
                    width: size[0], height: size[1],
                    insets: EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3]))
            else { return nil }
            view.imageView = ImageView(image: made)
        }
        view.semanticContentAttribute =
            item["direction"] as? String == "rightToLeft" ? .forceRightToLeft : .forceLeftToRight
        let hugging = numbers(item["hugging"]) ?? [250, 250]
        let compression = numbers(item["compression"]) ?? [750, 750]
        guard hugging.count == 2, compression.count == 2 else { return nil }
        view.contentHuggingPriority = AxisPriorities(horizontal: hugging[0], vertical: hugging[1])
        view.contentCompressionResistancePriority = AxisPriorities(horizontal: compression[0], vertical: compression[1])
        view.isHidden = item["hidden"] as? Bool == true
        return view
    }

    /// The margins setting of a view entry with `margins` ([top, left or leading, bottom, right or
    /// trailing]) and `directionalMargins`, or nil when it has none.
    static func margins(_ item: [String: Any]) -> LayoutMarginsSetting? {
        guard let margins = numbers(item["margins"]), margins.count == 4 else { return nil }
        // Directional margins are [top, leading, bottom, trailing]: leading in `left`.
        return LayoutMarginsSetting(
            insets: EdgeInsets(top: margins[0], left: margins[1], bottom: margins[2], right: margins[3]),
            isDirectional: item["directionalMargins"] as? Bool == true)
    }

    /// The constraints of a system, labelled as given (or "#index"), source "#index". An anchor
    /// is [view, attribute] or [view, attribute, guide] with guide "margins", "safeArea" or the
    /// index of one of the view's added guides.
    static func constraints(_ items: [[String: Any]], indexPaths: [[Int]]) -> [LayoutConstraint]? {
        func anchor(_ value: Any?) -> LayoutAnchor? {
            guard let parts = value as? [Any], parts.count == 2 || parts.count == 3, let view = parts[0] as? Int,
                view >= 0, view < indexPaths.count, let name = parts[1] as? String,
                let attribute = LayoutAttribute(rawValue: name)
            else { return nil }
            guard parts.count == 3 else { return LayoutAnchor(view: indexPaths[view], attribute: attribute) }
            let guide: LayoutGuideReference
            switch parts[2] {
            case let k as Int: guide = .added(k)
            case let kind as String where kind == "margins": guide = .layoutMargins
            case let kind as String where kind == "safeArea": guide = .safeArea
            default: return nil
            }
            return LayoutAnchor(view: indexPaths[view], guide: guide, attribute: attribute)
        }
        var result: [LayoutConstraint] = []
        for (index, item) in items.enumerated() {
            guard let first = anchor(item["first"]),
                let relation = LayoutRelation(rawValue: item["relation"] as? String ?? ""),
                let multiplier = (item["multiplier"] as? NSNumber)?.doubleValue,
                let constant = (item["constant"] as? NSNumber)?.doubleValue,
                let priority = (item["priority"] as? NSNumber)?.doubleValue
            else { return nil }
            var second: LayoutAnchor?
            if !(item["second"] is NSNull) {
                guard let anchor = anchor(item["second"]) else { return nil }
                second = anchor
            }
            result.append(
                LayoutConstraint(
                    first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
                    priority: priority, label: item["label"] as? String ?? "#\(index)", source: "#\(index)"))
        }
        return result
    }
}
