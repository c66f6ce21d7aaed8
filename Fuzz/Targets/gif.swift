// libFuzzer target: GIF files — the first frame (LZW, interlacing, colour tables, transparency) on
// its logical screen — through Fuzz/Support/BitmapFuzzing.swift.
import ImageFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzBitmapFile(.gif, data, size) }
