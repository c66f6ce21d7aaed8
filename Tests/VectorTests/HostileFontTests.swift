import Foundation
import PNGCodec
import Raster
import TestSupport
import Testing

@testable import Vector

/// Attack round 12 (docs/RELIABILITY.md): PDF files against the embedded-font readers
/// (Fixtures/hostile/fonts, written by the attacker's scripts). Reading costs are charged before
/// they run away — each program once per page, kept by its stream; each font object its code
/// table, /Differences, /W and /CIDToGIDMap; a CFF program its INDEXes, DICTs (each once) and
/// names (each once) within `CFFFont.maxReadWork` — and the pictures that were wrong agree with
/// PDFium's (the `.pdfium.png` beside each, at 1x).
struct HostileFontTests {
    static func file(_ name: String) throws -> [UInt8] { try Fixture().data("hostile/fonts/\(name).pdf") }

    /// The file drawn at 1x, or its refusal.
    static func outcome(_ name: String) throws -> Result<Bitmap, PDFError> {
        let bytes = try file(name)
        do {
            let image = try PDFImage(bytes)
            return .success(try image.render(scale: 1, limits: .default).bitmap)
        } catch let error as PDFError {
            return .failure(error)
        } catch {
            return .failure(PDFError("\(error)"))
        }
    }

    static let operations = "the page runs more than 1000000 operators, glyphs and glyph outline elements"
    static let readWork = "reading it takes more than 2097152 units"

    @Test(
        arguments: [
            // 10 fonts share one program whose 256 Font DICTs name one Private DICT of 65,535 local
            // subroutines: 27.7 s and 1.3 GB in a debug build, each font reading it all again.
            ("cff-256-fontdicts-65535-subrs-10-fonts", nil),
            // A font written in the resources, shown 30 times: its program is read once (by its stream).
            ("type0-direct-30-Tj", nil),
            // The same with /W [0 65535 500], shown 5,000 times: each read's widths are charged.
            ("type0-direct-W-5000-Tj", operations),
            // 600 fonts sharing one CIDFont with /W of 65,536 widths (1.2 GB before).
            ("type0-600-fonts-W-65536", operations),
            // 65,535 glyphs all named by one 2,000,000-byte string: the name is made once, and charged.
            ("cff-65535-glyphs-one-2MB-name", readWork),
            // 256 Font DICTs naming one Private DICT of 1 MB (read once: 1,000,000 units of the page)
            // and of 3 MB (over the program's limit).
            ("cff-256-fontdicts-1MB-private", operations),
            ("cff-256-fontdicts-3MB-private", readWork)
        ] as [(String, String?)])
    func fontReadingIsChargedOnce(_ name: String, _ refusal: String?) throws {
        switch try Self.outcome(name) {
        case .success: #expect(refusal == nil, "\(name) was drawn")
        case let .failure(error):
            #expect(refusal.map { error.message.contains($0) } ?? false, "\(name): \(error.message)")
        }
    }

    @Test(arguments: [
        // A Type 3 glyph procedure's own text object left the page's text matrix where it ended.
        "type3-glyph-text-object-resets-outer-Tm",
        // A glyph procedure's clipping text without ET clipped the page after it.
        "type3-glyph-mode7-clip-leaks",
        // CID-keyed CFF fonts: a Font DICT's FontMatrix is applied before the Top DICT's.
        "cff-cid-fontmatrix-top-identity", "cff-cid-fontmatrix-top-and-fd", "cff-cid-fontmatrix-per-fontdict",
        // A fractional rendering mode is truncated (4.5 is mode 4, fill and clip).
        "tr-fractional",
        // A CIDFontType2 whose TrueType program is an /OpenType /FontFile3 (was "not embedded").
        "cidfonttype2-opentype-truetype"
    ])
    func picturesAgreeWithPDFium(_ name: String) throws {
        guard case let .success(ours) = try Self.outcome(name) else {
            Issue.record("\(name) was refused")
            return
        }
        let reference = try PNGDecoder().decode(try Fixture().data("hostile/fonts/\(name).pdfium.png"))
        let c = ReferenceComparison(ours, reference)
        #expect(c.mean < 2.5 && Double(c.far) <= 0.025 * Double(c.pixels), "\(name): \(c.summary)")
    }

    @Test(arguments: [
        ("cff-charset-negative", "its charset offset -5 lies outside the font program"),
        ("cff-encoding-negative", "its Encoding offset -3 lies outside the font program"),
        ("opentype-cff-outside", "its 'CFF ' table lies outside the font program"),
        ("opentype-cff2-only", "CFF2 (a variable font's outlines) is not read"),
        ("opentype-empty", "its table directory is cut short"),
        ("cidfonttype0-in-fontfile2", "an embedded TrueType font: the font program is not TrueType"),
        ("type0-descendant-not-dictionary", "/DescendantFonts does not hold a CIDFont dictionary")
    ])
    func refusalsSayWhatIsWrong(_ name: String, _ expected: String) throws {
        guard case let .failure(error) = try Self.outcome(name) else {
            Issue.record("\(name) was drawn")
            return
        }
        #expect(error.message.contains(expected), "\(name): \(error.message)")
    }
}
