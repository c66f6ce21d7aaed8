// A VP8 key frame's header (RFC 6386 §9, §19.2): the uncompressed chunk (frame tag, start code,
// dimensions), then in the first partition the colour space and clamping type, segmentation,
// the loop filter's type, level, sharpness and deltas, the token partitions, the quantizer
// indices, the token probability updates and the skip probability. Dequantization factors and
// loop filter strengths are derived per segment as libwebp derives them.

struct VP8FrameHeader {
    var width = 0, height = 0
    /// Where the first partition and the token partitions are.
    var firstPartition = 0..<0
    var tokenPartitions: [Range<Int>] = []

    var useSegments = false
    var updateSegmentMap = false
    var absoluteSegmentValues = false
    var segmentQuantizer = [0, 0, 0, 0]
    var segmentFilterLevel = [0, 0, 0, 0]
    var segmentProbabilities = [255, 255, 255]

    var simpleFilter = false
    var filterLevel = 0
    var sharpness = 0
    var useFilterDeltas = false
    var referenceFilterDeltas = [0, 0, 0, 0]
    var modeFilterDeltas = [0, 0, 0, 0]

    /// Per segment: (y1 dc, y1 ac, y2 dc, y2 ac, uv dc, uv ac) factors.
    var quantizers: [[Int]] = []
    /// Token probabilities [type][band][context][11], flattened.
    var coefficientProbabilities = VP8Tables.defaultCoeffProbs.map(Int.init)
    var useSkipProbability = false
    var skipProbability = 0

    static func fail(_ message: String, _ kind: ImageFormatError.Kind = .corrupt, at offset: Int? = nil)
        -> ImageFormatError
    {
        ImageFormatError("WebP", kind, at: offset, "the lossy data: " + message)
    }

    /// Reads the uncompressed chunk at `start` (the VP8 chunk's data, `end` its end) and the
    /// first partition's header.
    init(_ bytes: [UInt8], from start: Int, to end: Int) throws(ImageFormatError) {
        guard end - start >= 10 else { throw Self.fail("shorter than the 10-byte frame header", .truncated, at: start) }
        let tag = Int(bytes[start]) | Int(bytes[start + 1]) << 8 | Int(bytes[start + 2]) << 16
        guard tag & 1 == 0 else { throw Self.fail("an interframe (WebP holds one key frame)", at: start) }
        guard (tag >> 1) & 7 <= 3 else { throw Self.fail("version \((tag >> 1) & 7) (0 to 3)", at: start) }
        guard tag >> 4 & 1 == 1 else { throw Self.fail("the frame is not shown", at: start) }
        let partitionSize = tag >> 5
        guard bytes[start + 3] == 0x9D, bytes[start + 4] == 0x01, bytes[start + 5] == 0x2A else {
            throw Self.fail("the start code is not 9D 01 2A", at: start + 3)
        }
        width = (Int(bytes[start + 6]) | Int(bytes[start + 7]) << 8) & 0x3FFF
        height = (Int(bytes[start + 8]) | Int(bytes[start + 9]) << 8) & 0x3FFF
        let first = start + 10
        guard partitionSize <= end - first else {
            throw Self.fail("the first partition of \(partitionSize) bytes runs past the data", .truncated, at: start)
        }
        firstPartition = first..<(first + partitionSize)
    }

