import Testing
@testable import Deflate

/// Builds DEFLATE bit streams by hand: fields LSB first, Huffman codes MSB first (RFC 1951 §3.1.1).
struct BitStream {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    mutating func bits(_ value: Int, _ count: Int) {
        for i in 0..<count { bit((value >> i) & 1) }
    }

    mutating func code(_ value: Int, _ count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) { bit((value >> i) & 1) }
    }

    private mutating func bit(_ b: Int) {
        if bitCount % 8 == 0 { bytes.append(0) }
        bytes[bytes.count - 1] |= UInt8(b) << UInt8(bitCount % 8)
        bitCount += 1
    }
}

/// Each kind of damage gives its own error.
@Suite struct MalformedStreamTests {
    func inflateRaw(_ bytes: [UInt8], limit: Int = .max) throws(DeflateError) -> [UInt8] {
        try Inflater.decompress(bytes, format: .raw, maxOutput: limit)
    }

    @Test func reservedBlockType() {
        #expect(throws: DeflateError(.reservedBlockType, offset: 0)) { try inflateRaw([0x07]) }
    }

    @Test func storedLengthsMustBeComplements() {
        #expect(throws: DeflateError(.storedLengthMismatch(length: 5, complement: 0), offset: 1)) {
            try inflateRaw([0x01, 0x05, 0x00, 0x00, 0x00, 1, 2, 3, 4, 5])
        }
    }

    @Test func storedBlockCutShort() {
        #expect(throws: DeflateError(.truncated, offset: 7)) {
            try inflateRaw([0x01, 0x05, 0x00, 0xFA, 0xFF, 1, 2])
        }
    }

    @Test func everyTruncationOfAZlibStreamIsAnError() throws {
        let data = (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7 / 5) }
        let stream = Deflater.compress(data)
        for length in 0..<stream.count {
            #expect(throws: DeflateError.self) { try Inflater.decompress(stream[0..<length]) }
        }
        #expect(try Inflater.decompress(stream) == data)
    }

    @Test func zlibHeaderChecks() {
        #expect(throws: DeflateError(.invalidZlibHeader(cmf: 0x78, flg: 0x00), offset: 0)) {
            try Inflater.decompress([0x78, 0x00])
        }
        #expect(throws: DeflateError(.invalidZlibHeader(cmf: 0x79, flg: 0x9C), offset: 0)) {
            try Inflater.decompress([0x79, 0x9C])
        }
        #expect(throws: DeflateError(.invalidZlibHeader(cmf: 0x88, flg: 0x1C), offset: 0)) {
            try Inflater.decompress([0x88, 0x1C])
        }
        // 0x78BB: FDICT set, FCHECK valid.
        #expect(throws: DeflateError(.presetDictionary, offset: 1)) {
            try Inflater.decompress([0x78, 0xBB, 0, 0, 0, 0])
        }
    }

    @Test func adlerMismatch() {
        var stream = Deflater.compress(Array("abcabcabc".utf8))
        stream[stream.count - 1] ^= 1
        let declared =
            UInt32(stream[stream.count - 4]) << 24 | UInt32(stream[stream.count - 3]) << 16
            | UInt32(stream[stream.count - 2]) << 8 | UInt32(stream[stream.count - 1])
        #expect(
            throws: DeflateError(.adler32Mismatch(declared: declared, computed: declared ^ 1), offset: stream.count - 4)
        ) {
            try Inflater.decompress(stream)
        }
    }

    /// A fixed-Huffman block: BFINAL 1, BTYPE 01.
    func fixedBlock(_ body: (inout BitStream) -> Void) -> [UInt8] {
        var s = BitStream()
        s.bits(1, 1)
        s.bits(1, 2)
        body(&s)
        return s.bytes
    }

    @Test func matchBeforeAnyOutput() {
        let stream = fixedBlock { s in
            s.code(0b000_0001, 7)  // length symbol 257: length 3
            s.code(0, 5)  // distance symbol 0: distance 1
        }
        #expect(throws: DeflateError(.distanceTooFarBack(distance: 1, available: 0), offset: 1)) {
            try inflateRaw(stream)
        }
    }

    @Test func invalidFixedSymbols() {
        let literalLength = fixedBlock { s in s.code(0b1100_0110, 8) }  // symbol 286
        #expect(throws: DeflateError(.invalidSymbol(.literalLength), offset: 1)) { try inflateRaw(literalLength) }
        let distance = fixedBlock { s in
            s.code(0x30 + 65, 8)  // literal 'A'
            s.code(0b000_0001, 7)  // length 3
            s.code(30, 5)  // distance symbol 30
        }
        #expect(throws: DeflateError(.invalidSymbol(.distance), offset: 2)) { try inflateRaw(distance) }
    }

    /// A dynamic header with the given code-length code lengths (in symbol order 0…18).
    func dynamicHeader(hlit: Int, hdist: Int, codeLengthLengths: [Int], _ body: (inout BitStream) -> Void) -> [UInt8] {
        var s = BitStream()
        s.bits(1, 1)
        s.bits(2, 2)
        s.bits(hlit - 257, 5)
        s.bits(hdist - 1, 5)
        s.bits(19 - 4, 4)
        for symbol in DeflateTables.codeLengthOrder { s.bits(codeLengthLengths[symbol], 3) }
        body(&s)
        return s.bytes
    }

    @Test func tooManyLiteralLengthCodes() {
        var s = BitStream()
        s.bits(1, 1); s.bits(2, 2); s.bits(30, 5); s.bits(0, 5); s.bits(0, 4)
        #expect(throws: DeflateError(.tooManyCodes(literalLength: 287, distance: 1), offset: 2)) {
            try inflateRaw(s.bytes)
        }
    }

    @Test func overSubscribedCodeLengthCode() {
        var lengths = [Int](repeating: 0, count: 19)
        lengths[0] = 1; lengths[1] = 1; lengths[2] = 1
        let stream = dynamicHeader(hlit: 257, hdist: 1, codeLengthLengths: lengths) { _ in }
        #expect(throws: DeflateError(.overSubscribedCode(.codeLength), offset: 9)) { try inflateRaw(stream) }
    }

    @Test func incompleteCodeLengthCode() {
        var lengths = [Int](repeating: 0, count: 19)
        lengths[0] = 2; lengths[8] = 2; lengths[18] = 2  // three of four 2-bit codes
        let stream = dynamicHeader(hlit: 257, hdist: 1, codeLengthLengths: lengths) { _ in }
        #expect(throws: DeflateError(.incompleteCode(.codeLength), offset: 9)) { try inflateRaw(stream) }
    }

    /// Code-length code: symbols 0, 1, 8, 16, 17, 18 with lengths 3, 3, 2, 3, 3, 2 (complete).
    static let codeLengthLengths: [Int] = {
        var lengths = [Int](repeating: 0, count: 19)
        lengths[0] = 3; lengths[1] = 3; lengths[8] = 2; lengths[16] = 3; lengths[17] = 3; lengths[18] = 2
        return lengths
    }()
    // Canonical codes: 8 → 00, 18 → 01, 0 → 100, 1 → 101, 16 → 110, 17 → 111.

    @Test func repeatWithNothingBefore() {
        let stream = dynamicHeader(hlit: 257, hdist: 1, codeLengthLengths: Self.codeLengthLengths) { s in
            s.code(0b110, 3)  // symbol 16 first
            s.bits(0, 2)
        }
        #expect(throws: DeflateError(.invalidCodeLengthRepeat, offset: 9)) { try inflateRaw(stream) }
    }

    @Test func repeatPastTheEnd() {
        let stream = dynamicHeader(hlit: 257, hdist: 1, codeLengthLengths: Self.codeLengthLengths) { s in
            s.code(0b01, 2); s.bits(127, 7)  // 138 zeros
            s.code(0b01, 2); s.bits(127, 7)  // 276 > 258
        }
        // 257 + 1 lengths: the second run of 138 zeros passes the end at bit 92.
        #expect(throws: DeflateError(.invalidCodeLengthRepeat, offset: 11)) { try inflateRaw(stream) }
    }

    @Test func missingEndOfBlockCode() {
        let stream = dynamicHeader(hlit: 257, hdist: 1, codeLengthLengths: Self.codeLengthLengths) { s in
            s.code(0b101, 3)  // symbol 0: length 1
            s.code(0b101, 3)  // symbol 1: length 1
            s.code(0b01, 2); s.bits(127, 7)  // 138 zeros
            s.code(0b01, 2); s.bits(107, 7)  // 118 zeros: 258 lengths, EOB (256) has none
        }
        #expect(throws: DeflateError(.missingEndOfBlock, offset: 12)) { try inflateRaw(stream) }
    }

    @Test func outputLimit() throws {
        let stream = Deflater.compress([UInt8](repeating: 7, count: 1 << 20))
        #expect(throws: DeflateError.self) { try Inflater.decompress(stream, maxOutput: 1000) }
        #expect(try Inflater.decompress(stream, maxOutput: 1 << 20).count == 1 << 20)
        do {
            _ = try Inflater.decompress(stream, maxOutput: 1000)
        } catch {
            #expect(error.kind == .outputLimitExceeded(limit: 1000))
        }
    }
}
