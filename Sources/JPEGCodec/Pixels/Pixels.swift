// From coefficients to pixels: every component's blocks through the IDCT into a plane of its own
// size, then row by row each component upsampled to the image's width and the rows converted
// (YCbCr to RGB, or copied for grayscale and RGB files).

enum Pixels {
    /// The image's samples: 1 per pixel for one component, else 3 (RGB).
    static func render(_ frame: Frame, colorTransform: Bool) -> [UInt8] {
        let width = frame.width, height = frame.height
        let planes = frame.components.map(plane)
        defer { for plane in planes { plane.deallocate() } }
        let channels = frame.components.count == 1 ? 1 : 3
        var out = [UInt8](repeating: 0, count: width * height * channels)
        if channels == 1 {
            let c = frame.components[0]
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<height {
                    (o.baseAddress! + y * width).update(from: planes[0].baseAddress! + y * c.usedBlocksWide * 8, count: width)
                }
            }
            return out
        }
        let methods = frame.components.map { Upsampler.method(for: $0, in: frame) }
        // Each upsampled row holds up to 4 × the component's width (a 4:1 ratio), at least the image's.
        let rowLength = frame.components.map { $0.width * (frame.maxH / $0.h) }.max()! + 8
        var rows = [UInt8](repeating: 0, count: rowLength * 3)
        let tables = ColorConverter.packed
        out.withUnsafeMutableBufferPointer { o in
            rows.withUnsafeMutableBufferPointer { r in
                tables.withUnsafeBufferPointer { t in
                    let bases = planes.map { UnsafePointer($0.baseAddress!) }
                    for y in 0..<height {
                        for c in 0..<3 {
                            let component = frame.components[c]
                            Upsampler.row(y, method: methods[c], plane: bases[c], stride: component.usedBlocksWide * 8,
                                          width: component.width, height: component.height,
                                          into: r.baseAddress! + c * rowLength)
                        }
                        let target = o.baseAddress! + y * width * 3
                        if colorTransform {
                            ColorConverter.ycbcrRow(r.baseAddress!, r.baseAddress! + rowLength, r.baseAddress! + 2 * rowLength,
                                                    width: width, tables: t.baseAddress!, into: target)
                        } else {
                            for x in 0..<width {
                                target[3 * x] = r[x]
                                target[3 * x + 1] = r[rowLength + x]
                                target[3 * x + 2] = r[2 * rowLength + x]
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// A component's samples: its used blocks through the IDCT, `usedBlocksWide · 8` bytes a row
    /// (memory the caller deallocates).
    static func plane(_ component: Component) -> UnsafeMutableBufferPointer<UInt8> {
        let wide = component.usedBlocksWide, high = component.usedBlocksHigh, stride = wide * 8
        let plane = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: stride * high * 8)
        let quant = component.quant ?? [Int32](repeating: 0, count: 64)
        var workspace = [Int32](repeating: 0, count: 64)
        quant.withUnsafeBufferPointer { q in
            workspace.withUnsafeMutableBufferPointer { ws in
                for by in 0..<high {
                    for bx in 0..<wide {
                        IDCT.transform(component.coefficients.base + (by * component.blocksWide + bx) * 64, quant: q.baseAddress!,
                                       workspace: ws.baseAddress!, output: plane.baseAddress! + by * 8 * stride + bx * 8, stride: stride)
                    }
                }
            }
        }
        return plane
    }
}
