import Testing
@testable import ImageViews

/// Image rectangles of every content mode, including the public numeric checks that
/// UIKIT-FACTS.md collects (a monitoring SDK's unit tests).
@Suite struct ContentModeTests {
    func rect(_ mode: ContentMode, _ image: Size, _ bounds: Rect) -> Rect? {
        mode.imageRect(for: image, in: bounds)
    }

    func close(_ a: Rect?, _ b: Rect) -> Bool {
        guard let a else { return false }
        return [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height].allSatisfy { abs($0) < 1e-9 }
    }

    @Test func publicChecksForA21By19Point5Image() {
        let view = Rect(x: 10, y: 10, width: 100, height: 100)
        let image = Size(width: 21, height: 19.5)
        #expect(
            close(rect(.scaleAspectFit, image, view), Rect(x: 10, y: 13.5714285714, width: 100, height: 92.8571428571)))
        #expect(
            close(rect(.scaleAspectFill, image, view), Rect(x: 6.1538461538, y: 10, width: 107.6923076923, height: 100))
        )
        #expect(rect(.center, image, view) == Rect(x: 49.5, y: 50.25, width: 21, height: 19.5))
        #expect(rect(.right, image, view) == Rect(x: 89, y: 50.25, width: 21, height: 19.5))
        #expect(rect(.bottom, image, view) == Rect(x: 49.5, y: 90.5, width: 21, height: 19.5))
    }

    @Test func publicChecksForAspectFill() {
        let view = Rect(x: 0, y: 0, width: 300, height: 200)
        #expect(
            rect(.scaleAspectFill, Size(width: 400, height: 280), view) == Rect(x: 0, y: -5, width: 300, height: 210))
        #expect(
            rect(.scaleAspectFill, Size(width: 100, height: 50), view) == Rect(x: -50, y: 0, width: 400, height: 200))
    }

    /// Every mode for a 40 × 10 image in 100 × 50 bounds at (5, 5), computed by hand.
    @Test(arguments: [
        (ContentMode.scaleToFill, Rect(x: 5, y: 5, width: 100, height: 50)),
        (.scaleAspectFit, Rect(x: 5, y: 17.5, width: 100, height: 25)),
        (.scaleAspectFill, Rect(x: -45, y: 5, width: 200, height: 50)),
        (.redraw, Rect(x: 5, y: 5, width: 100, height: 50)),
        (.center, Rect(x: 35, y: 25, width: 40, height: 10)),
        (.top, Rect(x: 35, y: 5, width: 40, height: 10)),
        (.bottom, Rect(x: 35, y: 45, width: 40, height: 10)),
        (.left, Rect(x: 5, y: 25, width: 40, height: 10)),
        (.right, Rect(x: 65, y: 25, width: 40, height: 10)),
        (.topLeft, Rect(x: 5, y: 5, width: 40, height: 10)),
        (.topRight, Rect(x: 65, y: 5, width: 40, height: 10)),
        (.bottomLeft, Rect(x: 5, y: 45, width: 40, height: 10)),
        (.bottomRight, Rect(x: 65, y: 45, width: 40, height: 10))
    ])
    func everyMode(_ mode: ContentMode, _ expected: Rect) {
        #expect(rect(mode, Size(width: 40, height: 10), Rect(x: 5, y: 5, width: 100, height: 50)) == expected)
    }

    @Test func rawValuesAndNamesAreUIKits() {
        #expect(ContentMode.allCases.map(\.rawValue) == Array(0...12))
        #expect(
            ContentMode.allCases.map(\.name) == [
                "scaleToFill", "scaleAspectFit", "scaleAspectFill", "redraw", "center", "top",
                "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight"
            ])
        #expect(ContentMode(name: "scaleAspectFit") == .scaleAspectFit)
    }

    @Test func halfPointPlacementIsNotRounded() {
        // A 15 pt image centred in 20 pt sits at 2.5 pt.
        #expect(
            rect(.center, Size(width: 15, height: 15), Rect(x: 0, y: 0, width: 20, height: 20))
                == Rect(x: 2.5, y: 2.5, width: 15, height: 15))
    }

    @Test func emptyImageOrBoundsDrawNothing() {
        for mode in ContentMode.allCases {
            #expect(rect(mode, Size(width: 0, height: 10), Rect(x: 0, y: 0, width: 10, height: 10)) == nil)
            #expect(rect(mode, Size(width: 10, height: 10), Rect(x: 0, y: 0, width: 0, height: 10)) == nil)
        }
    }
}
