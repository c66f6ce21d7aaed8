// What the gif, bmp, ico, tiff, webp and psd targets share: a file through one BitmapFormat with
// limits small enough that a header declaring a huge image is refused before anything that size is
// allocated; a decoded image must have its pixels and be the size its headers give.
import ImageFormats

func fuzzBitmapFile(_ format: BitmapFormat, _ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageFormatLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22)
    let header = try? format.size(file, limits: limits)
    if let image = try? format.decode(file, limits: limits).image {
        precondition(image.pixels.count == image.width * image.height * 4, "pixel count disagrees with the size")
        if let header {
            precondition(header.width == image.width && header.height == image.height, "the header's size differs")
        }
    }
    return 0
}
