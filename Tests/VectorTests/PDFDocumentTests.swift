import Foundation
import Raster
import Testing
import TestSupport
@testable import Vector

/// PDF files built here with exact cross-reference tables: what the reader accepts, what it
/// refuses and with which message, the filters against independent encodings (Python's
/// base64.a85encode, ISO 32000-1's LZW example), the calculator, and the limits.
@Suite struct PDFDocumentTests {
    /// A one-page PDF: `content` on a `width` × `height` page, `resources` as the page's
    /// resource dictionary, `extra` as objects 5, 6, … (each a complete object body).
    static func pdf(
        _ content: String, width: Double = 10, height: Double = 10, resources: String = "<< >>", extra: [String] = [],
        pageExtra: String = "", trailerExtra: String = ""
    ) -> [UInt8] {
        let objects =
            [
                "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Resources \(resources) /Contents 4 0 R \(pageExtra)>>",
                "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
            ] + extra
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(i + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets {
            out += Array((String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8)
        }
        out += Array(
            "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R \(trailerExtra)>>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }

    static let limits = DrawingLimits(
        lines: 100_000, steps: 10_000_000, pixels: 1 << 26, work: DrawingLimits.defaultWork)

    static func render(_ bytes: [UInt8], scale: Double = 1) throws -> Bitmap {
        try PDFImage(bytes).render(scale: scale, limits: limits).bitmap
    }

    static func pixel(_ b: Bitmap, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let p = b.pixels[y * b.width + x]
        return (UInt8(p & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p >> 16 & 0xFF), UInt8(p >> 24))
    }

    static func refusal(_ bytes: [UInt8]) -> String {
        do {
            _ = try PDFImage(bytes)
            return "accepted"
        } catch {
            return error.message
        }
    }

    @Test func aRectangleIsDrawnWithYUp() throws {
        // The lower half of a 10 × 10 page: the bottom five rows of the image.
        let b = try Self.render(Self.pdf("1 0 0 rg 0 0 10 5 re f"))
        #expect(b.width == 10 && b.height == 10)
        #expect(Self.pixel(b, 5, 8) == (255, 0, 0, 255))
        #expect(Self.pixel(b, 5, 2) == (0, 0, 0, 0))
    }

    @Test func aDamagedCrossReferenceTableIsRebuiltByScanning() throws {
        var bytes = Self.pdf("0 0 1 rg 0 0 10 10 re f")
        let text = String(decoding: bytes, as: UTF8.self)
        let startxref = text.range(of: "startxref\n")!.upperBound.utf16Offset(in: text)
        bytes[startxref] = UInt8(ascii: "9")  // now points nowhere
        #expect(Self.pixel(try Self.render(bytes), 5, 5) == (0, 0, 255, 255))
    }

    @Test func objectsInObjectStreamsAreFoundWhenTheCrossReferenceStreamIsLost() throws {
        // The corpus's design-tool export keeps its catalog, pages and resources in an object
        // stream; with startxref pointing nowhere, the same pixels come back.
        for name in ["05-object-streams.pdf", "43-design-export.pdf"] {
            let bytes = Array(try Data(contentsOf: Fixture().url("pdf").appendingPathComponent(name)))
            var damaged = bytes
            let word = Array("startxref".utf8)
            let at =
                (0...(bytes.count - word.count)).last { bytes[$0..<($0 + word.count)].elementsEqual(word) }!
                + word.count
            damaged.replaceSubrange(at..<(at + 3), with: Array("\n99".utf8))
            #expect(try Self.render(damaged) == (try Self.render(bytes)), "\(name)")
        }
    }

    @Test func encryptedFilesAreRefused() {
        #expect(Self.refusal(Self.pdf("", trailerExtra: "/Encrypt << /Filter /Standard >> ")).contains("encrypted"))
    }

    @Test func textInAStandardFontIsRefusedButInvisibleTextIsNot() throws {
        let font = "<< /Font << /F1 5 0 R >> >>", type1 = ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
        let shown = Self.refusal(Self.pdf("BT /F1 12 Tf (Hi) Tj ET", resources: font, extra: type1))
        #expect(
            shown
                == "the \"Tj\" operator at byte 18 of a content stream: text in a Type1 font (/Helvetica) whose program "
                + "is not embedded is not drawn (ivsim draws embedded TrueType, CFF and OpenType programs and Type 3 "
                + "fonts): outline the text in the export")
        #expect(Self.refusal(Self.pdf("BT /F1 12 Tf 3 Tr (Hi) Tj ET", resources: font, extra: type1)) == "accepted")
    }

    /// Embedded TrueType text: a font without its program is refused as any font ivsim cannot
    /// draw; a string that shows a glyph past the page's work (operators, glyphs and outline
    /// elements) is refused, not drawn for minutes; /Differences finds glyphs by name.
    @Test func trueTypeTextIsBoundedAndRefusedWhereNotRead() throws {
        let program = try Fixture().data("pdf/fonts/ivsim-test-mac.ttf")
        let hex = program.map { String(format: "%02X", $0) }.joined() + ">"
        let font = "<< /Font << /F1 5 0 R >> >>"
        func objects(encoding: String = "", embedded: Bool = true) -> [String] {
            [
                "<< /Type /Font /Subtype /TrueType /BaseFont /T /FirstChar 65 /LastChar 67 /Widths [700 700 700] "
                    + "/FontDescriptor 6 0 R \(encoding)>>",
                "<< /Type /FontDescriptor /FontName /T /Flags 4 \(embedded ? "/FontFile2 7 0 R" : "") >>",
                "<< /Filter /ASCIIHexDecode /Length \(hex.count) >>\nstream\n\(hex)\nendstream"
            ]
        }
        let drawn = try Self.render(Self.pdf("BT /F1 8 Tf 1 1 Td (B) Tj ET", resources: font, extra: objects()))
        #expect((0..<10).contains { x in (0..<10).contains { y in drawn[x, y].a == 255 } })
        #expect(
            Self.refusal(Self.pdf("BT /F1 8 Tf (A) Tj ET", resources: font, extra: objects(embedded: false)))
                .contains("text in a TrueType font (/T) whose program is not embedded is not drawn"))
        // /Differences names glyphs (§9.6.6.4): code 65 named 'B' draws what code 66 draws.
        let renamed = try Self.render(
            Self.pdf(
                "BT /F1 8 Tf 1 1 Td (A) Tj ET", resources: font,
                extra: objects(encoding: "/Encoding << /Differences [65 /B] >> ")))
        #expect(renamed == drawn)
        // 'C' is 14 outline elements: 80,000 of them pass the page's 1,000,000.
        let many = String(repeating: "C", count: 80_000)
        #expect(
            Self.refusal(Self.pdf("BT /F1 1 Tf (\(many)) Tj ET", resources: font, extra: objects()))
                .contains("operators, glyphs and glyph outline elements"))
    }

    /// Composite fonts: a CMap other than Identity-H is refused naming it, a CIDFont whose program
    /// is not embedded as any font ivsim cannot draw, and a /W of more widths than a CID range has.
    @Test func compositeFontsOutsideWhatIsReadAreRefused() throws {
        let font = "<< /Font << /F1 5 0 R >> >>"
        func objects(cmap: String = "/Identity-H", w: String = "") -> [String] {
            [
                "<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding \(cmap) /DescendantFonts [6 0 R] >>",
                "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X /FontDescriptor 7 0 R \(w)>>",
                "<< /Type /FontDescriptor /FontName /X /Flags 4 >>"
            ]
        }
        func shown(_ extra: [String]) -> String {
            Self.refusal(Self.pdf("BT /F1 8 Tf <0001> Tj ET", resources: font, extra: extra))
        }
        #expect(shown(objects(cmap: "/Identity-V")).contains("uses the CMap /Identity-V (ivsim reads Identity-H)"))
        #expect(shown(objects(cmap: "8 0 R")).contains("uses an embedded CMap"))
        #expect(shown(objects()).contains("text in a Type0 font (/X) whose program is not embedded is not drawn"))
        let ranges = String(repeating: "0 65535 500 ", count: 2)
        #expect(shown(objects(w: "/W [\(ranges)] ")).contains("gives more than 65536 widths (/W)"))
    }

    @Test func type3GlyphsAreDrawnAndAdvance() throws {
        // Glyph "a": a 10 × 10 square in glyph space, 10 units wide; FontMatrix 1/10 makes that
        // one text-space unit, 3 points at size 3. Shown twice from (1, 1): squares at x 1…4 and
        // 4…7, y 1…4 (y up).
        let font = "<< /Font << /T 5 0 R >> >>"
        let extra = [
            "<< /Type /Font /Subtype /Type3 /FontMatrix [0.1 0 0 0.1 0 0] /FontBBox [0 0 10 10] /FirstChar 97 /LastChar 97 "
                + "/Widths [10] /Encoding << /Differences [97 /a] >> /CharProcs << /a 6 0 R >> >>",
            "<< /Length 22 >>\nstream\n10 0 d0 0 0 10 10 re f\nendstream"
        ]
        let b = try Self.render(
            Self.pdf("0 0.5 0 rg BT /T 3 Tf 1 1 Td (aa) Tj ET", width: 10, height: 6, resources: font, extra: extra))
        // Points (1…7, 1…4) in y-up space: image rows 2…4, columns 1…6.
        #expect(Self.pixel(b, 1, 4) == (0, 128, 0, 255))
        #expect(Self.pixel(b, 6, 2) == (0, 128, 0, 255))
        #expect(Self.pixel(b, 7, 3) == (0, 0, 0, 0))
        #expect(Self.pixel(b, 3, 1) == (0, 0, 0, 0))
    }

    @Test func unknownOperatorsAreRefusedOutsideCompatibilitySections() {
        #expect(
            Self.refusal(Self.pdf("0 0 m foo"))
                == "the \"foo\" operator at byte 6 of a content stream: \"foo\" is not an operator ivsim reads")
        #expect(Self.refusal(Self.pdf("BX 0 0 m foo EX")) == "accepted")
        #expect(Self.refusal(Self.pdf("BI /W 1 /H 1 /CS /CMYK /BPC 8 ID xxxx EI")) == "accepted")
    }

