// libFuzzer target: BMP files — every DIB header version, palettes, RLE8 and RLE4, bit fields —
// through Fuzz/Support/BitmapFuzzing.swift.
import ImageFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBMP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzBitmapFile(.bmp, data, size) }
