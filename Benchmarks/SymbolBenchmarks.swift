import Foundation
import ImageViews
import Raster
import Symbols

/// A symbol shown by an image view at 3x, as a scenario shows one (run from the repository's
/// root): the glyph made from the template's masters at a configuration, measured and drawn at
/// 3x, then laid out in an image view and the scene rendered. The template is read once, as a
/// run reads it once (its reading is a row of its own). Issue 26 asks for under 1 ms.
func symbolBenchmarks() -> [Benchmark] {
    let path = "Tests/SymbolsTests/Fixtures/templates/ivsim.ring.plus.svg"
    let apple = "Tests/SymbolsTests/Fixtures/apple-sample-code/donut.svg"
    guard let file = FileManager.default.contents(atPath: path).map([UInt8].init),
        let template = try? SymbolTemplate.read(file, name: "ivsim.ring.plus"),
        let appleFile = FileManager.default.contents(atPath: apple).map([UInt8].init)
    else { return [] }
    final class Box { var bitmap: Bitmap? }
    let shown = Box()
    return [
        Benchmark(
            name: "symbol 'ivsim.ring.plus' 17 pt bold medium: made, in an image view, drawn at 3x",
            run: {
                let configuration = SymbolConfiguration(pointSize: 17, weight: .bold, scale: .medium)
                guard let symbol = try? SymbolImage(template, configuration: configuration),
                    let drawn = try? symbol.render(displayScale: 3, limits: .default)
                else { return }
                let m = symbol.metrics(displayScale: 3)
                var image = Image(name: "symbol", pixels: SourceImage(drawn.bitmap, opaque: false), scale: 3)
                image.renderingMode = .alwaysTemplate
                let size = Size(width: m.width + 8, height: m.height + 8)
                let view = View(
                    frame: Rect(origin: Point(x: 4, y: 4), size: image.size), imageView: ImageView(image: image))
                let scene = Scene(
                    root: View(frame: .zero, subviews: [view]), canvasSize: size, traits: Traits(displayScale: 3))
                var canvas = Bitmap(width: scene.layout.pixelWidth, height: scene.layout.pixelHeight)
                Renderer.draw(scene.displayList, onto: &canvas)
                shown.bitmap = canvas
            },
            output: { shown.bitmap.map { "\($0.width)×\($0.height)" } ?? "FAILED" }),
        Benchmark(
            name: "symbol template read: Apple's 'donut' (27 variants, 150 KB)", bytes: appleFile.count,
            run: { _ = try? SymbolTemplate.read(appleFile, name: "donut") })
    ]
}
