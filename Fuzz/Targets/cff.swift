// libFuzzer target: embedded CFF font programs (a PDF font's /FontFile3 of subtype /Type1C or
// /CIDFontType0C) through CFFFont — the header, INDEXes, DICTs, charset, encoding, FDArray and
// FDSelect — then every glyph's Type 2 charstring run into an outline (subroutines, hints, seac)
// and codes, names and CIDs looked up, so that a damaged program is read or refused, never a
// crash, a hang or an allocation the size of a declared count.
@testable import Vector

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCFF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let font = try? CFFFont(bytes) else { return 0 }
    precondition(font.glyphCount >= 1 && font.glyphCount <= CFFFont.maxGlyphs)
    precondition(font.readWork > 0 && font.readWork <= CFFFont.maxReadWork)
    for glyph in 0..<min(font.glyphCount, 512) {
        _ = try? font.outline(glyph)
        _ = font.privateDict(of: glyph)
        let m = font.glyphMatrix(glyph)
        precondition(m.a * m.d - m.b * m.c != 0)
    }
    for code in 0..<256 {
        precondition(font.builtInEncoding[code] >= 0 && font.builtInEncoding[code] < font.glyphCount)
        if let glyph = font.glyph(cid: code) { precondition(glyph >= 0 && glyph < font.glyphCount) }
    }
    for name in ["A", ".notdef", "space", "Aacute"] {
        if let glyph = font.glyph(named: name) { precondition(glyph >= 0 && glyph < font.glyphCount) }
    }
    return 0
}