    @Test func aFormThatDrawsItselfIsRefused() {
        let message = Self.refusal(
            Self.pdf(
                "/X Do", resources: "<< /XObject << /X 5 0 R >> >>",
                extra: [
                    "<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /X 5 0 R >> >> "
                        + "/Length 4 >>\nstream\n/X Do\nendstream"
                ]))
        #expect(message.contains("form 5 draws itself"))
    }

    @Test func filtersDecodeIndependentEncodings() throws {
        func decode(_ filter: String, _ data: [UInt8], parms: String = "") throws -> [UInt8] {
            var budget = 1 << 20
            let stream = PDFStream(
                dictionary: try Self.dictionary("<< /Filter \(filter) \(parms) >>"), data: data[...], offset: 0)
            return try PDFFilters.decode(stream, resolve: { $0 }, budget: &budget).bytes
        }
        // Python: base64.a85encode(b"Hello, PDF!", adobe=True) and (b"\0\0\0\0abc").
        #expect(try decode("/ASCII85Decode", Array("<~87cURD_*#-6q/=~>".utf8)) == Array("Hello, PDF!".utf8))
        #expect(try decode("/ASCII85Decode", Array("<~z@:E^~>".utf8)) == [0, 0, 0, 0] + Array("abc".utf8))
        #expect(try decode("/ASCIIHexDecode", Array("48 65 6c 6C 6>".utf8)) == [0x48, 0x65, 0x6C, 0x6C, 0x60])
        // ISO 32000-1 §7.4.4.2's example: "-----A---B" coded as 80 0B 60 50 22 0C 0C 85 01.
        #expect(
            try decode("/LZWDecode", [0x80, 0x0B, 0x60, 0x50, 0x22, 0x0C, 0x0C, 0x85, 0x01]) == Array("-----A---B".utf8)
        )
        // RunLength: 2 literal bytes, then 3 copies of 0x7A, then EOD.
        #expect(try decode("/RunLengthDecode", [1, 0x61, 0x62, 254, 0x7A, 128]) == [0x61, 0x62, 0x7A, 0x7A, 0x7A])
        // PNG predictors: row 1 "Sub" (1), row 2 "Up" (2), 3 columns of 1 byte.
        #expect(
            try decode(
                "/FlateDecode", Self.zlibStored([1, 10, 5, 5, 2, 1, 1, 1]),
                parms: "/DecodeParms << /Predictor 12 /Columns 3 >>") == [10, 15, 20, 11, 16, 21])
    }

    /// zlib data of stored (uncompressed) blocks: an independent encoding of `data`.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let n = UInt16(data.count)
        return [0x78, 0x01, 0x01, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + data
            + [UInt8(b >> 8), UInt8(b & 0xFF), UInt8(a >> 8), UInt8(a & 0xFF)]
    }

    static func dictionary(_ text: String) throws -> [String: PDFObject] {
        var parser = PDFParser(Array(text.utf8))
        return try parser.object()?.dictionary ?? [:]
    }

    @Test func theCalculatorRunsPostScriptPrograms() throws {
        func run(_ program: String, _ inputs: [Double], outputs: Int = 1) throws -> [Double] {
            try PDFCalculator(Array(program.utf8), budget: PDFWorkBudget(1_000_000)).evaluate(inputs, count: outputs)
        }
        #expect(try run("{ dup 0.5 gt { pop 1 } { 2 mul } ifelse }", [0.25]) == [0.5])
        #expect(try run("{ dup 0.5 gt { pop 1 } { 2 mul } ifelse }", [0.75]) == [1])
        #expect(try run("{ pop 7 2 idiv 7 2 mod }", [0], outputs: 2) == [3, 1])
        #expect(try run("{ pop 1 2 3 3 1 roll }", [0], outputs: 3) == [3, 1, 2])
        #expect(try run("{ pop 1 2 2 copy 3 index }", [0], outputs: 5) == [1, 2, 1, 2, 1])
        #expect(try run("{ 1 exch sub 100 mul round 100 div }", [0.333]) == [0.67])
        #expect(try run("{ 0 eq { 1 } { 0 } ifelse }", [0]) == [1])
        #expect(try run("{ pop 90 sin 180 cos }", [0], outputs: 2) == [1, -1])
        // An error (idiv of a real) gives zeros; so does an exhausted budget.
        #expect(try run("{ 2 idiv }", [0.5]) == [0])
        #expect(throws: PDFError.self) { try run("{ 1 add", [0]) }
        #expect(throws: PDFError.self) { try run("{ 1 frobnicate }", [0]) }
    }

    @Test func elementaryFunctionsAgreeWithTheLibraryToNearlyEveryBit() {
        for x in stride(from: 0.001, through: 50, by: 0.37) {
            #expect(abs(PDFMath.ln(x) - Foundation.log(x)) <= 1e-14 * max(1, abs(Foundation.log(x))))
            #expect(abs(PDFMath.exp(x / 10) - Foundation.exp(x / 10)) <= 1e-14 * Foundation.exp(x / 10))
            #expect(abs(PDFMath.atan(x - 25) - Foundation.atan(x - 25)) <= 1e-15)
            #expect(abs(PDFMath.power(x, 2.2) - Foundation.pow(x, 2.2)) <= 1e-13 * Foundation.pow(x, 2.2))
        }
        #expect(PDFMath.angle(dy: 1, dx: -1) == 135)
        #expect(PDFMath.angle(dy: -1, dx: 0) == 270)
    }

    @Test func limitsRefuseWhatWouldCostTooMuch() {
        // q nested past 32.
        #expect(
            Self.refusal(Self.pdf(String(repeating: "q ", count: 33))).contains("more than 32 graphics states saved"))
        // An image larger than ivsim reads, refused before its data is decoded.
        let image =
            "<< /Type /XObject /Subtype /Image /Width 20000 /Height 20000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n0\nendstream"
        #expect(
            Self.refusal(Self.pdf("/I Do", resources: "<< /XObject << /I 5 0 R >> >>", extra: [image])).contains(
                "larger than ivsim reads"))
        // Stitching functions that repeat one another 256-fold, 4 deep: 2^32 reads.
        var functions = ["<< /FunctionType 2 /Domain [0 1] /C0 [0] /C1 [1] /N 1 >>"]
        for level in 0..<4 {
            let refs = Array(repeating: "\(6 + level) 0 R", count: 256).joined(separator: " ")
            let bounds = (1..<256).map { "\(Double($0) / 256)" }.joined(separator: " ")
            let encode = Array(repeating: "0 1", count: 256).joined(separator: " ")
            functions.append(
                "<< /FunctionType 3 /Domain [0 1] /Functions [\(refs)] /Bounds [\(bounds)] /Encode [\(encode)] >>")
        }
        let shading = "<< /ShadingType 2 /ColorSpace /DeviceGray /Coords [0 0 1 0] /Function 10 0 R >>"
        #expect(
            Self.refusal(Self.pdf("/S sh", resources: "<< /Shading << /S 5 0 R >> >>", extra: [shading] + functions))
                .contains("functions take more than the 20000000 units of work"))
        // A colour space defined through itself.
        #expect(
            Self.refusal(
                Self.pdf("/C cs", resources: "<< /ColorSpace << /C 5 0 R >> >>", extra: ["[/Indexed 5 0 R 0 <00>]"])
            )
            .contains("more than 4 deep"))
    }

    @Test func displayP3ProfilesConvertColoursAsP3ImagesAre() throws {
        // Apple's Display P3 profile (from the JPEG fixtures), as an ASCIIHex ICCBased stream.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../JPEGCodecTests/Fixtures/jpeg/icc_display_p3.icc")
        let hex = try Data(contentsOf: url).map { String(format: "%02x", $0) }.joined() + ">"
        let profile = "<< /N 3 /Filter /ASCIIHexDecode /Length \(hex.utf8.count) >>\nstream\n\(hex)\nendstream"
        let p3 = try Self.render(
            Self.pdf(
                "/P cs 0.8 0.3 0.3 sc 0 0 10 10 re f", resources: "<< /ColorSpace << /P [/ICCBased 5 0 R] >> >>",
                extra: [profile]))
        var expected: [UInt8] = [204, 76, 76, 255]  // round(0.8 × 255), round(0.3 × 255) = round(76.5), halves to even
        DisplayP3.convertToSRGB(straightRGBA: &expected)
        #expect(expected != [204, 76, 76, 255])
        #expect(Self.pixel(p3, 5, 5) == (expected[0], expected[1], expected[2], 255))
        // Any other profile (here: a few bytes that are no profile) is taken as sRGB.
        let plain = try Self.render(
            Self.pdf(
                "/P cs 0.8 0.3 0.3 sc 0 0 10 10 re f", resources: "<< /ColorSpace << /P [/ICCBased 5 0 R] >> >>",
                extra: ["<< /N 3 /Length 4 >>\nstream\nabcd\nendstream"]))
        #expect(Self.pixel(plain, 5, 5) == (204, 76, 76, 255))
    }

    @Test func inlineImagesAreDrawn() throws {
        // 2 × 1 RGB samples, "ABC" and "EI " (the data holds the bytes of EI), read by their exact
        // length; then a 1 × 1 gray one in ASCIIHex, ended by the first EI between white space.
        let content =
            "q 10 0 0 5 0 5 cm BI /W 2 /H 1 /CS /RGB /BPC 8 ID ABCEI  EI Q "
            + "q 10 0 0 5 0 0 cm BI /W 1 /H 1 /CS /G /BPC 8 /F /AHx ID 80> EI Q"
        let b = try Self.render(Self.pdf(content))
        #expect(Self.pixel(b, 2, 2) == (65, 66, 67, 255))
        #expect(Self.pixel(b, 7, 2) == (69, 73, 32, 255))
        #expect(Self.pixel(b, 5, 7) == (128, 128, 128, 255))
    }

    /// Inputs an independent review built, each a crash, a hang or a wrong result before its fix.
    @Test func reviewedHostileInputs() throws {
        // A gradient whose 64-bit quotient path overflowed far to the left of the shading.
        let shading =
            "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 4096 0] /Function << /FunctionType 2 /Domain [0 1] "
            + "/C0 [1 0 0] /C1 [0 0 1] /N 1 >> >>"
        let far = try Self.render(
            Self.pdf("0.001 0 0 0.001 350 0 cm /Sh0 sh", resources: "<< /Shading << /Sh0 5 0 R >> >>", extra: [shading])
        )
        #expect(far.pixels.allSatisfy { $0 == 0 })  // before the shading's start, not extended
        // Marked content nested past 256, BMC included.
        #expect(Self.refusal(Self.pdf(String(repeating: "/X BMC ", count: 300))).contains("nested more than 256 deep"))
        // An EMC inside a form does not end the hidden sequence around it.
        let oc = "<< /Type /OCG /Name (B) >>"
        let form =
            "<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Length 18 >>\nstream\nEMC 0 0 10 10 re f\nendstream"
        // (B is turned off in the catalog; the edit moves the objects, found again by scanning.)
        var catalogOff = Self.pdf(
            "/OC /B BDC /F Do EMC", resources: "<< /Properties << /B 5 0 R >> /XObject << /F 6 0 R >> >>",
            extra: [oc, form])
        catalogOff = Array(
            String(decoding: catalogOff, as: UTF8.self)
                .replacingOccurrences(
                    of: "<< /Type /Catalog /Pages 2 0 R >>",
                    with: "<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [5 0 R] /D << /OFF [5 0 R] >> >> >>"
                ).utf8)
        #expect(try Self.render(catalogOff).pixels.allSatisfy { $0 == 0 })
        // Saves in a form count with those around it: 20 q around a form holding 15 q.
        let deep =
            "<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Length 30 >>\nstream\n"
            + String(repeating: "q ", count: 15) + "\nendstream"
        #expect(
            Self.refusal(
                Self.pdf(
                    String(repeating: "q ", count: 20) + "/F Do", resources: "<< /XObject << /F 5 0 R >> >>",
                    extra: [deep])
            )
            .contains("graphics states saved at once"))
    }

    @Test func aPatternSpaceWithNoPatternPaintsNothing() throws {
        let b = try Self.render(Self.pdf("/Pattern cs 0 0 10 10 re f"))
        #expect(b.pixels.allSatisfy { $0 == 0 })
    }

    @Test func nothingShowsOutsideThePageBoxEvenInItsLastPartialPixel() throws {
        // A 9.5-point page: 10 pixels, the last half covered; the fill runs beyond the page.
        let b = try Self.render(Self.pdf("0 0 0 rg 0 0 20 10 re f", width: 9.5))
        #expect(b.width == 10)
        #expect(Self.pixel(b, 8, 5).3 == 255)
        #expect(Self.pixel(b, 9, 5).3 == 128)
    }

    @Test func rotationTurnsThePageClockwise() throws {
        // A 10 × 4 page turned 90°: 4 × 10; its lower-left corner comes to the top-left.
        let image = try PDFImage(Self.pdf("1 0 0 rg 0 0 2 2 re f", width: 10, height: 4, pageExtra: "/Rotate 90 "))
        #expect(image.width == 4 && image.height == 10)
        let b = try image.render(scale: 1, limits: Self.limits).bitmap
        #expect(Self.pixel(b, 0, 0) == (255, 0, 0, 255))
        #expect(Self.pixel(b, 3, 9) == (0, 0, 0, 0))
    }
}

