// The WebP lossless bitstream (VP8L, RFC 9649): the header (signature 0x2F, 14-bit width and
// height less one, the alpha hint, a 3-bit version that must be 0), the transforms (predictor,
// colour, subtract green, colour indexing; each at most once), then the ARGB image: an optional
// colour cache, optional meta prefix codes by an entropy image, prefix code groups, and pixels as
// literals, LZ77 back references (with the 120-entry distance map) or colour cache codes. The
// transforms' data are smaller images coded the same way without transforms or meta codes.
// Pixels are ARGB in a UInt32 as the specification writes them.

struct VP8LDecoder {
    var reader: VP8LBitReader
    let limits: ImageFormatLimits
    /// Offset of the VP8L data in the file, for messages.
    let offset: Int
    /// Symbols kept by all prefix codes so far (bounded: docs/LIMITS.md).
    private var codeSymbols = 0
    static let maxCodeSymbols = 1 << 24

    init(_ bytes: [UInt8], from start: Int, to end: Int, limits: ImageFormatLimits) {
        reader = VP8LBitReader(bytes, from: start, to: end)
        self.limits = limits
        offset = start
    }

    func fail(_ message: String, _ kind: ImageFormatError.Kind = .corrupt) -> ImageFormatError {
        ImageFormatError("WebP", kind, at: offset, "the lossless data: " + message)
    }

    /// The header's size, without decoding.
    mutating func header() throws(ImageFormatError) -> (width: Int, height: Int) {
        guard reader.bits(8) == 0x2F else { throw fail("the signature byte is not 0x2F") }
        let width = reader.bits(14) + 1, height = reader.bits(14) + 1
        _ = reader.bit()  // alpha_is_used: a hint only
        guard reader.bits(3) == 0 else { throw fail("the version is not 0") }
        guard !reader.exhausted else { throw fail("the data ends inside the header", .truncated) }
        return (width, height)
    }

    /// The whole image, header first.
    mutating func decode() throws(ImageFormatError) -> (width: Int, height: Int, argb: [UInt32]) {
        let (width, height) = try header()
        try limits.check(width: width, height: height, format: "WebP", at: offset)
        return (width, height, try stream(width: width, height: height))
    }

    /// An image stream without the header (transforms, then the ARGB image), of a size given
    /// elsewhere: a lossless file's, or an ALPH chunk's (the VP8 frame's size).
    mutating func stream(width: Int, height: Int) throws(ImageFormatError) -> [UInt32] {
        var transforms: [VP8LTransform] = []
        var xsize = width
        while reader.bit() == 1 {
            let type = reader.bits(2)
            guard !transforms.contains(where: { $0.type == type }) else {
                throw fail("transform \(type) is given twice")
            }
            var transform = VP8LTransform(type: type, xsize: xsize)
            switch type {
            case 0, 1:
                transform.bits = reader.bits(3) + 2
                let size = Self.subsampled(xsize, transform.bits) * Self.subsampled(height, transform.bits)
                transform.data = try image(
                    width: Self.subsampled(xsize, transform.bits), height: Self.subsampled(height, transform.bits),
                    role: .subresolution, count: size)
            case 3:
                let colours = reader.bits(8) + 1
                var table = try image(width: colours, height: 1, role: .subresolution, count: colours)
                for i in 1..<max(1, table.count) { table[i] = VP8LTransform.addPixels(table[i], table[i - 1]) }
                transform.data = table
                transform.bits = colours > 16 ? 0 : colours > 4 ? 1 : colours > 2 ? 2 : 3
                xsize = Self.subsampled(xsize, transform.bits)
            default: break
            }
            guard !reader.exhausted else { throw fail("the data ends inside transform \(type)", .truncated) }
            transforms.append(transform)
        }
        var argb = try image(width: xsize, height: height, role: .argb, count: xsize * height)
        for transform in transforms.reversed() {
            argb = transform.inverse(argb, height: height)
        }
        return argb
    }

    static func subsampled(_ size: Int, _ bits: Int) -> Int { (size + (1 << bits) - 1) >> bits }

    enum Role { case argb, subresolution }

