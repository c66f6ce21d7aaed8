// LSB-first bit output into a growable byte buffer.
//
// Bits collect in a 64-bit accumulator; `flush()` stores all 8 accumulator bytes at once and
// advances by the whole bytes it holds, so callers add at most 56 bits between flushes and the
// buffer keeps 8 bytes of slack after the write position.

/// An LSB-first bit stream writer (the bit order of RFC 1951 §3.1.1).
struct BitWriter {
    private(set) var storage: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// Whole bytes written.
    private(set) var count = 0
    private var bits: UInt64 = 0
    private var bitCount = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    func deallocate() {
        storage.deallocate()
    }

    /// Bits written so far, including those not yet flushed.
    var bitPosition: Int { count * 8 + bitCount }

    /// Makes room for at least `bytes` more bytes (plus the flush slack).
    mutating func reserve(_ bytes: Int) {
        let needed = count + bytes + 16
        if needed <= capacity { return }
        let newCapacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: storage, count: count)
        storage.deallocate()
        storage = grown
        capacity = newCapacity
    }

    /// Appends the low `length` bits of `value`; at most 56 bits between flushes.
    @inline(__always)
    mutating func add(_ value: UInt64, _ length: Int) {
        bits |= value &<< UInt64(bitCount)
        bitCount &+= length
    }

    /// Moves whole bytes from the accumulator to the buffer.
    @inline(__always)
    mutating func flush() {
        UnsafeMutableRawPointer(storage + count).storeBytes(of: bits.littleEndian, as: UInt64.self)
        let bytes = bitCount >> 3
        count &+= bytes
        bits = bytes == 8 ? 0 : bits &>> UInt64(bytes * 8)
        bitCount &= 7
    }

    /// Pads with zero bits to a byte boundary and flushes.
    mutating func alignToByte() {
        bitCount = (bitCount + 7) & ~7
        flush()
    }

    /// Appends whole bytes; the stream must be byte-aligned.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        precondition(bitCount == 0, "byte append needs a byte-aligned stream")
        reserve(bytes.count)
        if let base = bytes.baseAddress {
            UnsafeMutableRawPointer(storage + count).copyMemory(from: base, byteCount: bytes.count)
        }
        count += bytes.count
    }

    /// The bytes written, after padding the last partial byte with zeros.
    mutating func finish() -> [UInt8] {
        alignToByte()
        return [UInt8](UnsafeBufferPointer(start: storage, count: count))
    }
}
