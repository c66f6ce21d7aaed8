import Raster
import Testing
@testable import ImageViews

/// Layout values and the display list of small view trees.
@Suite struct SceneTests {
    let image = Image(
        name: "dot",
        pixels: SourceImage(
            Bitmap(width: 4, height: 2, pixels: [UInt32](repeating: 0xFF00_00FF, count: 8)), opaque: false),
        scale: 2)

    @Test func imageSizeIsPixelsOverScale() {
        #expect(image.size == Size(width: 2, height: 1))
        #expect(ImageView(image: image).intrinsicContentSize == Size(width: 2, height: 1))
        #expect(ImageView().intrinsicContentSize == Size(width: -1, height: -1))
        #expect(ImageView().sizeThatFits == .zero)
        // The intrinsic size follows `image`, also when highlighted with another image.
        let other = Image(name: "o", pixels: image.pixels, scale: 1)
        #expect(
            ImageView(image: image, highlightedImage: other, isHighlighted: true).intrinsicContentSize
                == Size(width: 2, height: 1))
        #expect(ImageView(image: image, highlightedImage: other, isHighlighted: true).displayed.image?.name == "o")
    }

    @Test func displayListOrderWithGroupAndClip() {
        let red = Color(RGBA(r: 255, g: 0, b: 0))
        let root = View(
            frame: .zero, backgroundColor: Color(RGBA(r: 255, g: 255, b: 255)),
            subviews: [
                View(
                    id: "box", frame: Rect(x: 1, y: 1, width: 4, height: 3), backgroundColor: red, alpha: 0.5,
                    clipsToBounds: true,
                    subviews: [
                        View(
                            id: "icon", frame: Rect(x: 2.5, y: 0, width: 4, height: 2),
                            imageView: ImageView(image: image, contentMode: .center)),
                        View(
                            id: "hidden", frame: Rect(x: 0, y: 0, width: 1, height: 1), backgroundColor: red,
                            isHidden: true)
                    ])
            ])
        let scene = Scene(root: root, canvasSize: Size(width: 8, height: 6), traits: Traits(displayScale: 2))
        let q = { (x: Double) in quantize(x) }
        #expect(
            scene.displayList.commands == [
                .fill(
                    DeviceRect(x0: 0, y0: 0, x1: q(16), y1: q(12)), PremultipliedColor(r: 255, g: 255, b: 255, a: 255)),
                .beginGroup(opacity: 128),
                .pushClip(DeviceRect(x0: q(2), y0: q(2), x1: q(10), y1: q(8))),
                .fill(
                    DeviceRect(x0: q(2), y0: q(2), x1: q(10), y1: q(8)), PremultipliedColor(r: 255, g: 0, b: 0, a: 255)),
                // icon at (3.5, 1) in canvas points; the 2 × 1 pt image centred in 4 × 2 → (4.5, 1.5).
                .drawImage(
                    ImageDraw(
                        image: 0, source: PixelRect(x: 0, y: 0, width: 4, height: 2),
                        destination: DeviceRect(x0: q(9), y0: q(3), x1: q(13), y1: q(5)))),
                .popClip,
                .endGroup
            ])
        let views = scene.layout.views
        #expect(
            views.map(\.path) == [
                "root", "root.subviews[0]", "root.subviews[0].subviews[0]", "root.subviews[0].subviews[1]"
            ])
        #expect(views[2].absoluteFrame == Rect(x: 3.5, y: 1, width: 4, height: 2))
        #expect(views[2].imageView?.imageRect == Rect(x: 1, y: 0.5, width: 2, height: 1))
        #expect(views[3].isDrawn == false)
        #expect(views[2].tintColor == RGBA(r: 0, g: 122, b: 255))
        #expect(scene.layout.pixelWidth == 16 && scene.layout.pixelHeight == 12)
    }

    @Test func tintIsInheritedAndResolvedPerStyle() {
        let green = Color.system("systemGreen")!
        let root = View(frame: .zero, tintColor: green, subviews: [View(frame: Rect(x: 0, y: 0, width: 1, height: 1))])
        let dark = Scene(root: root, canvasSize: Size(width: 2, height: 2), traits: Traits(userInterfaceStyle: .dark))
        #expect(dark.layout.views[1].tintColor == RGBA(r: 0x30, g: 0xD1, b: 0x58))
        let plain = Scene(
            root: View(frame: .zero), canvasSize: Size(width: 2, height: 2), traits: Traits(userInterfaceStyle: .dark))
        #expect(plain.layout.views[0].tintColor == RGBA(r: 10, g: 132, b: 255))
    }
}
