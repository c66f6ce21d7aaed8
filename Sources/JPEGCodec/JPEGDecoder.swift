// Decodes baseline, extended-sequential and progressive Huffman JPEG (ITU-T T.81) with 8-bit
// samples, 1 or 3 components, every whole-ratio chroma subsampling and restart intervals, to the
// bytes libjpeg-turbo's default decode gives (docs/JPEG.md). Arithmetic coding, lossless,
// hierarchical, 12-bit, CMYK and YCCK are refused with a message saying so.

/// A JPEG decoder with size limits.
public struct JPEGDecoder: Sendable {
    public struct Limits: Sendable, Equatable {
        /// Largest width and height in pixels.
        public var maxWidth: Int
        public var maxHeight: Int
        /// Largest width × height.
        public var maxPixels: Int
        /// Most scans in a file (a progressive file has typically 6 to 12).
        public var maxScans: Int

        public init(maxWidth: Int = 65_500, maxHeight: Int = 65_500, maxPixels: Int = 1 << 26, maxScans: Int = 256) {
            self.maxWidth = maxWidth
            self.maxHeight = maxHeight
            self.maxPixels = maxPixels
            self.maxScans = maxScans
        }

        /// 65,500 pixels a side (libjpeg's largest), 64 Mi pixels, 256 scans.
        public static let `default` = Limits()

        func check(width: Int, height: Int, at offset: Int) throws(JPEGError) {
            func fail(_ reason: String) -> JPEGError {
                JPEGError(.limits, at: offset, "image \(width)×\(height) exceeds the decoder's limits (\(reason))")
            }
            if width > maxWidth { throw fail("width \(width) > \(maxWidth)") }
            if height > maxHeight { throw fail("height \(height) > \(maxHeight)") }
            if width > 65_500 || height > 65_500 { throw fail("JPEG allows 65,500 pixels a side in libjpeg") }
            if width * height > maxPixels { throw fail("\(width * height) pixels > \(maxPixels)") }
        }

        /// Coefficients the scans may visit, counted per scan as its blocks times its spectral band
        /// (a DC scan 1 each): this many passes over every coefficient of the frame. Encoders' scripts
        /// take 2 to 4.
        static let visitPasses = 16

        func maxCoefficientVisits(_ frame: Frame) -> Int {
            frame.components.reduce(0) { $0 + $1.blocksWide * $1.blocksHigh * 64 } * Self.visitPasses
        }

        func check(coefficientBlocks: Int, width: Int, height: Int, at offset: Int) throws(JPEGError) {
            // Sampling factors can make the stored blocks outnumber the pixels 16 to 1 at most;
            // the budget allows the 3 full-size components of an unsubsampled image.
            let (budget, overflow) = maxPixels.multipliedReportingOverflow(by: 3)
            if !overflow && coefficientBlocks * 64 > budget + (1 << 20) {
                throw JPEGError(
                    .limits, at: offset,
                    "image \(width)×\(height) needs \(coefficientBlocks) coefficient blocks, more than "
                        + "its pixel limit allows (\(maxPixels) pixels)")
            }
        }
    }

    /// How subsampled chroma is brought to the image's size (docs/JPEG.md §Upsampling).
    public enum Upsampling: String, Sendable, CaseIterable {
        /// libjpeg-turbo's default ("fancy" triangles across the whole component): the decode
        /// that is bit-identical to libjpeg-turbo's `djpeg`.
        case libjpegTurbo = "libjpeg-turbo"
        /// As Apple's decoder shows a JPEG in UIKit: 4:2:0 (and 4:4:0) with the same triangles
        /// within each 8-sample block of the component, never across one; 4:2:2 as libjpeg-turbo
        /// (measured against images UIKit drew).
        case imageIO = "imageio"
    }

    public var limits: Limits
    public var upsampling: Upsampling

    public init(limits: Limits = .default, upsampling: Upsampling = .libjpegTurbo) {
        self.limits = limits
        self.upsampling = upsampling
    }

    /// The size, components and coding process from the headers, without decoding the scans.
    public func header(_ file: [UInt8]) throws(JPEGError) -> (width: Int, height: Int, channels: Int, process: String) {
        let parsed = try file.withUnsafeBufferPointer { (data) throws(JPEGError) in try parse(data, decodeScans: false)
        }
        return (
            parsed.frame.width, parsed.frame.height, parsed.frame.components.count == 1 ? 1 : 3,
            parsed.frame.process.rawValue
        )
    }

