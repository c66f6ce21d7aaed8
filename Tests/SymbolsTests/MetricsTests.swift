import Raster
import Testing

@testable import Symbols

/// The size rules of docs/SYMBOLS.md §Size against the one set of numbers UIKit printed for a
/// symbol (Apple Developer Forums thread 716773: `chevron.compact.down`, 64 points, light, medium,
/// on a 3x device: size 70.33 × 25.67, CGImage 163 × 43 pixels, alignmentRectInsets top −25,
/// bottom −25.67, baselineOffsetFromBottom −10.33). The glyph is not ours to have, so a
/// rectangle stands in with that CGImage's ink (43 pixels tall, 31 + 17 pixels above the
/// baseline at its bottom) and an advance of 70.4 points: every number UIKit printed follows.
struct MetricsTests {
    static func template(ink: (top: Double, bottom: Double, left: Double, right: Double), advance: Double)
        -> SymbolTemplate
    {
        let path = ShapePath.rectangle(
            x: ink.left, y: ink.top, width: ink.right - ink.left, height: ink.bottom - ink.top)
        var variants = [SymbolGlyph?](repeating: nil, count: 27)
        variants[SymbolTemplate.slot(.light, .medium)] = SymbolGlyph(
            paths: [SymbolPath(outline: path, rule: .nonZero, clearsBehind: false)], advance: advance)
        return SymbolTemplate(name: "stand-in", capHeight: 70.459, variants: variants, sharedRightBearing: nil)
    }

    @Test func theForumsChevronNumbersFollowFromItsInk() throws {
        // Points per template unit at 64 pt: 64 × 1443/2048 / 70.459.
        let unit = 64.0 * 1443 / 2048 / 70.459
        // Ink from 30.2 to 16.05 points above the baseline (rows −91 … −48 at 3x), 54.3 points wide.
        let template = Self.template(
            ink: (top: -30.2 / unit, bottom: -16.05 / unit, left: 8 / unit, right: 62.3 / unit), advance: 70.4 / unit)
        let image = try SymbolImage(
            template, configuration: SymbolConfiguration(pointSize: 64, weight: .light, scale: .medium))
        let m = image.metrics(displayScale: 3)
        #expect(m.pixelWidth == 211)  // 70.33 points
        #expect(m.pixelHeight == 77)  // 25.67 points: 43 of ink and 17 (an eighth of the cap height) twice
        #expect(abs(m.baselineOffsetFromBottom - -31.0 / 3) < 1e-12)  // −10.33
        let insets = m.alignmentRectInsets
        #expect(abs(insets.top - -25) < 1e-12)
        #expect(abs(insets.bottom - -77.0 / 3) < 1e-12)  // −25.67
        #expect(insets.left == 0 && insets.right == 0)
        // On a 2x device the forum saw 70.5 points wide.
        #expect(image.metrics(displayScale: 2).pixelWidth == 141)
    }

    /// AppKit's own snapshots of custom symbols (CodeEditSymbols' NSImageView tests, 13 points,
    /// 2x) have 2 pixels above and below the ink: an eighth of 13 points' cap height is 1.145
    /// points, 2.29 pixels, rounded to 2.
    @Test func theAppKitPaddingAtThirteenPoints() throws {
        let unit = 13.0 * 1443 / 2048 / 70.459
        let template = Self.template(ink: (top: -10 / unit, bottom: 2 / unit, left: 1, right: 10), advance: 12)
        let image = try SymbolImage(
            template, configuration: SymbolConfiguration(pointSize: 13, weight: .light, scale: .medium))
        let m = image.metrics(displayScale: 2)
        #expect(m.pixelHeight == 24 + 4)
        #expect(m.top == -20 - 2)
    }

    @Test func configurationsApplyAsUIKitsApplying() {
        let base = SymbolConfiguration(pointSize: 30, weight: .bold)
        let styled = base.applying(SymbolConfiguration(textStyle: .headline))
        #expect(styled.pointSize == nil && styled.textStyle == .headline && styled.weight == .bold)
        #expect(styled.resolved.pointSize == 17 && styled.resolved.weight == .bold && styled.resolved.scale == .medium)
        #expect(SymbolConfiguration(textStyle: .headline).resolved.weight == .semibold)
        #expect(SymbolConfiguration().resolved == (17, .regular, .medium))
        let scaled = styled.applying(SymbolConfiguration(scale: .large))
        #expect(scaled.weight == .bold && scaled.scale == .large && scaled.textStyle == .headline)
    }
}
