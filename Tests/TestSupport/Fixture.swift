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

extension Fixture {
    /// `Tests/UIKitReferences/folder`: images real UIKit drew, with their inputs, shared by the
    /// test targets (Tests/UIKitReferences/README.md); the folder itself for "".
    public static func uikitReferences(_ folder: String = "") -> URL {
        URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
            .appendingPathComponent("../UIKitReferences/\(folder)").standardizedFileURL
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

extension SeededGenerator {
    /// `bytes` with 1 to 4 random edits: a byte replaced, a bit flipped, a byte inserted or removed,
    /// or a byte set to one of `special` (the format's markers and delimiters).
    public mutating func corrupted(_ bytes: [UInt8], special: [UInt8]) -> [UInt8] {
        var mutated = bytes
        for _ in 0..<Int.random(in: 1...4, using: &self) {
            guard !mutated.isEmpty else { break }
            let at = Int.random(in: 0..<mutated.count, using: &self)
            switch Int.random(in: 0..<5, using: &self) {
            case 0: mutated[at] = UInt8.random(in: 0...255, using: &self)
            case 1: mutated[at] ^= 1 << UInt8.random(in: 0...7, using: &self)
            case 2: mutated.insert(UInt8.random(in: 0...255, using: &self), at: at)
            case 3: mutated.remove(at: at)
            default: mutated[at] = special[Int.random(in: 0..<special.count, using: &self)]
            }
        }
        return mutated
    }
}
