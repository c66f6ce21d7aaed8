import Testing

@testable import Symbols

/// Templates made to crash or exhaust ivsim (a review's findings): each is refused in well under
/// a second with a message naming the limit (docs/LIMITS.md, the symbol templates row).
struct HostileTemplateTests {
    static let guides = """
        <g id="Guides"><line id="Baseline-S" x1="0" y1="696" x2="1" y2="696"/><line id="Capline-S" x1="0" y1="625.541" x2="1" y2="625.541"/></g>
        """

    static func message(_ body: String, configuration: SymbolConfiguration = .init()) -> String {
        do {
            let template = try TemplateReadingTests.read(body)
            _ = try SymbolImage(template, configuration: configuration)
            return ""
        } catch {
            return error.message
        }
    }

    @Test func aCapHeightNearZeroIsRefused() {
        let body = """
            <g id="Guides"><line id="Baseline-S" x1="0" y1="1e-300" x2="1" y2="0"/><line id="Capline-S" x1="0" y1="0" x2="1" y2="0"/></g>
            <g id="Symbols"><g id="Regular-S"><path d="M0 0L10 -10Z"/></g></g>
            """
        #expect(Self.message(body).contains("less than the 1 a template may have"))
    }

    @Test func variantOriginsFarAwayAreRefused() {
        let body =
            Self.guides + """
                <g id="Symbols" transform="scale(1e9)"><g transform="scale(1e9)">
                <g id="Regular-S" transform="matrix(1e-18 0 0 1e-18 -1e9 0)"><path d="M0 0L10 -10Z"/></g></g></g>
                """
        #expect(Self.message(body).contains("Regular-S is placed beyond 100000 template units"))
    }

    @Test func curvesThatFlattenToMillionsOfLinesAreRefusedBeforeFlattening() {
        let curves = String(repeating: "c0 0 9e4 0 0 0 ", count: 4_500)
        let body = Self.guides + "<g id=\"Symbols\"><g id=\"Regular-S\"><path d=\"M0 0 \(curves)\"/></g></g>"
        #expect(Self.message(body).contains("flatten to more than 4000000 lines"))
    }

    @Test func pathDataParsedThroughUsesOfUsesIsBounded() {
        let d = "M0 0" + String(repeating: " L1 1", count: 20_000)  // 100 KB of path data
        func uses(_ id: String) -> String { String(repeating: "<use xlink:href=\"#\(id)\"/>", count: 10) }
        let body =
            Self.guides + """
                <defs><path id="p" d="\(d)"/><g id="c">\(uses("p"))</g><g id="b">\(uses("c"))</g></defs>
                <g id="Symbols"><g id="Regular-S">\(uses("b"))</g></g>
                """
        let text = Self.message(body)
        #expect(text.contains("path data") || text.contains("path elements"), "\(text)")
    }

    @Test func aSymbolTooLargeForItsPixelsIsRefusedWhenMade() {
        let body =
            Self.guides + "<g id=\"Symbols\"><g id=\"Regular-S\"><path d=\"M0 0L90000 0L90000 -90000Z\"/></g></g>"
        #expect(
            Self.message(body, configuration: SymbolConfiguration(pointSize: 1_000)).contains(
                "more than 16384 pixels a side at 3x"))
    }
}
