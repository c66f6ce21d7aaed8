/// Problems found variant by variant, each reported once with the variants it occurs in (in
/// first-seen order) — "(in variants scale1, scale2)" when not in all of them.
struct VariantFindings {
    let variantCount: Int
    private var problems: [(diagnostic: ScenarioDiagnostic, variants: [String])] = []

    init(variantCount: Int) {
        self.variantCount = variantCount
    }

    /// Notes `diagnostic` in `variant`.
    mutating func note(_ diagnostic: ScenarioDiagnostic, _ variant: String) {
        if let index = problems.firstIndex(where: { $0.diagnostic == diagnostic }) {
            problems[index].variants.append(variant)
        } else {
            problems.append((diagnostic, [variant]))
        }
    }

    /// Each problem once, naming its variants when not all.
    var diagnostics: [ScenarioDiagnostic] {
        problems.map { diagnostic, names in
            var diagnostic = diagnostic
            if names.count < variantCount {
                diagnostic.message += " (in variant\(names.count == 1 ? "" : "s") \(names.joined(separator: ", ")))"
            }
            return diagnostic
        }
    }
}
