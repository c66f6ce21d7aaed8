import Testing
import TestSupport
@testable import Deflate

/// Compression is lossless at every level, deterministic, and never much larger than the input.
@Suite struct DeflateRoundTripTests {
    /// Inputs of several characters: empty, tiny, text-like, runs, periodic, noise, and long
    /// enough to cross the 32 KiB window and several blocks.
    static func inputs(seed: UInt64) -> [(String, [UInt8])] {
        var random = SeededGenerator(seed: seed)
        let noise = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let words = ["image", "view", "content", "mode", "scale", "aspect", "fit", "fill", " ", "\n"]
        var text: [UInt8] = []
        while text.count < 120_000 { text += Array(words[Int.random(in: 0..<words.count, using: &random)].utf8) }
        var runs: [UInt8] = []
        while runs.count < 100_000 {
            runs += [UInt8](
                repeating: UInt8.random(in: 0...3, using: &random), count: Int.random(in: 1...700, using: &random))
        }
        let periodic = (0..<50_000).map { UInt8(truncatingIfNeeded: ($0 % 7) * 31 + ($0 / 4096)) }
        let mixed = Array(noise[0..<20_000]) + Array(text[0..<40_000]) + Array(noise[20_000..<30_000]) + runs
        return [
            ("empty", []), ("one", [42]), ("three", [1, 2, 3]), ("text", text), ("runs", runs),
            ("periodic", periodic), ("noise", noise), ("mixed", mixed)
        ]
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    func losslessAtLevel(_ level: Int) throws {
        let seed: UInt64 = 0xDEF1A7E
        for (name, data) in Self.inputs(seed: seed) {
            for format in [DeflateFormat.zlib, .raw] {
                let stream = Deflater.compress(data, level: CompressionLevel(level), format: format)
                let back = try Inflater.decompress(stream, format: format)
                #expect(back == data, "\(name) level \(level) \(format) seed \(seed)")
                // Never worse than stored blocks: 5 bytes per 65,535 plus the framing.
                let bound = data.count + 5 * (data.count / 65535 + 1) + 5 * (data.count / 10_000 + 1) + 6
                #expect(stream.count <= bound, "\(name) level \(level): \(stream.count) > \(bound)")
            }
        }
    }

    @Test func sameInputSameBytes() {
        for (_, data) in Self.inputs(seed: 1) {
            for level in [1, 6, 9] {
                #expect(Deflater.compress(data, level: .init(level)) == Deflater.compress(data, level: .init(level)))
            }
        }
    }

    @Test func incompressibleDataIsStored() throws {
        var random = SeededGenerator(seed: 99)
        let noise = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let stream = Deflater.compress(noise)
        // zlib header and trailer, and 5 bytes per stored chunk of at most 65,535 bytes per block.
        #expect(stream.count - noise.count <= 6 + 5 * 8)
    }

    @Test func knownTinyStreams() {
        // An empty input is one final fixed block holding only end-of-block: 03 00.
        #expect(Deflater.compress([], level: .default, format: .raw) == [0x03, 0x00])
        #expect(Deflater.compress([], level: .default) == [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        #expect(Deflater.compress([], level: .stored, format: .raw) == [0x01, 0x00, 0x00, 0xFF, 0xFF])
    }
}

/// Length-limited Huffman codes are complete, within their limit and optimal when unconstrained.
@Suite struct HuffmanCodeTests {
    func kraftSum(_ lengths: [UInt8], limit: Int) -> Int {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (limit - Int($1))) }
    }

    @Test func optimalForAClassicExample() {
        // Frequencies 45, 13, 12, 16, 9, 5 → lengths 1, 3, 3, 3, 4, 4 (cost 224).
        let code = HuffmanCode(frequencies: [45, 13, 12, 16, 9, 5], maxLength: 15)
        let cost = zip([45, 13, 12, 16, 9, 5], code.lengths).reduce(0) { $0 + $1.0 * Int($1.1) }
        #expect(cost == 224)
        #expect(kraftSum(code.lengths, limit: 15) == 1 << 15)
    }

    @Test func respectsTheLengthLimit() {
        // Fibonacci frequencies make the unconstrained code as deep as there are symbols.
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for limit in [7, 15] {
            let code = HuffmanCode(frequencies: fibonacci, maxLength: limit)
            #expect(code.lengths.allSatisfy { $0 >= 1 && Int($0) <= limit })
            #expect(kraftSum(code.lengths, limit: limit) == 1 << limit)
        }
    }

    @Test func singleSymbolGetsACompleteCode() {
        let code = HuffmanCode(frequencies: [0, 0, 5, 0], maxLength: 15)
        #expect(code.lengths == [1, 0, 1, 0])
        #expect(Set(code.codes.enumerated().filter { code.lengths[$0.offset] > 0 }.map(\.element)) == [0, 1])
    }

    @Test func canonicalCodesFollowRFC1951() {
        // RFC 1951 §3.2.2 example: lengths (3, 3, 3, 3, 3, 2, 4, 4) → codes 010 … 111 0 00 1110 1111.
        let codes = HuffmanCode.canonicalCodes([3, 3, 3, 3, 3, 2, 4, 4])
        let msbFirst = zip(codes, [3, 3, 3, 3, 3, 2, 4, 4]).map { reverseBits(Int($0), $1) }
        #expect(msbFirst == [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111])
    }
}
