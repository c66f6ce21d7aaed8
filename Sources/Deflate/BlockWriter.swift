// Writes one DEFLATE block for the symbols the parser collected, as whichever of the three block
// types (dynamic Huffman, fixed Huffman, stored) is smallest; ties prefer dynamic, then fixed. The
// sizes are computed exactly before anything is written, so incompressible data costs only the
// stored-block framing (5 bytes per 65,535 plus the alignment to a byte boundary).

/// A literal run followed by a match (`length` 0: the run ends the block).
struct LZSequence {
    var literalRun: UInt32
    var length: UInt16
    var distance: UInt16
}

/// The parser's output for one block. Storage is allocated once per compression and reused;
/// the owner calls `deallocate()`.
struct BlockSymbols {
    /// Sequences per block before the block is ended regardless of its statistics.
    static let maxSequences = 1 << 15

    let literalLengthFrequency: UnsafeMutablePointer<UInt32>
    let distanceFrequency: UnsafeMutablePointer<UInt32>
    let sequences: UnsafeMutablePointer<LZSequence>
    private(set) var sequenceCount = 0
    /// Literals since the last match.
    private(set) var pendingLiterals: UInt32 = 0
    /// Input bytes the block covers.
    private(set) var inputLength = 0
    private let slots = DeflateSlots.shared

    init() {
        literalLengthFrequency = .allocate(capacity: 288)
        distanceFrequency = .allocate(capacity: 30)
        sequences = .allocate(capacity: BlockSymbols.maxSequences + 1)
        reset()
    }

    func deallocate() {
        literalLengthFrequency.deallocate()
        distanceFrequency.deallocate()
        sequences.deallocate()
    }

    mutating func reset() {
        literalLengthFrequency.initialize(repeating: 0, count: 288)
        distanceFrequency.initialize(repeating: 0, count: 30)
        sequenceCount = 0
        pendingLiterals = 0
        inputLength = 0
    }

    var isFull: Bool { sequenceCount >= BlockSymbols.maxSequences }
    var usesDistances: Bool { (0..<30).contains { distanceFrequency[$0] != 0 } }

    @inline(__always)
    mutating func addLiteral(_ byte: UInt8) {
        literalLengthFrequency[Int(byte)] &+= 1
        pendingLiterals &+= 1
        inputLength &+= 1
    }

    @inline(__always)
    mutating func addMatch(length: Int, distance: Int) {
        literalLengthFrequency[257 + Int(slots.lengthSlot[length])] &+= 1
        distanceFrequency[slots.distanceSlot(distance)] &+= 1
        sequences[sequenceCount] = LZSequence(
            literalRun: pendingLiterals, length: UInt16(length), distance: UInt16(distance))
        sequenceCount &+= 1
        pendingLiterals = 0
        inputLength &+= length
    }

    /// Closes the block: the literals after the last match become a final sequence.
    mutating func finish() {
        sequences[sequenceCount] = LZSequence(literalRun: pendingLiterals, length: 0, distance: 0)
        sequenceCount += 1
        pendingLiterals = 0
        literalLengthFrequency[256] = 1
    }
}

/// Symbol slots of lengths and distances (RFC 1951 §3.2.5), in tables allocated once for the
/// process (read through plain pointers so hot loops pay no lazy-initialisation check).
struct DeflateSlots: @unchecked Sendable {
    static let shared = DeflateSlots()

    /// Length 3…258 → length symbol − 257.
    let lengthSlot: UnsafePointer<UInt8>
    /// Distance − 1 < 256 → slot; then 256 + (distance − 1) >> 7 → slot (zlib's layout).
    private let distanceSlots: UnsafePointer<UInt8>

    private init() {
        let lengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 259)
        lengths.initialize(repeating: 0, count: 259)
        for slot in 0..<29 {
            let base = Int(DeflateTables.lengthBase[slot])
            let span = 1 << Int(DeflateTables.lengthExtraBits[slot])
            for length in base..<min(base + span, 259) { lengths[length] = UInt8(slot) }
        }
        lengths[258] = 28
        lengthSlot = UnsafePointer(lengths)

