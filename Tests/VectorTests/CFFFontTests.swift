import Foundation
import Raster
import TestSupport
import Testing

@testable import Vector

/// The embedded CFF reader (docs/PDF.md §Text): the corpus's two CFF programs (Fixtures/pdf/fonts,
/// written byte by byte by Tools/fixtures/cff_font.py with every Type 2 path operator, hints,
/// subroutines, widths and seac) read glyph by glyph against fontTools' reading of the same bytes
/// (the `.outlines.json` beside each, written by the same script), names and CIDs found through the
/// charset and encodings, and every damaged program refused or read without a crash.
struct CFFFontTests {
    static func program(_ name: String) throws -> [UInt8] { try Fixture().data("pdf/fonts/\(name)") }

    /// fontTools' outline of each glyph as ShapePath elements (closePath as .close).
    static func reference(_ name: String) throws -> [[ShapePath.Element]] {
        let json = try JSONSerialization.jsonObject(with: Data(try program("\(name).outlines.json")))
        let glyphs = try #require(json as? [[[Any]]])
        return try glyphs.map { glyph in
            try glyph.map { entry in
                let op = try #require(entry[0] as? String)
                let points = try #require(entry[1] as? [[Double]]).map { Point2($0[0], $0[1]) }
                switch op {
                case "moveTo": return .move(points[0])
                case "lineTo": return .line(points[0])
                case "curveTo": return .cubic(points[0], points[1], points[2])
                case "closePath": return .close
                default: throw CFFFontTestError.unexpected(op)
                }
            }
        }
    }

    enum CFFFontTestError: Error { case unexpected(String) }

    @Test(arguments: ["ivsim-test.cff", "ivsim-test-cid.cff"])
    func outlinesAreFontToolsReading(_ name: String) throws {
        let font = try CFFFont(Self.program(name))
        let expected = try Self.reference(name)
        #expect(font.glyphCount == expected.count && font.glyphCount == 7)
        for glyph in 0..<font.glyphCount {
            #expect(try font.outline(glyph).elements == expected[glyph], "\(name) glyph \(glyph)")
        }
        #expect(font.fontMatrix == AffineTransform(a: 0.001, b: 0, c: 0, d: 0.001, tx: 0, ty: 0))
    }

