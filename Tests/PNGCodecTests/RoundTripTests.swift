import Testing
import TestSupport
@testable import PNGCodec

/// Encoding then decoding gives the same pixels, for every color type the encoder can choose,
/// and the same image gives the same bytes every time.
@Suite struct RoundTripTests {
    enum Kind: String, CaseIterable, Sendable {
        case rgba, rgb, grayAlpha, gray8, gray4, gray2, gray1, palette2, palette4, palette16, palette256
    }

    /// A random image of `kind` from a seeded generator.
    static func image(_ kind: Kind, width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var random = SeededGenerator(seed: seed)
        var colors: [[UInt8]] = []
        let paletteSize: Int? =
            switch kind {
            case .palette2: 2
            case .palette4: 4
            case .palette16: 16
            case .palette256: 256
            default: nil
            }
        if let paletteSize {
            for _ in 0..<paletteSize {
                colors.append([
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random), [0, 128, 255, 255][Int.random(in: 0..<4, using: &random)]
                ])
            }
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let v = UInt8.random(in: 0...255, using: &random)
                // Smooth areas as well as noise, so filters and matches both get exercised.
                let smooth = UInt8(truncatingIfNeeded: x * 3 + y * 5)
                let s = (x / 7 + y / 5) % 2 == 0 ? smooth : v
                switch kind {
                case .rgba: pixels += [s, v, smooth, UInt8.random(in: 0...255, using: &random)]
                case .rgb: pixels += [s, v &+ 1, smooth, 255]
                case .grayAlpha: pixels += [s, s, s, v]
                case .gray8: pixels += [s, s, s, 255]
                case .gray4: let g = (s >> 4) * 17; pixels += [g, g, g, 255]
                case .gray2: let g = (s >> 6) * 85; pixels += [g, g, g, 255]
                case .gray1: let g: UInt8 = s & 1 == 0 ? 0 : 255; pixels += [g, g, g, 255]
                default: pixels += colors[Int(s) % colors.count]
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    static let sizes: [(Int, Int)] = [
        (1, 1), (1, 7), (7, 1), (3, 3), (8, 8), (9, 5), (13, 17), (31, 2), (64, 33), (257, 3)
    ]

    @Test(arguments: Kind.allCases)
    func reencodesLosslessly(_ kind: Kind) throws {
        for (index, (width, height)) in Self.sizes.enumerated() {
            let seed = UInt64(0xC0DEC) &+ UInt64(index) &* 7919
            let original = Self.image(kind, width: width, height: height, seed: seed)
            for level in [0, 1, 6, 9] {
                let encoded = PNGEncoder(level: .init(level)).encode(original)
                let decoded = try PNGDecoder().decode(encoded)
                #expect(decoded == original, "\(kind) \(width)×\(height) level \(level) seed \(seed)")
            }
        }
    }

    @Test func choosesTheSmallestLosslessColorType() throws {
        let expectations: [(Kind, PNGColorType, Int)] = [
            (.rgba, .truecolorAlpha, 8), (.rgb, .truecolor, 8), (.grayAlpha, .grayscaleAlpha, 8),
            (.gray8, .grayscale, 8), (.gray4, .grayscale, 4), (.gray2, .grayscale, 2), (.gray1, .grayscale, 1),
            (.palette2, .indexed, 1), (.palette4, .indexed, 2), (.palette16, .indexed, 4)
        ]
        for (kind, colorType, depth) in expectations {
            let image = Self.image(kind, width: 40, height: 30, seed: 42)
            let header = try PNGDecoder().decodeWithDetails(PNGEncoder().encode(image)).header
            #expect(header.colorType == colorType && header.bitDepth == depth, "\(kind)")
        }
    }

    @Test func sameImageGivesSameBytes() {
        for kind in Kind.allCases {
            let image = Self.image(kind, width: 50, height: 20, seed: 7)
            #expect(PNGEncoder().encode(image) == PNGEncoder().encode(image), "\(kind)")
        }
    }

    @Test func writesOnlyTheDeterministicChunks() throws {
        let encoded = PNGEncoder().encode(Self.image(.palette16, width: 10, height: 10, seed: 1))
        let types = encoded.withUnsafeBytes { ChunkLexer.lex($0).chunks.map(\.chunk.type.description) }
        #expect(types == ["IHDR", "sRGB", "PLTE", "tRNS", "IDAT", "IEND"])
        let opaque = PNGEncoder().encode(Self.image(.rgb, width: 10, height: 10, seed: 1))
        #expect(
            opaque.withUnsafeBytes { ChunkLexer.lex($0).chunks.map(\.chunk.type.description) } == [
                "IHDR", "sRGB", "IDAT", "IEND"
            ])
    }

    @Test func sixteenBitReductionRoundsToNearest() {
        for v in 0...65535 {
            let expected = UInt8((v + 128) / 257)  // round(v / 257): never a tie
            #expect(PixelConverter.reduce16(UInt8(v >> 8), UInt8(v & 0xFF)) == expected)
        }
    }
}
