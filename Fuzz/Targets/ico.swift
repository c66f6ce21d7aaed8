// libFuzzer target: ICO files — the first entry of an icon or cursor, a PNG or a DIB with its AND
// mask — through Fuzz/Support/BitmapFuzzing.swift.
import ImageFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICO(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzBitmapFile(.ico, data, size) }
