import AssetCatalogs
import Foundation
import Symbols
import Syntax

// `ivsim assets` for a symbol set: its template, the variants the file draws, how the others are
// made, and whether every weight and scale can be made — checked as a scenario would use it.
enum SymbolListing {
    static func describe(
        _ set: CatalogIndex.Set, area: ReadableArea, cache: AssetCache, diagnostics: inout [ScenarioDiagnostic]
    ) -> String {
        var out = "symbol set \"\(set.name)\" (\(set.path))\n"
        let d = Diagnostics(file: set.display)
        defer { diagnostics += d.list }
        guard let contents = SymbolSetReader.read(set, cache: cache, d) else {
            return out + "  unusable: see the errors\n"
        }
        guard let templateURL = contents.template else {
            return out
                + "  empty: no entry names a template file (as a new symbol set in Xcode); UIImage(named:) returns nil "
                + "for it, and a scenario that uses it is refused\n"
        }
        switch cache.symbolTemplate(templateURL, area: area, shownAs: contents.display) {
        case let .failure(failure):
            d.error(at: nil, path: "", failure.message)
            return out + "  unusable: \(failure.message)\n"
        case var .success(template):
            template.name = set.name
            let names = template.variantNames
            out +=
                "  template: \((contents.source as NSString).lastPathComponent), \(names.count) variant"
                + (names.count == 1 ? "" : "s") + " drawn (\(names.joined(separator: ", ")))"
            out += contents.renderingIntent.map { "; rendering intent \($0)" } ?? ""
            out += "\n"
            // Every weight at every scale, made as a scenario would make it.
            for weight in SymbolWeight.allCases {
                for scale in SymbolScale.allCases {
                    do throws(SymbolError) {
                        _ = try SymbolImage(
                            template, configuration: SymbolConfiguration(weight: weight, scale: scale))
                    } catch {
                        d.error(at: nil, path: "", error.message)
                        return out + "  unusable at \(weight.rawValue), \(scale.rawValue): \(error.message)\n"
                    }
                }
            }
            let interpolates = names.count < 27 && ["Ultralight-S", "Regular-S", "Black-S"].allSatisfy(names.contains)
            out +=
                interpolates
                ? "  other weights and scales: interpolated from Ultralight-S, Regular-S and Black-S\n"
                : names.count < 27 ? "  other weights and scales: the nearest variant drawn, enlarged or reduced\n" : ""
            return out
        }
    }
}
