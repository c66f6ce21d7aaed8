import Dispatch

// From decoded blocks to pixels: a progressive frame's stored coefficients through the IDCT into
// each component's plane (a sequential frame's planes are already filled, block by block, as its
// scans were read), then row by row each component upsampled to the image's width and the rows
// converted (YCbCr to RGB, or copied for grayscale and RGB files). Rows and block rows are split
// into bands worked on in parallel; every sample depends only on the planes, so the bytes are the
// same on any number of threads.

enum Pixels {
    /// Bands per job: enough to keep the machine's cores busy, few enough to stay cheap.
    static let bands = 8

    /// The image's samples: 1 per pixel for one component, else 3 (RGB).
    static func render(_ frame: Frame, colorTransform: Bool, upsampling: JPEGDecoder.Upsampling) -> [UInt8] {
        if frame.process == .progressive {
            for component in frame.components { transformAll(component) }
        }
        let width = frame.width, height = frame.height
        let channels = frame.components.count == 1 ? 1 : 3
        if channels == 1 {
            let c = frame.components[0]
            return [UInt8](unsafeUninitializedCapacity: width * height) { o, count in
                for y in 0..<height {
                    (o.baseAddress! + y * width).initialize(from: c.plane.base + y * c.planeStride, count: width)
                }
                count = width * height
            }
        }
        let methods = frame.components.map { Upsampler.method(for: $0, in: frame, upsampling: upsampling) }
        // Each upsampled row holds up to 4 × the component's width (a 4:1 ratio), at least the image's.
        let rowLength = (frame.components.map { $0.width * (frame.maxH / $0.h) }.max() ?? 0) + 8
        let tables = ColorConverter.tables
        let components = frame.components
        // Every byte is written by one band (uninitialised first, so the pages are touched once, in parallel).
        return [UInt8](unsafeUninitializedCapacity: width * height * 3) { o, count in
            nonisolated(unsafe) let target = o.baseAddress!
            let bandRows = (height + bands - 1) / bands
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: rowLength * 3)
                defer { rows.deallocate() }
                for y in min(height, band * bandRows)..<min(height, (band + 1) * bandRows) {
                    for c in 0..<3 {
                        let component = components[c]
                        Upsampler.row(
                            y, method: methods[c], plane: component.plane.base, stride: component.planeStride,
                            width: component.width, height: component.height, into: rows + c * rowLength)
                    }
                    let line = target + y * width * 3
                    if colorTransform {
                        ColorConverter.ycbcrRow(
                            rows, rows + rowLength, rows + 2 * rowLength, width: width, tables: tables.base, into: line)
                    } else {
                        for x in 0..<width {
                            line[3 * x] = rows[x]
                            line[3 * x + 1] = rows[rowLength + x]
                            line[3 * x + 2] = rows[2 * rowLength + x]
                        }
                    }
                }
            }
            count = width * height * 3
        }
    }

    /// A progressive component's used blocks through the IDCT into its plane.
    static func transformAll(_ component: Component) {
        let wide = component.usedBlocksWide, high = component.usedBlocksHigh, stride = component.planeStride
        let zero = Storage<Int16>(repeating: 0, count: 64)
        let quant = component.quant ?? zero
        nonisolated(unsafe) let plane = component.plane.base
        let bandRows = (high + bands - 1) / bands
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let workspace = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
            defer { workspace.deallocate() }
            for by in min(high, band * bandRows)..<min(high, (band + 1) * bandRows) {
                for bx in 0..<wide {
                    IDCT.transform(
                        component.coefficients.base + (by * component.blocksWide + bx) * 64, quant: quant.base,
                        workspace: workspace, output: plane + by * 8 * stride + bx * 8, stride: stride)
                }
            }
        }
    }
}
