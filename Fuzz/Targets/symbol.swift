// libFuzzer target: symbol templates through the XML reader and SymbolTemplate's checks, then one
// weight and scale (chosen by the input's length, so that mutations reach all 27) made from them
// (interpolation, enlargement, compatibility errors), its metrics at 1x–3x, and it drawn at 1x
// within small limits — so that every refusal is an error and never a crash, a hang or an
// allocation the size of a coordinate. One configuration a run, not all 27: each run costs a
// twentieth as much, so the reader gets the runs (docs/RELIABILITY.md).
import Raster
import Symbols

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSymbol(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let template = try? SymbolTemplate.read(bytes, name: "fuzz") else { return 0 }
    precondition(template.capHeight >= SymbolTemplate.minCapHeight && template.capHeight.isFinite)
    let limits = DrawingLimits(lines: 20_000, steps: 200_000, pixels: 1 << 14, work: 500_000)
    let weights = SymbolWeight.allCases, scales = SymbolScale.allCases
    let choice = size % (weights.count * scales.count)
    let configuration = SymbolConfiguration(
        pointSize: 17, weight: weights[choice % weights.count], scale: scales[choice / weights.count])
    guard let image = try? SymbolImage(template, configuration: configuration) else { return 0 }
    for displayScale in 1...3 {
        let m = image.metrics(displayScale: displayScale)
        precondition(m.pixelWidth >= 1 && m.pixelHeight >= 1)
        precondition(m.pixelWidth <= SymbolImage.maxSide && m.pixelHeight <= SymbolImage.maxSide)
    }
    let m = image.metrics(displayScale: 1)
    if m.pixelWidth * m.pixelHeight <= limits.pixels {
        _ = try? image.render(displayScale: 1, limits: limits)
    }
    return 0
}
