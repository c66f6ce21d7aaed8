// libFuzzer target: Photoshop files (PSD and PSB) — the sections, image resources, the layer
// summary and its tagged blocks, raw and PackBits channels, the transparency channel — through
// Fuzz/Support/BitmapFuzzing.swift.
import ImageFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPSD(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzBitmapFile(.psd, data, size) }
