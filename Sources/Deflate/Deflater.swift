// DEFLATE compression (RFC 1951) with the zlib container (RFC 1950) or raw.
//
// The parser walks the input once, greedily (levels 1-4) or with one step of lazy evaluation
// (levels 5-9: a match is deferred when the next position starts a longer one), using the
// hash-chain `MatchFinder`. Symbols collect in a `BlockSymbols` until the `BlockSplitter` sees the
// mix of symbols change, or a block reaches 32 Ki sequences or ~300 KB of input; each block is
// then written as the smallest of dynamic, fixed or stored.
//
// Output depends only on the input bytes and the level: no timing, threading, memory address or
// hash-table iteration order reaches it.

/// The container around DEFLATE data.
public enum DeflateFormat: Sendable {
    /// RFC 1950: 2-byte header, DEFLATE data, Adler-32 of the data (PNG's IDAT, `.zz` files).
    case zlib
    /// Bare RFC 1951 data (Apple's CgBI PNGs).
    case raw
}

/// How hard the compressor searches for matches: 0 (store only) to 9 (slowest, smallest).
public struct CompressionLevel: Sendable, Equatable, Hashable {
    /// 0…9.
    public let value: Int

    /// A level from 0 to 9 (values outside are clamped).
    public init(_ value: Int) {
        self.value = min(max(value, 0), 9)
    }

    /// Stored blocks only: no compression.
    public static let stored = CompressionLevel(0)
    /// Greedy parsing with a short search: about twice the speed of `.default`.
    public static let fast = CompressionLevel(1)
    /// Lazy parsing with a moderate search (the default).
    public static let `default` = CompressionLevel(6)
    /// The longest search.
    public static let best = CompressionLevel(9)

    struct Parameters {
        /// One step of lazy evaluation (otherwise greedy).
        var lazy: Bool
        /// Chain links followed per search, and per lazy look-ahead search.
        var depth: Int
        var lazyDepth: Int
        /// A match this long is taken without looking further.
        var niceLength: Int
        /// Matches at least this long index only their last 16 positions.
        var longMatch: Int
    }

    var parameters: Parameters {
        switch value {
        case 1: Parameters(lazy: false, depth: 2, lazyDepth: 0, niceLength: 16, longMatch: 32)
        case 2: Parameters(lazy: false, depth: 6, lazyDepth: 0, niceLength: 24, longMatch: 64)
        case 3: Parameters(lazy: false, depth: 12, lazyDepth: 0, niceLength: 32, longMatch: 64)
        case 4: Parameters(lazy: false, depth: 16, lazyDepth: 0, niceLength: 48, longMatch: 128)
        case 5: Parameters(lazy: true, depth: 16, lazyDepth: 8, niceLength: 48, longMatch: 128)
        case 6: Parameters(lazy: true, depth: 35, lazyDepth: 16, niceLength: 65, longMatch: 128)
        case 7: Parameters(lazy: true, depth: 100, lazyDepth: 50, niceLength: 130, longMatch: 259)
        case 8: Parameters(lazy: true, depth: 300, lazyDepth: 150, niceLength: 258, longMatch: 259)
        default: Parameters(lazy: true, depth: 600, lazyDepth: 300, niceLength: 258, longMatch: 259)
        }
    }

    /// FLEVEL of the zlib header (informational only).
    var zlibFlags: UInt8 {
        switch value {
        case 0, 1: 0x01
        case 2...5: 0x5E
        case 6: 0x9C
        default: 0xDA
        }
    }
}

/// Compresses bytes into a DEFLATE stream.
public enum Deflater {
    /// Compresses `input` at `level` into `format`.
    public static func compress(
        _ input: UnsafeRawBufferPointer, level: CompressionLevel = .default, format: DeflateFormat = .zlib
    ) -> [UInt8] {
        var writer = BitWriter(capacity: input.count / 4 + 1024)
        defer { writer.deallocate() }
        if format == .zlib {
            writer.add(0x78 | UInt64(level.zlibFlags) << 8, 16)
            writer.flush()
        }
        if level.value == 0 {
            BlockWriter.writeStored(input, isFinal: true, to: &writer)
        } else {
            // An empty buffer may have no address; the parser reads nothing from it then.
            var placeholder: UInt8 = 0
            withUnsafeMutablePointer(to: &placeholder) { empty in
                let data = input.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(empty)
                var parser = Parser(input: data, count: input.count, parameters: level.parameters)
                parser.run(into: &writer)
                parser.deallocate()
            }
        }
        writer.alignToByte()
        if format == .zlib {
            var adler = Adler32()
            adler.update(input)
            writer.reserve(4)
            writer.add(UInt64(adler.value.bigEndian), 32)
            writer.flush()
        }
        return writer.finish()
    }

