import Dispatch

/// A sequential scan's blocks through the IDCT on a second thread: the scan decodes one row of
/// MCUs (of blocks, in a one-component scan) into a free slot of a small ring, hands the row over,
/// and goes on with the next while the row's blocks become samples in their planes. Each block
/// writes its own 8×8 samples, so the planes hold the same bytes as one thread would write.
final class RowPipeline: @unchecked Sendable {
    /// One component of the scan: where its blocks sit in a slot and where its samples go.
    struct Part {
        /// Offset of the component's blocks in a slot, in coefficients.
        let offset: Int
        /// Blocks in a row of the slot (units across × h) and rows of blocks (v).
        let blocksPerRow: Int
        let v: Int
        let plane: UnsafeMutablePointer<UInt8>
        let planeStride: Int
        let usedWide: Int
        let usedHigh: Int
        let quant: UnsafePointer<Int16>
    }

    static let slots = 3
    let parts: [Part]
    let slotSize: Int
    private let buffer: UnsafeMutablePointer<Int16>
    private let free = DispatchSemaphore(value: slots)
    private let queue = DispatchQueue(label: "JPEGCodec.idct")
    /// Slots taken and rows handed over (the decoding thread's counts).
    private var taken = 0
    private var handed = 0

    init(parts: [Part], slotSize: Int) {
        self.parts = parts
        self.slotSize = slotSize
        buffer = UnsafeMutablePointer<Int16>.allocate(capacity: Self.slots * slotSize)
        buffer.initialize(repeating: 0, count: Self.slots * slotSize)
    }

    deinit { buffer.deallocate() }

    /// The zeroed slot row `row` is decoded into (waits while every slot is in use).
    func slot(for row: Int) -> UnsafeMutablePointer<Int16> {
        free.wait()
        taken += 1
        return buffer + (row % Self.slots) * slotSize
    }

    /// Hands row `row` (its slot filled) to the IDCT thread, which zeroes the slot after it.
    func finish(row: Int) {
        handed += 1
        nonisolated(unsafe) let blocks = buffer + (row % Self.slots) * slotSize
        queue.async { [self] in
            let workspace = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
            defer { workspace.deallocate() }
            for part in parts {
                for v in 0..<part.v {
                    let by = row * part.v + v
                    guard by < part.usedHigh else { break }
                    for bx in 0..<min(part.blocksPerRow, part.usedWide) {
                        IDCT.transform(
                            blocks + part.offset + (v * part.blocksPerRow + bx) * 64, quant: part.quant,
                            workspace: workspace,
                            output: part.plane + by * 8 * part.planeStride + bx * 8, stride: part.planeStride)
                    }
                }
            }
            blocks.update(repeating: 0, count: slotSize)
            free.signal()
        }
    }

    /// Waits until every handed-over row is in its plane, and gives back a slot taken for a row
    /// a failing scan never finished (a semaphore must be back at its first value when freed).
    func drain() {
        queue.sync {}
        while handed < taken {
            handed += 1
            free.signal()
        }
    }
}
