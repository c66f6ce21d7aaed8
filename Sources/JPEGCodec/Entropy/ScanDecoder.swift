// Decodes one scan's entropy-coded data into the frame's coefficient store: sequential Huffman
// (T.81 §F.2.2) and progressive Huffman (Annex G: DC first and refinement, AC first with end-of-band
// runs, AC refinement with correction bits), with restart intervals (§B.2.4.4, §F.2.2.5 note on
// RSTn). The procedures follow libjpeg's jdhuff.c and jdphuff.c, whose results are the reference
// (docs/JPEG.md): coefficients are 16-bit (a larger value wraps, as libjpeg's JCOEF does) and a
// run past coefficient 63 lands on coefficient 63.

enum ScanDecoder {
    /// The natural (row-major) position of each zigzag index, with 16 extra entries of 63 so a
    /// corrupt run cannot index past the block (libjpeg's jpeg_natural_order has the same).
    static let naturalOrder: [Int] =
        [
            0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
            12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
            35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
            58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63
        ] + [Int](repeating: 63, count: 16)

    /// `naturalOrder` where the loops reach it through a pointer.
    nonisolated(unsafe) static let natural: UnsafeMutablePointer<Int> = {
        let p = UnsafeMutablePointer<Int>.allocate(capacity: 80)
        for (i, v) in naturalOrder.enumerated() { p[i] = v }
        return p
    }()

    struct Context {
        var reader: BitReader
        /// The DC predictors of the scan's components (at most 4).
        var predictors: (Int, Int, Int, Int) = (0, 0, 0, 0)
        var eobrun = 0

        @inline(__always) mutating func predict(_ slot: Int, _ diff: Int) -> Int {
            switch slot {
            case 0: predictors.0 += diff; return predictors.0
            case 1: predictors.1 += diff; return predictors.1
            case 2: predictors.2 += diff; return predictors.2
            default: predictors.3 += diff; return predictors.3
            }
        }
    }

