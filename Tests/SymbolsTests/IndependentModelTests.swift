import Foundation
import Raster
import TestSupport
import Testing

@testable import Symbols

/// ivsim's templates (Fixtures/templates) against the independent model of
/// Tools/fixtures/generate_symbol_fixtures.py, which reads the same files with its own parser,
/// interpolates and enlarges with its own code, and measures the ink with exact Bézier extrema
/// where ivsim flattens: outlines, advances and every metric must agree.
struct IndependentModelTests {
    struct Case {
        var template: String
        var weight: SymbolWeight
        var scale: SymbolScale
        var pointSize: Double
        var displayScale: Int
        var expected: [String: Any]
    }

    static func cases() throws -> [Case] {
        let data = try Data(contentsOf: Fixture().url("model.json"))
        let model = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [[String: Any]]])
        var cases: [Case] = []
        for name in model.keys.sorted() {
            for entry in model[name] ?? [] {
                cases.append(
                    Case(
                        template: name, weight: try #require(SymbolWeight(rawValue: entry["weight"] as? String ?? "")),
                        scale: try #require(SymbolScale(rawValue: entry["scale"] as? String ?? "")),
                        pointSize: try #require(entry["pointSize"] as? Double),
                        displayScale: try #require(entry["displayScale"] as? Int), expected: entry))
            }
        }
        return cases
    }

    static func flattened(_ glyph: SymbolGlyph) -> [Double] {
        glyph.paths.flatMap { path in
            path.outline.elements.flatMap { element -> [Double] in
                switch element {
                case let .move(p), let .line(p): [p.x, p.y]
                case let .quad(a, b): [a.x, a.y, b.x, b.y]
                case let .cubic(a, b, c): [a.x, a.y, b.x, b.y, c.x, c.y]
                case .close: []
                }
            }
        }
    }

    @Test func everyCaseAgrees() throws {
        let cases = try Self.cases()
        #expect(cases.count == 3 * 9 * 3 * 5)
        var templates: [String: SymbolTemplate] = [:]
        var outlinesCompared = 0
        for c in cases {
            let template: SymbolTemplate
            if let known = templates[c.template] {
                template = known
            } else {
                template = try SymbolTemplate.read(Fixture().data("templates/\(c.template).svg"), name: c.template)
                templates[c.template] = template
            }
            let label = "\(c.template) \(c.weight)-\(c.scale) \(c.pointSize) pt @\(c.displayScale)x"
            let image = try SymbolImage(
                template, configuration: SymbolConfiguration(pointSize: c.pointSize, weight: c.weight, scale: c.scale))
            let m = image.metrics(displayScale: c.displayScale)
            #expect(m.pixelWidth == c.expected["pixelWidth"] as? Int, "\(label): width")
            #expect(m.pixelHeight == c.expected["pixelHeight"] as? Int, "\(label): height")
            #expect(m.top == c.expected["top"] as? Int, "\(label): top")
            #expect(m.ascender == c.expected["ascender"] as? Int, "\(label): ascender")
            #expect(m.descender == c.expected["descender"] as? Int, "\(label): descender")
            #expect(m.alignmentRectInsets.top == c.expected["insetTop"] as? Double, "\(label): inset top")
            #expect(m.alignmentRectInsets.bottom == c.expected["insetBottom"] as? Double, "\(label): inset bottom")
            #expect(
                m.baselineOffsetFromBottom == c.expected["baselineOffsetFromBottom"] as? Double, "\(label): baseline")
            let advance = try #require(c.expected["advance"] as? Double)
            #expect(abs((image.glyph.advance ?? .nan) - advance) < 1e-9, "\(label): advance")
            if let points = c.expected["points"] as? [Double] {
                let ours = Self.flattened(image.glyph)
                #expect(ours.count == points.count, "\(label): point count")
                let worst = zip(ours, points).map { abs($0 - $1) }.max() ?? 0
                #expect(worst < 1e-8, "\(label): outline differs by \(worst) units")
                outlinesCompared += 1
            }
        }
        #expect(outlinesCompared == 3 * 27)
    }
}
