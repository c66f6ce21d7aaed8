// What the gif, bmp, ico, tiff, webp and psd targets share: a file through one BitmapFormat with
// limits small enough that a header declaring a huge image is refused before anything that size is
// allocated; a decoded image must have its pixels, be the size its headers give, and be opaque in
// every pixel when the file declares no alpha channel.
import ImageFormats

func fuzzBitmapFile(_ format: BitmapFormat, _ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageFormatLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22)
    let header = try? format.size(file, limits: limits)
    if let (image, _, hasAlpha) = try? format.decode(file, limits: limits) {
        precondition(image.pixels.count == image.width * image.height * 4, "pixel count disagrees with the size")
        precondition(
            hasAlpha || stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 },
            "declared opaque with a transparent pixel")
        if let header {
            precondition(header.width == image.width && header.height == image.height, "the header's size differs")
        }
    }
    return 0
}