    @Test func namesCodesAndCIDsFindTheirGlyphs() throws {
        let named = try CFFFont(Self.program("ivsim-test.cff"))
        #expect(!named.isCIDKeyed)
        #expect(named.glyph(named: "A") == 1 && named.glyph(named: "Aacute") == 4 && named.glyph(named: "space") == 6)
        #expect(named.glyph(named: "Z") == nil)
        // The program's own encoding: format 0 (65, 66, 67, 193, 194, 32), its supplement 97 → 'A'.
        for (code, glyph) in [(65, 1), (66, 2), (67, 3), (193, 4), (194, 5), (32, 6), (97, 1), (68, 0)] {
            #expect(named.builtInEncoding[code] == glyph, "code \(code)")
        }
        // A simple font: /Differences first, then the base encoding's names (WinAnsi 193 is Aacute).
        let simple = PDFOutlineFont.simpleCFF(
            named, base: "WinAnsiEncoding", differences: [68: "C", 97: "B"], firstChar: 32, widths: [],
            missingWidth: 0, number: nil)
        #expect(simple.glyph(68) == 3 && simple.glyph(97) == 2 && simple.glyph(193) == 4 && simple.glyph(66) == 2)
        #expect(simple.glyph(0x80) == 0)  // the Euro: WinAnsi names it, the program lacks it
        let builtIn = PDFOutlineFont.simpleCFF(
            named, base: nil, differences: [:], firstChar: 32, widths: [], missingWidth: 0, number: nil)
        #expect(builtIn.glyph(97) == 1)

        let cid = try CFFFont(Self.program("ivsim-test-cid.cff"))
        #expect(cid.isCIDKeyed)
        // Charset format 2: CIDs 100–102 are glyphs 1–3, 300–302 glyphs 4–6.
        for (c, glyph) in [(0, 0), (100, 1), (102, 3), (300, 4), (302, 6)] { #expect(cid.glyph(cid: c) == glyph) }
        #expect(cid.glyph(cid: 103) == nil && cid.glyph(cid: 1) == nil)
        // FDSelect format 3: glyphs 0–3 in Font DICT 0, 4–6 in 1 (the script's nominal widths).
        #expect(cid.privateDict(of: 3).nominalWidth == 600 && cid.privateDict(of: 4).nominalWidth == 300)
        let composite = PDFOutlineFont(program: .cff(cid), codes: .identity(cidToGlyph: nil), missingWidth: 400)
        #expect(composite.codes(of: [0, 100, 1, 44, 7]) == [100, 300] && composite.glyph(300) == 4)
        #expect(composite.width(5) == 400 && !composite.isWordSpace(32))
    }

    /// Every prefix and 3,000 seeded single-byte changes of both programs: a font or a refusal,
    /// and every glyph's outline read or refused — never a crash.
    @Test func damagedProgramsAreReadOrRefused() throws {
        var refused = 0, read = 0
        for name in ["ivsim-test.cff", "ivsim-test-cid.cff"] {
            let program = try Self.program(name)
            for bytes in DamagedPrograms.cases(of: program, seed: 17) {
                do throws(PDFError) {
                    let font = try CFFFont(bytes)
                    for glyph in 0..<min(font.glyphCount, 8) {
                        do throws(PDFError) { _ = try font.outline(glyph) } catch { refused += 1 }
                        _ = font.glyph(cid: 100 + glyph)
                    }
                    read += 1
                } catch {
                    refused += 1
                }
            }
        }
        #expect(read > 1_000 && refused > 500)
    }

    /// A subroutine that calls itself stops at the nesting limit; a charstring of more operators
    /// than the limit stops there; 49 operands in a row and an unknown operator are refused.
    @Test func charstringsOutsideTheLimitsAreRefused() throws {
        let original = try Self.program("ivsim-test.cff")
        // The local subroutine ends in "return" (11): make it call local subroutine 0 (-107) again.
        let subrEnd = try #require(Self.find([5, 11], in: original))  // rlineto, return
        var looped = original
        looped[subrEnd] = 32  // -107: subroutine 0 itself…
        looped[subrEnd + 1] = 10  // …called
        #expect {
            try CFFFont(looped).outline(3)
        } throws: { ($0 as? PDFError)?.message.contains("more than 10 deep") == true }
        let tooMany = CFFFont.chars([Int](repeating: 139, count: 49) + [14])
        #expect(tooMany.contains("more than 48 operands"))
        let unknown = CFFFont.chars([139, 139, 2])
        #expect(unknown.contains("operator 2"))
        let long = CFFFont.chars([Int](repeating: 0x8b, count: 40_000).flatMap { [$0, 0x8b, 5] } + [14])
        #expect(long.contains("more than 65536 operators"))
        let random = CFFFont.chars([12, 23])
        #expect(random.contains("12 23"))
    }

    static func find(_ pattern: [UInt8], in data: [UInt8]) -> Int? {
        (0...(data.count - pattern.count)).first { Array(data[$0..<$0 + pattern.count]) == pattern }
    }
}

extension CFFFont {
    /// The refusal of a one-glyph font whose glyph 0 is `charstring`, or "drawn".
    static func chars(_ charstring: [Int]) -> String {
        let cs = charstring.map(UInt8.init)
        // Header; Name INDEX ("x"); Top DICT INDEX; String INDEX (empty); Global Subrs (empty);
        // CharStrings at a fixed offset; an empty Private DICT.
        func index(_ item: [UInt8]) -> [UInt8] {
            let end = item.count + 1
            return [0, 1, 4] + [0, 0, 0, 1] + [
                UInt8(end >> 24), UInt8(end >> 16 & 255), UInt8(end >> 8 & 255), UInt8(end & 255)
            ]
                + item
        }
        func int(_ v: Int) -> [UInt8] {
            [29, UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
        }
        let topLength = 5 + 1 + 5 + 5 + 1
        let start = 4 + index([120]).count + index([UInt8](repeating: 0, count: topLength)).count + 2 + 2
        let charStrings = index(cs)
        let top = int(start) + [17] + int(0) + int(start + charStrings.count) + [18]
        let bytes = [1, 0, 4, 4] + index([120]) + index(top) + [0, 0] + [0, 0] + charStrings
        do throws(PDFError) {
            _ = try CFFFont(bytes).outline(0)
            return "drawn"
        } catch {
            return error.message
        }
    }
}