    /// Decodes a whole file.
    public func decode(_ file: [UInt8]) throws(JPEGError) -> JPEGImage {
        try file.withUnsafeBufferPointer { (data) throws(JPEGError) -> JPEGImage in
            let parsed = try parse(data, decodeScans: true)
            let frame = parsed.frame
            for component in frame.components where !component.hasDC {
                throw JPEGError(
                    .truncated, at: data.count, "no scan codes component \(component.id) (the file ends too early)")
            }
            let isRGB = frame.components.count == 3 && Self.isRGB(frame, parsed.metadata)
            let samples = Pixels.render(frame, colorTransform: !isRGB, upsampling: upsampling)
            return JPEGImage(
                width: frame.width, height: frame.height, channels: frame.components.count == 1 ? 1 : 3,
                samples: samples,
                orientation: parsed.metadata.orientation, iccProfile: parsed.metadata.iccProfile,
                process: frame.process.rawValue)
        }
    }

    /// Whether three components are R, G, B rather than Y, Cb, Cr: libjpeg's rule — JFIF means
    /// YCbCr; else an Adobe segment's transform 0 means RGB (1 YCbCr); else component ids
    /// 'R', 'G', 'B' mean RGB; anything else is YCbCr.
    static func isRGB(_ frame: Frame, _ metadata: Metadata) -> Bool {
        if metadata.sawJFIF { return false }
        if let transform = metadata.adobeTransform { return transform == 0 }
        return frame.components.map(\.id) == [0x52, 0x47, 0x42]
    }

    struct Parsed {
        var frame: Frame
        var metadata: Metadata
    }

