/// A PNG chunk type: four ASCII letters whose case bits carry properties (PNG spec §5.4).
public struct ChunkType: Hashable, Sendable, CustomStringConvertible {
    /// The four bytes, first byte in the high bits.
    public let code: UInt32

    public init(code: UInt32) {
        self.code = code
    }

    /// The chunk type spelled by `name` (four ASCII characters).
    public init(_ name: StaticString) {
        precondition(name.utf8CodeUnitCount == 4, "chunk types have four letters")
        let p = name.utf8Start
        code = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
    }

    public static let IHDR = ChunkType("IHDR")
    public static let PLTE = ChunkType("PLTE")
    public static let IDAT = ChunkType("IDAT")
    public static let IEND = ChunkType("IEND")
    public static let tRNS = ChunkType("tRNS")
    public static let sRGB = ChunkType("sRGB")
    public static let iCCP = ChunkType("iCCP")
    /// Apple's "crushed" PNG marker (before IHDR in files Xcode optimises for iOS).
    public static let CgBI = ChunkType("CgBI")

    /// The type's four bytes.
    public var bytes: [UInt8] {
        [UInt8(code >> 24), UInt8((code >> 16) & 0xFF), UInt8((code >> 8) & 0xFF), UInt8(code & 0xFF)]
    }

    /// True if every byte is an ASCII letter.
    public var isValid: Bool {
        bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }

    /// Critical chunks (upper-case first letter) must be understood to show the image.
    public var isCritical: Bool { code & 0x2000_0000 == 0 }

    public var description: String {
        String(decoding: bytes, as: UTF8.self)
    }
}