extension PDFDocumentTests {
    /// "nan" and "-nan" operands (an exporter's NaN coordinates, seen in two real catalogs' PDFs):
    /// a path segment with one is left out, the path goes on from the last point; anywhere else
    /// it is an error naming the value.
    @Test func notANumberLeavesOutItsSegment() throws {
        let drawn = try Self.render(
            Self.pdf("0 0 1 rg 1 1 m 9 1 l -nan -nan l -nan -nan -nan -nan -nan -nan c 9 9 l 1 9 l h f"), scale: 4)
        let plain = try Self.render(Self.pdf("0 0 1 rg 1 1 m 9 1 l 9 9 l 1 9 l h f"), scale: 4)
        #expect(drawn == plain)
        #expect(throws: PDFError.self) { try Self.render(Self.pdf("nan w 1 1 m 9 9 l S")) }
        do {
            _ = try Self.render(Self.pdf("0 0 1 rg nan 0 0 1 0 0 cm 0 0 5 5 re f"))
            Issue.record("a nan in cm was read")
        } catch {
            #expect("\(error)".contains("not a number"), "\(error)")
        }
    }
}

extension PDFDocumentTests {
    /// A run of "nan" operands counts against the operands a row may have, as numbers do.
    @Test func nanOperandsCountAgainstTheOperandLimit() throws {
        let run = String(repeating: "nan ", count: PDFInterpreter.maxOperands + 1)
        do {
            _ = try Self.render(Self.pdf(run + "0 0 m"))
            Issue.record("the run was read")
        } catch {
            #expect("\(error)".contains("more than \(PDFInterpreter.maxOperands) operands in a row"), "\(error)")
        }
    }