    /// Reads the markers in order; with `decodeScans`, decodes every scan, else stops at the first.
    func parse(_ data: UnsafeBufferPointer<UInt8>, decodeScans: Bool) throws(JPEGError) -> Parsed {
        guard data.count >= 2, data[0] == 0xFF, data[1] == 0xD8 else {
            throw JPEGError(.corrupt, at: 0, "not a JPEG file (it does not start with the SOI marker FF D8)")
        }
        var metadata = Metadata()
        var frame: Frame?
        var quant = [Storage<Int16>?](repeating: nil, count: 4)
        // Tables as defined; one that cannot be built is an error only when a scan uses it (libjpeg's rule).
        var dcTables = [Result<HuffmanTable, JPEGError>?](repeating: nil, count: 4)
        var acTables = [Result<HuffmanTable, JPEGError>?](repeating: nil, count: 4)
        var restartInterval = 0
        var scans = 0
        var visits = 0
        var p = 2
        while true {
            // A marker: 0xFF, optional fill bytes 0xFF, a code.
            guard p < data.count else {
                // No EOI: a sequential image whose components are all coded is whole — our leniency
                // (libjpeg-turbo warns, Pillow refuses; docs/JPEG.md).
                if let frame, frame.process != .progressive, frame.components.allSatisfy(\.hasDC) {
                    return Parsed(frame: frame, metadata: metadata)
                }
                throw JPEGError(
                    .truncated, at: p,
                    frame == nil
                        ? "the file ends before a frame header"
                        : scans == 0
                            ? "the file ends before the first scan"
                            : "the file ends before the end-of-image marker "
                                + "(a progressive file cut short, or a scan missing)")
            }
            guard data[p] == 0xFF else {
                throw JPEGError(
                    .corrupt, at: p, "byte 0x\(ScanDecoder.hex(data[p])) where a marker (0xFF …) was expected")
            }
            while p < data.count && data[p] == 0xFF { p += 1 }
            guard p < data.count else { throw JPEGError(.truncated, at: p, "the file ends inside a marker") }
            let marker = data[p], markerOffset = p - 1
            p += 1
            switch marker {
            case 0xD9:  // EOI
                guard let frame else { throw JPEGError(.corrupt, at: markerOffset, "end of image before any frame") }
                guard scans > 0 else { throw JPEGError(.corrupt, at: markerOffset, "end of image before any scan") }
                return Parsed(frame: frame, metadata: metadata)
            case 0xD0...0xD7, 0x01:
                continue  // stray RSTn or TEM: no segment (libjpeg skips them too)
            case 0xD8:
                throw JPEGError(.corrupt, at: markerOffset, "a second start-of-image marker")
            case 0xC0...0xCF, 0xDA...0xDD, 0xE0...0xEF, 0xFE:
                break  // markers with a segment
            default:
                // DHP, EXP, JPGn and reserved codes: libjpeg refuses them too.
                throw JPEGError(.corrupt, at: markerOffset, "unknown marker 0x\(ScanDecoder.hex(marker))")
            }
            guard p + 2 <= data.count else {
                throw JPEGError(
                    .truncated, at: p, "the file ends inside the length of marker 0x\(ScanDecoder.hex(marker))")
            }
            let length = Int(data[p]) << 8 | Int(data[p + 1])
            guard length >= 2 else {
                throw JPEGError(.corrupt, at: markerOffset, "marker 0x\(ScanDecoder.hex(marker)) with length \(length)")
            }
            guard p + length <= data.count else {
                throw JPEGError(
                    .truncated, at: markerOffset,
                    "the file ends inside the \(length)-byte segment of marker 0x\(ScanDecoder.hex(marker))")
            }
            let segment = UnsafeBufferPointer(rebasing: data[(p + 2)..<(p + length)])
            p += length
            switch marker {
            case 0xC0, 0xC1, 0xC2:
                guard frame == nil else { throw JPEGError(.corrupt, at: markerOffset, "a second frame header") }
                let process: CodingProcess = marker == 0xC0 ? .baseline : marker == 0xC1 ? .extended : .progressive
                frame = try Frame(process: process, segment: segment, at: markerOffset, limits: limits)
            case 0xC3, 0xC5...0xC7, 0xC8, 0xC9...0xCB, 0xCD...0xCF:
                throw JPEGError(.unsupported, at: markerOffset, Self.unsupportedProcess(marker))
            case 0xCC:
                throw JPEGError(
                    .unsupported, at: markerOffset,
                    "arithmetic-coding conditioning (DAC): arithmetic-coded JPEG is not decoded; "
                        + "re-save the image with Huffman coding")
            case 0xC4:
                try Self.readHuffmanTables(segment, at: markerOffset, dc: &dcTables, ac: &acTables)
            case 0xDB:
                try Self.readQuantTables(segment, at: markerOffset, into: &quant)
            case 0xDD:
                guard segment.count == 2 else {
                    throw JPEGError(
                        .corrupt, at: markerOffset, "DRI segment of \(segment.count + 2) bytes (expected 4)")
                }
                restartInterval = Int(segment[0]) << 8 | Int(segment[1])
            case 0xDC:
                // DNL: the height is in the frame header already (a height of 0 was refused there), as libjpeg skips it
                continue
            case 0xDA:
                guard var current = frame else {
                    throw JPEGError(.corrupt, at: markerOffset, "a scan before the frame header")
                }
                scans += 1
                guard scans <= limits.maxScans else {
                    throw JPEGError(
                        .limits, at: markerOffset, "more than \(limits.maxScans) scans (the decoder's scan limit)")
                }
                let scan = try ScanHeader(segment: segment, frame: current, at: markerOffset)
                guard decodeScans else { return Parsed(frame: current, metadata: metadata) }
                if scans == 1 {
                    current.allocate()
                    if current.process != .progressive { Self.fillStandardTables(dc: &dcTables, ac: &acTables) }
                }
                visits += scan.coefficientVisits(in: current)
                guard visits <= limits.maxCoefficientVisits(current) else {
                    throw JPEGError(
                        .limits, at: markerOffset,
                        "scan \(scans) takes the scans past \(Limits.visitPasses) passes over the image's "
                            + "coefficients (the decoder's work limit)")
                }
                for entry in scan.entries where current.components[entry.component].quant == nil {
                    let index = current.components[entry.component].quantIndex
                    guard let table = quant[index] else {
                        throw JPEGError(
                            .corrupt, at: markerOffset,
                            "component \(current.components[entry.component].id) uses quantisation table "
                                + "\(index), which no DQT defined before its first scan")
                    }
                    current.components[entry.component].quant = table
                }
                func built(_ tables: [Result<HuffmanTable, JPEGError>?], dc: Bool) throws(JPEGError) -> [HuffmanTable?]
                {
                    var out = [HuffmanTable?](repeating: nil, count: 4)
                    for (i, table) in tables.enumerated() {
                        switch table {
                        case let .success(value)?: out[i] = value
                        case let .failure(error)?
                        where scan.uses(table: i, dc: dc, progressive: current.process == .progressive):
                            throw error
                        default: break
                        }
                    }
                    return out
                }
                let dc = try built(dcTables, dc: true), ac = try built(acTables, dc: false)
                p = try ScanDecoder.decode(
                    scan, frame: &current, dcTables: dc, acTables: ac, restartInterval: restartInterval,
                    data: data, start: p, scanNumber: scans)
                frame = current
            case 0xE0...0xEF, 0xFE:
                // What the header says: libjpeg settles the colour space (and Pillow reads the
                // metadata) at the first scan, so segments after it change nothing.
                if scans == 0 { metadata.read(marker: marker, segment: segment) }
            default:
                break
            }
        }
    }

