import AssetCatalogs
import ImageViews
import Raster
import Syntax

/// Reads "variants": a trait matrix and named states that set view properties.
struct VariantReader {
    /// The longest state name (it becomes part of file names).
    static let maxStateName = 64
    let d: Diagnostics
    let properties: PropertyReader
    let ids: ViewIDs

    /// The trait matrix of a "variants" object (read before the images: named images are checked
    /// against every trait combination it gives).
    static func readMatrix(_ node: JSONNode, _ d: Diagnostics) -> VariantMatrix {
        var matrix = VariantMatrix()
        guard case let .object(members) = node.value,
            let matrixNode = members.first(where: { $0.key == "matrix" })?.value,
            let m = ObjectReader(matrixNode, allowed: ScenarioKeys.matrix, what: "the variant matrix", d)
        else { return matrix }
        for (key, names, what) in [
            ("device", DevicePresets.names, "device"),
            ("orientation", DeviceOrientation.allCases.map(\.rawValue), "orientation")
        ] {
            guard let n = m[key], let items = Read.array(n, d, what: what + "s") else { continue }
            let values = items.compactMap { Read.name($0, d, among: names, what: what) }
            guard values.count == items.count else { continue }
            if let duplicate = values.enumerated().first(where: { values[..<$0.offset].contains($0.element) }) {
                d.error(n, "\(what) \(duplicate.element) is listed twice")
                continue
            }
            if key == "device" {
                matrix.devices = values
            } else {
                matrix.orientations = values.compactMap(DeviceOrientation.init)
            }
        }
        for dimension in TraitDimension.all {
            guard let n = m[dimension.key], let items = Read.array(n, d, what: dimension.what + "s") else { continue }
            let values = items.compactMap { dimension.read($0, d) }
            guard values.count == items.count else { continue }
            if let duplicate = values.enumerated().first(where: { values[..<$0.offset].contains($0.element) }) {
                d.error(n, "\(dimension.what) \(duplicate.element) is listed twice")
                continue
            }
            matrix.dimensions.append(VariantMatrix.Dimension(key: dimension.key, values: values))
        }
        if matrix.combinationCount > d.limits.variants {
            d.error(
                matrixNode,
                "the matrix gives \(matrix.combinationCount) trait combinations, more than the \(d.limits.variants) "
                    + "variants a scenario may have: vary fewer traits" + ScenarioLimits.raise("variants"))
            return VariantMatrix()
        }
        return matrix
    }

    /// The states of a "variants" object (its matrix, of `combinations` trait combinations, is
    /// read by `readMatrix`); refused when the variants would exceed the `variants` limit.
    func readStates(_ node: JSONNode, combinations: Int) -> [VariantState] {
        var states: [VariantState] = []
        guard let object = ObjectReader(node, allowed: ScenarioKeys.variants, what: "the variants", d) else {
            return states
        }
        if let statesNode = object["states"], let items = Read.array(statesNode, d, what: "the states") {
            let total = combinations * (items.count + 1)
            guard total <= d.limits.variants else {
                d.error(
                    statesNode,
                    "\(combinations) trait combination\(combinations == 1 ? "" : "s") × (1 + \(items.count) states) = \(total) "
                        + "variants, more than the \(d.limits.variants) a scenario may have (each is laid out and rendered): split "
                        + "the scenario, or vary fewer traits" + ScenarioLimits.raise("variants"))
                return states
            }
            var names = Set<String>()  // duplicates only; states keep file order
            for item in items {
                if let state = readState(item) {
                    if !names.insert(state.name).inserted {
                        d.error(item, "duplicate state name \"\(state.name)\"")
                    } else {
                        states.append(state)
                    }
                }
            }
        }
        return states
    }

    private func readState(_ node: JSONNode) -> VariantState? {
        guard let object = ObjectReader(node, allowed: ScenarioKeys.state, what: "a state", d),
            let nameNode = object.required("name", d, hint: " (it becomes part of the snapshot name)"),
            let name = Read.string(nameNode, d, what: "a state name")
        else { return nil }
        let reserved = (["default"] + DeviceOrientation.allCases.map(\.rawValue) + TraitDimension.variantNames).filter {
            $0 == $0.lowercased()
        }
        // The name becomes part of file names (with the traits' part and ".layout.json", well
        // inside the 255 bytes file systems allow).
        guard name.utf8.count <= VariantReader.maxStateName else {
            d.error(
                nameNode,
                "the state name \"\(name.prefix(20))…\" is \(name.utf8.count) characters long, more than the "
                    + "\(VariantReader.maxStateName) a state name may have (it becomes part of the snapshot's file names): shorten it"
            )
            return nil
        }
        guard !name.isEmpty,
            name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }),
            !reserved.contains(name)
        else {
            d.error(
                nameNode,
                "invalid state name \"\(name)\": use lower-case letters, digits and \"-\", and none of \(reserved.joined(separator: ", "))"
            )
            return nil
        }
        guard let setNode = object.required("set", d, hint: " (an object such as {\"hero.isHighlighted\": true})"),
            case let .object(members) = setNode.value
        else {
            if let setNode = object["set"] {
                d.error(setNode, "expected the properties to set (an object), found \(setNode.value.kindDescription)")
            }
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
            d.error(
                at: member.keyLocation, path: member.value.path,
                "expected \"<view id>.<property>\", found \"\(member.key)\"")
            return nil
        }
        let (id, property) = (String(parts[0]), String(parts[1]))
        guard let view = ids[id] else {
            d.error(
                at: member.keyLocation, path: member.value.path,
                "no view has the id \"\(id)\""
                    + Suggestions.didYouMean(id, among: ids.names))
            return nil
        }
        let names = PropertyValue.names
        guard names.contains(property) else {
            d.error(
                at: member.keyLocation, path: member.value.path,
                "unknown property \"\(property)\""
                    + Suggestions.didYouMean(property, among: names) + " (settable: \(names.joined(separator: ", ")))")
            return nil
        }
        if property == "frame" && view.positioning == .constraints {
            d.error(
                at: member.keyLocation, path: member.value.path,
                "constraints position \"\(id)\": a state cannot set its frame (change the view's constraints or give it a frame)"
            )
            return nil
        }
        if ScenarioKeys.imageViewOnly.contains(property) && !view.isImageView {
            d.error(
                at: member.keyLocation, path: member.value.path,
                "\"\(id)\" is not an image view, so it has no \"\(property)\"")
            return nil
        }
        return properties.value(
            of: property, member.value, nullClears: true, preferred: view.preferredSymbolConfiguration
        ).map {
            PropertyAssignment(viewID: id, value: $0)
        }
    }
}
