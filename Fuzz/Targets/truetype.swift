// libFuzzer target: embedded TrueType font programs (a PDF font's /FontFile2) through
// TrueTypeFont — the table directory, head, maxp, loca, glyf and cmap — then every glyph's outline
// (simple and composite), codes through every cmap subtable and the post table's glyph names, so that a damaged program is
// read or refused, never a crash, a hang or an allocation the size of a declared count.
@testable import Vector

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrueType(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let font = try? TrueTypeFont(bytes) else { return 0 }
    precondition(font.unitsPerEm >= 16 && font.glyphCount >= 0)
    for glyph in 0..<min(font.glyphCount, 512) {
        _ = try? font.outline(glyph)
    }
    for glyph in font.glyphsByPostName().values { precondition(glyph >= 0 && glyph < font.glyphCount) }
    for code in 0..<256 {
        for (platform, encoding) in [(1, 0), (3, 0), (3, 1)] {
            if let glyph = font.glyph(code, platform: platform, encoding: encoding) {
                precondition(glyph > 0 && glyph < font.glyphCount)
            }
        }
        _ = font.glyph(0xF000 + code, platform: 3, encoding: 0)
    }
    return 0
}
