import ImageViews

/// The checks that need every variant laid out, run when a scenario loads: each variant's scene
/// is built once, and both the Auto Layout check (conflicts, ambiguity, negative sizes) and the
/// image warnings read it. Errors and warnings go to `d`.
struct VariantChecks {
    let scenario: Scenario
    /// Subviews' JSON nodes and the warning kinds each acknowledges.
    let viewNodes: ViewNodes
    let autoLayout: AutoLayoutCheck

    init(scenario: Scenario, viewNodes: [(treePath: [Int], node: JSONNode, acknowledged: [String])], autoLayout: AutoLayoutCheck) {
        self.scenario = scenario
        self.viewNodes = ViewNodes(viewNodes)
        self.autoLayout = autoLayout
    }

    func run(_ d: Diagnostics) {
        let variants = scenario.variants()
        var findings = VariantFindings(variantCount: variants.count)
        for variant in variants {
            let layout = scenario.scene(for: variant).layout
            if let report = layout.autoLayout { autoLayout.inspect(report, variant: variant.name, views: viewNodes, into: &findings) }
            ImageWarningCheck.inspect(layout, file: scenario.file, variant: variant.name, views: viewNodes, into: &findings)
        }
        for diagnostic in findings.diagnostics {
            if diagnostic.severity == .warning { d.append(warnings: [diagnostic]) } else { d.append([diagnostic]) }
        }
    }
}

/// Subviews' JSON nodes and acknowledged warning kinds, by the layout's path name
/// ("root.subviews[1].subviews[0]"); a lookup table only, never iterated.
struct ViewNodes {
    private let entries: [String: (node: JSONNode, acknowledged: [String])]

    init(_ nodes: [(treePath: [Int], node: JSONNode, acknowledged: [String])]) {
        entries = Dictionary(nodes.map { ("root" + $0.treePath.map { ".subviews[\($0)]" }.joined(), ($0.node, $0.acknowledged)) },
                             uniquingKeysWith: { first, _ in first })
    }

    subscript(path: String) -> (node: JSONNode, acknowledged: [String])? { entries[path] }
}
