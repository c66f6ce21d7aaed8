import Foundation

/// Test fixtures, found next to the test source file that asks for them (never through the
/// working directory).
public struct Fixture: Sendable {
    /// The `Fixtures` folder beside the calling test file.
    public let directory: URL

    public init(_ filePath: StaticString = #filePath) {
        directory = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    public func url(_ path: String) -> URL {
        directory.appendingPathComponent(path)
    }

    public func data(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(path)))
    }

    public func text(_ path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    public func files(in folder: String, withExtension ext: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(folder).path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted()
    }
}

/// A seeded generator (SplitMix64), so that a random test can name and replay its seed.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
