// The frame (SOFn, T.81 §B.2.2) and scan (SOS, §B.2.3) headers, and what each component's blocks
// go into: for a sequential frame straight through the IDCT into the component's plane of samples
// as they are decoded; for a progressive one a store of blocks of 64 coefficients in natural
// (row-major) order, refined scan by scan and turned into samples at the end.

/// How the frame is coded: the three Huffman DCT processes this decoder reads.
enum CodingProcess: String, Sendable {
    case baseline, extended, progressive
}

struct Component: Sendable {
    let id: UInt8
    /// Sampling factors (1...4).
    let h: Int
    let v: Int
    let quantIndex: Int
    /// The component's own size in samples: ceil(width · h / hmax) × ceil(height · v / vmax).
    let width: Int
    let height: Int
    /// Blocks stored per row and column: whole MCUs (mcusX · h, mcusY · v).
    let blocksWide: Int
    let blocksHigh: Int
    /// Blocks that hold the component's samples (a non-interleaved scan codes these only).
    var usedBlocksWide: Int { (width + 7) / 8 }
    var usedBlocksHigh: Int { (height + 7) / 8 }
    /// Progressive frames: every stored block's coefficients (empty for sequential frames, and for
    /// every frame until its first scan: reading the headers allocates nothing).
    var coefficients = Storage<Int16>(repeating: 0, count: 0)
    /// The samples, `planeStride` bytes a row, `usedBlocksHigh · 8` rows: filled as blocks are
    /// decoded (sequential) or when the frame is rendered (progressive).
    var plane = Storage<UInt8>(repeating: 0, count: 0)
    var planeStride: Int { usedBlocksWide * 8 }
    /// The quantisation table latched when the component's first scan starts (libjpeg's rule:
    /// a later DQT with the same number does not change a component already being decoded).
    var quant: Storage<Int16>?
    /// Whether some scan has coded its DC coefficients.
    var hasDC = false
}

struct Frame {
    let process: CodingProcess
    let width: Int
    let height: Int
    var components: [Component]
    let maxH: Int
    let maxV: Int
    let mcusX: Int
    let mcusY: Int

    /// Reads a SOF0/SOF1/SOF2 segment's data (`segment` excludes the length field).
    init(process: CodingProcess, segment: UnsafeBufferPointer<UInt8>, at offset: Int, limits: JPEGDecoder.Limits)
        throws(JPEGError)
    {
        guard segment.count >= 6 else {
            throw JPEGError(.corrupt, at: offset, "frame header too short (\(segment.count + 2) bytes)")
        }
        let precision = Int(segment[0])
        let height = Int(segment[1]) << 8 | Int(segment[2])
        let width = Int(segment[3]) << 8 | Int(segment[4])
        let count = Int(segment[5])
        guard precision == 8 else {
            throw JPEGError(
                .unsupported, at: offset,
                "\(precision)-bit samples (only 8-bit JPEG is decoded; re-export the image as 8-bit)")
        }
        guard width > 0 else { throw JPEGError(.corrupt, at: offset, "image width 0") }
        guard height > 0 else {
            throw JPEGError(
                .unsupported, at: offset, "image height 0 (a height given later by a DNL marker is not supported)")
        }
        switch count {
        case 1, 3: break
        case 4:
            throw JPEGError(
                .unsupported, at: offset,
                "4 components (CMYK or YCCK, as Photoshop writes for print): convert the image to RGB")
        default:
            throw JPEGError(
                .unsupported, at: offset, "\(count) components (1 for grayscale or 3 for colour are decoded)")
        }
        guard segment.count == 6 + 3 * count else {
            throw JPEGError(
                .corrupt, at: offset,
                "frame header is \(segment.count + 2) bytes for \(count) components (expected \(8 + 3 * count))")
        }
        try limits.check(width: width, height: height, at: offset)
        var specs: [(id: UInt8, h: Int, v: Int, q: Int)] = []
        for i in 0..<count {
            let id = segment[6 + 3 * i], hv = Int(segment[7 + 3 * i]), q = Int(segment[8 + 3 * i])
            let h = hv >> 4, v = hv & 15
            guard (1...4).contains(h), (1...4).contains(v) else {
                throw JPEGError(
                    .corrupt, at: offset, "component \(id) has sampling factors \(h)×\(v) (each must be 1 to 4)")
            }
            guard q <= 3 else {
                throw JPEGError(.corrupt, at: offset, "component \(id) names quantisation table \(q) (0 to 3)")
            }
            guard !specs.contains(where: { $0.id == id }) else {
                throw JPEGError(.corrupt, at: offset, "component id \(id) appears twice in the frame header")
            }
            specs.append((id, h, v, q))
        }
        // A single component is coded without MCU grouping: its factors do not matter (T.81 §A.2.2).
        if count == 1 { specs[0].h = 1; specs[0].v = 1 }
        // count ≥ 1 (checked above), so the maxima exist.
        let maxH = specs.map(\.h).max() ?? 1, maxV = specs.map(\.v).max() ?? 1
        for spec in specs where maxH % spec.h != 0 || maxV % spec.v != 0 {
            throw JPEGError(
                .unsupported, at: offset,
                "component \(spec.id) sampled \(spec.h)×\(spec.v) within \(maxH)×\(maxV): "
                    + "a fractional upsampling ratio (libjpeg refuses it too)")
        }
        let mcusX = (width + 8 * maxH - 1) / (8 * maxH), mcusY = (height + 8 * maxV - 1) / (8 * maxV)
        var blocks = 0
        for spec in specs { blocks += mcusX * spec.h * mcusY * spec.v }
        try limits.check(coefficientBlocks: blocks, width: width, height: height, at: offset)
        self.process = process
        self.width = width
        self.height = height
        self.maxH = maxH
        self.maxV = maxV
        self.mcusX = mcusX
        self.mcusY = mcusY
        components = specs.map { spec in
            Component(
                id: spec.id, h: spec.h, v: spec.v, quantIndex: spec.q,
                width: (width * spec.h + maxH - 1) / maxH, height: (height * spec.v + maxV - 1) / maxV,
                blocksWide: mcusX * spec.h, blocksHigh: mcusY * spec.v)
        }
    }

