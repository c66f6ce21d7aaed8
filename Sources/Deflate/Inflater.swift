// Streaming inflate (RFC 1951) with the zlib container (RFC 1950) or raw.
//
// Design:
// - The whole compressed input is held (PNG concatenates its IDAT payloads, which is a copy of the
//   compressed bytes only); the output is produced into a fixed window of 32 KiB of history plus
//   `chunkSize` bytes and handed out by `read(into:)`, so memory stays bounded however large the
//   decompressed data is.
// - Bits are read LSB first through a 64-bit buffer that is refilled to at least 56 bits before
//   each symbol, enough for a literal/length code, its extra bits, a distance code and its extra
//   bits (15 + 5 + 15 + 13 = 48). With 8 readable input bytes the refill is one unaligned load.
// - Near the end of the input, missing bytes are supplied as zeros and counted; a stream that
//   consumes any of them is truncated. More than 8 such bytes means some were consumed, so decoding
//   stops there instead of running on over invented data.
// - Matches are copied 8 bytes at a time; the window keeps `margin` bytes of slack behind the
//   write position so that the last word of a copy may overshoot.

/// Decompresses a DEFLATE stream incrementally into caller-provided buffers.
public final class Inflater {
    private enum State {
        case zlibHeader
        case blockHeader
        case stored(remaining: Int)
        case huffman
        case trailer
        case done
    }

    /// Bytes of history a DEFLATE match may reach back.
    static let historySize = 32768
    /// Slack behind the last symbol start: the longest match plus an overshooting word copy.
    static let margin = 258 + 32

    private let format: DeflateFormat
    private let maxOutput: Int
    private let input: UnsafeMutablePointer<UInt8>
    private let inputCount: Int
    private var inPos = 0
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    private var phantomBytes = 0

    private let window: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var writePos = 0
    private var readPos = 0
    private var checksummedPos = 0
    private var produced = 0
    private var adler = Adler32()

    private var state: State
    private var isFinalBlock = false
    private var tablesAreFixed = false
    private let literalLengthTable: UnsafeMutablePointer<UInt32>
    private let distanceTable: UnsafeMutablePointer<UInt32>
    private let codeLengthTable: UnsafeMutablePointer<UInt32>
    private let lengths: UnsafeMutablePointer<UInt8>

    /// Prepares to decompress `input`.
    ///
    /// - Parameters:
    ///   - format: the container.
    ///   - maxOutput: decompression stops with `.outputLimitExceeded` beyond this many bytes.
    ///   - chunkSize: bytes decoded per refill of the window (beyond its 32 KiB of history).
    public init<Bytes: Collection>(
        _ input: Bytes, format: DeflateFormat = .zlib, maxOutput: Int = .max, chunkSize: Int = 1 << 18
    ) where Bytes.Element == UInt8 {
        self.format = format
        self.maxOutput = maxOutput
        inputCount = input.count
        self.input = .allocate(capacity: max(inputCount, 1))
        _ = UnsafeMutableBufferPointer(start: self.input, count: inputCount).initialize(from: input)
        capacity = Inflater.historySize + max(chunkSize, 4096) + Inflater.margin
        window = .allocate(capacity: capacity)
        window.initialize(repeating: 0, count: capacity)
        state = format == .zlib ? .zlibHeader : .blockHeader
        literalLengthTable = .allocate(capacity: HuffmanTableSize.literalLength)
        distanceTable = .allocate(capacity: HuffmanTableSize.distance)
        codeLengthTable = .allocate(capacity: HuffmanTableSize.codeLength)
        lengths = .allocate(capacity: 288 + 32)
        lengths.initialize(repeating: 0, count: 288 + 32)
    }

    deinit {
        input.deallocate()
        window.deallocate()
        literalLengthTable.deallocate()
        distanceTable.deallocate()
        codeLengthTable.deallocate()
        lengths.deallocate()
    }

    /// True once the final block (and, for zlib, the verified trailer) has been read.
    public var isFinished: Bool {
        if case .done = state { return readPos == writePos }
        return false
    }

    /// Input bytes the stream occupied, valid once `isFinished`; bytes after it are not DEFLATE data.
    public var consumedInput: Int { inPos }

    /// Decompressed bytes handed out so far.
    public var totalOutput: Int { produced - (writePos - readPos) }