    /// Decodes the scan whose data starts at `start`; gives the offset where its data ends (the
    /// next marker).
    static func decode(
        _ scan: ScanHeader, frame: inout Frame, dcTables: [HuffmanTable?], acTables: [HuffmanTable?],
        restartInterval: Int, data: UnsafeBufferPointer<UInt8>, start: Int, scanNumber: Int
    ) throws(JPEGError) -> Int {
        let progressive = frame.process == .progressive
        // Tables the scan uses must exist.
        for entry in scan.entries {
            let id = frame.components[entry.component].id
            let needsDC = !progressive || (scan.ss == 0 && scan.ah == 0)
            let needsAC = !progressive || scan.ss > 0
            if needsDC && dcTables[entry.dcTable] == nil {
                throw JPEGError(
                    .corrupt, at: start,
                    "scan \(scanNumber) uses DC Huffman table \(entry.dcTable) for component \(id), but no DHT defined it"
                )
            }
            if needsAC && acTables[entry.acTable] == nil {
                throw JPEGError(
                    .corrupt, at: start,
                    "scan \(scanNumber) uses AC Huffman table \(entry.acTable) for component \(id), but no DHT defined it"
                )
            }
        }
        var context = Context(reader: BitReader(data, at: start))
        let single = scan.entries.count == 1
        let first = frame.components[scan.entries[0].component]
        let unitsX = single ? first.usedBlocksWide : frame.mcusX
        let unitsY = single ? first.usedBlocksHigh : frame.mcusY
        let total = unitsX * unitsY
        let natural = UnsafePointer(Self.natural)
        // What one block's decoding is, per entry (its index is its DC predictor's slot).
        struct Unit {
            let coefficients: UnsafeMutablePointer<Int16>
            let stride: Int
            let h: Int
            let v: Int
            let dc: HuffmanTable.Lookup?
            let ac: HuffmanTable.Lookup?
        }
        let components = scan.entries.map { frame.components[$0.component] }
        let units = zip(scan.entries, components).map { entry, c in
            Unit(
                coefficients: c.coefficients.base, stride: c.blocksWide, h: single ? 1 : c.h, v: single ? 1 : c.v,
                dc: dcTables[entry.dcTable]?.lookup, ac: acTables[entry.acTable]?.lookup)
        }
        for entry in scan.entries where progressive ? scan.ss == 0 : true {
            frame.components[entry.component].hasDC = true
        }
        // Sequential rows of blocks go through the IDCT on another thread as they are decoded.
        var pipeline: RowPipeline?
        if !progressive {
            var parts: [RowPipeline.Part] = [], offset = 0
            for (unit, c) in zip(units, components) {
                // Latched when the frame's first scan of the component started (Frame).
                guard let quant = c.quant else {
                    throw JPEGError(.corrupt, at: start, "scan \(scanNumber): a component has no quantisation table")
                }
                parts.append(
                    RowPipeline.Part(
                        offset: offset, blocksPerRow: unitsX * unit.h, v: unit.v, plane: c.plane.base,
                        planeStride: c.planeStride, usedWide: c.usedBlocksWide, usedHigh: c.usedBlocksHigh,
                        quant: UnsafePointer(quant.base)))
                offset += unitsX * unit.h * unit.v * 64
            }
            pipeline = RowPipeline(parts: parts, slotSize: offset)
        }
        defer { pipeline?.drain() }
        var row: UnsafeMutablePointer<Int16>?
        var nextRestart = 0
        for index in 0..<total {
            if restartInterval > 0 && index > 0 && index % restartInterval == 0 {
                if context.reader.usedPadding {
                    throw cutShort(scanNumber, unit: index, at: context.reader.position, single: single)
                }
                try restart(&context, expected: nextRestart, scanNumber: scanNumber)
                nextRestart = (nextRestart + 1) & 7
            }
            let ux = index % unitsX, uy = index / unitsX
            if let pipeline, ux == 0 { row = pipeline.slot(for: uy) }
            for (p, unit) in units.enumerated() {
                for v in 0..<unit.v {
                    for h in 0..<unit.h {
                        let bx = ux * unit.h + h
                        let ok: Bool
                        // The tables a scan needs were checked above: a missing one reads as a bad code.
                        if let pipeline {
                            let part = pipeline.parts[p]
                            if let row, let dc = unit.dc, let ac = unit.ac {
                                ok = sequential(
                                    row + part.offset + (v * part.blocksPerRow + bx) * 64, &context, dc, ac,
                                    slot: p, natural: natural)
                            } else {
                                ok = false
                            }
                        } else {
                            let target = unit.coefficients + ((uy * unit.v + v) * unit.stride + bx) * 64
                            if scan.ss == 0 {
                                if scan.ah != 0 {
                                    ok = dcRefine(target, &context, al: scan.al)
                                } else if let dc = unit.dc {
                                    ok = dcFirst(target, &context, dc, slot: p, al: scan.al)
                                } else {
                                    ok = false
                                }
                            } else if let ac = unit.ac {
                                ok =
                                    scan.ah == 0
                                    ? acFirst(
                                        target, &context, ac, ss: scan.ss, se: scan.se, al: scan.al, natural: natural)
                                    : acRefine(
                                        target, &context, ac, ss: scan.ss, se: scan.se, al: scan.al, natural: natural)
                            } else {
                                ok = false
                            }
                        }
                        if !ok {
                            throw JPEGError(
                                .corrupt, at: context.reader.position,
                                "scan \(scanNumber): a Huffman code its table does not have, in \(single ? "block" : "MCU") \(index)"
                            )
                        }
                    }
                }
            }
            if let pipeline, ux == unitsX - 1 { pipeline.finish(row: uy) }
        }
        if context.reader.usedPadding {
            throw cutShort(scanNumber, unit: total, at: context.reader.position, single: single)
        }
        return nextMarker(data, from: context.reader.position)
    }

    static func cutShort(_ scan: Int, unit: Int, at offset: Int, single: Bool) -> JPEGError {
        JPEGError(
            .truncated, at: offset,
            "scan \(scan)'s data ends before \(single ? "block" : "MCU") \(unit) is complete "
                + "(the file is cut short or a marker interrupts the data)")
    }

    /// The offset of the next marker at or after `offset`: bytes that are not a marker are skipped,
    /// as libjpeg skips them (with a warning).
    static func nextMarker(_ data: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
        var p = offset
        while p + 1 < data.count {
            if data[p] == 0xFF && data[p + 1] != 0x00 && data[p + 1] != 0xFF { return p }
            p += 1
        }
        return data.count
    }