    /// One entropy-coded image of `width` × `height` pixels.
    mutating func image(width: Int, height: Int, role: Role, count: Int) throws(ImageFormatError) -> [UInt32] {
        var cacheBits = 0
        if reader.bit() == 1 {
            cacheBits = reader.bits(4)
            guard (1...11).contains(cacheBits) else { throw fail("a colour cache of \(cacheBits) bits (1 to 11)") }
        }
        var entropy: [UInt32] = []
        var prefixBits = 0
        var groupOf: [Int: Int] = [:]
        var groups = 1
        if role == .argb, reader.bit() == 1 {
            prefixBits = reader.bits(3) + 2
            let w = Self.subsampled(width, prefixBits), h = Self.subsampled(height, prefixBits)
            entropy = try image(width: w, height: h, role: .subresolution, count: w * h)
            // Only the meta codes the entropy image uses get groups, in order of first use.
            groups = 0
            for pixel in entropy {
                let code = Int(pixel >> 8 & 0xFFFF)
                if groupOf[code] == nil {
                    groupOf[code] = groups
                    groups += 1
                }
            }
            // A group is read for every meta code up to the largest, used or not.
        }
        let maxCode = groupOf.keys.max() ?? 0
        var codeGroups: [[VP8LPrefixCode]] = []
        var denseOf = [Int](repeating: -1, count: maxCode + 1)
        for (code, dense) in groupOf { denseOf[code] = dense }
        codeGroups.reserveCapacity(groups)
        var ordered = [[VP8LPrefixCode]?](repeating: nil, count: max(groups, 1))
        for code in 0...maxCode {
            let group = try prefixGroup(cacheBits: cacheBits)
            if entropy.isEmpty {
                ordered[0] = group
            } else if denseOf[code] >= 0 {
                ordered[denseOf[code]] = group
            } else {
                codeSymbols -= group.reduce(0) { $0 + $1.size }  // read but never used: not kept
            }
        }
        codeGroups = ordered.map { $0 ?? [] }
        guard !reader.exhausted else { throw fail("the data ends inside the prefix codes", .truncated) }
        return try pixels(
            width: width, height: height, count: count, groups: codeGroups, entropy: entropy,
            entropyWidth: prefixBits == 0 ? 0 : Self.subsampled(width, prefixBits), prefixBits: prefixBits,
            groupOf: denseOf, cacheBits: cacheBits)
    }

    /// The five codes of a group: green with lengths and cache, red, blue, alpha, distance.
    mutating func prefixGroup(cacheBits: Int) throws(ImageFormatError) -> [VP8LPrefixCode] {
        let sizes = [256 + 24 + (cacheBits > 0 ? 1 << cacheBits : 0), 256, 256, 256, 40]
        var group: [VP8LPrefixCode] = []
        for size in sizes {
            let code = try prefixCode(alphabet: size)
            codeSymbols += code.size
            guard codeSymbols <= Self.maxCodeSymbols else {
                throw fail(
                    "its prefix codes keep more than \(Self.maxCodeSymbols) symbols (docs/LIMITS.md)", .exceedsLimits)
            }
            group.append(code)
        }
        return group
    }

    static let codeLengthOrder = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

    /// One prefix code: simple (one or two symbols of length 1) or normal (lengths coded by a code).
    mutating func prefixCode(alphabet: Int) throws(ImageFormatError) -> VP8LPrefixCode {
        var lengths = [UInt8](repeating: 0, count: alphabet)
        if reader.bit() == 1 {
            let two = reader.bit() == 1
            let first = reader.bits(reader.bit() == 1 ? 8 : 1)
            guard first < alphabet else { throw fail("a simple code's symbol \(first) is past its alphabet") }
            lengths[first] = 1
            if two {
                let second = reader.bits(8)
                guard second < alphabet else { throw fail("a simple code's symbol \(second) is past its alphabet") }
                lengths[second] = 1
            }
        } else {
            var lengthLengths = [UInt8](repeating: 0, count: 19)
            let count = reader.bits(4) + 4
            guard count <= 19 else { throw fail("\(count) code length codes (at most 19)") }
            for i in 0..<count { lengthLengths[Self.codeLengthOrder[i]] = UInt8(reader.bits(3)) }
            guard let lengthCode = VP8LPrefixCode(lengths: lengthLengths) else {
                throw fail("the code lengths' own code is not a valid prefix code")
            }
            var tokens = alphabet
            if reader.bit() == 1 {
                let bits = 2 + 2 * reader.bits(3)
                tokens = 2 + reader.bits(bits)
                guard tokens <= alphabet else { throw fail("\(tokens) code lengths for an alphabet of \(alphabet)") }
            }
            var symbol = 0, previous: UInt8 = 8
            while symbol < alphabet, tokens > 0, !reader.exhausted {
                tokens -= 1
                let token = lengthCode.read(&reader)
                if token < 16 {
                    lengths[symbol] = UInt8(token)
                    symbol += 1
                    if token != 0 { previous = UInt8(token) }
                    continue
                }
                let (extra, base, value): (Int, Int, UInt8) =
                    token == 16 ? (2, 3, previous) : token == 17 ? (3, 3, 0) : (7, 11, 0)
                let repeats = base + reader.bits(extra)
                guard symbol + repeats <= alphabet else { throw fail("code lengths repeat past the alphabet") }
                for _ in 0..<repeats {
                    lengths[symbol] = value
                    symbol += 1
                }
            }
        }
        guard !reader.exhausted else { throw fail("the data ends inside a prefix code", .truncated) }
        guard let code = VP8LPrefixCode(lengths: lengths) else { throw fail("a prefix code's lengths are not valid") }
        return code
    }
}