    /// A transfer function whose value is infinite is forced to 1 (§11.6.5.2): an exponential with
    /// /N −1 gives f(0) = ∞, so where the mask's luminosity is 0 the fill shows fully.
    @Test func anInfiniteTransferValueIsForcedToOne() throws {
        let form =
            "<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Length 16 >>\nstream\n0 g 0 0 10 10 re f\nendstream"
        let bytes = Self.pdf(
            "/S0 gs 1 0 0 rg 0 0 10 10 re f",
            resources:
                "<< /ExtGState << /S0 << /SMask << /S /Luminosity /G 5 0 R /TR << /FunctionType 2 /Domain [0 1] /C0 [0] /C1 [1] /N -1 >> >> >> >> >>",
            extra: [form])
        let bitmap = try Self.render(bytes)
        #expect(bitmap[5, 5] == PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
    }
}

extension PDFDocumentTests {
    /// CMYK by ISO 32000-1 §10.3.5: each of red, green and blue is 1 − min(1, its opposite ink +
    /// black), rounded to 8 bits — in `k`, in a DeviceCMYK colour space, and in a CMYK image.
    /// A page filled by `sh` of a type 4 or 5 mesh in object 5, its vertices given in hex
    /// (8-bit coordinates over the 10-point page, 8-bit RGB).
    static func mesh(_ type: Int, _ hex: String, extra: String = "") -> [UInt8] {
        let flag = type == 4 ? "/BitsPerFlag 8" : "/VerticesPerRow 2"
        return pdf(
            "/M sh", resources: "<< /Shading << /M 5 0 R >> >>",
            extra: [
                "<< /ShadingType \(type) /ColorSpace /DeviceRGB /BitsPerCoordinate 8 /BitsPerComponent 8 \(flag) "
                    + "/Decode [0 10 0 10 0 1 0 1 0 1] /Filter /ASCIIHexDecode \(extra) /Length \(hex.utf8.count + 1) >>\n"
                    + "stream\n\(hex)>\nendstream"
            ])
    }

