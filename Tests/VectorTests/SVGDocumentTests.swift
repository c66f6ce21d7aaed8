import Foundation
import Raster
import Testing
@testable import Vector

/// Reading SVG documents (docs/SVG.md): the XML subset, sizes and viewBoxes, styles and their
/// inheritance, transforms, and refusals that say where and why.
@Suite struct SVGDocumentTests {
    static func image(_ text: String) throws(SVGError) -> SVGImage { try SVGImage(Array(text.utf8)) }

    static func pixels(_ text: String, scale: Double = 1) throws -> Bitmap {
        try image(text).render(scale: scale, limits: .default).bitmap
    }

    @Test func theXMLReaderDecodesReferencesAndRefusesEntities() throws {
        let root = try XMLDocument.parse(
            Array("<?xml version='1.0'?><!-- c --><a x=\"1 &amp; 2\" y='&#x41;&#66;'><b/><![CDATA[<t>]]> &lt;</a>".utf8)
        )
        #expect(
            root.name == "a" && root["x"] == "1 & 2" && root["y"] == "AB" && root.children.count == 1
                && root.text == "<t> <")
        for (text, message) in [
            ("<!DOCTYPE svg [<!ENTITY a \"&b;\"><!ENTITY b \"c\">]><svg/>", "&b; is not declared"),
            ("<!DOCTYPE svg [<!ENTITY % p \"x\">]><svg/>", "parameter entities"),
            ("<!DOCTYPE svg [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><svg/>", "external entity e"),
            ("<!DOCTYPE svg [<!ENTITY m \"<g/>\">]><svg/>", "holds markup"),
            ("<!DOCTYPE svg [<!ENTITY a \"b\">", "never ends"), ("<!DOCTYPE a><!DOCTYPE b><a/>", "a second DOCTYPE"),
            ("<!DOCTYPE a [<!ENTITY \(String(repeating: "n", count: 129)) \"b\">]><a/>", "longer than 128 bytes"),
            ("<a>&foo;</a>", "&foo; is not declared"),
            ("<a><b></a>", "</a> closes <b>"), ("<a x='1' x='2'/>", "appears twice"), ("<a>", "never closed"),
            ("<a/><b/>", "content after the root")
        ] {
            #expect(throws: XMLError.self) { try XMLDocument.parse(Array(text.utf8)) }
            do { _ = try XMLDocument.parse(Array(text.utf8)) } catch {
                #expect(error.message.contains(message), "\(text): \(error)")
            }
        }
        // Illustrator's styles as entities: expanded in attributes and text, the first declaration
        // of a name winning; character references in a value decoded once.
        let styled = try XMLDocument.parse(
            Array(
                ("<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\" ["
                    + "<!ENTITY st0 \"opacity:.22;fill:#231F20;\"><!ENTITY st0 \"no\"><!ENTITY amp2 \"&#38;\">"
                    + "<!ATTLIST svg x CDATA \">\"><!-- c -->]><a style=\"&st0;\">&amp2;&st0;</a>").utf8))
        #expect(styled["style"] == "opacity:.22;fill:#231F20;" && styled.text == "&opacity:.22;fill:#231F20;")
        let long = String(repeating: "n", count: 128)
        #expect(try XMLDocument.parse(Array("<!DOCTYPE a [<!ENTITY \(long) \"v\">]><a>&\(long);</a>".utf8)).text == "v")
        // Expansion is bounded: 64 KiB referenced 129 times passes 8 MiB.
        let big =
            "<!DOCTYPE svg [<!ENTITY x \"" + String(repeating: "a", count: 1 << 16) + "\">]><a>"
            + String(repeating: "&x;", count: 129) + "</a>"
        do { _ = try XMLDocument.parse(Array(big.utf8)); Issue.record("read") } catch {
            #expect(error.message.contains("expand to more than 8388608 bytes"))
        }
        // Nesting is bounded before the stack is.
        let deep = String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300)
        do { _ = try XMLDocument.parse(Array(deep.utf8)); Issue.record("read") } catch {
            #expect(error.message.contains("nested more than 256"))
        }
    }

    @Test func sizeComesFromWidthHeightOrTheViewBox() throws {
        let a = try Self.image("<svg xmlns='http://www.w3.org/2000/svg' width='30px' height='20'/>")
        #expect(a.width == 30 && a.height == 20)
        let b = try Self.image("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 12'/>")
        #expect(b.width == 24 && b.height == 12)
        // meet centres: a 10 × 10 box in 20 × 10 is scaled 1 and moved 5 right.
        let c = try Self.pixels(
            "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='10' viewBox='0 0 10 10'><rect width='10' height='10'/></svg>"
        )
        #expect(c[4, 5].a == 0 && c[5, 5].a == 255 && c[14, 5].a == 255 && c[15, 5].a == 0)
        let d = try Self.pixels(
            "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='10' viewBox='0 0 10 10' preserveAspectRatio='none'><rect width='10' height='10'/></svg>"
        )
        #expect(d[0, 5].a == 255 && d[19, 5].a == 255)
    }

    @Test func stylesInheritAndStyleAttributesWin() throws {
        let b = try Self.pixels(
            """
            <svg xmlns='http://www.w3.org/2000/svg' width='4' height='1'>
              <g fill='red' opacity='0.5'>
                <rect width='1' height='1'/>
                <rect x='1' width='1' height='1' fill='blue' style='fill: lime'/>
                <rect x='2' width='1' height='1' style='fill: currentColor; color: #00f'/>
                <rect x='3' width='1' height='1' fill-opacity='0.5'/>
              </g>
            </svg>
            """)
        // Group opacity 0.5 (128): red, lime (style over attribute), blue (currentColor), red at 0.5 × 0.5.
        #expect(b[0, 0] == PremultipliedColor(r: 128, g: 0, b: 0, a: 128))
        #expect(b[1, 0] == PremultipliedColor(r: 0, g: 128, b: 0, a: 128))
        #expect(b[2, 0] == PremultipliedColor(r: 0, g: 0, b: 128, a: 128))
        #expect(b[3, 0] == PremultipliedColor(r: 64, g: 0, b: 0, a: 64))
    }

    @Test func transformsNestAsSVGNestsThem() throws {
        // translate then scale: the rect (0,0)-(1,1) lands at (4,2)-(6,4).
        let b = try Self.pixels(
            "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><g transform='translate(4 2)'><rect width='1' height='1' transform='scale(2)'/></g></svg>"
        )
        #expect(b[4, 2].a == 255 && b[5, 3].a == 255 && b[6, 4].a == 0 && b[3, 2].a == 0)
        let rotated = try Self.pixels(
            "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><rect x='4' y='0' width='4' height='2' transform='rotate(90 4 4)'/></svg>"
        )
        // About (4, 4) a quarter turn clockwise: x 4…8, y 0…2 becomes x 6…8, y 4…8.
        #expect(rotated[7, 5].a == 255 && rotated[5, 1].a == 0)
    }

    @Test func refusalsNameTheElementAndLine() {
        for (text, message) in [
            (
                "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\n<text>hi</text></svg>",
                "outline the text"
            ),
            (
                "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\n<rect width='1' height='1' filter='url(#f)'/></svg>",
                "no <filter> has that id"
            ),
            (
                "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\n<rect width='-1' height='1'/></svg>",
                "negative width"
            ),
            (
                "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\n<path d='M 0 0 L 1 x'/></svg>",
                "at character"
            ),
            ("<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\n<use href='#a' id='a'/></svg>", "cycle"),
            ("<svg xmlns='http://www.w3.org/2000/svg' width='4vw' height='4'/>", "other units"),
            ("<svg xmlns='http://www.w3.org/2000/svg'/>", "no size"),
            (
                "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\n<rect width='1' height='1' style='filter: url(#f)'/>"
                    + "<filter id='f'><feFlood/></filter></svg>",
                "linearRGB"
            ),
            (
                "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\n<rect width='1' height='1' filter='url(#f)'/>"
                    + "<filter id='f' color-interpolation-filters='sRGB'><feTurbulence/></filter></svg>",
                "<feTurbulence> is not drawn"
            ),
            (
                "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\n<rect width='1' height='1' filter='url(#f)'/>"
                    + "<filter id='f' color-interpolation-filters='sRGB'><feFlood x='1'/></filter></svg>",
                "subregion"
            ),
            (
                "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\n<rect width='1' height='1' mask='url(#m)'/></svg>",
                "no <mask> has that id"
            ),
            (
                "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\n<linearGradient id='g' spreadMethod='reflect'/></svg>",
                "spreadMethod"
            )
        ] {
            do {
                _ = try Self.image(text)
                Issue.record("read: \(text)")
            } catch {
                #expect(error.message.contains(message), "\(text): \(error)")
                if text.contains("\n") { #expect(error.line == 2, "\(error)") }
            }
        }
    }

    @Test func gradientsUseTheBoundingBoxAndInheritStops() throws {
        let b = try Self.pixels(
            """
            <svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' width='20' height='2'>
              <linearGradient id='base'><stop offset='0' stop-color='#000'/><stop offset='1' stop-color='#fff'/></linearGradient>
              <linearGradient id='g' xlink:href='#base'/>
              <rect x='0' width='10' height='1' fill='url(#g)'/>
              <rect x='10' width='10' height='1' fill='url(#g)'/>
              <rect y='1' width='20' height='1' fill='url(#missing) #0f0'/>
            </svg>
            """)
        // Each rect is its own box: pixel i of 10 has t = (i + ½)/10, in both.
        for i in 0..<10 {
            let expected = 255 * (Double(i) + 0.5) / 10
            #expect(abs(Double(b[i, 0].r) - expected) <= 1 && b[i, 0].r == b[i + 10, 0].r, "pixel \(i)")
        }
        #expect(b[5, 1] == PremultipliedColor(r: 0, g: 255, b: 0, a: 255))  // the fallback colour
    }

    @Test func styleSheetsApplyBySpecificityBetweenAttributesAndStyle() throws {
        let b = try Self.pixels(
            """
            <svg xmlns='http://www.w3.org/2000/svg' width='4' height='1'>
              <style>/* an exporter's sheet */ .a { fill: #ff0000 } rect.a { fill: #00ff00 } #d { fill: #0000ff } *{stroke:none}</style>
              <circle class='a' cx='0.5' cy='0.5' r='2' clip='x'/>
              <rect class='a' x='1' width='1' height='1' fill='#000'/>
              <rect class='a' id='d' x='2' width='1' height='1'/>
              <rect class='a' id='d' x='3' width='1' height='1' style='fill: #ffffff'/>
            </svg>
            """)
        #expect(b[0, 0] == PremultipliedColor(r: 255, g: 0, b: 0, a: 255))  // .a
        #expect(b[1, 0] == PremultipliedColor(r: 0, g: 255, b: 0, a: 255))  // rect.a over .a and over the attribute
        #expect(b[2, 0] == PremultipliedColor(r: 0, g: 0, b: 255, a: 255))  // #d over rect.a
        #expect(b[3, 0] == PremultipliedColor(r: 255, g: 255, b: 255, a: 255))  // style over every rule
        for selector in ["g > rect", "rect:hover", "[fill]", "a b"] {
            do {
                _ = try Self.image(
                    "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><style>\(selector) { fill: red }</style></svg>"
                )
                Issue.record("read: \(selector)")
            } catch {
                #expect(error.message.contains("is not read"), "\(selector): \(error)")
            }
        }
    }

    /// Found by review: each of these crashed, ran away or exhausted memory before being bounded.
    @Test func hostileDocumentsAreRefusedNotRun() throws {
        // A full-width digit passes Character.isHexDigit but is no hex digit: an invalid colour,
        // ignored like any invalid presentation attribute (the initial black fill stays).
        let fullWidth = try Self.pixels(
            "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><rect width='1' height='1' fill='#\u{FF10}\u{FF10}\u{FF10}'/></svg>"
        )
        #expect(fullWidth[0, 0] == PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
        // Uses of uses: 10^12 copies in a few hundred bytes.
        var nested =
            "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><defs><rect id='g0' width='1' height='1'/>"
        for level in 1...12 {
            nested += "<g id='g\(level)'>" + String(repeating: "<use href='#g\(level - 1)'/>", count: 10) + "</g>"
        }
        nested += "</defs><use href='#g12'/></svg>"
        do { _ = try Self.image(nested); Issue.record("read") } catch {
            #expect(error.message.contains("more than 200000 elements"))
        }
        // Nine nested opacity groups: more transparency layers than may be open.
        let groups =
            String(repeating: "<g opacity='0.9'>", count: 9) + "<rect width='1' height='1'/>"
            + String(repeating: "</g>", count: 9)
        #expect(throws: DrawingFailure.self) {
            try Self.pixels("<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'>\(groups)</svg>")
        }
    }

    @Test func aClosedTwoPointContourHasJoinsNotCaps() throws {
        // Round joins at both ends of the segment there and back: both ends round.
        let b = try Self.pixels(
            "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='10'><polygon points='5,5 15,5' fill='none' stroke='black' stroke-width='6' stroke-linejoin='round'/></svg>"
        )
        #expect(b[2, 5].a > 200 && b[17, 5].a > 200)  // the round ends reach 3 pixels past each point
        #expect(b[2, 2].a == b[17, 2].a)  // and are the same on both sides
    }

    /// What real exports do (a run over 60 files from icon sets, design tools and app catalogs):
    /// styles on the root, blend mode "normal", units, invalid values, and clip paths.
    @Test func whatRealExportsDo() throws {
        // Feather, Tabler, Heroicons: the root carries fill="none" and the stroke.
        let outline = try Self.pixels(
            "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10' fill='none' stroke='#f00' stroke-width='2'><rect x='2' y='2' width='6' height='6'/></svg>"
        )
        #expect(outline[5, 5].a == 0 && outline[2, 5] == PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        // Inkscape: mix-blend-mode:normal everywhere, stroke widths in pt; Bootstrap: 1em sides;
        // Method Draw: "null" values (ignored, as browsers ignore invalid presentation attributes).
        let mixed = try Self.image(
            "<svg xmlns='http://www.w3.org/2000/svg' width='1em' height='12pt'><path style='mix-blend-mode:normal;stroke-width:1pt' stroke='null' d='M0 0h5v5z'/></svg>"
        )
        #expect(mixed.width == 16 && mixed.height == 16)
        // Figma's clip0: a clip path in user space; and one in bounding-box units.
        let clipped = try Self.pixels(
            """
            <svg xmlns='http://www.w3.org/2000/svg' width='10' height='4'>
              <clipPath id='c'><rect width='3' height='4'/></clipPath>
              <clipPath id='half' clipPathUnits='objectBoundingBox'><rect width='0.5' height='1'/></clipPath>
              <g clip-path='url(#c)'><rect width='5' height='4' fill='#00f'/></g>
              <rect x='6' width='4' height='4' fill='#0f0' clip-path='url(#half)'/>
            </svg>
            """)
        #expect(clipped[2, 2].b == 255 && clipped[3, 2].a == 0)  // clipped at x = 3
        #expect(clipped[7, 2].g == 255 && clipped[8, 2].a == 0)  // half the rect's box: x 6…8
        // Figma's outside strokes: a luminance mask (white shows, black hides; the mask's own fill
        // is inherited by its children).
        let masked = try Self.pixels(
            """
            <svg xmlns='http://www.w3.org/2000/svg' width='4' height='1'>
              <mask id='m' maskUnits='userSpaceOnUse' x='0' y='0' width='3' height='1' fill='black'>
                <rect width='4' height='1' fill='white'/><rect x='1' width='1' height='1'/>
              </mask>
              <rect width='4' height='1' fill='#00f' mask='url(#m)'/>
            </svg>
            """)
        // x 3: outside the region
        #expect(masked[0, 0].b == 255 && masked[1, 0].a == 0 && masked[2, 0].b == 255 && masked[3, 0].a == 0)
        // mix-blend-mode: the element composited as a group with the blend mode.
        let blended = try Self.pixels(
            "<svg xmlns='http://www.w3.org/2000/svg' width='2' height='1'><rect width='2' height='1' fill='#808080'/><rect width='1' height='1' fill='#f00' style='mix-blend-mode: multiply'/></svg>"
        )
        #expect(
            blended[0, 0] == PremultipliedColor(r: 128, g: 0, b: 0, a: 255)
                && blended[1, 0] == PremultipliedColor(r: 128, g: 128, b: 128, a: 255))
        do {
            _ = try Self.image(
                "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><rect width='1' height='1' clip-path='url(#nope)'/></svg>"
            ); Issue.record("read")
        } catch { #expect(error.message.contains("no <clipPath> has that id")) }
    }
}
