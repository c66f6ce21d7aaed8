import ImageViews
import Raster

/// Resizable images through the whole pipeline (slicing, device placement, renderer) against
/// Skia's nine-patch (nine strict drawImageRect calls, bench.py section 5) and its drawImageRect
/// of the full anchor canvas (section 4). Only the drawing is timed, as bench.py times Skia's.
func imageSemanticsBenchmarks(_ anchors: Anchors) -> [Benchmark] {
    let icon = Bitmap(width: 180, height: 180, straightRGBA: anchors.bytes("icon.rgba"))
    let photo = Bitmap(width: 1024, height: 1024, straightRGBA: anchors.bytes("photo.rgba"))
    // A 16 × 16 crop of the photo (opaque), the tile.
    var tilePixels: [UInt32] = []
    for y in 0..<16 { tilePixels += photo.pixels[(y * 1024 + 300)..<(y * 1024 + 316)] }
    let tile = Bitmap(width: 16, height: 16, pixels: tilePixels)

    final class Canvas { var bitmap: Bitmap; init(_ w: Int, _ h: Int) { bitmap = Bitmap(width: w, height: h) } }
    func benchmark(_ name: String, image: Image, canvas size: Size, scale: Int, reference: ReferenceKey) -> Benchmark {
        let view = View(frame: Rect(origin: .zero, size: size), imageView: ImageView(image: image))
        let scene = Scene(
            root: View(frame: .zero, subviews: [view]), canvasSize: size, traits: Traits(displayScale: scale))
        let canvas = Canvas(scene.layout.pixelWidth, scene.layout.pixelHeight)
        return Benchmark(
            name: name, pixels: scene.layout.pixelWidth * scene.layout.pixelHeight, reference: reference,
            setUp: { canvas.bitmap.pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } },
            run: { Renderer.draw(scene.displayList, onto: &canvas.bitmap) },
            output: { "\(scene.displayList.commands.count) commands" })
    }

    var nine = Image(name: "icon", pixels: SourceImage(icon, opaque: false), scale: 1)
    nine.capInsets = EdgeInsets(top: 40, left: 40, bottom: 40, right: 40)
    nine.resizingMode = .stretch
    var tiled = Image(name: "tile", pixels: SourceImage(tile, opaque: false), scale: 3)
    tiled.capInsets = .zero
    var tiledScaled = tiled
    tiledScaled.scale = 2
    let skiaFullCanvas = ReferenceKey(
        operationPrefix: "'photo' -> 1170x2532 (upscale, non-uniform x1.14/y2.47) drawImageRect kLinear, AA paint",
        library: "skia")
    return [
        benchmark(
            "nine-slice 'icon' caps 40 -> 1170x600", image: nine, canvas: Size(width: 1170, height: 600), scale: 1,
            reference: ReferenceKey(
                operationPrefix: "'icon' cap insets 40 -> 1170x600: 9x drawImageRect kStrict", library: "skia")),
        benchmark(
            "tile 16x16 px over 1170x2532 (natural size)", image: tiled, canvas: Size(width: 390, height: 844),
            scale: 3,
            reference: skiaFullCanvas),
        benchmark(
            "tile 16x16 px at 1.5x over 1170x2532", image: tiledScaled, canvas: Size(width: 390, height: 844), scale: 3,
            reference: skiaFullCanvas)
    ]
}
