// libFuzzer target: BMP files: every DIB header version, palettes, RLE8/RLE4, bit fields, through
// BMPDecoder with limits small enough that a header declaring a huge image is refused before
// anything that size is allocated; a decoded image must be the size its headers give.
import ImageFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBMP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = Array(UnsafeBufferPointer(start: data, count: size))
    let decoder = BMPDecoder(limits: .init(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22))
    let header = try? decoder.size(file)
    if let decoded = try? decoder.decode(file) {
        let image = decoded
        precondition(image.pixels.count == image.width * image.height * 4, "pixel count disagrees with the size")
        if let header {
            precondition(header.width == image.width && header.height == image.height, "the header's size differs")
        }
    }
    return 0
}
