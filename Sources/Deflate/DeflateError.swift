/// Why a DEFLATE or zlib stream could not be decompressed.
///
/// `offset` is the byte offset in the compressed input at which the problem was detected: the
/// byte holding the last bit read (for a bad code, its last bit; for a header field, the byte
/// where it starts); for a truncated stream, the input length.
public struct DeflateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// The input ended before the final block (or the zlib trailer) was complete.
        case truncated
        /// A block header with BTYPE 3, which RFC 1951 reserves.
        case reservedBlockType
        /// A stored block whose LEN and NLEN fields are not complements.
        case storedLengthMismatch(length: UInt16, complement: UInt16)
        /// A dynamic block header declaring more than 286 literal/length or 30 distance codes.
        case tooManyCodes(literalLength: Int, distance: Int)
        /// A code-length set that is over-subscribed (more codes than the lengths allow).
        case overSubscribedCode(HuffmanTable)
        /// A code-length set that leaves codes unused (only a lone length-1 code may do so).
        case incompleteCode(HuffmanTable)
        /// A code-length repeat (symbol 16) with no previous length, or repeats past the end.
        case invalidCodeLengthRepeat
        /// The literal/length code gives end-of-block (256) no code.
        case missingEndOfBlock
        /// A literal/length symbol 286 or 287, or a distance symbol 30 or 31, or a code with no symbol.
        case invalidSymbol(HuffmanTable)
        /// A match reaching further back than the output produced so far (or the 32 KiB window).
        case distanceTooFarBack(distance: Int, available: Int)
        /// A zlib header that is not CM 8 with a window of at most 32 KiB and a valid FCHECK.
        case invalidZlibHeader(cmf: UInt8, flg: UInt8)
        /// A zlib header asking for a preset dictionary (FDICT), which PNG and ivsim do not use.
        case presetDictionary
        /// The zlib trailer's Adler-32 differs from the decompressed data's.
        case adler32Mismatch(declared: UInt32, computed: UInt32)
        /// The decompressed data would exceed the caller's limit.
        case outputLimitExceeded(limit: Int)
    }

    /// Which of a dynamic block's three codes a code-length or symbol error is about.
    public enum HuffmanTable: String, Equatable, Sendable {
        case codeLength = "code-length"
        case literalLength = "literal/length"
        case distance
    }

    /// What went wrong.
    public var kind: Kind
    /// Byte offset in the compressed input at which the problem was detected.
    public var offset: Int

    /// Creates an error of `kind` detected at byte `offset` of the compressed input.
    public init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// The problem in words, without the offset (callers that know the container add their own).
    public var reason: String {
        switch kind {
        case .truncated:
            return "compressed data ends before the end of the stream"
        case .reservedBlockType:
            return "invalid block type 3 (reserved)"
        case let .storedLengthMismatch(length, complement):
            return "stored block LEN \(length) does not match NLEN \(complement) (expected \(~length))"
        case let .tooManyCodes(literalLength, distance):
            return
                "dynamic block declares \(literalLength) literal/length and \(distance) distance codes (at most 286 and 30)"
        case let .overSubscribedCode(table):
            return "over-subscribed \(table.rawValue) code lengths"
        case let .incompleteCode(table):
            return "incomplete \(table.rawValue) code lengths"
        case .invalidCodeLengthRepeat:
            return "code-length repeat with nothing to repeat, or past the end of the lengths"
        case .missingEndOfBlock:
            return "literal/length code has no end-of-block code"
        case let .invalidSymbol(table):
            return "invalid \(table.rawValue) symbol"
        case let .distanceTooFarBack(distance, available):
            return "match distance \(distance) reaches before the start of the data (\(available) bytes available)"
        case let .invalidZlibHeader(cmf, flg):
            return
                "invalid zlib header 0x\(hex2(cmf))\(hex2(flg)) (expected method 8, window ≤ 32 KiB, header divisible by 31)"
        case .presetDictionary:
            return "zlib stream needs a preset dictionary (FDICT), which is not supported"
        case let .adler32Mismatch(declared, computed):
            return "Adler-32 mismatch (declared 0x\(hex8(declared)), computed 0x\(hex8(computed)))"
        case let .outputLimitExceeded(limit):
            return "decompressed data exceeds the limit of \(limit) bytes"
        }
    }

    public var description: String {
        "offset \(offset): \(reason)"
    }
}

/// Two upper-case hex digits (error messages and reports of every module use these).
public func hex2(_ value: UInt8) -> String {
    let s = String(value, radix: 16, uppercase: true)
    return s.count == 1 ? "0" + s : s
}

/// Eight upper-case hex digits (CRCs and checksums).
public func hex8(_ value: UInt32) -> String {
    let s = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 8 - s.count) + s
}
