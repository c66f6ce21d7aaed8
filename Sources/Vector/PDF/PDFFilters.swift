import Deflate

// Stream filters (ISO 32000-1 §7.4): FlateDecode (with its predictors, §7.4.4.4), LZWDecode,
// ASCIIHexDecode, ASCII85Decode and RunLengthDecode, applied in the order /Filter lists them.
// DCTDecode ends the chain: its bytes are a JPEG file, handed to the image reader. The others
// (CCITTFax, JBIG2, JPX, Crypt) are refused by name. Every filter's output counts against the
// document's budget of decoded bytes.

enum PDFFilters {
    /// The stream's data decoded; `jpeg` is true when the result is a DCTDecode stream's JPEG
    /// file. `budget` is what may still be produced and shrinks by what was.
    static func decode(_ stream: PDFStream, resolve: (PDFObject) throws(PDFError) -> PDFObject, budget: inout Int)
        throws(PDFError)
        -> (bytes: [UInt8], jpeg: Bool)
    {
        var filters: [String] = []
        switch try stream.dictionary["Filter"].map(resolve) ?? .null {
        case .null: break
        case let .name(name): filters = [name]
        case let .array(items): for item in items { if let name = try resolve(item).name { filters.append(name) } }
        case let other: throw PDFError("/Filter is \(other.kind), expected a name or an array of names")
        }
        var parms: [[String: PDFObject]?] = []
        let parmsObject = try stream.dictionary["DecodeParms"].map(resolve) ?? .null
        for i in filters.indices {
            switch parmsObject {
            case let .array(items): parms.append(i < items.count ? try resolve(items[i]).dictionary : nil)
            case let .dictionary(d): parms.append(i == 0 ? d : nil)
            default: parms.append(nil)
            }
        }
        // Every stage's output is charged, the first copy of the stored bytes included.
        guard stream.data.count <= budget else { throw tooLarge(budget) }
        budget -= stream.data.count
        var bytes = Array(stream.data)
        for (i, filter) in filters.enumerated() {
            switch filter {
            case "FlateDecode", "Fl":
                bytes = try predicted(try inflate(bytes, budget: budget), parms[i], resolve: resolve)
            case "LZWDecode", "LZW":
                let early = try parms[i]?["EarlyChange"].map(resolve)?.integer ?? 1
                bytes = try predicted(
                    try lzw(bytes, earlyChange: early != 0, budget: budget), parms[i], resolve: resolve)
            case "ASCIIHexDecode", "AHx": bytes = try asciiHex(bytes)
            case "ASCII85Decode", "A85": bytes = try ascii85(bytes, budget: budget)
            case "RunLengthDecode", "RL": bytes = try runLength(bytes, budget: budget)
            case "DCTDecode", "DCT":
                guard i == filters.count - 1 else { throw PDFError("DCTDecode must be the last filter") }
                return (bytes, true)
            default:
                throw PDFError(
                    "the \(filter) filter is not read (ivsim reads Flate, LZW, ASCIIHex, ASCII85, RunLength and DCT)")
            }
            guard bytes.count <= budget else { throw tooLarge(budget) }
            budget -= bytes.count
        }
        return (bytes, false)
    }

    static func tooLarge(_ budget: Int) -> PDFError {
        PDFError(
            "the file's streams decode to more than \(PDFImage.maxDecodedBytes) bytes (docs/LIMITS.md): export it with smaller "
                + "images, or with fewer and simpler shapes")
    }

    /// zlib data; a wrong Adler-32 checksum is tolerated (the data is used, as PDF readers do).
    static func inflate(_ bytes: [UInt8], budget: Int) throws(PDFError) -> [UInt8] {
        var output: [UInt8] = []
        let inflater = Inflater(bytes, format: .zlib, maxOutput: budget)
        do throws(DeflateError) {
            try inflater.drain { output.append(contentsOf: $0) }
        } catch {
            switch error.kind {
            case .adler32Mismatch: break
            case .outputLimitExceeded: throw tooLarge(budget)
            default: throw PDFError("FlateDecode: \(error.reason)")
            }
        }
        return output
    }