    /// Annex K's tables in DC and AC slots 0 and 1 that no DHT has filled (libjpeg's std_huff_tables).
    static func fillStandardTables(
        dc: inout [Result<HuffmanTable, JPEGError>?], ac: inout [Result<HuffmanTable, JPEGError>?]
    ) {
        func make(_ table: (counts: [Int], symbols: [UInt8]), isDC: Bool) -> Result<HuffmanTable, JPEGError> {
            Result { () throws(JPEGError) in
                try HuffmanTable(counts: table.counts, symbols: table.symbols, isDC: isDC, at: 0)
            }
        }
        if dc[0] == nil { dc[0] = make(StandardTables.dcLuminance, isDC: true) }
        if dc[1] == nil { dc[1] = make(StandardTables.dcChrominance, isDC: true) }
        if ac[0] == nil { ac[0] = make(StandardTables.acLuminance, isDC: false) }
        if ac[1] == nil { ac[1] = make(StandardTables.acChrominance, isDC: false) }
    }

    static func unsupportedProcess(_ marker: UInt8) -> String {
        let name: String
        switch marker {
        case 0xC3: name = "lossless (SOF3)"
        case 0xC5, 0xC6, 0xC7: name = "hierarchical (SOF\(marker - 0xC0))"
        case 0xC8: name = "the reserved extensions frame (JPG, 0xC8)"
        case 0xC9: name = "arithmetic-coded extended sequential (SOF9)"
        case 0xCA: name = "arithmetic-coded progressive (SOF10)"
        case 0xCB: name = "arithmetic-coded lossless (SOF11)"
        default: name = "arithmetic-coded hierarchical (SOF\(marker - 0xC0))"
        }
        return
            "\(name) JPEG is not decoded (baseline, extended sequential and progressive Huffman are); re-save the image as a "
            + "baseline or progressive JPEG"
    }

    /// DHT: one or more tables (T.81 §B.2.4.2). A table that cannot be built is kept as its error.
    static func readHuffmanTables(
        _ s: UnsafeBufferPointer<UInt8>, at offset: Int,
        dc: inout [Result<HuffmanTable, JPEGError>?], ac: inout [Result<HuffmanTable, JPEGError>?]
    ) throws(JPEGError) {
        var p = 0
        while p < s.count {
            guard p + 17 <= s.count else {
                throw JPEGError(.corrupt, at: offset, "DHT segment ends inside a table's code counts")
            }
            let tc = Int(s[p]) >> 4, th = Int(s[p]) & 15
            guard tc <= 1, th <= 3 else {
                throw JPEGError(
                    .corrupt, at: offset, "DHT table class \(tc) / number \(th) (class 0 or 1, number 0 to 3)")
            }
            let counts = (0..<16).map { Int(s[p + 1 + $0]) }
            let total = counts.reduce(0, +)
            guard total <= 256 else {
                throw JPEGError(.corrupt, at: offset, "DHT table with \(total) codes (at most 256)")
            }
            guard p + 17 + total <= s.count else {
                throw JPEGError(.corrupt, at: offset, "DHT segment ends inside a table's symbols")
            }
            let symbols = Array(s[(p + 17)..<(p + 17 + total)])
            let table = Result { () throws(JPEGError) in
                try HuffmanTable(counts: counts, symbols: symbols, isDC: tc == 0, at: offset)
            }
            if tc == 0 { dc[th] = table } else { ac[th] = table }
            p += 17 + total
        }
    }

    /// DQT: one or more tables (T.81 §B.2.4.1), stored in natural order. A 16-bit entry is taken
    /// as libjpeg-turbo's islow IDCT takes it in its usual builds, as a signed 16-bit multiplier
    /// (docs/JPEG.md §Dequantisation and the IDCT).
    static func readQuantTables(_ s: UnsafeBufferPointer<UInt8>, at offset: Int, into quant: inout [Storage<Int16>?])
        throws(JPEGError)
    {
        var p = 0
        while p < s.count {
            // Any precision other than 0 is 16-bit, as libjpeg reads it.
            let pq = Int(s[p]) >> 4, tq = Int(s[p]) & 15
            guard tq <= 3 else { throw JPEGError(.corrupt, at: offset, "DQT table \(tq) (0 to 3)") }
            let size = pq == 0 ? 64 : 128
            guard p + 1 + size <= s.count else {
                throw JPEGError(.corrupt, at: offset, "DQT segment ends inside table \(tq)")
            }
            var table = [Int16](repeating: 0, count: 64)
            for k in 0..<64 {
                let value = pq == 0 ? Int(s[p + 1 + k]) : Int(s[p + 1 + 2 * k]) << 8 | Int(s[p + 2 + 2 * k])
                table[ScanDecoder.naturalOrder[k]] = Int16(truncatingIfNeeded: value)
            }
            quant[tq] = Storage(table)
            p += 1 + size
        }
    }
}
