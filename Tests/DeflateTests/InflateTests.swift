import Testing
import TestSupport
@testable import Deflate

private let fixture = Fixture()

@Suite struct InflateTests {
    struct Expected: Sendable, CustomStringConvertible {
        let file: String
        let length: Int
        let crc: UInt32
        var description: String { file }
    }

    static let zlibFixtures: [Expected] = {
        guard let manifest = try? fixture.text("zlib/manifest.txt") else { return [] }
        return manifest.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 3, !line.hasPrefix("#"), let length = Int(fields[1]),
                let crc = UInt32(fields[2], radix: 16)
            else { return nil }
            return Expected(file: String(fields[0]), length: length, crc: crc)
        }
    }()

    @Test func manifestIsPresent() {
        #expect(Self.zlibFixtures.count == 81)
    }

    @Test(arguments: zlibFixtures)
    func inflatesStreamsMadeByZlib(_ expected: Expected) throws {
        let stream = try fixture.data("zlib/" + expected.file)
        let output = try Inflater.decompress(stream)
        #expect(output.count == expected.length)
        #expect(CRC32.checksum(output) == expected.crc)
    }

    @Test(arguments: zlibFixtures.filter { $0.length > 40000 })
    func smallWindowChunksGiveTheSameBytes(_ expected: Expected) throws {
        let stream = try fixture.data("zlib/" + expected.file)
        let inflater = Inflater(stream, chunkSize: 4096)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 777)
        while true {
            let n = try buffer.withUnsafeMutableBytes { try inflater.read(into: $0) }
            output += buffer[0..<n]
            if n < buffer.count { break }
        }
        #expect(inflater.isFinished)
        #expect(inflater.consumedInput == stream.count)
        #expect(output.count == expected.length)
        #expect(CRC32.checksum(output) == expected.crc)
    }
}
