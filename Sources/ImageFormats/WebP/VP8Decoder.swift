// A lossy WebP image: one VP8 key frame (RFC 6386) decoded as libwebp decodes it by default.
// The first partition gives the frame header and each macroblock's segment, skip flag and
// prediction modes; the token partitions (macroblock rows in turn) its coefficients. Every
// macroblock is predicted from the unfiltered reconstruction around it and its residue added;
// then the loop filter runs over the frame, and the planes, cropped to the picture, become RGBA
// by VP8Upsampling.

struct VP8Decoder {
    let bytes: [UInt8]
    let start: Int
    let end: Int
    let limits: ImageFormatLimits

    static let kfYModeTree = [-4, 2, 4, 6, -0, -1, -2, -3]  // B_PRED (4), then DC, V, H, TM
    static let kfYModeProbs = [145, 156, 163, 128]
    static let bModeTree = [-0, 2, -1, 4, -2, 6, 8, 12, -3, 10, -5, -6, -4, 14, -7, 16, -8, -9]
    static let uvModeTree = [-0, 2, -1, 4, -2, -3]
    static let uvModeProbs = [142, 114, 183]
    static let segmentTree = [2, 4, -0, -1, -2, -3]

    /// The frame's size from its header.
    func size() throws(ImageFormatError) -> (width: Int, height: Int) {
        let header = try VP8FrameHeader(bytes, from: start, to: end)
        return (header.width, header.height)
    }

    /// The picture as straight RGBA8 (alpha 255).
    func decode() throws(ImageFormatError) -> (width: Int, height: Int, rgba: [UInt8]) {
        var header = try VP8FrameHeader(bytes, from: start, to: end)
        let (width, height) = (header.width, header.height)
        try limits.check(width: width, height: height, format: "WebP", at: start + 6)
        var d = VP8BoolDecoder(bytes, from: header.firstPartition.lowerBound, to: header.firstPartition.upperBound)
        try header.read(&d, bytes, end: end)
        let across = (width + 15) / 16, down = (height + 15) / 16
        let yStride = across * 16, uvStride = across * 8
        var yPlane = [UInt8](repeating: 0, count: yStride * down * 16)
        var uPlane = [UInt8](repeating: 0, count: uvStride * down * 8)
        var vPlane = uPlane
        var partitions = header.tokenPartitions.map { VP8BoolDecoder(bytes, from: $0.lowerBound, to: $0.upperBound) }
        let strengths = header.filterStrengths()
        var filterInfo: [(strength: (limit: Int, interior: Int, hev: Int), inner: Bool)] = []
        filterInfo.reserveCapacity(across * down)
        // Contexts: the sub-block modes above (4 a macroblock) and the non-zero flags above
        // (4 Y, 2 U, 2 V, 1 Y2 a macroblock).
        var modesAbove = [Int](repeating: 0, count: across * 4)
        var nonZeroAbove = [[Int]](repeating: [Int](repeating: 0, count: 9), count: across)
        var coefficients = [Int32](repeating: 0, count: 25 * 16)
        var subModes = [Int](repeating: 0, count: 16)
        var luma = VP8WorkArea(size: 16), chromaU = VP8WorkArea(size: 8), chromaV = VP8WorkArea(size: 8)
        let probabilities = header.coefficientProbabilities
        for mby in 0..<down {
            var modesLeft = [0, 0, 0, 0]
            var nonZeroLeft = [Int](repeating: 0, count: 9)
            for mbx in 0..<across {
                // The macroblock header (first partition).
                let segment =
                    header.updateSegmentMap ? d.tree(Self.segmentTree) { header.segmentProbabilities[$0] } : 0
                let skip = header.useSkipProbability ? d.bit(header.skipProbability) == 1 : false
                let yMode = d.tree(Self.kfYModeTree) { Self.kfYModeProbs[$0] }
                let bPred = yMode == 4
                for i in 0..<16 { subModes[i] = 0 }
                if bPred {
                    for row in 0..<4 {
                        var left = modesLeft[row]
                        for column in 0..<4 {
                            let above = modesAbove[mbx * 4 + column]
                            let base = (above * 10 + left) * 9
                            let mode = d.tree(Self.bModeTree) { Int(VP8Tables.kfBModeProbs[base + $0]) }
                            subModes[row * 4 + column] = mode
                            modesAbove[mbx * 4 + column] = mode
                            left = mode
                        }
                        modesLeft[row] = left
                    }
                } else {
                    // A whole-block mode stands for its subblock counterpart: DC, V (VE), H (HE), TM.
                    let context = yMode == 0 ? 0 : yMode == 1 ? 2 : yMode == 2 ? 3 : 1
                    for i in 0..<4 {
                        modesAbove[mbx * 4 + i] = context
                        modesLeft[i] = context
                    }
                }
                let uvMode = d.tree(Self.uvModeTree) { Self.uvModeProbs[$0] }
                guard !d.exhausted else {
                    throw VP8FrameHeader.fail("the first partition ends at macroblock (\(mbx), \(mby))", .truncated)
                }
                // The coefficients (token partition of this row).
                for i in coefficients.indices { coefficients[i] = 0 }
                var hasCoefficients = false
                let q = header.quantizers[segment]
                if !skip {
                    hasCoefficients = Self.residuals(
                        &partitions[mby % partitions.count], probabilities, bPred: bPred, q: q,
                        above: &nonZeroAbove[mbx], left: &nonZeroLeft, coefficients: &coefficients)
                    guard !partitions[mby % partitions.count].exhausted else {
                        throw VP8FrameHeader.fail(
                            "the coefficients end at macroblock (\(mbx), \(mby)) (premature end of file)", .truncated)
                    }
                } else {
                    for i in 0..<8 {
                        nonZeroAbove[mbx][i] = 0
                        nonZeroLeft[i] = 0
                    }
                    if !bPred {
                        nonZeroAbove[mbx][8] = 0
                        nonZeroLeft[8] = 0
                    }
                }
                filterInfo.append((strengths[segment][bPred ? 1 : 0], bPred || hasCoefficients))
                // Prediction and reconstruction.
                luma.load(yPlane, planeStride: yStride, bx: mbx, by: mby, blocksAcross: across, aboveRight: true)
                chromaU.load(uPlane, planeStride: uvStride, bx: mbx, by: mby, blocksAcross: across, aboveRight: false)
                chromaV.load(vPlane, planeStride: uvStride, bx: mbx, by: mby, blocksAcross: across, aboveRight: false)
                if bPred {
                    for i in 0..<16 {
                        let (x, y) = (i % 4 * 4, i / 4 * 4)
                        luma.predictSubblock(subModes[i], x, y)
                        VP8Transforms.addInverseDCT(
                            coefficients, at: i * 16, to: &luma.pixels, origin: luma.at(x, y), stride: luma.stride)
                    }
                } else {
                    luma.predictBlock(yMode, hasAbove: mby > 0, hasLeft: mbx > 0)
                    for i in 0..<16 {
                        VP8Transforms.addInverseDCT(
                            coefficients, at: i * 16, to: &luma.pixels, origin: luma.at(i % 4 * 4, i / 4 * 4),
                            stride: luma.stride)
                    }
                }
                chromaU.predictBlock(uvMode, hasAbove: mby > 0, hasLeft: mbx > 0)
                chromaV.predictBlock(uvMode, hasAbove: mby > 0, hasLeft: mbx > 0)
                for i in 0..<4 {
                    let (x, y) = (i % 2 * 4, i / 2 * 4)
                    VP8Transforms.addInverseDCT(
                        coefficients, at: (16 + i) * 16, to: &chromaU.pixels, origin: chromaU.at(x, y),
                        stride: chromaU.stride)
                    VP8Transforms.addInverseDCT(
                        coefficients, at: (20 + i) * 16, to: &chromaV.pixels, origin: chromaV.at(x, y),
                        stride: chromaV.stride)
                }
                luma.store(&yPlane, planeStride: yStride, bx: mbx, by: mby)
                chromaU.store(&uPlane, planeStride: uvStride, bx: mbx, by: mby)
                chromaV.store(&vPlane, planeStride: uvStride, bx: mbx, by: mby)
            }
        }
        if header.filterLevel > 0 {
            let filter = VP8LoopFilter(simple: header.simpleFilter)
            for mby in 0..<down {
                for mbx in 0..<across {
                    let info = filterInfo[mby * across + mbx]
                    filter.filter(
                        &yPlane, &uPlane, &vPlane, yStride: yStride, uvStride: uvStride, mbx: mbx, mby: mby,
                        strength: info.strength, inner: info.inner)
                }
            }
        }
        let rgba = VP8Upsampling.rgba(
            yPlane, yStride: yStride, u: uPlane, v: vPlane, uvStride: uvStride, width: width, height: height)
        return (width, height, rgba)
    }

