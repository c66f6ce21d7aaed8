// libFuzzer target: whole PNG files (standard and CgBI) through PNGDecoder with limits small
// enough that a header declaring a huge image is refused before anything that size is allocated; a
// file declaring no alpha channel must decode opaque in every pixel, and an iCCP profile that is
// read must be an ICC profile of the image's colour space within 16 MiB (docs/PNG.md).
import PNGCodec

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = Array(UnsafeBufferPointer(start: data, count: size))
    let decoder = PNGDecoder(limits: .init(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22))
    if let decoded = try? decoder.decodeWithDetails(file) {
        precondition(
            decoded.image.pixels.count == decoded.image.width * decoded.image.height * 4,
            "pixel count disagrees with the size")
        let pixels = decoded.image.pixels
        precondition(
            decoded.hasAlpha || stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 },
            "declared opaque with a transparent pixel")
        if let profile = decoded.colorProfile {
            let grey = [.grayscale, .grayscaleAlpha].contains(decoded.header.colorType)
            precondition(
                profile.count >= 132 && profile.count <= 1 << 24 && Array(profile[36..<40]) == Array("acsp".utf8)
                    && Array(profile[16..<20]) == Array((grey ? "GRAY" : "RGB ").utf8),
                "an iCCP profile read that breaks its checks")
        }
    }
    _ = PNGInspection(file, limits: decoder.limits)
    return 0
}