    @Test func meshShadingsAreReadAsTheirFlagsSay() throws {
        // Flag 0: a red triangle over the lower-left half; flag 1: the next one shares its second
        // and third vertices, with a green vertex at the top right.
        let free = try Self.render(Self.mesh(4, "00 00 00 FF0000 00 FF 00 FF0000 00 00 FF FF0000 01 FF FF 00FF00"))
        #expect(Self.pixel(free, 1, 8) == (255, 0, 0, 255))  // page (1.5, 1.5): red
        let upper = Self.pixel(free, 8, 1)  // page (8.5, 8.5): mostly green
        #expect(upper.1 > 150 && upper.0 < 100 && upper.3 == 255)
        // A 2 × 2 lattice: two triangles over the page, blue at the top.
        let lattice = try Self.render(Self.mesh(5, "00 00 000000 FF 00 000000 00 FF 0000FF FF FF 0000FF"))
        #expect(Self.pixel(lattice, 5, 0).2 > 200 && Self.pixel(lattice, 5, 9).2 < 30)
        #expect(lattice.pixels.allSatisfy { $0 >> 24 == 255 })
    }

    /// A page whose resources hold pattern /P (object 5: a cell drawing a 2 × 2 square at its
    /// origin, in an 4 × 4 box), painted by `content`.
    static func tiled(_ content: String, _ entries: String = "/PaintType 1 /XStep 4 /YStep 4") -> [UInt8] {
        let cell = "0 0 1 rg 0 0 2 2 re f"
        return pdf(
            content, resources: "<< /Pattern << /P 5 0 R >> >>",
            extra: [
                "<< /Type /Pattern /PatternType 1 \(entries) /TilingType 1 /BBox [0 0 4 4] /Length \(cell.utf8.count) >>\n"
                    + "stream\n\(cell)\nendstream"
            ])
    }

