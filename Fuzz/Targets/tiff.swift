// libFuzzer target: TIFF files — the first directory, strips and tiles, LZW, Deflate, PackBits,
// prediction — through Fuzz/Support/BitmapFuzzing.swift.
import ImageFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTIFF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzBitmapFile(.tiff, data, size) }