    /// A macroblock's coefficient blocks: Y2 (unless B_PRED) and its WHT, 16 Y, 4 U, 4 V. Returns
    /// whether any coefficient (a WHT output included) is non-zero, which decides the inner edges'
    /// filtering. Non-zero contexts: 0–3 Y, 4–5 U, 6–7 V, 8 Y2, by column (above) or row (left).
    static func residuals(
        _ d: inout VP8BoolDecoder, _ probabilities: [Int], bPred: Bool, q: [Int], above: inout [Int],
        left: inout [Int], coefficients: inout [Int32]
    ) -> Bool {
        var any = false
        var first = 0
        var yType = 3
        if !bPred {
            var y2 = [Int32](repeating: 0, count: 16)
            let n = VP8Residuals.block(
                &d, probabilities, type: 1, context: above[8] + left[8], first: 0, dc: q[2], ac: q[3], into: &y2, at: 0)
            above[8] = n > 0 ? 1 : 0
            left[8] = above[8]
            VP8Transforms.inverseWHT(y2, into: &coefficients)
            first = 1
            yType = 0
        }
        for row in 0..<4 {
            for column in 0..<4 {
                let block = row * 4 + column
                let n = VP8Residuals.block(
                    &d, probabilities, type: yType, context: above[column] + left[row], first: first, dc: q[0],
                    ac: q[1],
                    into: &coefficients, at: block * 16)
                let nonZero = n > first ? 1 : 0
                above[column] = nonZero
                left[row] = nonZero
                if n > 1 || coefficients[block * 16] != 0 { any = true }
            }
        }
        for plane in 0..<2 {
            for row in 0..<2 {
                for column in 0..<2 {
                    let block = 16 + plane * 4 + row * 2 + column
                    let a = 4 + plane * 2 + column, l = 4 + plane * 2 + row
                    let n = VP8Residuals.block(
                        &d, probabilities, type: 2, context: above[a] + left[l], first: 0, dc: q[4], ac: q[5],
                        into: &coefficients, at: block * 16)
                    above[a] = n > 0 ? 1 : 0
                    left[l] = above[a]
                    if n > 1 || coefficients[block * 16] != 0 { any = true }
                }
            }
        }
        return any
    }
}
