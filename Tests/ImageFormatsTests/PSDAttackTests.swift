import ImageFormats
import Testing

/// Attack round 13 (docs/RELIABILITY.md): Photoshop files whose transparency marks, resource
/// blocks or raw data contradict themselves, each read by docs/FORMATS.md §PSD.
@Suite struct PSDAttackTests {
    static func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 255), UInt8(v & 255)] }
    static func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v & 0xFFFF) }

    /// A 2 × 1 RGB file of `planes` (raw), with `resources` and a layer section of `layers`.
    static func file(planes: [[UInt8]], resources: [UInt8] = [], layers: [UInt8] = [], cut: Int = 0) -> [UInt8] {
        var bytes = Array("8BPS".utf8) + u16(1) + [UInt8](repeating: 0, count: 6)
        bytes += u16(planes.count) + u32(1) + u32(2) + u16(8) + u16(3)
        bytes += u32(0) + u32(resources.count) + resources + u32(layers.count) + layers
        bytes += u16(0) + planes.flatMap { $0 }
        return Array(bytes.dropLast(cut))
    }

    static func resource(_ signature: String, _ id: Int, _ data: [UInt8]) -> [UInt8] {
        Array(signature.utf8) + u16(id) + [0, 0] + u32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }

    static let colour: [[UInt8]] = [[255, 0], [0, 0], [0, 255]]

    static func alphas(_ bytes: [UInt8]) throws -> [UInt8] {
        let image = try PSDDecoder().decode(bytes)
        return [image.pixels[3], image.pixels[7]]
    }

    @Test func aMergedTransparencyBlockTakesTheChannelTheIdentifiersName() throws {
        // Five channels and an Mtrn block: no identifiers, so the last channel (4) is the
        // transparency, as psd-tools reads it — not channel 3.
        let mtrn = Self.u32(0) + Self.u32(0) + Array("8BIMMtrn".utf8) + Self.u32(0)
        let planes = Self.colour + [[10, 20], [200, 100]]
        #expect(try Self.alphas(Self.file(planes: planes, layers: mtrn)) == [200, 100])
    }

    @Test func aMergedTransparencyBlockThatDoesNotFitCountsAsAbsent() throws {
        // The block's length runs past its section, and the identifiers (9) say the extra
        // channel is not transparency: opaque.
        let broken = Self.u32(0) + Self.u32(0) + Array("8BIMMtrn".utf8) + Self.u32(64)
        let ids = Self.resource("8BIM", 1053, Self.u32(9))
        let planes = Self.colour + [[10, 20]]
        #expect(try Self.alphas(Self.file(planes: planes, resources: ids, layers: broken)) == [255, 255])
    }

    @Test func onlyPhotoshopsOwnResourceBlocksAreRead() throws {
        // Identifiers all non-zero in a block signed JUNK are passed over: the extra channel is
        // then the transparency (nothing says otherwise); signed 8BIM, they make it opaque.
        let planes = Self.colour + [[10, 20]]
        let junk = Self.resource("JUNK", 1053, Self.u32(9))
        #expect(try Self.alphas(Self.file(planes: planes, resources: junk)) == [10, 20])
        let real = Self.resource("8BIM", 1053, Self.u32(9))
        #expect(try Self.alphas(Self.file(planes: planes, resources: real)) == [255, 255])
    }

    @Test func rawDataMustHoldEveryChannel() {
        // A fourth channel the picture does not use, cut short by one byte: truncated, as PackBits.
        let planes = Self.colour + [[10, 20]]
        let ids = Self.resource("8BIM", 1053, Self.u32(9))
        do {
            _ = try PSDDecoder().decode(Self.file(planes: planes, resources: ids, cut: 1))
            Issue.record("a file without all its channels was decoded")
        } catch {
            #expect(error.kind == .truncated, "\(error)")
        }
    }
}
