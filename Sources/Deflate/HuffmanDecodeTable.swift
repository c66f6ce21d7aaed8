// Table-driven Huffman decoding for inflate.
//
// A table is indexed by the next `tableBits` bits of the stream (LSB first, so codes are stored
// bit-reversed). Codes longer than the main table continue in a subtable that the main entry points
// to; this keeps the main tables small enough for L1 (2 K entries for literal/length) while one
// look-up decodes almost every symbol.
//
// Entry layout (UInt32), shared by the literal/length, distance and code-length tables:
//   bits 0-7   bits to consume: codeword length + extra bits
//              (subtable pointer: the main table's index bits)
//   bits 8-11  codeword length, i.e. where the extra bits start
//              (subtable pointer: the subtable's index bits)
//   bit 12     end of block
//   bit 13     subtable pointer
//   bit 14     exceptional: end of block, subtable pointer or an invalid symbol
//   bit 15     literal
//   bits 16-31 literal byte, length base, distance base, code-length symbol, or subtable start
// Extra bits of a length or distance are therefore `(bits & ((1 << total) - 1)) >> codewordLength`.

enum HuffmanEntry {
    static let endOfBlock: UInt32 = 1 << 12
    static let subtable: UInt32 = 1 << 13
    static let exceptional: UInt32 = 1 << 14
    static let literal: UInt32 = 1 << 15

    /// Literal/length symbols 0…287 without their codeword length.
    static let literalLength: [UInt32] = {
        var entries = [UInt32](repeating: exceptional, count: 288)  // 286, 287: invalid
        for symbol in 0..<256 {
            entries[symbol] = literal | UInt32(symbol) << 16
        }
        entries[256] = exceptional | endOfBlock
        for slot in 0..<29 {
            entries[257 + slot] =
                UInt32(DeflateTables.lengthBase[slot]) << 16
                | UInt32(DeflateTables.lengthExtraBits[slot])
        }
        return entries
    }()

    /// Distance symbols 0…31 without their codeword length (30 and 31 are invalid).
    static let distance: [UInt32] = {
        var entries = [UInt32](repeating: exceptional, count: 32)
        for slot in 0..<30 {
            entries[slot] =
                UInt32(DeflateTables.distanceBase[slot]) << 16
                | UInt32(DeflateTables.distanceExtraBits[slot])
        }
        return entries
    }()

    /// Code-length symbols 0…18: the symbol itself.
    static let codeLength: [UInt32] = (0..<19).map { UInt32($0) << 16 }
}

/// Capacities of the decode tables: main table plus the largest possible set of subtables for a
/// complete code (zlib's `enough` gives 2342 for 288 symbols / 11 bits and 402 for 32 / 8).
enum HuffmanTableSize {
    static let literalLengthBits = 11
    static let literalLength = 2342
    static let distanceBits = 8
    static let distance = 402
    static let codeLengthBits = 7
    static let codeLength = 128
}

/// The outcome of checking a set of code lengths against the Kraft inequality.
enum CodeShape {
    case complete
    case empty  // no symbol has a code
    case singleShort  // exactly one code, of length 1 (zlib accepts this incomplete code)
    case incomplete
}

/// Fills `table` for the code described by `lengths`, returning the code's shape.
///
/// Over-subscribed lengths throw; other shapes are returned for the caller to accept or reject
/// (an incomplete code is only allowed in the forms zlib allows). Unused entries of an incomplete
/// code decode as invalid symbols. `symbols[s]` is symbol s's entry without its codeword length.
func buildDecodeTable(
    lengths: UnsafePointer<UInt8>, count: Int, symbols: UnsafePointer<UInt32>,
    tableBits: Int, capacity: Int, table: UnsafeMutablePointer<UInt32>,
    name: DeflateError.HuffmanTable, offset: Int
) throws(DeflateError) -> CodeShape {
    // counts[l]: codes of length l not yet placed (the subtable sizing below needs what remains).
    var counts = [Int](repeating: 0, count: 16)
    for symbol in 0..<count {
        counts[Int(lengths[symbol])] += 1
    }
    counts[0] = 0
    var left = 1
    var maxLength = 0
    var total = 0
    for length in 1...15 {
        left <<= 1
        left -= counts[length]
        if left < 0 {
            throw DeflateError(.overSubscribedCode(name), offset: offset)
        }
        if counts[length] > 0 { maxLength = length }
        total += counts[length]
    }
    let mainSize = 1 << tableBits
    let shape: CodeShape
    if maxLength == 0 {
        shape = .empty
    } else if left == 0 {
        shape = .complete
    } else if maxLength == 1 && counts[1] == 1 {
        shape = .singleShort
    } else {
        shape = .incomplete
    }
    if shape != .complete {
        table.update(repeating: HuffmanEntry.exceptional, count: mainSize)
        if shape != .singleShort { return shape }
    }

    // Symbols sorted by (length, symbol): the canonical code order.
    var start = [Int](repeating: 0, count: 16)
    for length in 1..<15 { start[length + 1] = start[length] + counts[length] }
    var order = [Int](repeating: 0, count: total)
    for symbol in 0..<count where lengths[symbol] != 0 {
        let length = Int(lengths[symbol])
        order[start[length]] = symbol
        start[length] += 1
    }

    var code = 0  // canonical code, MSB first
    var codeLength = 1
    var next = mainSize  // first free entry after the main table
    var currentPrefix = -1  // main-table index of the subtable being filled
    var subtableStart = 0
    var subtableBits = 0
    for symbol in order {
        let length = Int(lengths[symbol])
        if length > codeLength {
            code <<= length - codeLength
            codeLength = length
        }
        let reversed = reverseBits(code, length)
        if length <= tableBits {
            let entry = symbols[symbol] &+ (UInt32(length) | UInt32(length) << 8)
            var i = reversed
            while i < mainSize {
                table[i] = entry
                i += 1 << length
            }
        } else {
            let prefix = reversed & (mainSize - 1)
            if prefix != currentPrefix {
                // Size the subtable so that it holds exactly the codes sharing this prefix
                // (canonical order places them next to each other).
                var bits = length - tableBits
                var room = 1 << bits
                while bits + tableBits < maxLength {
                    room -= counts[bits + tableBits]
                    if room <= 0 { break }
                    bits += 1
                    room <<= 1
                }
                currentPrefix = prefix
                subtableStart = next
                subtableBits = bits
                next += 1 << bits
                precondition(next <= capacity, "Huffman subtables exceed their capacity")
                table[prefix] =
                    HuffmanEntry.exceptional | HuffmanEntry.subtable
                    | UInt32(subtableStart) << 16 | UInt32(bits) << 8 | UInt32(tableBits)
            }
            let rest = length - tableBits
            let entry = symbols[symbol] &+ (UInt32(rest) | UInt32(rest) << 8)
            var i = reversed >> tableBits
            while i < 1 << subtableBits {
                table[subtableStart + i] = entry
                i += 1 << rest
            }
        }
        counts[length] -= 1
        code += 1
    }
    return shape
}

/// The low `count` bits of `value` in reverse order.
@inline(__always)
func reverseBits(_ value: Int, _ count: Int) -> Int {
    var v = value
    var r = 0
    for _ in 0..<count {
        r = r << 1 | (v & 1)
        v >>= 1
    }
    return r
}