    /// The header fields in the first partition; leaves the decoder at the first macroblock.
    mutating func read(_ d: inout VP8BoolDecoder, _ bytes: [UInt8], end: Int) throws(ImageFormatError) {
        _ = d.bit(128)  // colour space: 0 is the only one defined
        _ = d.bit(128)  // clamping type: pixel values are clamped either way here
        useSegments = d.bit(128) == 1
        if useSegments {
            updateSegmentMap = d.bit(128) == 1
            if d.bit(128) == 1 {
                absoluteSegmentValues = d.bit(128) == 1
                for s in 0..<4 { segmentQuantizer[s] = d.bit(128) == 1 ? d.signedLiteral(7) : 0 }
                for s in 0..<4 { segmentFilterLevel[s] = d.bit(128) == 1 ? d.signedLiteral(6) : 0 }
            }
            if updateSegmentMap {
                for i in 0..<3 { segmentProbabilities[i] = d.bit(128) == 1 ? d.literal(8) : 255 }
            }
        }
        simpleFilter = d.bit(128) == 1
        filterLevel = d.literal(6)
        sharpness = d.literal(3)
        useFilterDeltas = d.bit(128) == 1
        if useFilterDeltas, d.bit(128) == 1 {
            for i in 0..<4 where d.bit(128) == 1 { referenceFilterDeltas[i] = d.signedLiteral(6) }
            for i in 0..<4 where d.bit(128) == 1 { modeFilterDeltas[i] = d.signedLiteral(6) }
        }
        // Token partitions: 1, 2, 4 or 8, their sizes (3 bytes each, the last's implied) first; a
        // size past the data is cut to it, and the last partition must start inside the data, as
        // libwebp's ParsePartitions reads them.
        let count = 1 << d.literal(2)
        var p = firstPartition.upperBound + 3 * (count - 1)
        guard p < end else { throw Self.fail("the token partitions start past the data", .truncated) }
        for i in 0..<count {
            if i == count - 1 {
                guard p < end else { throw Self.fail("token partition \(i) starts past the data", .truncated) }
                tokenPartitions.append(p..<end)
            } else {
                let at = firstPartition.upperBound + 3 * i
                let size = min(Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16, end - p)
                tokenPartitions.append(p..<(p + size))
                p += size
            }
        }
        readQuantizers(&d)
        _ = d.bit(128)  // refresh_entropy_probs: meaningless for a single frame
        for i in 0..<1056 where d.bit(Int(VP8Tables.coeffUpdateProbs[i])) == 1 {
            coefficientProbabilities[i] = d.literal(8)
        }
        useSkipProbability = d.bit(128) == 1
        if useSkipProbability { skipProbability = d.literal(8) }
        guard !d.exhausted else { throw Self.fail("the first partition ends inside the frame header", .truncated) }
    }

    /// §9.6 and §14.1: the factors of each segment, indices clamped to 0…127 (the chroma DC index
    /// to 117, a factor of 132), the Y2 DC doubled, the Y2 AC × 155 / 100 and at least 8.
    private mutating func readQuantizers(_ d: inout VP8BoolDecoder) {
        let base = d.literal(7)
        var deltas = [Int]()
        for _ in 0..<5 { deltas.append(d.bit(128) == 1 ? d.signedLiteral(4) : 0) }
        let (y1dc, y2dc, y2ac, uvdc, uvac) = (deltas[0], deltas[1], deltas[2], deltas[3], deltas[4])
        func clip(_ v: Int, _ high: Int) -> Int { min(max(v, 0), high) }
        for s in 0..<4 {
            let q = useSegments ? segmentQuantizer[s] + (absoluteSegmentValues ? 0 : base) : base
            let y2Ac = Int(VP8Tables.acQuant[clip(q + y2ac, 127)]) * 155 / 100
            quantizers.append([
                Int(VP8Tables.dcQuant[clip(q + y1dc, 127)]), Int(VP8Tables.acQuant[clip(q, 127)]),
                Int(VP8Tables.dcQuant[clip(q + y2dc, 127)]) * 2, max(y2Ac, 8),
                Int(VP8Tables.dcQuant[clip(q + uvdc, 117)]), Int(VP8Tables.acQuant[clip(q + uvac, 127)])
            ])
        }
    }

    /// §15.4 as libwebp computes it: per segment and for B_PRED or not, (limit, interior limit,
    /// high edge variance threshold), limit 0 for no filtering.
    func filterStrengths() -> [[(limit: Int, interior: Int, hev: Int)]] {
        (0..<4).map { s in
            (0..<2).map { bPred in
                guard filterLevel > 0 else { return (0, 0, 0) }
                var level =
                    useSegments ? segmentFilterLevel[s] + (absoluteSegmentValues ? 0 : filterLevel) : filterLevel
                if useFilterDeltas {
                    level += referenceFilterDeltas[0]
                    if bPred == 1 { level += modeFilterDeltas[0] }
                }
                level = min(max(level, 0), 63)
                guard level > 0 else { return (0, 0, 0) }
                var interior = level
                if sharpness > 0 {
                    interior >>= sharpness > 4 ? 2 : 1
                    interior = min(interior, 9 - sharpness)
                }
                interior = max(interior, 1)
                return (2 * level + interior, interior, level >= 40 ? 2 : level >= 15 ? 1 : 0)
            }
        }
    }
}