    /// §7.4.4.4: Predictor 2 (TIFF) or 10–15 (PNG, a filter byte per row) over rows of
    /// Colors × BitsPerComponent × Columns bits.
    static func predicted(
        _ data: [UInt8], _ parms: [String: PDFObject]?, resolve: (PDFObject) throws(PDFError) -> PDFObject
    ) throws(PDFError) -> [UInt8] {
        guard let parms else { return data }
        func int(_ key: String, _ fallback: Int) throws(PDFError) -> Int {
            try parms[key].map(resolve)?.integer ?? fallback
        }
        let predictor = try int("Predictor", 1)
        guard predictor > 1 else { return data }
        let colors = try int("Colors", 1), bits = try int("BitsPerComponent", 8), columns = try int("Columns", 1)
        guard (1...32).contains(colors), [1, 2, 4, 8, 16].contains(bits), (1...1 << 24).contains(columns) else {
            throw PDFError(
                "DecodeParms: Colors \(colors), BitsPerComponent \(bits), Columns \(columns) are out of range")
        }
        let pixelBytes = max(1, colors * bits / 8), rowBytes = (colors * bits * columns + 7) / 8
        // Rows longer than the data cannot be whole; the one partial row is as long as the data.
        guard rowBytes <= max(data.count, 1) else { return predictor == 2 ? data : [] }
        if predictor == 2 {
            guard bits == 8 else { throw PDFError("TIFF predictor with \(bits)-bit components is not read") }
            var out = data
            var row = 0
            while row + rowBytes <= out.count {
                for i in pixelBytes..<rowBytes { out[row + i] &+= out[row + i - pixelBytes] }
                row += rowBytes
            }
            return out
        }
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var p = 0
        while p < data.count {
            let type = data[p]
            p += 1
            var row = [UInt8](repeating: 0, count: rowBytes)
            let n = min(rowBytes, data.count - p)
            for i in 0..<n { row[i] = data[p + i] }
            p += n
            for i in 0..<rowBytes {
                let a = i >= pixelBytes ? Int(row[i - pixelBytes]) : 0, b = Int(previous[i])
                let c = i >= pixelBytes ? Int(previous[i - pixelBytes]) : 0
                switch type {
                case 0: break
                case 1: row[i] &+= UInt8(a)
                case 2: row[i] &+= UInt8(b)
                case 3: row[i] &+= UInt8((a + b) / 2)
                case 4:
                    let e = a + b - c, pa = abs(e - a), pb = abs(e - b), pc = abs(e - c)
                    row[i] &+= UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
                default: throw PDFError("PNG predictor: row filter type \(type) (expected 0–4)")
                }
            }
            out.append(contentsOf: row[0..<n])
            previous = row
        }
        return out
    }

    /// §7.4.4.2: variable-width codes from 9 to 12 bits, 256 clears, 257 ends.
    static func lzw(_ data: [UInt8], earlyChange: Bool, budget: Int) throws(PDFError) -> [UInt8] {
        var table: [[UInt8]] = (0..<256).map { [UInt8($0)] } + [[], []]
        var out: [UInt8] = [], previous: [UInt8]?
        var bitBuffer = 0, bitCount = 0, width = 9, p = 0
        while true {
            while bitCount < width, p < data.count {
                bitBuffer = (bitBuffer << 8 | Int(data[p])) & 0xFFFFFF
                bitCount += 8
                p += 1
            }
            guard bitCount >= width else { break }
            let code = (bitBuffer >> (bitCount - width)) & ((1 << width) - 1)
            bitCount -= width
            if code == 256 {
                table.removeSubrange(258...)
                width = 9
                previous = nil
                continue
            }
            if code == 257 { break }
            var entry: [UInt8]
            if code < table.count {
                entry = table[code]
                if let prev = previous { table.append(prev + [entry[0]]) }
            } else if code == table.count, let prev = previous {
                entry = prev + [prev[0]]
                table.append(entry)
            } else {
                throw PDFError("LZWDecode: code \(code) is not in the table")
            }
            out.append(contentsOf: entry)
            guard out.count <= budget else { throw tooLarge(budget) }
            previous = entry
            if table.count > 4096 { table.removeLast() }
            if width < 12, table.count + (earlyChange ? 1 : 0) >= 1 << width { width += 1 }
        }
        return out
    }

    static func asciiHex(_ data: [UInt8]) throws(PDFError) -> [UInt8] {
        var out: [UInt8] = [], high: UInt8?
        for c in data {
            if c == UInt8(ascii: ">") { break }
            if PDFLexer.isWhite(c) { continue }
            guard let v = PDFLexer.hex(c) else {
                throw PDFError("ASCIIHexDecode: \"\(Character(Unicode.Scalar(c)))\" is not a hexadecimal digit")
            }
            if let h = high { out.append(h << 4 | v); high = nil } else { high = v }
        }
        if let high { out.append(high << 4) }
        return out
    }

    static func ascii85(_ data: [UInt8], budget: Int) throws(PDFError) -> [UInt8] {
        var out: [UInt8] = [], group: [UInt32] = []
        var i = 0
        if data.starts(with: Array("<~".utf8)) { i = 2 }
        func flush(_ count: Int) {
            var value: UInt32 = 0
            for k in 0..<5 { value = value &* 85 &+ (k < group.count ? group[k] : 84) }
            let bytes = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            out.append(contentsOf: bytes[0..<count])
        }
        while i < data.count {
            let c = data[i]
            i += 1
            if PDFLexer.isWhite(c) { continue }
            if c == UInt8(ascii: "~") { break }
            if c == UInt8(ascii: "z"), group.isEmpty {
                out.append(contentsOf: [0, 0, 0, 0])
                guard out.count <= budget else { throw tooLarge(budget) }
                continue
            }
            guard (33...117).contains(c) else { throw PDFError("ASCII85Decode: byte \(c) is not a base-85 digit") }
            group.append(UInt32(c - 33))
            if group.count == 5 { flush(4); group = [] }
        }
        if group.count == 1 { throw PDFError("ASCII85Decode: a final group of one digit") }
        if !group.isEmpty { flush(group.count - 1) }
        return out
    }

    static func runLength(_ data: [UInt8], budget: Int) throws(PDFError) -> [UInt8] {
        var out: [UInt8] = [], i = 0
        while i < data.count {
            let n = Int(data[i])
            i += 1
            if n == 128 { break }
            if n < 128 {
                out.append(contentsOf: data[i..<min(data.count, i + n + 1)])
                i += n + 1
            } else if i < data.count {
                out.append(contentsOf: repeatElement(data[i], count: 257 - n))
                i += 1
            }
            guard out.count <= budget else { throw tooLarge(budget) }
        }
        return out
    }
}
