// libFuzzer target: WebP files — the RIFF chunks, the lossless bitstream (transforms, colour
// cache, meta prefix codes, prefix codes, back references), the lossy key frame and ALPH — through
// Fuzz/Support/BitmapFuzzing.swift.
import ImageFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzBitmapFile(.webp, data, size) }
