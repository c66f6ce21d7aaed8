// VP8's boolean entropy decoder (RFC 6386 §7): a value and a range in [128, 255]; a bool with
// probability p/256 of being 0 splits the range at 1 + ((range − 1) × p >> 8). Bytes past the end
// of the data read as zeros; `exhausted` says that a decision needed one, which the decoder
// refuses as libwebp does ("premature end-of-file").

struct VP8BoolDecoder {
    private let bytes: [UInt8]
    private var position: Int
    private let end: Int
    /// The bits not yet consumed, the next decision's 8 at the top of the window.
    private var value: UInt64 = 0
    /// Bits buffered beyond the 8 of the current window (libwebp's bits_).
    private var bits = -8
    /// The range minus one.
    private var range: UInt32 = 254
    private(set) var exhausted = false

    init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        position = start
        self.end = end
    }

    private mutating func load() {
        if position < end {
            value = value << 8 | UInt64(bytes[position])
            position += 1
            bits += 8
        } else if !exhausted {
            value <<= 8
            bits += 8
            exhausted = true
        } else {
            bits = 0
        }
    }

    /// One bool, 1 with probability (256 − p) / 256.
    mutating func bit(_ probability: Int) -> Int {
        while bits < 0 { load() }
        let split = (range * UInt32(probability)) >> 8
        let window = UInt32(truncatingIfNeeded: value >> UInt64(bits))
        var newRange: UInt32
        let result: Int
        if window > split {
            newRange = range - split
            value -= UInt64(split + 1) << UInt64(bits)
            result = 1
        } else {
            newRange = split + 1
            result = 0
        }
        let shift = 7 ^ (31 - newRange.leadingZeroBitCount)
        newRange <<= UInt32(shift)
        bits -= shift
        range = newRange - 1
        return result
    }

    /// An n-bit unsigned value, most significant bit first, each bit at probability 128 (L(n)).
    mutating func literal(_ n: Int) -> Int {
        var v = 0
        for _ in 0..<n { v = v << 1 | bit(128) }
        return v
    }

    /// An n-bit magnitude, then a sign bit (1: negative).
    mutating func signedLiteral(_ n: Int) -> Int {
        let magnitude = literal(n)
        return bit(128) == 1 ? -magnitude : magnitude
    }

    /// A value read through a tree of (index, probability index) pairs: RFC 6386 §8.1.
    mutating func tree(_ tree: [Int], _ probabilities: (Int) -> Int) -> Int {
        var i = 0
        repeat {
            i = tree[i + bit(probabilities(i >> 1))]
        } while i > 0
        return -i
    }
}
