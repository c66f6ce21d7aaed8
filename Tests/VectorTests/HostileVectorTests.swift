import Foundation
import Raster
import Syntax
import Testing
import TestSupport
@testable import Vector

/// The hostile SVG and PDF files of an attacker's run (docs/RELIABILITY.md, docs/LIMITS.md),
/// generated here at a small scale: each is refused with a message naming its limit, or read,
/// in a fraction of a second — a regression shows as a failure or as a slow test.
@Suite struct HostileVectorTests {
    /// Small limits, so that each refusal comes after little work.
    static let limits = DrawingLimits(lines: 1_000_000, steps: 50_000_000, pixels: 1 << 20, work: 50_000_000)

    static func svg(_ size: Int, _ body: String, defs: String = "") -> [UInt8] {
        Array(
            "<svg xmlns='http://www.w3.org/2000/svg' width='\(size)' height='\(size)'><defs>\(defs)</defs>\(body)</svg>"
                .utf8)
    }

    static func failure(_ image: any VectorImage, scale: Double = 1, limits: DrawingLimits = limits) -> DrawingFailure?
    {
        do throws(DrawingFailure) {
            _ = try image.render(scale: scale, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static func message(_ bytes: [UInt8], as format: VectorFormat) -> String {
        do {
            _ = try format.read(bytes)
            return ""
        } catch {
            return error.message
        }
    }

    /// Attack round 8 (docs/RELIABILITY.md): a composite of 32,000 parts, each a glyph of 32,767
    /// contours of no points, showed as one glyph for minutes — contours and parts are counted
    /// with points, 65,536 a glyph; a glyph shown 20,000 times is read once and charged once.
    @Test func trueTypeGlyphsCountTheirContoursAndPartsAndAreReadOnce() throws {
        let contours = try Fixture().data("hostile/truetype-empty-contours.pdf")
        #expect(throws: PDFError.self) { try PDFImage(contours) }
        do {
            _ = try PDFImage(contours)
        } catch {
            #expect(error.message.contains("more than 65536 points, contours and parts"))
        }
    }

    /// Many font objects over CFF programs of 65,535 glyphs, each shown once. A program is read
    /// once per page however many fonts share its stream; each program read is charged what it
    /// cost (its INDEXes, charset and names: about 200,000 units here), so seven distinct ones pass
    /// the page's 1,000,000 operations, while twenty fonts sharing one are drawn.
    @Test func programsAreReadOncePerStreamAndCharged() throws {
        let program = CFFFont.manyGlyphs(65_535)
        let font = try CFFFont(program)
        #expect(font.glyphCount == 65_535 && (131_070...300_000).contains(font.readWork))
        let hex = program.map { String(format: "%02X", $0) }.joined() + ">"
        func page(fonts count: Int, programs: Int) -> String {
            let fonts = (0..<count).map { "/F\($0) \(5 + $0) 0 R" }.joined(separator: " ")
            let shown = (0..<count).map { "/F\($0) 8 Tf (A) Tj" }.joined(separator: " ")
            // Objects: the fonts (5 …), their descriptors, the programs.
            let descriptors = 5 + count, streams = descriptors + programs
            let objects =
                (0..<count).map {
                    "<< /Type /Font /Subtype /Type1 /BaseFont /X /FontDescriptor \(descriptors + $0 % programs) 0 R >>"
                }
                + (0..<programs).map {
                    "<< /Type /FontDescriptor /FontName /X /Flags 4 /FontFile3 \(streams + $0) 0 R >>"
                }
                + (0..<programs).map { _ in
                    "<< /Subtype /Type1C /Filter /ASCIIHexDecode /Length \(hex.count) >>\nstream\n\(hex)\nendstream"
                }
            return PDFDocumentTests.refusal(
                PDFDocumentTests.pdf("BT \(shown) ET", resources: "<< /Font << \(fonts) >> >>", extra: objects))
        }
        #expect(page(fonts: 20, programs: 1) == "accepted")
        let distinct = page(fonts: 8, programs: 8)
        #expect(distinct.contains("more than 1000000 operators, glyphs and glyph outline elements"), "\(distinct)")
    }

    @Test func aCanvasPastThePixelLimitIsRefusedBeforeItIsMade() throws {
        // 107 bytes that asked for 274,877,906,976 bytes at scale 16.
        let huge = try SVGImage(
            Array(
                "<svg xmlns='http://www.w3.org/2000/svg' width='16384' height='16384'><rect width='10' height='10'/></svg>"
                    .utf8))
        #expect(Self.failure(huge, scale: 16) == .tooManyPixels(width: 262_144, height: 262_144, limit: 1 << 20))
        #expect(Self.failure(huge, scale: 1) == .tooManyPixels(width: 16_384, height: 16_384, limit: 1 << 20))
        let page = try PDFImage(PDFDocumentTests.pdf("0 0 1 rg 0 0 10 10 re f", width: 8192, height: 8192))
        #expect(Self.failure(page, scale: 16) == .tooManyPixels(width: 131_072, height: 131_072, limit: 1 << 20))
        // A side past 65,536 pixels is refused whatever the pixel limit (PixelMapping's sums).
        var wide = Self.limits
        wide.pixels = .max
        #expect(
            Self.failure(huge, scale: 5, limits: wide) == .tooManyPixels(width: 81_920, height: 81_920, limit: .max))
        #expect(
            DrawingFailure.tooManyPixels(width: 4, height: 5, limit: 16).description
                == "the drawing is 4 × 5 pixels, more than the 16 pixels (and 65536 a side) one drawing may have")
    }

    @Test func drawingsWhoseWorkRunsForMinutesAreRefusedWhenTheBudgetIsSpent() throws {
        let gradient =
            "<linearGradient id='g'><stop offset='0' stop-color='red'/><stop offset='1' stop-color='blue'/></linearGradient>"
        let zigzag = (0..<2_000).map { "L\(($0 * 37) % 256) \(($0 * 91) % 256)" }.joined(separator: " ")
        let cases: [(String, [UInt8])] = [
            (
                "translucent full-canvas rectangles",
                Self.svg(
                    256, String(repeating: "<rect width='256' height='256' fill='red' fill-opacity='0.5'/>", count: 500)
                )
            ),
            (
                "use copies of a stroked 2,000-segment path",
                Self.svg(
                    256, String(repeating: "<use href='#p'/>", count: 20),
                    defs: "<path id='p' d='M0 0 \(zigzag)' stroke='black' stroke-width='3' fill='none'/>")
            ),
            (
                "paths dashed every 0.01",
                Self.svg(
                    256,
                    (0..<200).map {
                        "<path d='M0 \($0 % 256) L256 \($0 * 7 % 256)' stroke='black' stroke-dasharray='0.01'/>"
                    }.joined())
            ),
            (
                "gradient-filled rectangles",
                Self.svg(
                    256, String(repeating: "<rect width='256' height='256' fill='url(#g)'/>", count: 1_000),
                    defs: gradient)
            )
        ]
        // A budget of 5,000,000 units (the default is 4 × 10^9): each is refused after a few operations.
        var limits = Self.limits
        limits.work = 5_000_000
        for (name, bytes) in cases {
            let image = try SVGImage(bytes)
            #expect(Self.failure(image, limits: limits) == .tooMuchWork(limit: limits.work), "\(name)")
        }
        let radial =
            "<< /ShadingType 3 /ColorSpace /DeviceRGB /Coords [128 128 0 128 128 128] "
            + "/Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >> /Extend [true true] >>"
        let shadings = try PDFImage(
            PDFDocumentTests.pdf(
                String(repeating: "/Sh0 sh\n", count: 1_000), width: 256, height: 256,
                resources: "<< /Shading << /Sh0 5 0 R >> >>", extra: [radial]))
        #expect(Self.failure(shadings, limits: limits) == .tooMuchWork(limit: limits.work))
        let dashed = try PDFImage(
            PDFDocumentTests.pdf(
                "[0.01] 0 d\n" + String(repeating: "0 0 m 256 256 l S\n", count: 1_000), width: 256, height: 256))
        #expect(Self.failure(dashed, limits: limits) == .tooMuchWork(limit: limits.work))
    }

    /// Attack round 9 (docs/RELIABILITY.md): `use` copies of one long path or polyline read its
    /// outline again for each copy — 19,000 copies of a 3,000-segment path took 17 s and 3 GB
    /// before anything was drawn, 140 × 140 copies of a 6,000-segment one 37 s and 6 GB. Every
    /// copy now shares the outline read once (the same storage), and a shape that paints nothing
    /// is neither flattened nor charged for its lines.
    @Test func useCopiesShareTheOutlineTheyCopy() throws {
        let zigzag = (0..<3_000).map { "L\(($0 * 37) % 256) \(($0 * 91) % 256)" }.joined(separator: " ")
        let points = (0..<3_000).map { "\($0 % 256),\(($0 * 7) % 256)" }.joined(separator: " ")
        for shape in [
            "<path id='p' d='M0 0 \(zigzag)' fill='none'/>", "<polyline id='p' points='\(points)' fill='none'/>"
        ] {
            let image = try SVGImage(
                Self.svg(
                    256,
                    "<g id='ten'>" + String(repeating: "<use href='#p'/>", count: 10) + "</g>"
                        + String(repeating: "<use href='#ten'/>", count: 100), defs: shape))
            var storages = Set<UInt>()
            func collect(_ nodes: [SVGNode]) {
                for node in nodes {
                    switch node {
                    case let .group(_, _, children), let .use(_, _, children): collect(children)
                    case let .shape(_, _, path):
                        path.elements.withUnsafeBufferPointer { storages.insert(UInt(bitPattern: $0.baseAddress)) }
                    case let .clipped(_, _, content), let .masked(_, _, content), let .filtered(_, _, content):
                        collect([content])
                    }
                }
            }
            collect(image.content)
            #expect(storages.count == 1, "\(shape.prefix(10)): one outline for the 1,010 shapes")
            // Nothing painted: each element charged as a node (and its declarations), no line counted.
            let drawn = try image.render(scale: 1, limits: Self.limits)
            let canvas = 256 * 256 * DrawingCost.layerPixel
            #expect(drawn.work < canvas + 1_111 * (DrawingCost.node + 2 * DrawingCost.declaration), "\(drawn.work)")
        }
        // Stroked, the copies are charged each element and line and refused once the budget is spent.
        let stroked = try SVGImage(
            Self.svg(
                256, String(repeating: "<use href='#p'/>", count: 2_000),
                defs: "<path id='p' d='M0 0 \(zigzag)' fill='none' stroke='black'/>"))
        var limits = Self.limits
        limits.work = 5_000_000
        #expect(Self.failure(stroked, limits: limits) == .tooMuchWork(limit: limits.work))
        // Painting nothing, but clipped in its bounding-box units: the box is charged as a painted
        // shape's flattening would be.
        let boxed = try SVGImage(
            Self.svg(
                256, String(repeating: "<use href='#p'/>", count: 2_000),
                defs: "<clipPath id='c' clipPathUnits='objectBoundingBox'><rect width='0.5' height='0.5'/></clipPath>"
                    + "<path id='p' d='M0 0 \(zigzag)' fill='none' clip-path='url(#c)'/>"))
        #expect(Self.failure(boxed, limits: limits) == .tooMuchWork(limit: limits.work))
    }

    /// Attack round 9: forms drawn inside forms made a chain of places that the line's shortening
    /// cut in the middle, hiding the limit the reason names ("…eep (docs/LIMITS.md)"), in lines
    /// of up to 522 characters. The chain keeps two places at each end; the reason is whole.
    @Test func aLongChainOfFormsKeepsTheReasonWhole() throws {
        func chain(_ depth: Int, copies: Int) -> [UInt8] {
            let forms = (0..<depth).map { k in
                let body =
                    k == 0
                    ? "0 0 10 10 re f" : String(repeating: "q 1 0 0 1 1 0 cm /F Do Q ", count: copies)
                let resources = k == 0 ? "" : "/Resources << /XObject << /F \(4 + k) 0 R >> >>"
                return "<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] \(resources) /Length \(body.utf8.count) >>\n"
                    + "stream\n\(body)\nendstream"
            }
            return PDFDocumentTests.pdf("/F Do", resources: "<< /XObject << /F \(4 + depth) 0 R >> >>", extra: forms)
        }
        for (bytes, limit) in [
            (chain(14, copies: 1), "nested more than 12 deep"), (chain(12, copies: 10), "more than 1000000 operators")
        ] {
            var message = ""
            do { _ = try PDFImage(bytes) } catch { message = error.message }
            #expect(message.contains(limit), "\(message)")
            #expect(message.contains("more places)…") && message.count < 400, "\(message.count): \(message)")
        }
        // Long places give way to the reason: fewer are kept, down to none, within a line's length.
        let reason = "the page runs more than 1000000 operators (docs/LIMITS.md) " + String(repeating: "x ", count: 100)
        var error = PDFError(reason)
        for k in 0..<6 { error = error.inside("form \(k) of the font /" + String(repeating: "N", count: 150)) }
        #expect(error.message.count <= ErrorText.maxLine && error.message.hasSuffix(": " + reason), "\(error.message)")
        #expect(error.message.hasPrefix("…(6 places)…: the page runs"), "\(error.message)")
        #expect(PDFError(reason).inside("form 1").message == "form 1: " + reason)
    }

    @Test func theBudgetIsExactAndTheWorkTheSameEveryTime() throws {
        let image = try SVGImage(
            Self.svg(
                64,
                "<circle cx='32' cy='32' r='20' fill='red' stroke='blue' stroke-width='3' stroke-dasharray='4 2'/>"
                    + "<g opacity='0.5'><rect width='40' height='40' fill='green'/></g>"))
        let first = try image.render(scale: 2, limits: Self.limits),
            second = try image.render(scale: 2, limits: Self.limits)
        #expect(first.work == second.work && first.bitmap == second.bitmap)
        var exact = Self.limits
        exact.work = first.work
        #expect(try image.render(scale: 2, limits: exact).bitmap == first.bitmap)
        exact.work = first.work - 1
        #expect(Self.failure(image, scale: 2, limits: exact) == .tooMuchWork(limit: first.work - 1))
    }

    @Test func dashesAreCountedBeforeAnyIsMade() throws {
        // A billion dashes along one line: refused by their count, not after making a million.
        let image = try SVGImage(Self.svg(64, "<path d='M0 1 L1000000 1' stroke='black' stroke-dasharray='0.0005'/>"))
        #expect(
            Self.failure(image) == .tooComplex("the stroke's dashes make more than 1000000 pieces: use longer dashes"))
    }

