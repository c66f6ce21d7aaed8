// libFuzzer target: WebP files — the RIFF chunks, and the lossless bitstream: transforms, colour
// cache, meta prefix codes, prefix codes, back references — through
// Fuzz/Support/BitmapFuzzing.swift.
import ImageFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzBitmapFile(.webp, data, size) }
