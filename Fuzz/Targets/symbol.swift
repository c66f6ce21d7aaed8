// libFuzzer target: symbol templates through the XML reader and SymbolTemplate's checks, every
// weight at every scale made from them (interpolation, enlargement, compatibility errors), their
// metrics at 1x–3x, and one drawn within small limits — so that every refusal is an error and
// never a crash, a hang or an allocation the size of a coordinate.
import Raster
import Symbols

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSymbol(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let template = try? SymbolTemplate.read(bytes, name: "fuzz") else { return 0 }
    precondition(template.capHeight >= SymbolTemplate.minCapHeight && template.capHeight.isFinite)
    let limits = DrawingLimits(lines: 20_000, steps: 200_000, pixels: 1 << 16, work: 2_000_000)
    for weight in SymbolWeight.allCases {
        for scale in SymbolScale.allCases {
            let configuration = SymbolConfiguration(pointSize: 17, weight: weight, scale: scale)
            guard let image = try? SymbolImage(template, configuration: configuration) else { continue }
            for displayScale in 1...3 {
                let m = image.metrics(displayScale: displayScale)
                precondition(m.pixelWidth >= 1 && m.pixelHeight >= 1)
                precondition(m.pixelWidth <= SymbolImage.maxSide && m.pixelHeight <= SymbolImage.maxSide)
            }
            if weight == .regular && scale == .medium {
                let m = image.metrics(displayScale: 2)
                if m.pixelWidth * m.pixelHeight <= limits.pixels {
                    _ = try? image.render(displayScale: 2, limits: limits)
                }
            }
        }
    }
    return 0
}
