import Syntax
/// Problems found variant by variant, each reported once with the variants it occurs in (in
/// first-seen order) — "(in variants scale1, scale2)" when not in all of them.
struct VariantFindings {
    let variantCount: Int
    private var problems: [(diagnostic: ScenarioDiagnostic, variants: [String])] = []
    /// Where each problem is in `problems` (a lookup, so that noting is not quadratic in views).
    private var index: [ScenarioDiagnostic: Int] = [:]

    init(variantCount: Int) {
        self.variantCount = variantCount
    }

    /// Notes `diagnostic` in `variant`.
    mutating func note(_ diagnostic: ScenarioDiagnostic, _ variant: String) {
        if let at = index[diagnostic] {
            problems[at].variants.append(variant)
        } else {
            index[diagnostic] = problems.count
            problems.append((diagnostic, [variant]))
        }
    }

    /// Each problem once, naming its variants when not all.
    var diagnostics: [ScenarioDiagnostic] {
        problems.map { diagnostic, names in
            var diagnostic = diagnostic
            if names.count < variantCount {
                diagnostic.message += " (in variant\(names.count == 1 ? "" : "s") \(Listing.names(names)))"
            }
            return diagnostic
        }
    }
}
