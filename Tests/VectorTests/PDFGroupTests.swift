import Foundation
import Raster
import Testing
import TestSupport

@testable import Vector

/// Non-isolated transparency groups (ISO 32000-1 §11.4.5, §11.4.8) against the specification's
/// compositing formulas evaluated here in binary64, straight colour: a page backdrop of grey 0.8
/// at alpha αb, then at `/ca 0.4` a form group without /I true whose content, under
/// `/BM /Multiply`, draws an isolated group filling a triangle with grey 0.5.
@Suite struct PDFGroupTests {
    /// The file; `isolated` puts /I true on the outer group.
    static func file(backdropAlpha: Double, isolated: Bool = false, blend: String = "/Multiply") -> [UInt8] {
        PDFDocumentTests.pdf(
            "q /B gs 0.8 0.8 0.8 rg 0 0 40 40 re f Q q /G gs /F Do Q", width: 40, height: 40,
            resources: "<< /XObject << /F 5 0 R >> /ExtGState << /G << /ca 0.4 >> /B << /ca \(backdropAlpha) >> >> >>",
            extra: [
                "<< /Type /XObject /Subtype /Form /BBox [0 0 40 40] /Group << /Type /Group /S /Transparency"
                    + (isolated ? " /I true" : "")
                    + " >> /Resources << /XObject << /In 6 0 R >> /ExtGState << /M << /BM "
                    + blend + " >> >> >> /Length 12 >>\nstream\n/M gs /In Do\nendstream",
                "<< /Type /XObject /Subtype /Form /BBox [0 0 40 40] /Group << /Type /Group /S /Transparency /I true >> "
                    + "/Resources << >> /Length 42 >>\nstream\n0.5 0.5 0.5 rg 10 10 m 30 10 l 10 30 l h f\nendstream"
            ])
    }

    /// §11.3.6's basic compositing: a source (cs, αs) over a backdrop (cb, αb) with blend B.
    static func over(_ cs: Double, _ a: Double, on cb: Double, _ b: Double, blend: (Double, Double) -> Double)
        -> (c: Double, a: Double)
    {
        let ar = a + b - a * b
        guard ar > 0 else { return (0, 0) }
        return ((1 - a / ar) * cb + (a / ar) * ((1 - b) * cs + b * blend(cb, cs)), ar)
    }

    /// The page inside the triangle by §11.4.8: the group's content over its backdrop, the
    /// backdrop taken out (C = Cn + (Cn − C0)·(α0/αg − α0), α = αg), then the group at 0.4.
    static func expected(backdropAlpha b: Double, multiply: Bool) -> (c: Double, a: Double) {
        let blend: (Double, Double) -> Double = multiply ? { $0 * $1 } : { $1 }
        let n = over(0.5, 1, on: 0.8, b, blend: blend)  // the isolated inner group, opaque grey 0.5
        let ag = 1.0
        let group = n.c + (n.c - 0.8) * (b / ag - b)
        return over(group, 0.4 * ag, on: 0.8, b) { $1 }
    }

    static func straight(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> (c: Double, a: Double) {
        let (r, _, _, a) = PDFDocumentTests.pixel(bitmap, x, y)
        return (a == 0 ? 0 : Double(r) / Double(a), Double(a) / 255)
    }

    @Test(arguments: [1.0, 0.6, 0.25])
    func aNonIsolatedGroupBlendsWithItsBackdrop(backdropAlpha: Double) throws {
        let bitmap = try PDFDocumentTests.render(Self.file(backdropAlpha: backdropAlpha))
        let want = Self.expected(backdropAlpha: backdropAlpha, multiply: true)
        for (x, y) in [(12, 27), (15, 20), (11, 15)] {  // inside the triangle (y down)
            let got = Self.straight(bitmap, x, y)
            #expect(abs(got.a - want.a) <= 0.5 / 255 + 1e-9, "alpha at (\(x), \(y)): \(got.a) against \(want.a)")
            #expect(abs(got.c - want.c) <= 1.5 / 255, "colour at (\(x), \(y)): \(got.c) against \(want.c)")
        }
        // Where the group painted nothing the page is the backdrop alone (§11.4.8: α_g = 0).
        let outside = Self.straight(bitmap, 25, 12)
        #expect(abs(outside.a - backdropAlpha) <= 0.5 / 255 + 1e-9 && abs(outside.c - 0.8) <= 1 / 255)
    }

    @Test func anIsolatedGroupAndANormalOneDoNotSeeTheBackdrop() throws {
        // /I true: the Multiply inside sees a transparent backdrop, so the square stays 0.5 grey
        // before the group's 0.4 (what ivsim always drew); with Normal, isolated or not is the same.
        let isolated = try PDFDocumentTests.render(Self.file(backdropAlpha: 1, isolated: true))
        let want = Self.over(0.5, 0.4, on: 0.8, 1) { $1 }
        #expect(abs(Self.straight(isolated, 12, 27).c - want.c) <= 1.5 / 255)
        let normal = try PDFDocumentTests.render(Self.file(backdropAlpha: 0.6, blend: "/Normal"))
        let normalIsolated = try PDFDocumentTests.render(
            Self.file(backdropAlpha: 0.6, isolated: true, blend: "/Normal"))
        #expect(normal.pixels == normalIsolated.pixels)
    }

    @Test func onlyGroupsThatBlendNeedTheirBackdrop() {
        let square = ShapePath.rectangle(x: 0, y: 0, width: 1, height: 1)
        let normal = PDFOperation.fill(square, .nonZero, .color(PremultipliedColor(r: 0, g: 0, b: 0, a: 255)), .normal)
        let multiply = PDFOperation.fill(
            square, .nonZero, .color(PremultipliedColor(r: 0, g: 0, b: 0, a: 255)),
            PDFCompositing(alpha: 1, blendMode: .multiply))
        #expect(!PDFOperation.blend([.save, normal, .restore]))
        #expect(PDFOperation.blend([.save, multiply]))
        #expect(
            PDFOperation.blend([.group([normal], PDFCompositing(alpha: 1, blendMode: .screen), nonIsolated: false)]))
        #expect(PDFOperation.blend([.tiles([.group([multiply], .normal, nonIsolated: false)], [.identity])]))
    }
}
