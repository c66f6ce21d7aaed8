// Lossless color-type reduction for the encoder: which smaller PNG formats hold an RGBA8 image
// exactly.
//
// - All alpha 255 → no alpha channel. All r = g = b → grayscale. Both can apply.
// - Gray samples that are all multiples of 17, 85 or 255 fit 4, 2 or 1 bits exactly.
// - At most 256 distinct RGBA values → an indexed image; its palette lists transparent entries
//   first (so tRNS stops at the last one), each group ordered by RGBA value, which makes the
//   palette a function of the set of colors alone.

/// The outcome of scanning an image's pixels.
struct ColorAnalysis {
    var isOpaque = true
    var isGray = true
    /// Smallest gray bit depth (1, 2, 4 or 8) that holds every gray sample (when `isGray`).
    var grayBitDepth = 1
    /// The distinct RGBA values (as r << 24 | g << 16 | b << 8 | a), sorted for the palette, or
    /// nil if there are more than 256.
    var palette: [UInt32]?

    init(_ image: RGBAImage) {
        let count = image.width * image.height
        var colors = ColorSet(capacity: 257)
        image.pixels.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var alphaAnd: UInt8 = 255
            var grayDifference: UInt8 = 0
            var depthMask: UInt8 = 0  // bits that rule out lower gray depths
            for i in 0..<count {
                let p = base + i * 4
                let r = p.load(as: UInt8.self), g = p.load(fromByteOffset: 1, as: UInt8.self)
                let b = p.load(fromByteOffset: 2, as: UInt8.self), a = p.load(fromByteOffset: 3, as: UInt8.self)
                alphaAnd &= a
                grayDifference |= (r ^ g) | (r ^ b)
                depthMask |= ColorAnalysis.depthClass[Int(r)]
            }
            isOpaque = alphaAnd == 255
            isGray = grayDifference == 0
            grayBitDepth = depthMask & 4 != 0 ? 8 : depthMask & 2 != 0 ? 4 : depthMask & 1 != 0 ? 2 : 1

            var previous: UInt32? = nil
            for i in 0..<count {
                let value = UInt32(bigEndian: (base + i * 4).loadUnaligned(as: UInt32.self))
                if value == previous { continue }
                previous = value
                if !colors.insert(value) { return }
            }
        }
        if colors.overflowed {
            palette = nil
        } else {
            // Transparent entries first (alpha < 255), each group by value.
            palette = colors.values.sorted { lhs, rhs in
                let lo = lhs & 0xFF == 0xFF, ro = rhs & 0xFF == 0xFF
                return lo != ro ? !lo : lhs < rhs
            }
        }
    }

    /// Bit 0: not a multiple of 255; bit 1: not a multiple of 85; bit 2: not a multiple of 17.
    private static let depthClass: [UInt8] = (0..<256).map { v in
        (v % 255 != 0 ? 1 : 0) | (v % 85 != 0 ? 2 : 0) | (v % 17 != 0 ? 4 : 0)
    }
}

/// A set of up to `capacity` 32-bit values (open addressing), which reports overflow instead of
/// growing.
private struct ColorSet {
    private var slots: [UInt32]
    private var used: [Bool]
    private(set) var values: [UInt32] = []
    private(set) var overflowed = false
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        slots = [UInt32](repeating: 0, count: 1024)
        used = [Bool](repeating: false, count: 1024)
    }

    /// Adds `value`; false once more than `capacity - 1` distinct values have been seen.
    mutating func insert(_ value: UInt32) -> Bool {
        var index = Int((value &* 0x9E37_79B1) >> 22)
        while used[index] {
            if slots[index] == value { return true }
            index = (index + 1) & 1023
        }
        if values.count == capacity - 1 {
            overflowed = true
            return false
        }
        used[index] = true
        slots[index] = value
        values.append(value)
        return true
    }
}
