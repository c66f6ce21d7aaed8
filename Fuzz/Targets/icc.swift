// libFuzzer target: ICC profiles through MatrixProfile's reader (header, tag table, XYZ colorants,
// `curv` and `para` curves) and, when one is read, a conversion of every 8-bit grey and of the
// three primaries — so that every unreadable profile is nil and never a crash, a hang or an
// allocation the size of a count; the alpha of each pixel is kept.
import Raster

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let profile = MatrixProfile(iccProfile: bytes) else { return 0 }
    var pixels: [UInt8] = []
    for v in 0...255 { pixels += [UInt8(v), UInt8(v), UInt8(v), UInt8(v)] }
    pixels += [255, 0, 0, 1, 0, 255, 0, 2, 0, 0, 255, 3]
    profile.convertToSRGB(straightRGBA: &pixels)
    for v in 0...255 { precondition(pixels[4 * v + 3] == UInt8(v), "alpha changed") }
    precondition(pixels[4 * 256 + 3] == 1 && pixels[4 * 257 + 3] == 2 && pixels[4 * 258 + 3] == 3, "alpha changed")
    return 0
}