    /// Makes the components' buffers, before the first scan is decoded: every component's plane,
    /// and for a progressive frame its coefficient store (zeroed: scans add to it).
    mutating func allocate() {
        for i in components.indices {
            let c = components[i]
            components[i].plane = Storage(uninitializedCount: c.usedBlocksWide * 8 * c.usedBlocksHigh * 8)
            if process == .progressive {
                components[i].coefficients = Storage(repeating: 0, count: c.blocksWide * c.blocksHigh * 64)
            }
        }
    }
}

/// A scan header (SOS): the frame components it codes with their Huffman tables, the spectral
/// selection and successive approximation.
struct ScanHeader {
    struct Entry {
        /// Index into the frame's components.
        let component: Int
        let dcTable: Int
        let acTable: Int
    }

    let entries: [Entry]
    let ss: Int
    let se: Int
    let ah: Int
    let al: Int

    init(segment: UnsafeBufferPointer<UInt8>, frame: Frame, at offset: Int) throws(JPEGError) {
        guard segment.count >= 1 else { throw JPEGError(.corrupt, at: offset, "empty scan header") }
        let count = Int(segment[0])
        guard (1...4).contains(count), segment.count == 4 + 2 * count else {
            throw JPEGError(.corrupt, at: offset, "scan header of \(segment.count + 2) bytes for \(count) components")
        }
        var entries: [Entry] = []
        for i in 0..<count {
            let id = segment[1 + 2 * i], tables = Int(segment[2 + 2 * i])
            guard let index = frame.components.firstIndex(where: { $0.id == id }) else {
                let known = frame.components.map { String($0.id) }.joined(separator: ", ")
                throw JPEGError(
                    .corrupt, at: offset, "scan names component \(id), which the frame does not have (it has \(known))")
            }
            guard !entries.contains(where: { $0.component == index }) else {
                throw JPEGError(.corrupt, at: offset, "scan names component \(id) twice")
            }
            guard tables >> 4 <= 3, tables & 15 <= 3 else {
                throw JPEGError(
                    .corrupt, at: offset, "scan names Huffman tables \(tables >> 4)/\(tables & 15) (0 to 3)")
            }
            entries.append(Entry(component: index, dcTable: tables >> 4, acTable: tables & 15))
        }
        var blocksInMCU = 0
        for entry in entries {
            blocksInMCU += frame.components[entry.component].h * frame.components[entry.component].v
        }
        guard count == 1 || blocksInMCU <= 10 else {
            throw JPEGError(
                .corrupt, at: offset, "an interleaved MCU of \(blocksInMCU) blocks (at most 10, T.81 §B.2.3)")
        }
        let p = 1 + 2 * count
        self.entries = entries
        if frame.process == .progressive {
            ss = Int(segment[p]); se = Int(segment[p + 1]); ah = Int(segment[p + 2]) >> 4; al = Int(segment[p + 2]) & 15
            guard ss <= se, se <= 63 else {
                throw JPEGError(.corrupt, at: offset, "progressive scan with spectral selection \(ss)...\(se)")
            }
            guard ss == 0 || count == 1 else {
                throw JPEGError(
                    .corrupt, at: offset,
                    "a progressive AC scan codes \(count) components (it must code one, T.81 §G.1.1.1.1)")
            }
            guard ss != 0 || se == 0 else {
                throw JPEGError(
                    .corrupt, at: offset, "a progressive DC scan with AC coefficients (spectral selection 0...\(se))")
            }
            guard al <= 13, ah == 0 || al == ah - 1 else {
                throw JPEGError(
                    .corrupt, at: offset,
                    "successive approximation \(ah)/\(al) (a refinement scan lowers the bit position "
                        + "by one, and the lowest is 13)")
            }
        } else {
            // Sequential scans code every coefficient whatever the header says (libjpeg warns only).
            ss = 0; se = 63; ah = 0; al = 0
        }
    }

    /// Coefficients this scan visits: its blocks times its spectral band (a DC scan, 1 a block).
    func coefficientVisits(in frame: Frame) -> Int {
        let band = frame.process == .progressive ? se - ss + 1 : 64
        if entries.count == 1 {
            let c = frame.components[entries[0].component]
            return c.usedBlocksWide * c.usedBlocksHigh * band
        }
        return entries.reduce(0) { $0 + frame.components[$1.component].h * frame.components[$1.component].v }
            * frame.mcusX * frame.mcusY * band
    }

    /// Whether the scan decodes with DC (or AC) Huffman table `table`.
    func uses(table: Int, dc: Bool, progressive: Bool) -> Bool {
        if progressive {
            if dc && (ss != 0 || ah != 0) { return false }
            if !dc && ss == 0 { return false }
        }
        return entries.contains { (dc ? $0.dcTable : $0.acTable) == table }
    }
}