        let distances = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
        distances.initialize(repeating: 0, count: 512)
        for slot in 0..<30 {
            let base = Int(DeflateTables.distanceBase[slot])
            let span = 1 << Int(DeflateTables.distanceExtraBits[slot])
            for distance in base..<(base + span) {
                if distance <= 256 {
                    distances[distance - 1] = UInt8(slot)
                } else {
                    distances[256 + ((distance - 1) >> 7)] = UInt8(slot)
                }
            }
        }
        distanceSlots = UnsafePointer(distances)
    }

    @inline(__always)
    func distanceSlot(_ distance: Int) -> Int {
        distance <= 256 ? Int(distanceSlots[distance - 1]) : Int(distanceSlots[256 + ((distance - 1) >> 7)])
    }
}

/// Encodes blocks into a bit stream.
enum BlockWriter {
    private static let fixedLiteralLength = HuffmanCode(lengths: DeflateTables.fixedLiteralLengthLengths)
    private static let fixedDistance = HuffmanCode(lengths: [UInt8](repeating: 5, count: 30))

    /// Writes `block`, whose input bytes start at `input`, choosing the smallest block type.
    ///
    /// - Returns: the code lengths of the dynamic codes built for the block (whichever type was
    ///   written), for the parser's cost estimates.
    @discardableResult
    static func write(
        _ block: inout BlockSymbols, input: UnsafePointer<UInt8>, isFinal: Bool, to writer: inout BitWriter
    ) -> (literalLength: [UInt8], distance: [UInt8]) {
        block.finish()
        let literalLength = HuffmanCode(
            frequencies: Array(UnsafeBufferPointer(start: block.literalLengthFrequency, count: 288)), maxLength: 15)
        let usesDistances = block.usesDistances
        var distanceFrequency = Array(UnsafeBufferPointer(start: block.distanceFrequency, count: 30))
        if !usesDistances {
            // No matches: still send a complete two-code distance code (as zlib does).
            distanceFrequency[0] = 1
            distanceFrequency[1] = 1
        }
        let distance = HuffmanCode(frequencies: distanceFrequency, maxLength: 15)
        let header = DynamicHeader(literalLength: literalLength, distance: distance)

        let dataBitsDynamic = symbolBits(block, literalLength, distance)
        let dynamicBits = 3 + header.bitCount + dataBitsDynamic
        let fixedBits = 3 + symbolBits(block, fixedLiteralLength, fixedDistance)
        let storedBits = storedBlockBits(length: block.inputLength, from: writer.bitPosition)

        if dynamicBits <= fixedBits && dynamicBits <= storedBits {
            writer.reserve(dynamicBits / 8 + 8)
            writer.add(isFinal ? 0b101 : 0b100, 3)
            header.write(to: &writer)
            writeSymbols(block, input: input, literalLength, distance, to: &writer)
        } else if fixedBits <= storedBits {
            writer.reserve(fixedBits / 8 + 8)
            writer.add(isFinal ? 0b011 : 0b010, 3)
            writeSymbols(block, input: input, fixedLiteralLength, fixedDistance, to: &writer)
        } else {
            writeStored(UnsafeRawBufferPointer(start: input, count: block.inputLength), isFinal: isFinal, to: &writer)
        }
        return (literalLength.lengths, usesDistances ? distance.lengths : [UInt8](repeating: 0, count: 30))
    }

