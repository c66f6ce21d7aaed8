import Raster
import Testing
@testable import Vector

/// SVG filters' order of operations and limits (docs/SVG.md §Filters): the filter first, then the
/// element's opacity and blend mode; nothing for an element not displayed; merge inputs counted
/// against the primitives' cap; a user-space region given in full.
@Suite struct SVGFilterTests {
    static func render(_ body: String, filter: String, background: String = "") throws -> Bitmap {
        let text =
            "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><defs><filter id='f' x='0' y='0' "
            + "width='8' height='8' filterUnits='userSpaceOnUse' color-interpolation-filters='sRGB'>\(filter)</filter>"
            + "</defs>\(background)\(body)</svg>"
        return try SVGImage(Array(text.utf8)).render(scale: 1, limits: .default).bitmap
    }

    static func refusal(_ text: String) -> String {
        do {
            _ = try SVGImage(Array(text.utf8))
            return "accepted"
        } catch {
            return error.message
        }
    }

    @Test func opacityAndBlendingApplyAfterTheFilter() throws {
        let flood = "<feFlood flood-color='#FF0000'/>"
        // The flood covers the region whatever the element paints; the group's opacity then halves it.
        let half = try Self.render("<g opacity='0.5' filter='url(#f)'><rect width='1' height='1'/></g>", filter: flood)
        #expect(half[6, 6] == PremultipliedColor(r: 128, g: 0, b: 0, a: 128))
        // Multiplied over a grey background, after the filter: 128 × 255 / 255 red, 0 green.
        let multiplied = try Self.render(
            "<g style='mix-blend-mode: multiply' filter='url(#f)'><rect width='1' height='1'/></g>", filter: flood,
            background: "<rect width='8' height='8' fill='#808080'/>")
        #expect(multiplied[6, 6] == PremultipliedColor(r: 128, g: 0, b: 0, a: 255))
        let hidden = try Self.render("<rect display='none' width='1' height='1' filter='url(#f)'/>", filter: flood)
        #expect(hidden.pixels.allSatisfy { $0 == 0 })
    }

    @Test func limitsAreNamed() {
        let nodes = String(repeating: "<feMergeNode/>", count: 64)
        let merge =
            "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><filter id='f' x='0' y='0' width='8' height='8' "
            + "filterUnits='userSpaceOnUse' color-interpolation-filters='sRGB'><feMerge>\(nodes)</feMerge></filter>"
            + "<rect width='1' height='1' filter='url(#f)'/></svg>"
        #expect(Self.refusal(merge).contains("more than 64 primitives and merge inputs"))
        let open =
            "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><filter id='f' filterUnits='userSpaceOnUse' "
            + "color-interpolation-filters='sRGB'><feFlood/></filter><rect width='1' height='1' filter='url(#f)'/></svg>"
        #expect(Self.refusal(open).contains("needs its x"))
    }
}