    /// Ends a restart interval: the RSTn marker that must come next, then fresh predictors.
    static func restart(_ context: inout Context, expected: Int, scanNumber: Int) throws(JPEGError) {
        let data = context.reader.data
        let p = nextMarker(data, from: context.reader.position)
        guard p + 1 < data.count else {
            throw JPEGError(
                .truncated, at: p, "scan \(scanNumber): the file ends where restart marker RST\(expected) was due")
        }
        guard data[p + 1] == 0xD0 + UInt8(expected) else {
            throw JPEGError(
                .corrupt, at: p,
                "scan \(scanNumber): marker 0x\(hex(data[p + 1])) where restart marker RST\(expected) was due")
        }
        context.reader = BitReader(data, at: p + 2)
        context.predictors = (0, 0, 0, 0)
        context.eobrun = 0
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    // MARK: - Blocks

    @inline(__always)
    static func sequential(
        _ block: UnsafeMutablePointer<Int16>, _ context: inout Context, _ dc: HuffmanTable.Lookup,
        _ ac: HuffmanTable.Lookup,
        slot: Int, natural: UnsafePointer<Int>
    ) -> Bool {
        guard let t = context.reader.decode(dc) else { return false }
        let diff = context.reader.receiveExtend(t)
        block[0] = Int16(truncatingIfNeeded: context.predict(slot, diff))
        var k = 1
        while k < 64 {
            // A short code with its value in the next 9 bits: one lookup.
            if context.reader.count < 16 { context.reader.fill() }
            let packed = ac.acFast[context.reader.peek(HuffmanTable.lookaheadBits)]
            if packed != 0 {
                context.reader.skip(Int(packed & 0xFF))
                k += Int((packed >> 8) & 0xFF)
                block[natural[k]] = Int16(truncatingIfNeeded: packed >> 16)
                k += 1
                continue
            }
            guard let rs = context.reader.decode(ac) else { return false }
            let r = rs >> 4, s = rs & 15
            if s != 0 {
                k += r
                block[natural[k]] = Int16(truncatingIfNeeded: context.reader.receiveExtend(s))
            } else {
                if r != 15 { break }
                k += 15
            }
            k += 1
        }
        return true
    }

    @inline(__always)
    static func dcFirst(
        _ block: UnsafeMutablePointer<Int16>, _ context: inout Context, _ dc: HuffmanTable.Lookup, slot: Int, al: Int
    ) -> Bool {
        guard let t = context.reader.decode(dc) else { return false }
        let diff = context.reader.receiveExtend(t)
        block[0] = Int16(truncatingIfNeeded: context.predict(slot, diff) << al)
        return true
    }

    @inline(__always)
    static func dcRefine(_ block: UnsafeMutablePointer<Int16>, _ context: inout Context, al: Int) -> Bool {
        if context.reader.bit() != 0 { block[0] |= Int16(truncatingIfNeeded: 1 << al) }
        return true
    }

    @inline(__always)
    static func acFirst(
        _ block: UnsafeMutablePointer<Int16>, _ context: inout Context, _ ac: HuffmanTable.Lookup,
        ss: Int, se: Int, al: Int, natural: UnsafePointer<Int>
    ) -> Bool {
        if context.eobrun > 0 {
            context.eobrun -= 1
            return true
        }
        var k = ss
        while k <= se {
            guard let rs = context.reader.decode(ac) else { return false }
            let r = rs >> 4, s = rs & 15
            if s != 0 {
                k += r
                let value = context.reader.receiveExtend(s)
                block[natural[min(k, 79)]] = Int16(truncatingIfNeeded: value << al)
            } else if r == 15 {
                k += 15
            } else {
                context.eobrun = 1 << r
                if r > 0 { context.eobrun += context.reader.bits(r) }
                context.eobrun -= 1
                break
            }
            k += 1
        }
        return true
    }

    @inline(__always)
    static func acRefine(
        _ block: UnsafeMutablePointer<Int16>, _ context: inout Context, _ ac: HuffmanTable.Lookup,
        ss: Int, se: Int, al: Int, natural: UnsafePointer<Int>
    ) -> Bool {
        let p1 = Int16(truncatingIfNeeded: 1 << al), m1 = Int16(truncatingIfNeeded: -1 << al)
        var k = ss
        if context.eobrun == 0 {
            while k <= se {
                guard let rs = context.reader.decode(ac) else { return false }
                var r = rs >> 4
                var s = Int16(0)
                if rs & 15 != 0 {
                    // The size of a newly nonzero coefficient is 1 (libjpeg warns on another size).
                    s = context.reader.bit() != 0 ? p1 : m1
                } else if r != 15 {
                    context.eobrun = 1 << r
                    if r > 0 { context.eobrun += context.reader.bits(r) }
                    break
                }
                // Past coefficients already nonzero (a correction bit each) and r zero ones.
                repeat {
                    let position = natural[min(k, 79)]
                    let current = block[position]
                    if current != 0 {
                        if context.reader.bit() != 0 && current & p1 == 0 {
                            block[position] = current >= 0 ? current &+ p1 : current &+ m1
                        }
                    } else {
                        r -= 1
                        if r < 0 { break }
                    }
                    k += 1
                } while k <= se
                if s != 0 { block[natural[min(k, 79)]] = s }
                k += 1
            }
        }
        if context.eobrun > 0 {
            while k <= se {
                let position = natural[k]
                let current = block[position]
                if current != 0 && context.reader.bit() != 0 && current & p1 == 0 {
                    block[position] = current >= 0 ? current &+ p1 : current &+ m1
                }
                k += 1
            }
            context.eobrun -= 1
        }
        return true
    }
}