    /// Copies the next decompressed bytes into `buffer`, filling it unless the stream ends first.
    ///
    /// - Returns: the number of bytes written; less than `buffer.count` only at the end of the stream.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(DeflateError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var copied = 0
        while copied < buffer.count {
            if readPos == writePos {
                if case .done = state { break }
                try fill()
                continue
            }
            let n = min(buffer.count - copied, writePos - readPos)
            (base + copied).copyMemory(from: window + readPos, byteCount: n)
            readPos += n
            copied += n
        }
        return copied
    }

    /// Decodes the whole remaining stream, handing each decoded run to `body`.
    public func drain(_ body: (UnsafeRawBufferPointer) -> Void) throws(DeflateError) {
        while true {
            if readPos < writePos {
                body(UnsafeRawBufferPointer(start: window + readPos, count: writePos - readPos))
                readPos = writePos
            }
            if case .done = state { return }
            try fill()
        }
    }

    /// Decompresses all of `input` at once.
    public static func decompress<Bytes: Collection>(
        _ input: Bytes, format: DeflateFormat = .zlib, maxOutput: Int = .max
    ) throws(DeflateError) -> [UInt8] where Bytes.Element == UInt8 {
        let inflater = Inflater(input, format: format, maxOutput: maxOutput)
        var output: [UInt8] = []
        try inflater.drain { output.append(contentsOf: $0) }
        return output
    }

    // MARK: - Filling the window

    /// Decodes until the window is nearly full or the stream ends.
    private func fill() throws(DeflateError) {
        if writePos > capacity - Inflater.margin {
            // Keep the last 32 KiB as history; everything before it has been handed out.
            let keep = min(writePos, Inflater.historySize)
            UnsafeMutableRawPointer(window).copyMemory(from: window + (writePos - keep), byteCount: keep)
            writePos = keep
            readPos = keep
            checksummedPos = keep
        }
        let start = writePos
        defer { checksumNewOutput() }
        loop: while writePos <= capacity - Inflater.margin {
            switch state {
            case .zlibHeader:
                try readZlibHeader()
            case .blockHeader:
                try readBlockHeader()
            case let .stored(remaining):
                try copyStored(remaining)
            case .huffman:
                try decodeHuffman()
            case .trailer:
                checksumNewOutput()
                try readTrailer()
            case .done:
                break loop
            }
            if produced + (writePos - start) > maxOutput {
                throw DeflateError(.outputLimitExceeded(limit: maxOutput), offset: errorOffset)
            }
        }
        produced += writePos - start
    }

    private func checksumNewOutput() {
        if format == .zlib && writePos > checksummedPos {
            adler.update(UnsafeRawBufferPointer(start: window + checksummedPos, count: writePos - checksummedPos))
        }
        checksummedPos = writePos
    }

    /// Byte offset of the last bit consumed (0 before any), for error messages.
    private var errorOffset: Int {
        let consumedBits = inPos * 8 - bitCount + phantomBytes * 8
        return min(max((consumedBits - 1) / 8, 0), inputCount)
    }

    // MARK: - Bits

    @inline(__always)
    private func refill() throws(DeflateError) {
        if inputCount - inPos >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(input + inPos).loadUnaligned(as: UInt64.self))
            bitBuffer |= word &<< UInt64(bitCount)
            inPos += (63 - bitCount) >> 3
            bitCount |= 56
        } else {
            try refillSlowly()
        }
    }

    /// Byte-wise refill near the end of the input, supplying zeros past it.
    private func refillSlowly() throws(DeflateError) {
        while bitCount <= 56 {
            if inPos < inputCount {
                bitBuffer |= UInt64(input[inPos]) &<< UInt64(bitCount)
                inPos += 1
            } else {
                phantomBytes += 1
                if phantomBytes > 8 {
                    throw DeflateError(.truncated, offset: inputCount)
                }
            }
            bitCount += 8
        }
    }

    @inline(__always)
    private func takeBits(_ count: Int) -> Int {
        let value = Int(truncatingIfNeeded: bitBuffer & ((1 &<< UInt64(count)) &- 1))
        bitBuffer &>>= UInt64(count)
        bitCount -= count
        return value
    }

    /// Drops the bits up to the next byte boundary and gives whole buffered bytes back to the input.
    private func alignToByte() throws(DeflateError) {
        bitBuffer = 0
        let whole = bitCount >> 3
        bitCount = 0
        if whole < phantomBytes {
            throw DeflateError(.truncated, offset: inputCount)
        }
        inPos -= whole - phantomBytes
        phantomBytes = 0
    }

    // MARK: - Headers

    private func readZlibHeader() throws(DeflateError) {
        guard inputCount - inPos >= 2 else { throw DeflateError(.truncated, offset: inputCount) }
        let cmf = input[inPos]
        let flg = input[inPos + 1]
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 else {
            throw DeflateError(.invalidZlibHeader(cmf: cmf, flg: flg), offset: inPos)
        }
        guard flg & 0x20 == 0 else { throw DeflateError(.presetDictionary, offset: inPos + 1) }
        inPos += 2
        state = .blockHeader
    }

    private func readTrailer() throws(DeflateError) {
        try alignToByte()
        if format == .zlib {
            guard inputCount - inPos >= 4 else { throw DeflateError(.truncated, offset: inputCount) }
            let declared =
                UInt32(input[inPos]) << 24 | UInt32(input[inPos + 1]) << 16
                | UInt32(input[inPos + 2]) << 8 | UInt32(input[inPos + 3])
            guard declared == adler.value else {
                throw DeflateError(.adler32Mismatch(declared: declared, computed: adler.value), offset: inPos)
            }
            inPos += 4
        }
        state = .done
    }

    private func readBlockHeader() throws(DeflateError) {
        try refill()
        let header = takeBits(3)
        isFinalBlock = header & 1 != 0
        switch header >> 1 {
        case 0:
            try alignToByte()
            guard inputCount - inPos >= 4 else { throw DeflateError(.truncated, offset: inputCount) }
            let length = UInt16(input[inPos]) | UInt16(input[inPos + 1]) << 8
            let complement = UInt16(input[inPos + 2]) | UInt16(input[inPos + 3]) << 8
            guard length == ~complement else {
                throw DeflateError(.storedLengthMismatch(length: length, complement: complement), offset: inPos)
            }
            inPos += 4
            state = .stored(remaining: Int(length))
        case 1:
            if !tablesAreFixed {
                try buildFixedTables()
                tablesAreFixed = true
            }
            state = .huffman
        case 2:
            tablesAreFixed = false
            try readDynamicTables()
            state = .huffman
        default:
            throw DeflateError(.reservedBlockType, offset: errorOffset)
        }
    }

    private func endOfBlock() {
        state = isFinalBlock ? .trailer : .blockHeader
    }

    private func copyStored(_ remaining: Int) throws(DeflateError) {
        if remaining == 0 {
            endOfBlock()
            return
        }
        let available = inputCount - inPos
        guard available > 0 else { throw DeflateError(.truncated, offset: inputCount) }
        let n = min(remaining, capacity - writePos, available)
        (window + writePos).update(from: input + inPos, count: n)
        writePos += n
        inPos += n
        state = .stored(remaining: remaining - n)
    }

    private func buildFixedTables() throws(DeflateError) {
        try DeflateTables.fixedLiteralLengthLengths.withUnsafeBufferPointer { (lengths) throws(DeflateError) in
            try buildTable(.literalLength, lengths: lengths.baseAddress!, count: 288)
        }
        try DeflateTables.fixedDistanceLengths.withUnsafeBufferPointer { (lengths) throws(DeflateError) in
            try buildTable(.distance, lengths: lengths.baseAddress!, count: 32)
        }
    }

    private func readDynamicTables() throws(DeflateError) {
        try refill()
        let literalLengthCount = takeBits(5) + 257
        let distanceCount = takeBits(5) + 1
        let codeLengthCount = takeBits(4) + 4
        guard literalLengthCount <= 286, distanceCount <= 30 else {
            throw DeflateError(
                .tooManyCodes(literalLength: literalLengthCount, distance: distanceCount),
                offset: errorOffset)
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for i in 0..<codeLengthCount {
            try refill()
            codeLengthLengths[DeflateTables.codeLengthOrder[i]] = UInt8(takeBits(3))
        }
        try codeLengthLengths.withUnsafeBufferPointer { (lengths) throws(DeflateError) in
            try buildTable(.codeLength, lengths: lengths.baseAddress!, count: 19)
        }

        let total = literalLengthCount + distanceCount
        var i = 0
        while i < total {
            try refill()
            let entry = codeLengthTable[Int(truncatingIfNeeded: bitBuffer & 0x7F)]
            if entry & HuffmanEntry.exceptional != 0 {
                throw DeflateError(.invalidSymbol(.codeLength), offset: errorOffset)
            }
            _ = takeBits(Int(entry & 0xFF))
            let symbol = Int(entry >> 16)
            var value: UInt8 = 0
            var repeatCount = 1
            switch symbol {
            case 0...15:
                value = UInt8(symbol)
            case 16:
                guard i > 0 else { throw DeflateError(.invalidCodeLengthRepeat, offset: errorOffset) }
                value = lengths[i - 1]
                repeatCount = 3 + takeBits(2)
            case 17:
                repeatCount = 3 + takeBits(3)
            default:
                repeatCount = 11 + takeBits(7)
            }
            guard i + repeatCount <= total else {
                throw DeflateError(.invalidCodeLengthRepeat, offset: errorOffset)
            }
            (lengths + i).update(repeating: value, count: repeatCount)
            i += repeatCount
        }
        if lengths[256] == 0 {
            throw DeflateError(.missingEndOfBlock, offset: errorOffset)
        }
        // The distance lengths follow the literal/length ones in `lengths`; move them out of the
        // way of the 288-entry literal/length area.
        for j in (0..<distanceCount).reversed() {  // regions may overlap; the target lies after
            lengths[288 + j] = lengths[literalLengthCount + j]
        }
        (lengths + literalLengthCount).update(repeating: 0, count: 288 - literalLengthCount)
        try buildTable(.literalLength, lengths: lengths, count: literalLengthCount)
        try buildTable(.distance, lengths: lengths + 288, count: distanceCount)
    }

    /// Builds one decode table and applies zlib's rules for incomplete codes.
    private func buildTable(
        _ name: DeflateError.HuffmanTable, lengths: UnsafePointer<UInt8>, count: Int
    ) throws(DeflateError) {
        let offset = errorOffset
        let (symbols, bits, capacity, table) =
            switch name {
            case .literalLength:
                (
                    HuffmanEntry.literalLength, HuffmanTableSize.literalLengthBits, HuffmanTableSize.literalLength,
                    literalLengthTable
                )
            case .distance:
                (HuffmanEntry.distance, HuffmanTableSize.distanceBits, HuffmanTableSize.distance, distanceTable)
            case .codeLength:
                (HuffmanEntry.codeLength, HuffmanTableSize.codeLengthBits, HuffmanTableSize.codeLength, codeLengthTable)
            }
        let shape = try symbols.withUnsafeBufferPointer { (symbols) throws(DeflateError) in
            try buildDecodeTable(
                lengths: lengths, count: count, symbols: symbols.baseAddress!, tableBits: bits, capacity: capacity,
                table: table, name: name, offset: offset)
        }
        switch (shape, name) {
        case (.complete, _), (.singleShort, .literalLength), (.singleShort, .distance),
            (.empty, .distance), (.empty, .codeLength):
            // zlib accepts a lone 1-bit code and (for distances) no code at all; using a missing
            // code is then an invalid symbol. An all-zero code-length code fails the same way.
            return
        default:
            throw DeflateError(.incompleteCode(name), offset: offset)
        }
    }

    // MARK: - Symbols

    /// Decodes literals and matches until the block ends or the window needs draining.
    ///
    /// The bit state lives in locals for the duration of the loop: stores through the output
    /// pointer could alias the object's fields, which would force a reload after every byte.
    /// The next literal/length entry is looked up as soon as its bits are known to be present
    /// (at least 15 after a literal or a refill), before the refill that follows, so the table
    /// load does not wait for the refill's shift.
    private func decodeHuffman() throws(DeflateError) {
        let out = window
        let inp = input
        let inEnd = inputCount
        let litlen = literalLengthTable
        let dist = distanceTable
        let limit = capacity - Inflater.margin
        let literalMask = UInt64(1 << HuffmanTableSize.literalLengthBits - 1)
        let distanceMask = UInt64(1 << HuffmanTableSize.distanceBits - 1)
        var pos = writePos
        var bits = bitBuffer
        var count = bitCount
        var ip = inPos
        func save() {
            writePos = pos
            bitBuffer = bits
            bitCount = count
            inPos = ip
        }
        defer { save() }

        /// Brings the buffer to at least 56 bits.
        func refillBits() throws(DeflateError) {
            if inEnd - ip >= 8 {
                bits |=
                    UInt64(littleEndian: UnsafeRawPointer(inp + ip).loadUnaligned(as: UInt64.self)) &<< UInt64(count)
                ip &+= (63 &- count) &>> 3
                count |= 56
            } else {
                save()
                try refillSlowly()
                bits = bitBuffer
                count = bitCount
                ip = inPos
            }
        }

        try refillBits()
        var entry = litlen[Int(truncatingIfNeeded: bits & literalMask)]
        while pos <= limit {
            try refillBits()
            if entry & HuffmanEntry.subtable != 0 {
                let mainBits = entry & 0xFF
                bits &>>= UInt64(mainBits)
                count &-= Int(mainBits)
                let subMask = (UInt64(1) &<< UInt64((entry >> 8) & 0xF)) &- 1
                entry = litlen[Int(entry >> 16) &+ Int(truncatingIfNeeded: bits & subMask)]
            }
            var saved = bits
            var total = UInt64(entry & 0xFF)
            bits &>>= total
            count &-= Int(total)
            if entry & HuffmanEntry.literal != 0 {
                out[pos] = UInt8(truncatingIfNeeded: entry >> 16)
                pos &+= 1
                entry = litlen[Int(truncatingIfNeeded: bits & literalMask)]
                continue
            }
            if entry & HuffmanEntry.exceptional != 0 {
                if entry & HuffmanEntry.endOfBlock != 0 {
                    endOfBlock()
                    return
                }
                save()
                throw DeflateError(.invalidSymbol(.literalLength), offset: errorOffset)
            }
            let length =
                Int(entry >> 16)
                &+ Int(truncatingIfNeeded: (saved & ((1 &<< total) &- 1)) &>> UInt64((entry >> 8) & 0xF))

            entry = dist[Int(truncatingIfNeeded: bits & distanceMask)]
            if entry & HuffmanEntry.subtable != 0 {
                let mainBits = entry & 0xFF
                bits &>>= UInt64(mainBits)
                count &-= Int(mainBits)
                let subMask = (UInt64(1) &<< UInt64((entry >> 8) & 0xF)) &- 1
                entry = dist[Int(entry >> 16) &+ Int(truncatingIfNeeded: bits & subMask)]
            }
            if entry & HuffmanEntry.exceptional != 0 {
                save()
                throw DeflateError(.invalidSymbol(.distance), offset: errorOffset)
            }
            saved = bits
            total = UInt64(entry & 0xFF)
            bits &>>= total
            count &-= Int(total)
            let distance =
                Int(entry >> 16)
                &+ Int(truncatingIfNeeded: (saved & ((1 &<< total) &- 1)) &>> UInt64((entry >> 8) & 0xF))
            guard distance <= pos else {
                save()
                throw DeflateError(.distanceTooFarBack(distance: distance, available: pos), offset: errorOffset)
            }
            try refillBits()
            entry = litlen[Int(truncatingIfNeeded: bits & literalMask)]
            copyMatch(out + pos, length: length, distance: distance)
            pos &+= length
        }
    }
}