    /// Compresses `input` at `level` into `format`.
    public static func compress(
        _ input: [UInt8], level: CompressionLevel = .default, format: DeflateFormat = .zlib
    ) -> [UInt8] {
        input.withUnsafeBytes { compress($0, level: level, format: format) }
    }
}

/// The LZ77 parse of one input, block by block.
private struct Parser {
    /// Blocks are not split before this many input bytes, nor within this many of the end.
    static let minBlockLength = 10_000
    /// A block ends at the first symbol after this many input bytes.
    static let softMaxBlockLength = 300_000
    /// Matches up to this long are checked against the literals they replace.
    static let costCheckedLength = 12

    let input: UnsafePointer<UInt8>
    let count: Int
    let parameters: CompressionLevel.Parameters
    var matchFinder: MatchFinder
    var block = BlockSymbols()
    var splitter = BlockSplitter()
    var costs: SymbolCosts

    init(input: UnsafePointer<UInt8>, count: Int, parameters: CompressionLevel.Parameters) {
        self.input = input
        self.count = count
        self.parameters = parameters
        matchFinder = MatchFinder(origin: input)
        costs = SymbolCosts(sampling: input, count: count)
    }

    func deallocate() {
        matchFinder.deallocate()
        block.deallocate()
        splitter.deallocate()
    }

    mutating func run(into writer: inout BitWriter) {
        let end = input + count
        var p = input
        // Positions before `inserted` are in the match finder.
        var inserted = input
        while true {
            let blockStart = p
            block.reset()
            splitter.reset()
            while p < end {
                if block.isFull || p - blockStart >= Parser.softMaxBlockLength {
                    break
                }
                if splitter.isReadyToCheck && p - blockStart >= Parser.minBlockLength
                    && end - p >= Parser.minBlockLength && splitter.shouldEndBlock(length: p - blockStart)
                {
                    break
                }
                let remaining = end - p
                if remaining < 8 {
                    literal(p[0])
                    p += 1
                    continue
                }
                matchFinder.rebaseIfNeeded(at: p)
                let maxLength = min(258, remaining)
                var (length, distance) = matchFinder.longestMatch(
                    at: p, bestLength: 2, maxLength: maxLength,
                    niceLength: min(parameters.niceLength, maxLength), depth: parameters.depth)
                inserted = p + 1
                if length < 3
                    || (length <= Parser.costCheckedLength
                        && !costs.matchIsCheaper(at: p, length: length, distance: distance))
                {
                    literal(p[0])
                    p += 1
                    continue
                }
                if parameters.lazy {
                    // Defer the match while the next position starts a longer one.
                    while length < parameters.niceLength && end - (p + 1) >= 8 {
                        let q = p + 1
                        let nextMax = min(258, end - q)
                        if length >= nextMax { break }
                        let next = matchFinder.longestMatch(
                            at: q, bestLength: length, maxLength: nextMax,
                            niceLength: min(parameters.niceLength, nextMax), depth: parameters.lazyDepth)
                        inserted = q + 1
                        if next.length <= length { break }
                        literal(p[0])
                        p = q
                        (length, distance) = next
                    }
                }
                block.addMatch(length: length, distance: distance)
                splitter.observeMatch(length: length)
                p += length
                // Index the positions the match covers (each needs 4 readable bytes).
                let insertEnd = min(p, end - 7)
                if length >= parameters.longMatch && insertEnd - inserted > 16 {
                    // Inside a long match (a run), the last positions are the useful ones.
                    inserted = insertEnd - 16
                }
                while inserted < insertEnd {
                    matchFinder.insert(inserted)
                    inserted += 1
                }
                if inserted < p { inserted = p }
            }
            let isFinal = p == end
            let codes = BlockWriter.write(&block, input: blockStart, isFinal: isFinal, to: &writer)
            costs.update(literalLength: codes.literalLength, distance: codes.distance)
            if isFinal { break }
        }
    }

    @inline(__always)
    private mutating func literal(_ byte: UInt8) {
        block.addLiteral(byte)
        splitter.observeLiteral(byte)
    }
}