    /// Bits of the block's symbols (and extra bits) under the given codes, end-of-block included.
    private static func symbolBits(_ block: BlockSymbols, _ literalLength: HuffmanCode, _ distance: HuffmanCode) -> Int
    {
        var bits = 0
        for symbol in 0..<286 {
            let frequency = Int(block.literalLengthFrequency[symbol])
            if frequency == 0 { continue }
            var length = Int(literalLength.lengths[symbol])
            if symbol > 256 { length += Int(DeflateTables.lengthExtraBits[symbol - 257]) }
            bits += frequency * length
        }
        for symbol in 0..<30 {
            let frequency = Int(block.distanceFrequency[symbol])
            if frequency == 0 { continue }
            bits += frequency * (Int(distance.lengths[symbol]) + Int(DeflateTables.distanceExtraBits[symbol]))
        }
        return bits
    }

    /// Bits of `length` bytes as stored blocks starting at bit `position`.
    static func storedBlockBits(length: Int, from position: Int) -> Int {
        var bits = 0
        var position = position
        var remaining = length
        repeat {
            let chunk = min(remaining, 65535)
            let headerEnd = position + 3
            let aligned = (headerEnd + 7) & ~7
            let chunkBits = aligned - position + 32 + chunk * 8
            bits += chunkBits
            position += chunkBits
            remaining -= chunk
        } while remaining > 0
        return bits
    }

    /// Writes `data` as stored blocks (the last one final if `isFinal`).
    static func writeStored(_ data: UnsafeRawBufferPointer, isFinal: Bool, to writer: inout BitWriter) {
        var offset = 0
        repeat {
            let chunk = min(data.count - offset, 65535)
            let last = offset + chunk == data.count
            writer.add(isFinal && last ? 1 : 0, 3)
            writer.alignToByte()
            writer.add(UInt64(chunk) | UInt64(~UInt16(chunk)) << 16, 32)
            writer.flush()
            writer.append(UnsafeRawBufferPointer(rebasing: data[offset..<(offset + chunk)]))
            offset += chunk
        } while offset < data.count
    }

    private static func writeSymbols(
        _ block: BlockSymbols, input: UnsafePointer<UInt8>,
        _ literalLength: HuffmanCode, _ distance: HuffmanCode, to writer: inout BitWriter
    ) {
        // Per-block tables: every literal's code, and every length's code with its extra bits.
        var literalBits = [UInt64](repeating: 0, count: 256)
        var literalCount = [Int](repeating: 0, count: 256)
        for byte in 0..<256 {
            literalBits[byte] = UInt64(literalLength.codes[byte])
            literalCount[byte] = Int(literalLength.lengths[byte])
        }
        var lengthBits = [UInt64](repeating: 0, count: 259)
        var lengthCount = [Int](repeating: 0, count: 259)
        for length in 3...258 {
            let slot = Int(DeflateSlots.shared.lengthSlot[length])
            let codeLength = Int(literalLength.lengths[257 + slot])
            lengthBits[length] =
                UInt64(literalLength.codes[257 + slot])
                | UInt64(length - Int(DeflateTables.lengthBase[slot])) << UInt64(codeLength)
            lengthCount[length] = codeLength + Int(DeflateTables.lengthExtraBits[slot])
        }
        var p = input
        let slots = DeflateSlots.shared
        literalBits.withUnsafeBufferPointer { literalBits in
            literalCount.withUnsafeBufferPointer { literalCount in
                for index in 0..<block.sequenceCount {
                    let sequence = block.sequences[index]
                    var run = Int(sequence.literalRun)
                    while run >= 3 {
                        let a = Int(p[0]), b = Int(p[1]), c = Int(p[2])
                        writer.add(literalBits[a], literalCount[a])
                        writer.add(literalBits[b], literalCount[b])
                        writer.add(literalBits[c], literalCount[c])
                        writer.flush()
                        p += 3
                        run -= 3
                    }
                    while run > 0 {
                        let a = Int(p[0])
                        writer.add(literalBits[a], literalCount[a])
                        p += 1
                        run -= 1
                    }
                    writer.flush()
                    let length = Int(sequence.length)
                    if length == 0 { continue }
                    writer.add(lengthBits[length], lengthCount[length])
                    let d = Int(sequence.distance)
                    let slot = slots.distanceSlot(d)
                    let codeLength = Int(distance.lengths[slot])
                    writer.add(
                        UInt64(distance.codes[slot])
                            | UInt64(d - Int(DeflateTables.distanceBase[slot])) << UInt64(codeLength),
                        codeLength + Int(DeflateTables.distanceExtraBits[slot]))
                    writer.flush()
                    p += length
                }
            }
        }
        writer.add(UInt64(literalLength.codes[256]), Int(literalLength.lengths[256]))
        writer.flush()
    }
}