    @Test func styleSheetsMatchThroughAnIndex() throws {
        // 9,999 classes on one element against 9,999 rules, and 10,000 rules over 10,000 elements
        // (over 30 s each when every rule was tried on every element).
        let n = 9_999
        let rules = (0..<n).map { ".c\($0){fill:rgb(\($0 % 256),0,0)}" }.joined()
        let classes = (0..<n).map { "c\($0)" }.joined(separator: " ")
        let one = try SVGImage(
            Array(
                "<svg xmlns='http://www.w3.org/2000/svg' width='2' height='2'><style>\(rules)</style><rect class='\(classes)' width='2' height='2'/></svg>"
                    .utf8))
        // The last rule in the document wins among equal specificities: c9998, red 14 (9998 mod 256).
        #expect(try one.render(scale: 1, limits: Self.limits).bitmap.pixels[0] == 0xFF00_000E)
        let many = (0..<10_000).map { "<rect class='c\($0)' width='1' height='1'/>" }.joined()
        let manyRules = (0..<10_000).map { ".c\($0){fill:blue}" }.joined()
        _ = try SVGImage(
            Array(
                "<svg xmlns='http://www.w3.org/2000/svg' width='2' height='2'><style>\(manyRules)</style>\(many)</svg>"
                    .utf8))
        let million = String(repeating: "c ", count: 1_000_000)
        _ = try SVGImage(
            Array(
                "<svg xmlns='http://www.w3.org/2000/svg' width='2' height='2'><style>.c{fill:red}</style><rect class='\(million)' width='2' height='2'/></svg>"
                    .utf8))
        // What is inherently rules × elements is bounded (1,000,000 declarations; 20,000 here):
        // 20 universal rules over 1,001 elements.
        let universal = String(repeating: "*{fill:red}", count: 20)
        let root = try XMLDocument.parse(
            Array(
                "<svg xmlns='http://www.w3.org/2000/svg' width='2' height='2'><style>\(universal)</style>\(String(repeating: "<rect width='1' height='1'/>", count: 1_001))</svg>"
                    .utf8))
        var compiler = SVGCompiler(definitions: try SVGDefinitions(root))
        compiler.maxDeclarations = 20_000
        #expect(throws: SVGError.self) { _ = try compiler.root(root) }
        do {
            _ = try compiler.root(root)
        } catch {
            #expect(
                error.message.contains(
                    "more than 20000 declarations in all, counting each <use> copy (docs/LIMITS.md)"), "\(error)")
        }
    }

    @Test func matchingRulesToElementsIsBounded() throws {
        // Rules that match every element and set nothing ivsim reads are dropped when read
        // (10,000 `*{}` over 190,000 elements ran for minutes); the rest are tried within a budget
        // (2,000,000; 20,000 here).
        let empty = String(repeating: "*{}*{foo:bar}rect{}.a{}#a{}", count: 400)
        let sheet = try SVGStyleSheet(
            try XMLDocument.parse(Array("<svg xmlns='http://www.w3.org/2000/svg'><style>\(empty)</style></svg>".utf8)))
        #expect(sheet.rules.isEmpty)
        let rules = String(repeating: "*{fill:red}", count: 20)
        let root = try XMLDocument.parse(
            Array(
                "<svg xmlns='http://www.w3.org/2000/svg' width='2' height='2'><style>\(rules)</style>\(String(repeating: "<rect width='1' height='1'/>", count: 1_000))</svg>"
                    .utf8))
        #expect(throws: SVGError.self) { try SVGDefinitions(root, maxMatching: 20_000) }
        do {
            _ = try SVGDefinitions(root, maxMatching: 20_000)
        } catch {
            #expect(
                error.message.contains(
                    "the document's style rules and declarations take more than 20000 steps to read"), "\(error)")
        }
        _ = try SVGDefinitions(root, maxMatching: 50_000)
    }

    @Test func classesOfSelectorsAndElementsCountTowardsMatching() throws {
        // 10,000 rules of 500 classes each (24 MB) held 1 GB while they were read, and 20,000
        // elements of 1,000 classes no rule names took 16 s to match: a selector's classes count
        // when the sheet is read (one each, and one a selector; the 8-byte block "fill:red" one
        // more), an element's when it is matched.
        let selector = "." + (0..<100).map { "c\($0)" }.joined(separator: ".")
        let sheet = try XMLDocument.parse(
            Array(
                "<svg xmlns='http://www.w3.org/2000/svg' width='2' height='2'><style>\(String(repeating: selector + "{fill:red}", count: 300))</style></svg>"
                    .utf8))
        do {
            _ = try SVGDefinitions(sheet, maxMatching: 300 * 102 - 1)
            Issue.record("300 rules of 100 classes were read within 30,599 steps")
        } catch {
            #expect(
                error.description.contains(
                    "<style>: the document's style rules and declarations take more than 30599 steps to read"),
                "\(error)")
        }
        _ = try SVGDefinitions(sheet, maxMatching: 300 * 102)
        let classes = (0..<100).map { "z\($0)" }.joined(separator: " ")
        let elements = try XMLDocument.parse(
            Array(
                "<svg xmlns='http://www.w3.org/2000/svg' width='2' height='2'><style>.q{fill:red}</style>\(String(repeating: "<rect width='1' height='1' class='\(classes)'/>", count: 100))</svg>"
                    .utf8))
        do {
            _ = try SVGDefinitions(elements, maxMatching: 3 + 100 * 100 - 1)
            Issue.record("100 elements of 100 classes were matched within 10,002 steps")
        } catch {
            #expect(
                error.description.contains(
                    "<rect>: the document's style rules and declarations take more than 10002 steps"), "\(error)")
        }
        _ = try SVGDefinitions(elements, maxMatching: 3 + 100 * 100)
    }

    @Test func aRuleWithAnIDAndClassesStillNeedsTheClasses() throws {
        // Listed under its id, the rule is tried on the element with that id, and matches only if
        // the element has its classes too (CSS: `#a.b`).
        let root = try XMLDocument.parse(
            Array(
                "<svg xmlns='http://www.w3.org/2000/svg' width='2' height='2'><style>#a.b{fill:red}</style><rect id='a' class='b' width='1' height='1'/><rect id='a2' width='1' height='1'/></svg>"
                    .utf8))
        let definitions = try SVGDefinitions(root)
        let rects = root.children.filter { $0.name == "rect" }
        #expect(definitions.rules(for: rects[0]).map(\.0) == ["fill"] && definitions.rules(for: rects[1]).isEmpty)
    }

    @Test func vectorFilesOverTheirSizeAreRefusedBeforeTheyAreParsed() {
        // A 98 MB SVG was read for 16 s; SVG and PDF files are read up to 64 MiB.
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: VectorFormat.maxFileBytes + 1)
        for format in [VectorFormat.svg, .pdf] {
            do {
                _ = try format.read(bytes)
                Issue.record("a \(format) file past 64 MiB was read")
            } catch {
                #expect(
                    error.message
                        == "the file is 67108865 bytes, more than the 67108864 an SVG or PDF file may be (docs/LIMITS.md): "
                        + "export it with fewer elements, or its pictures as image files", "\(error)")
            }
        }
    }

    @Test func gradientStopsAreReadOnceAndChargedForEachPaint() throws {
        // 1,000 gradients sharing 2,000 stops through href, painting 1,000 one-pixel rectangles:
        // the stops are read once, and each paint is charged for sorting them.
        let stops = (0..<2_000).map { "<stop offset='\(Double($0) / 2_000)' stop-color='red'/>" }.joined()
        let gradients =
            "<linearGradient id='g0'>\(stops)</linearGradient>"
            + (1..<1_000).map { "<linearGradient id='g\($0)' href='#g0'/>" }.joined()
        let image = try SVGImage(
            Self.svg(
                64, (0..<1_000).map { "<rect x='\($0 % 64)' width='1' height='1' fill='url(#g\($0))'/>" }.joined(),
                defs: gradients))
        let drawn = try image.render(scale: 1, limits: .default)
        #expect(drawn.work > 1_000 * DrawingCost.gradientStops(2_000))
    }

    @Test func layersAndClipsHoldABoundedAmountOfMemory() throws {
        // Four nested groups of a 4096 × 4096 drawing hold 256 MiB of layers, the most a drawing
        // may hold; a clip of 512 × 512 pixels around them is past it (8 layers and 40 clips of
        // such a drawing held 1.3 GB).
        var limits = DrawingLimits.default
        limits.pixels = 1 << 24
        let groups =
            String(repeating: "<g opacity='0.5'>", count: 4) + "<rect width='1' height='1'/>"
            + String(repeating: "</g>", count: 4)
        #expect(throws: Never.self) { try SVGImage(Self.svg(4096, groups)).render(scale: 1, limits: limits) }
        let clipped = try SVGImage(
            Self.svg(
                4096, "<g clip-path='url(#c)'>\(groups)</g>",
                defs: "<clipPath id='c'><rect width='512' height='512'/></clipPath>"))
        #expect(
            Self.failure(clipped, limits: limits)
                == .tooComplex(
                    "the drawing holds more than 256 MiB of transparency layers and clip masks at once: nest fewer groups, masks and clips"
                ))
    }

    /// Attack round 15: filter steps were charged 16 units a pixel whatever they did, and an
    /// arithmetic composite, a colour matrix or a non-separable blend cost 2.5–5.3 ns a unit (a
    /// 6.6 KB file ran 21 s within the budget). Each now adds what it costs beyond the step.
    @Test func filterPrimitivesAreChargedWhatTheyCost() throws {
        func work(_ primitive: String) throws -> Int {
            let filter =
                "<filter id='f' x='0' y='0' width='64' height='64' filterUnits='userSpaceOnUse' "
                + "color-interpolation-filters='sRGB'>" + String(repeating: primitive, count: 10) + "</filter>"
            return try SVGImage(
                Self.svg(64, "<rect width='64' height='64' fill='red' filter='url(#f)'/>", defs: filter)
            )
            .render(scale: 1, limits: Self.limits).work
        }
        let offset = try work("<feOffset dx='1'/>")
        let pixels = 64 * 64
        #expect(try work("<feComposite operator='arithmetic' k2='1' in2='SourceAlpha'/>") == offset + 10 * 80 * pixels)
        #expect(try work("<feComposite operator='xor' in2='SourceAlpha'/>") == offset + 10 * 4 * pixels)
        #expect(try work("<feColorMatrix type='saturate' values='0.5'/>") == offset + 10 * 32 * pixels)
        #expect(try work("<feBlend mode='saturation' in2='SourceAlpha'/>") == offset + 10 * 80 * pixels)
        #expect(try work("<feBlend mode='multiply' in2='SourceAlpha'/>") == offset + 10 * 8 * pixels)
    }

    @Test func filtersHoldABoundedAmountOfMemoryAndWork() throws {
        // Sixty primitives over a 4096 × 4096 region would hold 62 images of 64 MiB; eight filters
        // nested over a 2048 × 2048 drawing, each blurring, pass the work (both refused before any
        // filter image is made).
        var limits = DrawingLimits.default
        limits.pixels = 1 << 24
        let region =
            "x='0' y='0' width='4096' height='4096' filterUnits='userSpaceOnUse' color-interpolation-filters='sRGB'"
        let many = try SVGImage(
            Self.svg(
                4096, "<rect width='4096' height='4096' fill='red' filter='url(#f)'/>",
                defs: "<filter id='f' \(region)>" + String(repeating: "<feOffset dx='1'/>", count: 60) + "</filter>"))
        #expect(
            Self.failure(many, limits: limits)
                == .tooComplex(
                    "a filter over 4096 × 4096 pixels would hold more than 256 MiB of images: use a smaller filter region or fewer primitives"
                ))
        let nested = try SVGImage(
            Self.svg(
                2048,
                String(repeating: "<g filter='url(#f)'>", count: 8) + "<rect width='2048' height='2048'/>"
                    + String(repeating: "</g>", count: 8),
                defs: "<filter id='f' \(region)><feGaussianBlur stdDeviation='3'/><feOffset dx='2'/></filter>"))
        var small = limits
        small.work = 1_000_000_000
        #expect(Self.failure(nested, limits: small) == .tooMuchWork(limit: small.work))
    }

    @Test func errorsQuoteAFewHundredCharactersAtMost() {
        let name = String(repeating: "a", count: 1_000_000)
        let long = Self.message(
            Array("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><\(name)/></svg>".utf8), as: .svg)
        #expect(
            long.count < 400 && long.contains("a…(999907 more characters)…aaaa")
                && long.contains("a>: this element is not drawn"), "\(long.prefix(500))")
        let digits = String(repeating: "9", count: 1_000_000)
        let number = Self.message(
            Array("<svg xmlns='http://www.w3.org/2000/svg' width='1\(digits)' height='10'/>".utf8), as: .svg)
        #expect(
            number.count < 400 && number.contains("9\": expected a size above 0 and at most 16384 px"),
            "\(number.prefix(500))")
        // A number too large for a length is not said to be in another unit.
        for text in ["1e300", "1e400", "-1e999px"] {
            let refusal = Self.message(
                Array("<svg xmlns='http://www.w3.org/2000/svg' width='\(text)' height='10'/>".utf8), as: .svg)
            #expect(refusal.hasSuffix("width=\"\(text)\": expected a size above 0 and at most 16384 px"), "\(refusal)")
        }
        for text in ["10em%", "NaN", "0x10", "inf"] {
            #expect(
                Self.message(
                    Array("<svg xmlns='http://www.w3.org/2000/svg' width='\(text)' height='10'/>".utf8), as: .svg
                )
                .contains("expected a length in px (other units and percentages are not read)"), "\(text)")
        }
        let points = (0..<500_001).map { "\($0 % 10),\($0 % 7)" }.joined(separator: " ")
        let polyline = Self.message(
            Array(
                "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><polyline points='\(points)'/></svg>"
                    .utf8), as: .svg)
        #expect(
            polyline.hasSuffix(
                "<polyline>: points=\"…\": more than 1000000 numbers (500000 points), the most one list may hold (docs/LIMITS.md): split the shape"
            ),
            "\(polyline)")
        let big = Self.message(
            PDFDocumentTests.pdf("0 0 1 rg " + String(repeating: "1", count: 400) + " 0 10 10 re f"), as: .pdf)
        #expect(
            big.contains("a content stream: byte 9: the number 1111")
                && big.hasSuffix("(400 characters) is too large to be read"), "\(big)")
        #expect(big.count < 400)
    }

    /// Attack round 17: a page's content streams are parsed again at each use of a form (and a
    /// glyph, pattern or soft mask); a form of one 3,999,000-element array drawn 70 times took
    /// 33 s. Every stream the page parses draws from one budget, whatever it is parsed for.
    @Test func contentStreamsShareOneBudgetAcrossUses() throws {
        let formContent = "[1 2 3 4 5 6 7 8 9 10] n"  // 10 elements and an array: 14 units a use
        let form =
            "<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Length \(formContent.utf8.count) >>\nstream\n\(formContent)\nendstream"
        let bytes = PDFDocumentTests.pdf("", resources: "<< /XObject << /F 5 0 R >> >>", extra: [form])
        let file = try PDFFile(bytes)
        let resources = try #require(try file.resolve(.reference(3, 0)).dictionary?["Resources"]?.dictionary)
        func run(_ uses: Int) throws(PDFError) {
            var interpreter = PDFInterpreter(file: file, contentUnits: 60)
            _ = try interpreter.run(
                Array(String(repeating: "/F Do ", count: uses).utf8), resources: resources, patternBase: .identity)
        }
        try run(4)  // 56 units
        do {
            try run(5)
            Issue.record("a fifth use of the form passed the page's 60 units")
        } catch {
            #expect(
                error.message.hasSuffix(
                    "the page's content streams hold more than 60 units of arrays and dictionaries in all (1 an element, "
                        + "4 more an array or dictionary; docs/LIMITS.md)"), "\(error.message)")
        }
    }

    /// Found by the `svg` fuzz target (twenty-second session): a root with a width but no height
    /// took the viewBox's height, 24131, unchecked — past the 16,384-point limit every stated size
    /// keeps. Now either side taken from the viewBox is checked as a stated one.
    @Test func aSideTakenFromTheViewBoxIsWithinTheLimit() {
        for (attributes, side) in [
            ("width='24' viewBox='0 0 24 24131'", "height"), ("height='24' viewBox='0 0 20000 24'", "width"),
            ("viewBox='0 0 16385 10'", "width")
        ] {
            let bytes = Array("<svg xmlns='http://www.w3.org/2000/svg' \(attributes)/>".utf8)
            #expect(
                Self.message(bytes, as: .svg).hasSuffix(
                    "no \(side): the viewBox's \(side) is taken, and it is more than 16384 px (docs/LIMITS.md): give \(side) in px"
                ), "\(attributes)")
        }
        let within = Array("<svg xmlns='http://www.w3.org/2000/svg' width='24' viewBox='0 0 24 16384'/>".utf8)
        #expect(Self.message(within, as: .svg) == "")
    }

    @Test func textThatIsNotUTF8AndEmptyFilesSaySo() {
        let text = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>"
        let utf16 = Array(text.data(using: .utf16)!)
        #expect(
            Self.message(utf16, as: .svg).contains(
                "the file is UTF-16 (it starts with the bytes FF FE 3C 00): ivsim reads SVG as UTF-8"))
        // Without a byte order mark, and as UTF-32 (attack round 18: binary data was called UTF-16).
        for (bytes, encoding) in [
            (Array(text.data(using: .utf16BigEndian)!), "UTF-16 (it starts with the bytes 00 3C 00 73)"),
            (Array(text.data(using: .utf32LittleEndian)!), "UTF-32 (it starts with the bytes 3C 00 00 00)"),
            (Array(text.data(using: .utf32BigEndian)!), "UTF-32 (it starts with the bytes 00 00 00 3C)"),
            (
                [0xEF, 0xBB, 0xBF] + Array(text.data(using: .utf16LittleEndian)!),
                "UTF-16 (it starts with the bytes EF BB BF 3C)"
            )
        ] {
            #expect(Self.message(bytes, as: .svg).contains("the file is \(encoding)"), "\(encoding)")
        }
        // A NUL before UTF-8 text is not UTF-16 (attack round 19).
        #expect(Self.message([0] + Array(text.utf8), as: .svg).contains("binary data"))
        #expect(
            Self.message([0, 1, 2, 3, 4], as: .svg).hasSuffix(
                "the file holds NUL (zero-valued) bytes (it starts with the bytes 00 01 02 03): it is binary data, not SVG text, which ivsim reads as UTF-8"
            ))
        #expect(Self.message([UInt8](repeating: 0, count: 4096), as: .svg).contains("binary data"))
        #expect(
            Self.message([], as: .svg)
                == "line 1, column 1: the file is empty: an SVG document starts with <svg …> (or an XML declaration)")
        #expect(Self.message([0xEF, 0xBB, 0xBF], as: .svg).contains("the file holds only a UTF-8 byte order mark"))
        #expect(Self.message([], as: .pdf) == "the file is empty: a PDF file starts with \"%PDF-\"")
    }

    /// Attack round 18: one rule of 16 million selectors, or of 16 million empty declarations, held
    /// 1.2 GB before the rule limit or the reading budget refused it. Selectors are now counted as
    /// they are met, a rule's block is charged a step for 8 bytes before it is read, and only the
    /// declarations of properties ivsim reads are made.
    @Test func longSelectorListsAndRuleBodiesAreRefusedBeforeTheyAreHeld() throws {
        func sheet(_ css: String, maxSteps: Int = .max) throws(SVGError) -> SVGStyleSheet {
            try SVGStyleSheet(
                try! XMLDocument.parse(
                    Array("<svg xmlns='http://www.w3.org/2000/svg'><style>\(css)</style></svg>".utf8)),
                maxSteps: maxSteps)
        }
        let list = String(repeating: "a,", count: 9_999)
        #expect(try sheet(list + "b{fill:red}").rules.count == 10_000)
        #expect(throws: SVGError.self) { try sheet(list + "b,c{fill:red}") }
        #expect(try sheet("a,,b{fill:red}").rules.count == 2, "an empty selector names nothing")
        // A block of 800 bytes is 100 steps (and a selector 1).
        let block = "rect{" + String(repeating: "x:y;", count: 200) + "}"
        #expect(try sheet(block, maxSteps: 101).steps == 101)
        #expect(throws: SVGError.self) { try sheet(block, maxSteps: 100) }
        // Declarations of properties ivsim does not read are not kept; those it reads are, in order.
        let mixed = try sheet("rect{:;foo:1;fill:red;x:y;stroke:blue !important;;}")
        #expect(mixed.rules.count == 1)
        #expect(mixed.rules[0].declarations.map { "\($0.0)=\($0.1)" } == ["fill=red", "stroke=blue"])
        #expect(SVGStyle.parse("a:1;;b : 2 ;c").map(\.0) == ["a", "b"])
    }

    /// Attack round 18: a viewBox side past 10^9 said "expected four numbers, … the sizes above 0".
    @Test func numbersOutOfRangeSaySo() {
        let bytes = Array("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 2147483647'/>".utf8)
        #expect(
            Self.message(bytes, as: .svg).contains(
                "the number \"2147483647\" is out of range (at most 10^9 in magnitude)"))
        let points = Self.svg(10, "<polyline points='0 0 1e10 1'/>")
        #expect(Self.message(points, as: .svg).contains("points=\"…\": the number \"1e10\" is out of range"))
        #expect(
            Self.message(Self.svg(10, "<polyline points='0 0 x 1'/>"), as: .svg).contains("expected pairs of numbers"))
    }

    /// Attack round 18: a /Prev pointing at its own section hid the sections before it ("the
    /// document catalog is missing"); a loop now has the file read as a damaged one.
    @Test func aCrossReferenceChainThatLoopsIsReadByReconstruction() throws {
        var bytes = PDFDocumentTests.pdf("1 0 0 rg 0 0 10 10 re f")
        let at = bytes.count
        bytes += Array("xref\n0 0\ntrailer\n<< /Size 6 /Root 1 0 R /Prev \(at) >>\nstartxref\n\(at)\n%%EOF\n".utf8)
        let file = try PDFFile(bytes)
        #expect(file.reconstructed)
        #expect(try PDFImage(bytes).render(scale: 1, limits: Self.limits).bitmap.pixels[0] == 0xFF00_00FF)
    }

    /// Attack round 16: sixteen Pages-tree objects in an object stream, each within the limit of
    /// one object (4,000,000 elements) but together 64 million, held 6 GB for 32 s. The file's
    /// objects now share one budget: each element 1 unit, each array or dictionary 4 more; an
    /// object read once is kept and not charged again.
    @Test func theFilesObjectsShareOneBudget() throws {
        let list = "[" + String(repeating: "() ", count: 400) + "]"  // 400 + 4 units
        let bytes = PDFDocumentTests.pdf("", extra: [list, list, list])
        let file = try PDFFile(bytes, elementUnits: 1_000)
        let atStart = file.elements.remaining  // the trailer's dictionary: 2 + 4
        #expect(atStart == 1_000 - 6)
        _ = try file.object(5)
        #expect(file.elements.remaining == atStart - 404)
        _ = try file.object(5)
        #expect(file.elements.remaining == atStart - 404, "an object read again is charged again")
        _ = try file.object(6)
        do {
            _ = try file.object(7)
            Issue.record("the third object was read past the file's budget")
        } catch {
            #expect(error.message.hasSuffix(file.elements.refusal), "\(error.message)")
            #expect(error.message.contains("object 7"))
        }
        // The same through an object stream (the corpus file keeps its catalog, pages and
        // resources in one): what reading every object costs, then one unit less refused.
        let streamed = try Fixture().data("pdf/05-object-streams.pdf")
        func readAll(_ file: PDFFile) throws(PDFError) { for n in 1...64 { _ = try file.object(n) } }
        let whole = try PDFFile(streamed)
        try readAll(whole)
        let used = PDFElementBudget.maxPerFile - whole.elements.remaining
        #expect(used > 50)
        try readAll(whole)
        #expect(PDFElementBudget.maxPerFile - whole.elements.remaining == used)
        #expect(throws: PDFError.self) { try readAll(PDFFile(streamed, elementUnits: used - 1)) }
        #expect(whole.elements.refusal.hasPrefix("the file's objects hold more than 8000000 units"))
    }

    @Test func crossReferenceSectionsPastTheLimitAreReadByReconstruction() throws {
        // 257 sections (one per incremental update): the chain is too long to follow, so the file
        // is read as a damaged one, by its objects; it was "the document catalog is missing".
        var bytes = PDFDocumentTests.pdf("1 0 0 rg 0 0 10 10 re f")
        let text = String(decoding: bytes, as: UTF8.self)
        var previous = Int(text.components(separatedBy: "startxref\n").last!.split(separator: "\n")[0])!
        for _ in 0..<PDFFile.maxSections {
            let at = bytes.count
            bytes += Array(
                "xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 5 /Root 1 0 R /Prev \(previous) >>\nstartxref\n\(at)\n%%EOF\n"
                    .utf8)
            previous = at
        }
        let file = try PDFFile(bytes)
        #expect(file.reconstructed)
        #expect(try PDFImage(bytes).render(scale: 1, limits: Self.limits).bitmap.pixels[0] == 0xFF00_00FF)
    }
}

extension CFFFont {
    /// A name-keyed CFF program of `count` glyphs, each an empty charstring (endchar), with the
    /// predefined ISOAdobe charset and StandardEncoding.
    static func manyGlyphs(_ count: Int) -> [UInt8] {
        func int(_ v: Int) -> [UInt8] {
            [29, UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
        }
        func u32(_ v: Int) -> [UInt8] {
            [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
        }
        var charStrings: [UInt8] = [UInt8(count >> 8), UInt8(count & 255), 4]
        for i in 0...count { charStrings += u32(i + 1) }
        charStrings += [UInt8](repeating: 14, count: count)
        let name: [UInt8] = [0, 1, 1, 1, 2, 120]
        let topLength = 5 + 1 + 5 + 5 + 1
        let start = 4 + name.count + (3 + 2 + topLength) + 2 + 2
        let top = int(start) + [17] + int(0) + int(start + charStrings.count) + [18]
        return [1, 0, 4, 4] + name + [0, 1, 1, 1, UInt8(topLength + 1)] + top + [0, 0, 0, 0] + charStrings
    }
}