    @Test func tilingPatternsRepeatTheirCell() throws {
        // Copies every 4 points: blue squares at (0, 0), (4, 0), (0, 4)… of a 10-point page (y up).
        let page = try Self.render(Self.tiled("/Pattern cs /P scn 0 0 10 10 re f"))
        #expect(Self.pixel(page, 1, 9) == (0, 0, 255, 255) && Self.pixel(page, 5, 9) == (0, 0, 255, 255))
        #expect(Self.pixel(page, 5, 5) == (0, 0, 255, 255) && Self.pixel(page, 3, 9) == (0, 0, 0, 0))
        #expect(Self.pixel(page, 9, 1) == (0, 0, 255, 255) && Self.pixel(page, 7, 7) == (0, 0, 0, 0))
        #expect(
            Self.refusal(Self.tiled("/Pattern cs /P scn 0 0 10 10 re f", "/PaintType 2 /XStep 4 /YStep 4")).contains(
                "PaintType 2"))
        #expect(
            Self.refusal(Self.tiled("/Pattern CS /P SCN 0 0 10 10 re S")).contains(
                "a stroke painted with a tiling pattern"))
        #expect(
            Self.refusal(Self.tiled("/Pattern cs /P scn 0 0 10 10 re f", "/PaintType 1 /XStep 0.01 /YStep 0.01"))
                .contains("more than 4096 copies"))
    }

    @Test func badMeshesAreRefused() {
        #expect(Self.refusal(Self.mesh(4, "03 00 00 FF0000 00 FF 00 FF0000 00 00 FF FF0000")).contains("edge flag 3"))
        #expect(Self.refusal(Self.mesh(4, "01 00 00 FF0000")).contains("a new triangle needs flag 0"))
        #expect(
            Self.refusal(Self.mesh(4, "00 00 00 00", extra: "/Function << /FunctionType 2 /Domain [0 1] /N 1 >>"))
                .contains("/Function is not read"))
        let sevenBits = Self.mesh(4, "00").map { $0 }  // BitsPerCoordinate 8 → 7
        let text = String(decoding: sevenBits, as: UTF8.self).replacingOccurrences(
            of: "/BitsPerCoordinate 8", with: "/BitsPerCoordinate 7")
        #expect(Self.refusal(Array(text.utf8)).contains("/BitsPerCoordinate must be one of"))
    }

    @Test func cmykConvertsByTheSpecificationsFormula() throws {
        func expected(_ c: Double, _ m: Double, _ y: Double, _ k: Double) -> (UInt8, UInt8, UInt8, UInt8) {
            func v(_ ink: Double) -> UInt8 { UInt8(((1 - min(1, ink + k)) * 255).rounded(.toNearestOrEven)) }
            return (v(c), v(m), v(y), 255)
        }
        let drawn = try Self.render(
            Self.pdf("0.2 0.4 0.6 0.1 k 0 0 5 10 re f /DeviceCMYK cs 1 0 0 0 scn 5 0 5 10 re f"))
        #expect(Self.pixel(drawn, 2, 5) == expected(0.2, 0.4, 0.6, 0.1))
        #expect(Self.pixel(drawn, 7, 5) == expected(1, 0, 0, 0))
        // A 1 × 1 image of samples 0x00 0x80 0xFF 0x20.
        let image = try Self.render(
            Self.pdf("q 10 0 0 10 0 0 cm BI /W 1 /H 1 /CS /CMYK /BPC 8 /F /AHx ID 0080FF20> EI Q"))
        #expect(Self.pixel(image, 5, 5) == expected(0, 128.0 / 255, 1, 32.0 / 255))
    }
}