/// The code-length part of a dynamic block header (RFC 1951 §3.2.7).
struct DynamicHeader {
    private let literalLengthCount: Int
    private let distanceCount: Int
    private let codeLengthCount: Int
    /// Run-length-coded code lengths: symbol 0…18 and its extra-bits value.
    private var items: [(symbol: UInt8, extra: UInt8)] = []
    private let codeLengthCode: HuffmanCode

    init(literalLength: HuffmanCode, distance: HuffmanCode) {
        var hlit = 286
        while hlit > 257 && literalLength.lengths[hlit - 1] == 0 { hlit -= 1 }
        var hdist = 30
        while hdist > 1 && distance.lengths[hdist - 1] == 0 { hdist -= 1 }
        literalLengthCount = hlit
        distanceCount = hdist
        let all = Array(literalLength.lengths[0..<hlit]) + Array(distance.lengths[0..<hdist])

        var i = 0
        while i < all.count {
            let value = all[i]
            var run = 1
            while i + run < all.count && all[i + run] == value { run += 1 }
            i += run
            if value == 0 {
                while run >= 11 {
                    let n = min(run, 138)
                    items.append((18, UInt8(n - 11)))
                    run -= n
                }
                if run >= 3 {
                    items.append((17, UInt8(run - 3)))
                    run = 0
                }
            } else {
                items.append((value, 0))
                run -= 1
                while run >= 3 {
                    let n = min(run, 6)
                    items.append((16, UInt8(n - 3)))
                    run -= n
                }
            }
            for _ in 0..<run { items.append((value, 0)) }
        }
        var frequency = [UInt32](repeating: 0, count: 19)
        for item in items { frequency[Int(item.symbol)] += 1 }
        codeLengthCode = HuffmanCode(frequencies: frequency, maxLength: 7)
        var hclen = 19
        while hclen > 4 && codeLengthCode.lengths[DeflateTables.codeLengthOrder[hclen - 1]] == 0 { hclen -= 1 }
        codeLengthCount = hclen
    }

    private static let repeatExtraBits: [Int] = [2, 3, 7]

    /// Header bits after BFINAL/BTYPE.
    var bitCount: Int {
        var bits = 5 + 5 + 4 + 3 * codeLengthCount
        for item in items {
            bits += Int(codeLengthCode.lengths[Int(item.symbol)])
            if item.symbol >= 16 { bits += DynamicHeader.repeatExtraBits[Int(item.symbol) - 16] }
        }
        return bits
    }

    func write(to writer: inout BitWriter) {
        writer.add(
            UInt64(literalLengthCount - 257) | UInt64(distanceCount - 1) << 5
                | UInt64(codeLengthCount - 4) << 10, 14)
        writer.flush()
        for i in 0..<codeLengthCount {
            writer.add(UInt64(codeLengthCode.lengths[DeflateTables.codeLengthOrder[i]]), 3)
            writer.flush()
        }
        for item in items {
            let symbol = Int(item.symbol)
            writer.add(UInt64(codeLengthCode.codes[symbol]), Int(codeLengthCode.lengths[symbol]))
            if symbol >= 16 {
                writer.add(UInt64(item.extra), DynamicHeader.repeatExtraBits[symbol - 16])
            }
            writer.flush()
        }
    }
}
