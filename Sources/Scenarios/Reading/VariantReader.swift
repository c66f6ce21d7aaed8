import ImageViews
import Raster

/// Reads "variants": a trait matrix and named states that set view properties.
struct VariantReader {
    let d: Diagnostics
    let properties: PropertyReader
    let ids: [(id: String, path: String, isImageView: Bool)]

    func read(_ node: JSONNode) -> (VariantMatrix, [VariantState]) {
        var matrix = VariantMatrix()
        var states: [VariantState] = []
        guard let object = ObjectReader(node, allowed: ScenarioKeys.variants, what: "the variants", d) else { return (matrix, states) }
        if let matrixNode = object["matrix"], let m = ObjectReader(matrixNode, allowed: ScenarioKeys.matrix, what: "the variant matrix", d) {
            if let n = m["displayScale"], let items = Read.array(n, d, what: "display scales") {
                let scales = items.compactMap { Read.number($0, d, in: 1...3, integer: true, what: "a display scale").map(Int.init) }
                if unique(scales, n, what: "display scale") { matrix.displayScale = scales }
            }
            if let n = m["userInterfaceStyle"], let items = Read.array(n, d, what: "interface styles") {
                let styles = items.compactMap { Read.name($0, d, among: UserInterfaceStyle.allCases.map(\.rawValue), what: "interface style") }
                if unique(styles, n, what: "interface style") { matrix.userInterfaceStyle = styles.compactMap(UserInterfaceStyle.init) }
            }
            if let n = m["layoutDirection"], let items = Read.array(n, d, what: "layout directions") {
                let directions = items.compactMap { Read.name($0, d, among: LayoutDirection.allCases.map(\.rawValue), what: "layout direction") }
                if unique(directions, n, what: "layout direction") { matrix.layoutDirection = directions.compactMap(LayoutDirection.init) }
            }
        }
        if let statesNode = object["states"], let items = Read.array(statesNode, d, what: "the states") {
            for item in items {
                if let state = readState(item) {
                    if states.contains(where: { $0.name == state.name }) {
                        d.error(item, "duplicate state name \"\(state.name)\"")
                    } else {
                        states.append(state)
                    }
                }
            }
        }
        return (matrix, states)
    }

    private func unique<T: Equatable>(_ values: [T], _ node: JSONNode, what: String) -> Bool {
        for (i, v) in values.enumerated() where values[..<i].contains(v) {
            d.error(node, "\(what) \(v) is listed twice")
            return false
        }
        return true
    }

    private func readState(_ node: JSONNode) -> VariantState? {
        guard let object = ObjectReader(node, allowed: ScenarioKeys.state, what: "a state", d),
              let nameNode = object.required("name", d, hint: " (it becomes part of the snapshot name)"),
              let name = Read.string(nameNode, d, what: "a state name") else { return nil }
        let reserved = ["default", "light", "dark", "ltr", "rtl", "scale1", "scale2", "scale3"]
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }),
              !reserved.contains(name) else {
            d.error(nameNode, "invalid state name \"\(name)\": use lower-case letters, digits and \"-\", and none of \(reserved.joined(separator: ", "))")
            return nil
        }
        guard let setNode = object.required("set", d, hint: " (an object such as {\"hero.isHighlighted\": true})"),
              case let .object(members) = setNode.value else {
            if let setNode = object["set"] { d.error(setNode, "expected the properties to set (an object), found \(setNode.value.kindDescription)") }
            return nil
        }
        var assignments: [PropertyAssignment] = []
        for member in members {
            if let assignment = readAssignment(member) { assignments.append(assignment) }
        }
        return VariantState(name: name, assignments: assignments)
    }

    private func readAssignment(_ member: JSONMember) -> PropertyAssignment? {
        let parts = member.key.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            d.error(at: member.keyLocation, path: member.value.path, "expected \"<view id>.<property>\", found \"\(member.key)\"")
            return nil
        }
        let (id, property) = (String(parts[0]), String(parts[1]))
        guard let view = ids.first(where: { $0.id == id }) else {
            d.error(at: member.keyLocation, path: member.value.path, "no view has the id \"\(id)\""
                    + Suggestions.didYouMean(id, among: ids.map(\.id)))
            return nil
        }
        let names = PropertyValue.names
        guard names.contains(property) else {
            d.error(at: member.keyLocation, path: member.value.path, "unknown property \"\(property)\""
                    + Suggestions.didYouMean(property, among: names) + " (settable: \(names.joined(separator: ", ")))")
            return nil
        }
        if ScenarioKeys.imageViewOnly.contains(property) && !view.isImageView {
            d.error(at: member.keyLocation, path: member.value.path, "\"\(id)\" is not an image view, so it has no \"\(property)\"")
            return nil
        }
        return properties.value(of: property, member.value, nullClears: true).map { PropertyAssignment(viewID: id, value: $0) }
    }
}
