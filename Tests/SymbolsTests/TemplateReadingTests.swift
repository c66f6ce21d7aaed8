import Raster
import Testing

@testable import Symbols

/// The shapes real templates come in (docs/SYMBOLS.md §Templates): guides as lines, paths or
/// Sketch's thin rectangles, groups placed by translate() inside translated parents, glyphs as
/// `<use>` of paths in `defs`; and the refusals, each naming what is wrong.
struct TemplateReadingTests {
    static func read(_ body: String) throws(SymbolError) -> SymbolTemplate {
        try SymbolTemplate.read(Array(("<svg xmlns=\"http://www.w3.org/2000/svg\">" + body + "</svg>").utf8), name: "t")
    }

    static func points(_ glyph: SymbolGlyph?) -> [Point2] {
        (glyph?.paths ?? []).flatMap { path in
            path.outline.elements.compactMap { element -> Point2? in
                if case let .move(p) = element { return p }
                if case let .line(p) = element { return p }
                return nil
            }
        }
    }

    @Test func sketchStyleRectanglesUsesAndTranslatedParents() throws {
        let template = try Self.read(
            """
            <defs><path id="glyph" d="M0 0L10 0L10 -20Z"/></defs>
            <g id="Guides" transform="translate(263, 625)">
              <line id="Baseline-S" x1="0" y1="71" x2="10" y2="71"/>
              <path id="Capline-S" d="M0 0.541L10 0.541"/>
              <rect id="left-margin" x="1128.3" y="405.79" width="8.74" height="119.336"/>
              <rect id="right-margin" x="1166.3" y="405.79" width="8.74" height="119.336"/>
            </g>
            <g id="Symbols" transform="translate(1399, 1016)">
              <g id="Regular-M" transform="translate(-1, 8)"><mask id="m"><use xlink:href="#glyph"/></mask><use x="2" xlink:href="#glyph"/></g>
            </g>
            """)
        #expect(abs(template.capHeight - 70.459) < 1e-9)
        let glyph = try template.glyph(.regular, .medium)
        // The group sits at (1398, 1024); the baseline M is not drawn, so y is relative to the
        // group's own translation; the use's x moves the path 2 units right; the mask draws nothing.
        #expect(Self.points(glyph) == [Point2(2, 0), Point2(12, 0), Point2(12, -20)])
        // Margins 1132.67 and 1170.67 from the rectangles' middles, around Regular-M's ink.
        let advance = try #require(glyph.advance)
        #expect(abs(advance - 38) < 1e-9)
    }

    @Test func refusalsNameWhatIsWrong() {
        let guides = """
            <g id="Guides"><line id="Baseline-S" x1="0" y1="696" x2="1" y2="696"/><line id="Capline-S" x1="0" y1="625.541" x2="1" y2="625.541"/></g>
            """
        func message(_ body: String) -> String {
            do {
                _ = try Self.read(body)
                return ""
            } catch {
                return error.message
            }
        }
        #expect(message("<g id=\"Symbols\"><g id=\"Regular-S\"/></g>").contains("no Baseline-S and Capline-S guides"))
        #expect(message(guides + "<g id=\"Symbols\"/>").contains("has no variants"))
        #expect(
            message(guides + "<g id=\"Symbols\"><g id=\"Regular-S\"/><g id=\"Regular-S\"/></g>").contains(
                "two groups are called \"Regular-S\""))
        #expect(
            message(guides + "<g id=\"Symbols\"><g id=\"Regular-S\"><circle r=\"3\"/></g></g>").contains(
                "Regular-S has a <circle>"))
        #expect(
            message(guides + "<g id=\"Symbols\"><g id=\"Regular-S\"><path d=\"M0 0L1e9 0\"/></g></g>").contains(
                "beyond 100000 template units"))
        #expect(
            message(guides + "<g id=\"Symbols\"><g id=\"Regular-S\"><use xlink:href=\"#nothing\"/></g></g>").contains(
                "refers to \"#nothing\", which is not in the template"))
        #expect(
            message(guides + "<g id=\"Symbols\"><g id=\"Regular-S\"><path d=\"M0 0 Q\"/></g></g>").contains(
                "unreadable path data"))
        #expect(message("<g id=\"x\">").contains("not a readable SVG template"))
    }
}

extension TemplateReadingTests {
    static let guides = """
        <g id="Guides"><line id="Baseline-S" x1="0" y1="696" x2="1" y2="696"/><line id="Capline-S" x1="0" y1="625.541" x2="1" y2="625.541"/></g>
        """

    static func message(_ body: String) -> String {
        do {
            _ = try read(body)
            return ""
        } catch {
            return error.message
        }
    }

    /// A group that uses itself is refused by the depth of uses; three levels of 200 uses of
    /// empty groups (8 million visits, no path) by the visit count, in well under a second.
    @Test func usesOfUsesAreBounded() {
        let selfUse = Self.message(
            Self.guides + "<g id=\"Symbols\"><g id=\"Regular-S\"><use xlink:href=\"#Regular-S\"/></g></g>")
        #expect(selfUse.contains("through too many uses"), "\(selfUse)")
        func uses(_ id: String) -> String { String(repeating: "<use xlink:href=\"#\(id)\"/>", count: 200) }
        let fanOut = Self.message(
            Self.guides + "<defs><g id=\"c\"/><g id=\"b\">\(uses("c"))</g><g id=\"a\">\(uses("b"))</g></defs>"
                + "<g id=\"Symbols\"><g id=\"Regular-S\">\(uses("a"))</g></g>")
        #expect(fanOut.contains("visits more than 1000000 elements"), "\(fanOut)")
    }
}