/// Copies `length` bytes from `distance` bytes back, in 8-byte words that may write up to 7 bytes
/// past the end (the window's margin absorbs them).
@inline(__always)
func copyMatch(_ destination: UnsafeMutablePointer<UInt8>, length: Int, distance: Int) {
    let dst = UnsafeMutableRawPointer(destination)
    if distance >= 8 {
        var i = 0
        repeat {
            dst.storeBytes(of: (dst + i - distance).loadUnaligned(as: UInt64.self), toByteOffset: i, as: UInt64.self)
            i += 8
        } while i < length
    } else if distance == 1 {
        let word = UInt64(destination[-1]) &* 0x0101_0101_0101_0101
        var i = 0
        repeat {
            dst.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
            i += 8
        } while i < length
    } else {
        // Period `distance` < 8: write one period-aligned stretch of at least 8 bytes byte by
        // byte, then copy words from that many bytes back (a multiple of the period).
        let stride = distance * ((8 + distance - 1) / distance)
        var i = 0
        let head = min(stride, length)
        while i < head {
            destination[i] = destination[i - distance]
            i += 1
        }
        while i < length {
            dst.storeBytes(of: (dst + i - stride).loadUnaligned(as: UInt64.self), toByteOffset: i, as: UInt64.self)
            i += 8
        }
    }
}
