import Raster
import TestSupport
import Testing

@testable import Vector

/// The embedded TrueType reader (docs/PDF.md §Text): the corpus's own font programs
/// (Fixtures/pdf/fonts, written by Tools/fixtures/truetype_font.py) read glyph by glyph against the
/// points the script wrote, codes found through each cmap format, and every damaged program
/// refused or read without a crash.
struct TrueTypeFontTests {
    static func program(_ name: String) throws -> [UInt8] { try Fixture().data("pdf/fonts/\(name)") }

    @Test func outlinesAreTheScriptsPoints() throws {
        let font = try TrueTypeFont(Self.program("ivsim-test-mac.ttf"))
        #expect(font.unitsPerEm == 1000 && font.glyphCount == 5)
        // 'A': two contours of lines, each closed back to its start.
        let a = try font.outline(1).elements
        #expect(
            a == [
                .move(Point2(50, 0)), .line(Point2(650, 0)), .line(Point2(350, 700)), .line(Point2(50, 0)), .close,
                .move(Point2(230, 120)), .line(Point2(350, 400)), .line(Point2(470, 120)), .line(Point2(230, 120)),
                .close
            ])
        // 'B': its drop has two off-curve points in a row at (450, 700) and (450, 900): an
        // on-curve point is implied halfway, (450, 800).
        let b = try font.outline(2).elements
        #expect(b.contains(.quad(Point2(450, 700), Point2(450, 800))))
        #expect(b.contains(.quad(Point2(450, 900), Point2(300, 950))))
        #expect(b.filter { if case .move = $0 { true } else { false } }.count == 2)
        // 'C': 'A' halved, then 'B' moved by (300, 320).
        let c = try font.outline(3).elements
        #expect(c.first == .move(Point2(25, 0)))
        #expect(c.contains(.move(Point2(400, 320))))
        #expect(try font.outline(4).elements.isEmpty && font.outline(0).elements.isEmpty)
    }

    @Test func codesFindTheirGlyphsThroughEachSubtable() throws {
        let mac = try TrueTypeFont(Self.program("ivsim-test-mac.ttf"))
        let win = try TrueTypeFont(Self.program("ivsim-test-win.ttf"))
        for (code, glyph) in [(65, 1), (66, 2), (67, 3), (32, 4)] {
            #expect(mac.glyph(code, platform: 1, encoding: 0) == glyph)
            #expect(win.glyph(code, platform: 3, encoding: 1) == glyph)
        }
        #expect(
            mac.glyph(68, platform: 1, encoding: 0) == nil && win.glyph(0x41 + 0xF000, platform: 3, encoding: 1) == nil)
        #expect(!mac.hasSubtable(3, 1) && !win.hasSubtable(1, 0))
        // §9.6.6.4: symbolic through (1,0); WinAnsi through (3,1) by Unicode (0x80 is the euro sign).
        let symbolic = PDFTrueTypeFont(
            program: mac, symbolic: true, encoding: .none, firstChar: 32, widths: [], missingWidth: 0)
        let ansi = PDFTrueTypeFont(
            program: win, symbolic: false, encoding: .winAnsi, firstChar: 32, widths: [], missingWidth: 0)
        #expect(symbolic.glyph(66) == 2 && ansi.glyph(67) == 3 && ansi.glyph(0x80) == 0)
        #expect(PDFTrueTypeFont.winAnsiUnicode(0x80) == 0x20AC && PDFTrueTypeFont.macRomanUnicode(0xDB) == 0xA4)
    }

    /// Glyph names (§9.6.6.4): a post table of format 2 (fontTools reads the same glyph order from
    /// the script's bytes: .notdef, A, drop.alt, C, space); names' Unicode values by AGLFN and the
    /// uniXXXX and uXXXX forms; a code /Differences names found through (3,1), else the post table.
    @Test func differencesFindGlyphsByName() throws {
        let post = try TrueTypeFont(Self.program("ivsim-test-post.ttf"))
        #expect(post.glyphsByPostName() == [".notdef": 0, "A": 1, "drop.alt": 2, "C": 3, "space": 4])
        #expect(try TrueTypeFont(Self.program("ivsim-test-win.ttf")).glyphsByPostName().isEmpty)  // format 3
        for (name, value) in [
            ("A", 0x41), ("Euro", 0x20AC), ("uni0041", 0x41), ("u1F600", 0x1F600), ("quoteright", 0x2019)
        ] {
            #expect(PDFTrueTypeFont.unicode(of: name) == value, "\(name)")
        }
        for name in ["uni004a", "uni41", "drop.alt", "u110000", "uniFFFFF"] {
            #expect(PDFTrueTypeFont.unicode(of: name) == nil)
        }
        let font = PDFTrueTypeFont(
            program: post, symbolic: false, encoding: .winAnsi, firstChar: 32, widths: [], missingWidth: 0,
            differences: [65: "C", 66: "uni0041", 67: "drop.alt", 68: "nosuchglyph"])
        #expect(font.glyph(65) == 3 && font.glyph(66) == 1 && font.glyph(67) == 2 && font.glyph(68) == 0)
        #expect(font.glyph(32) == 4)  // a code without a difference: WinAnsi through (3,1) as before
    }

    /// Every prefix and 3,000 seeded single-byte changes of both programs: a font or a refusal,
    /// and every glyph's outline read or refused — never a crash.
    @Test func damagedProgramsAreReadOrRefused() throws {
        var refused = 0, read = 0
        for name in ["ivsim-test-mac.ttf", "ivsim-test-win.ttf", "ivsim-test-post.ttf"] {
            let program = try Self.program(name)
            for bytes in DamagedPrograms.cases(of: program, seed: 11) {
                do throws(PDFError) {
                    let font = try TrueTypeFont(bytes)
                    _ = font.glyphsByPostName()
                    for glyph in 0..<min(font.glyphCount, 8) {
                        do throws(PDFError) { _ = try font.outline(glyph) } catch { refused += 1 }
                        _ = font.glyph(65 + glyph, platform: 1, encoding: 0)
                        _ = font.glyph(65 + glyph, platform: 3, encoding: 1)
                    }
                    read += 1
                } catch {
                    refused += 1
                }
            }
        }
        #expect(read > 1_000 && refused > 500)
    }

    /// A composite that places a part by matching points, and one nested past the limit.
    @Test func compositesOutsideWhatIsReadAreRefused() throws {
        var program = try Self.program("ivsim-test-mac.ttf")
        // glyph 3's first part's flags (ARGS_ARE_XY_VALUES cleared): point matching.

        let glyf = try #require(Self.table("glyf", in: program)), loca = try #require(Self.table("loca", in: program))
        let c = glyf + 2 * (Int(program[loca + 6]) << 8 | Int(program[loca + 7]))
        #expect(Int(Int16(bitPattern: UInt16(program[c]) << 8 | UInt16(program[c + 1]))) == -1)
        program[c + 11] &= ~0x02
        #expect(throws: PDFError.self) { try TrueTypeFont(program).outline(3) }
        // A part that is the glyph itself: nested until the depth limit.
        var looped = try Self.program("ivsim-test-mac.ttf")
        looped[c + 13] = 3
        #expect(throws: PDFError.self) { try TrueTypeFont(looped).outline(3) }
    }

    /// The offset of table `tag` in an sfnt.
    static func table(_ tag: String, in d: [UInt8]) -> Int? {
        let count = Int(d[4]) << 8 | Int(d[5])
        for i in 0..<count where String(decoding: d[12 + 16 * i..<16 + 16 * i], as: UTF8.self) == tag {
            let r = 12 + 16 * i + 8
            return Int(d[r]) << 24 | Int(d[r + 1]) << 16 | Int(d[r + 2]) << 8 | Int(d[r + 3])
        }
        return nil
    }
}
