import PNGCodec
import Raster

/// The renderer's anchor draws against Skia's drawImageRect (bench.py section 4).
func rasterBenchmarks(_ anchors: Anchors) -> [Benchmark] {
    let (width, height) = (1170, 2532)
    let photo = SourceImage(Bitmap(width: 1024, height: 1024, straightRGBA: anchors.bytes("photo.rgba")), opaque: false)
    final class Canvas { var bitmap = Bitmap(width: 1170, height: 2532) }
    let canvas = Canvas()
    let source = PixelRect(x: 0, y: 0, width: 1024, height: 1024)
    // 390 × 844 pt at 3x; aspect fill of a square: 844 × 844 pt centred, x = −227 pt.
    let aspectFill = DeviceRect(x: -681, y: 0, width: 2532, height: 2532)
    let scaleToFill = DeviceRect(x: 0, y: 0, width: 1170, height: 2532)
    var list: [Benchmark] = []
    for (name, destination) in [("aspect fill (the anchor)", aspectFill), ("scale to fill", scaleToFill)] {
        let displayList = DisplayList(
            images: [photo], imageNames: ["photo"],
            commands: [
                .drawImage(ImageDraw(image: 0, source: source, destination: destination))
            ])
        list.append(
            Benchmark(
                name: "draw 'photo' \(name) 1170x2532", pixels: width * height,
                reference: ReferenceKey(
                    operationPrefix:
                        "'photo' -> 1170x2532 (upscale, non-uniform x1.14/y2.47) drawImageRect kLinear, AA paint",
                    library: "skia"),
                setUp: { canvas.bitmap.pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } },
                run: { Renderer.draw(displayList, onto: &canvas.bitmap) }))
    }
    // The anchor draw rendered afresh on one and on two threads (bands shared out: Renderer.render).
    let anchor = DisplayList(
        images: [photo], imageNames: ["photo"],
        commands: [.drawImage(ImageDraw(image: 0, source: source, destination: aspectFill))])
    for threads in [1, 2] {
        list.append(
            Benchmark(
                name: "render 'photo' aspect fill 1170x2532 on \(threads) thread\(threads == 1 ? "" : "s")",
                pixels: width * height,
                run: { canvas.bitmap = Renderer.render(anchor, width: width, height: height, threads: threads) }))
    }
    // The drawing issue's target: the anchor draw under a rounded-rectangle clip of the whole
    // canvas (a full-screen image view with layer.cornerRadius 55 pt and clipsToBounds, at 3x),
    // within 1.5 times the unclipped draw (the first row).
    let rounded = RoundedRect(rect: DeviceRect(x: 0, y: 0, width: 1170, height: 2532), radius: 165 * fixedOne)
    let clipped = DisplayList(
        images: [photo], imageNames: ["photo"],
        commands: [
            .pushRoundedClip(rounded),
            .drawImage(ImageDraw(image: 0, source: source, destination: aspectFill)),
            .popClip
        ])
    list.append(
        Benchmark(
            name: "draw 'photo' aspect fill, rounded clip r=165px", pixels: width * height,
            setUp: { canvas.bitmap.pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } },
            run: { Renderer.draw(clipped, onto: &canvas.bitmap) }))
    // Issue 31's target: 'photo' drawn with draw(in:) into 200 × 200 pt at 3x, shrunk 1.7 times
    // by the filter of RENDERING.md §11.8.1, against Skia's mipmapped linear sampling.
    final class Small {
        var context = try! DrawingContext(
            width: 600, height: 600, opaque: false, transform: .identity, limits: .default)
    }
    let small = Small()
    list.append(
        Benchmark(
            name: "draw(in:) 'photo' shrunk to 600x600 (filtered)", pixels: 600 * 600,
            reference: ReferenceKey(
                operationPrefix: "'photo' -> 600x600 (downscale x0.59) drawImageRect kLinear + mipmap kLinear",
                library: "skia"),
            setUp: {
                small.context = try! DrawingContext(
                    width: 600, height: 600, opaque: false, transform: .identity, limits: .default)
            },
            run: { try! small.context.draw(photo, x: 0, y: 0, width: 600, height: 600, placement: .upright) }))
    return list
}
