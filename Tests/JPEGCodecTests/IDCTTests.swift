import Testing

@testable import JPEGCodec

/// The IDCT's vector path (eight lanes at a time, products paired as `pmaddwd` pairs them) gives
/// the bytes of jidctint.c's scalar passes (`IDCT.scalar`, the reference here) for every block it
/// takes, and leaves to the scalar passes every block whose numbers do not fit 16 bits.
@Suite struct IDCTTests {
    /// A small deterministic generator (xorshift64*), so that a failure can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
        /// A number in -bound...bound.
        mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(2 * bound + 1)) - bound }
    }

    /// Both paths on one block: the samples `transform` writes (through the vector path when it
    /// takes the block) against `scalar`'s; true when the vector path took it.
    static func compare(_ coefficients: [Int16], _ quant: [Int16]) -> (same: Bool, vector: Bool) {
        var vectorOut = [UInt8](repeating: 0, count: 64), scalarOut = vectorOut
        var workspace = [Int32](repeating: 0, count: 64)
        let took = vectorOut.withUnsafeMutableBufferPointer { out in
            IDCT.vector(coefficients, quant: quant, output: out.baseAddress!, stride: 8)
        }
        if !took {
            vectorOut.withUnsafeMutableBufferPointer { out in
                IDCT.transform(
                    coefficients, quant: quant, workspace: &workspace, output: out.baseAddress!, stride: 8)
            }
        }
        scalarOut.withUnsafeMutableBufferPointer { out in
            IDCT.scalar(coefficients, quant: quant, workspace: &workspace, output: out.baseAddress!, stride: 8)
        }
        return (vectorOut == scalarOut, took)
    }

    @Test func vectorPathGivesTheScalarBytesOnRealisticBlocks() {
        var g = Generator(state: 0x1D_C7_5E_ED)
        var taken = 0
        for trial in 0..<20000 {
            // Quantisation tables from fine to coarse, coefficients falling off with frequency,
            // many zero (as in real files), some columns or rows DC only.
            let scale = 1 + trial % 40
            let quant = (0..<64).map { k in Int16(1 + (k * scale) / 8 + g.int(2) + 2) }
            let coefficients = (0..<64).map { k -> Int16 in
                let u = k % 8, v = k / 8, reach = max(1, 1024 >> (u + v) / 2)
                return g.next() % 3 == 0 ? Int16(g.int(reach)) : 0
            }
            let result = Self.compare(coefficients, quant)
            #expect(result.same, "trial \(trial)")
            if result.vector { taken += 1 }
        }
        #expect(taken > 15000, "the vector path took \(taken) of 20,000 blocks")
    }

    @Test func blocksAtTheEdgesOfSixteenBitsTakeTheRightPath() {
        var g = Generator(state: 0xBADC0DE)
        var taken = 0, refused = 0
        for trial in 0..<20000 {
            // Products and first-pass sums around ±32,768: some fit, some do not.
            let big = trial % 4
            let quant = (0..<64).map { _ in Int16(big == 0 ? 1 + abs(g.int(3)) : 1 + abs(g.int(255))) }
            let coefficients = (0..<64).map { k -> Int16 in
                switch big {
                case 0: return k == 0 ? Int16(g.int(3000)) : g.next() % 6 == 0 ? Int16(g.int(300)) : 0
                case 1: return Int16(g.int(32767 / 255))
                case 2: return g.next() % 8 == 0 ? Int16(g.int(2047)) : 0
                default: return Int16(g.int(32767))
                }
            }
            let result = Self.compare(coefficients, quant)
            #expect(result.same, "trial \(trial)")
            if result.vector { taken += 1 } else { refused += 1 }
        }
        #expect(taken > 1000 && refused > 1000, "taken \(taken), refused \(refused)")
    }

    @Test func extremesAreLeftToTheScalarPasses() {
        // Every product at the ends of 16 bits, and one just past them.
        let quant = [Int16](repeating: -32768, count: 64)
        #expect(Self.compare([Int16](repeating: 1, count: 64), quant).same)
        #expect(Self.compare([Int16](repeating: -1, count: 64), quant) == (true, false))
        #expect(Self.compare([Int16](repeating: 32767, count: 64), quant) == (true, false))
        // DC only, a first-pass value of 4 × 32,767 (past 16 bits).
        var dc = [Int16](repeating: 0, count: 64)
        dc[0] = 32767
        #expect(Self.compare(dc, [Int16](repeating: 1, count: 64)) == (true, false))
        dc[0] = 8191
        #expect(Self.compare(dc, [Int16](repeating: 1, count: 64)) == (true, true))
    }
}
