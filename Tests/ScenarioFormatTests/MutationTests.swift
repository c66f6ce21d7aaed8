import Foundation
import Testing
@testable import ScenarioFormat
import Syntax

// Malformed input (docs/RELIABILITY.md §Malformed input): every scenario of the corpus, mutated
// by a seeded generator the way hostile or broken files are — keys deleted, values of the wrong
// type, huge, tiny and non-finite numbers, very long strings, duplicate keys, emptied
// containers, invalid UTF-8, truncation, byte order marks — must load to a clean error (each
// naming the file and a JSON path or a line and column) or to a valid scenario, whose first
// variant is then laid out and rendered. A crash or a trap fails the run; nothing is written.

/// A JSON tree that keeps what the mutations need: member order, duplicate keys, number text.
fileprivate indirect enum Tree {
    case object([(String, Tree)])
    case array([Tree])
    case string(String)
    case number(String)
    case literal(String)

    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .literal("null")
        case let .bool(b): self = .literal(b ? "true" : "false")
        case let .number(n): self = .number(n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : "\(n)")
        case let .string(s): self = .string(s)
        case let .array(items): self = .array(items.map(Tree.init))
        case let .object(members): self = .object(members.map { ($0.key, Tree($0.value)) })
        }
    }

    var text: String {
        switch self {
        case let .object(members):
            "{" + members.map { Tree.quoted($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
        case let .array(items): "[" + items.map(\.text).joined(separator: ", ") + "]"
        case let .string(s): Tree.quoted(s)
        case let .number(n): n
        case let .literal(l): l
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// How many values the tree holds (every one is a mutation site).
    var count: Int {
        switch self {
        case let .object(members): 1 + members.reduce(0) { $0 + $1.1.count }
        case let .array(items): 1 + items.reduce(0) { $0 + $1.count }
        default: 1
        }
    }

    /// The tree with its `index`-th value (pre-order) replaced by `change(value)`.
    func replacing(_ index: Int, _ change: (Tree) -> Tree) -> Tree {
        var remaining = index
        return replacing(&remaining, change)
    }

    private func replacing(_ remaining: inout Int, _ change: (Tree) -> Tree) -> Tree {
        if remaining == 0 {
            remaining = -1
            return change(self)
        }
        remaining -= 1
        switch self {
        case let .object(members):
            var result: [(String, Tree)] = []
            for member in members {
                result.append(remaining >= 0 ? (member.0, member.1.replacing(&remaining, change)) : member)
            }
            return .object(result)
        case let .array(items):
            return .array(items.map { remaining >= 0 ? $0.replacing(&remaining, change) : $0 })
        default:
            return self
        }
    }
}

/// SplitMix64: the same cases on every machine.
fileprivate struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct MutationTests {
    static let corpus = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .appendingPathComponent("../../Scenarios").standardizedFileURL

    fileprivate static let wrongTypes: [Tree] = [
        .literal("null"), .literal("true"), .number("0"), .number("-1"), .string("x"), .array([]), .object([]),
        .array([.number("1"), .string("a")]), .object([("x", .number("1"))])
    ]
    static let numbers = [
        "1e308", "-1e308", "1e999", "-1e999", "NaN", "Infinity", "-0", "1e-320", "4294967297",
        "9007199254740993", "0.000000001", "-2147483649", "1.5", "100001", "2049"
    ]

    /// One mutation of the tree, or nil when the mutation is byte-level (applied to the text).
    fileprivate static func mutate(_ tree: Tree, _ rng: inout SeededGenerator) -> Tree {
        let site = Int.random(in: 0..<tree.count, using: &rng)
        switch Int.random(in: 0..<7, using: &rng) {
        case 0:  // delete a key
            return tree.replacing(site) { value in
                guard case var .object(members) = value, !members.isEmpty else { return value }
                members.remove(at: Int.random(in: 0..<members.count, using: &rng))
                return .object(members)
            }
        case 1:  // wrong type
            return tree.replacing(site) { _ in wrongTypes.randomElement(using: &rng)! }
        case 2:  // huge, tiny, non-finite or out-of-range number (at a number if the site is one)
            return tree.replacing(site) { _ in .number(numbers.randomElement(using: &rng)!) }
        case 3:  // a long string (names, colours, constraints, paths)
            return tree.replacing(site) { value in
                let base: String = if case let .string(s) = value { s } else { "systemBlue" }
                return .string(
                    String(
                        repeating: base.isEmpty ? "a" : base,
                        count: Int.random(in: 1_000...20_000, using: &rng) / max(base.count, 1) + 1))
            }
        case 4:  // a duplicate key
            return tree.replacing(site) { value in
                guard case var .object(members) = value, let member = members.randomElement(using: &rng) else {
                    return value
                }
                members.append((member.0, wrongTypes.randomElement(using: &rng)!))
                return .object(members)
            }
        case 5:  // an emptied container
            return tree.replacing(site) { value in
                switch value {
                case .object: .object([])
                case .array: .array([])
                default: .literal("null")
                }
            }
        default:  // a deep nest where a value was
            return tree.replacing(site) { value in
                var nested = value
                for _ in 0..<Int.random(in: 50...250, using: &rng) { nested = .array([nested]) }
                return nested
            }
        }
    }

    /// A byte-level mutation of the file.
    fileprivate static func corrupt(_ bytes: [UInt8], _ rng: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        let at = Int.random(in: 0...bytes.count, using: &rng)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
            bytes.insert(
                contentsOf: [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]]
                    .randomElement(using: &rng)!, at: at)
        case 1: bytes.removeSubrange(at...)
        case 2: bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
        case 3: bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: at)
        default: bytes.insert(contentsOf: [0x00], at: at)
        }
        return bytes
    }

    /// Mutants per corpus file: 10 (about 1,350 cases); IVSIM_MUTANTS_PER_FILE=N for a longer attack run.
    static let perFile = ProcessInfo.processInfo.environment["IVSIM_MUTANTS_PER_FILE"].flatMap { Int($0) } ?? 10

    @Test func mutatedCorpusScenariosEndInACleanErrorOrAValidResult() throws {
        let files =
            (FileManager.default.enumerator(at: Self.corpus, includingPropertiesForKeys: nil)?.allObjects as? [URL]
            ?? [])
            .filter {
                $0.pathExtension == "json" && !$0.lastPathComponent.hasSuffix(".schema.json")
                    && $0.lastPathComponent != "Contents.json"
                    && !$0.path.contains(".xcassets/")
            }
            .sorted { $0.path < $1.path }
        #expect(files.count > 100, "the corpus is at \(Self.corpus.path)")
        var rng = SeededGenerator(state: 0x1D51_4A11 &+ UInt64(Self.perFile))
        var cases = 0, valid = 0, refused = 0
        for file in files {
            let original = try [UInt8](Data(contentsOf: file))
            guard let tree = try? Tree(JSONParser.parse(original)) else { continue }
            for _ in 0..<Self.perFile {
                var mutated = tree
                for _ in 0..<Int.random(in: 1...3, using: &rng) { mutated = Self.mutate(mutated, &rng) }
                var bytes = Array(mutated.text.utf8)
                if Int.random(in: 0..<4, using: &rng) == 0 { bytes = Self.corrupt(bytes, &rng) }
                cases += 1
                let name = file.lastPathComponent
                do {
                    let scenario = try ScenarioLoader.parse(
                        bytes, folder: file.deletingLastPathComponent(), displayName: name, name: "m")
                    valid += 1
                    if let variant = scenario.variants().first {
                        let scene = scenario.scene(for: variant)
                        let scale = Double(variant.traits.displayScale)
                        if scenario.canvasSize.width * scenario.canvasSize.height * scale * scale <= 400_000 {
                            _ = scene.render()
                        }
                    }
                } catch {
                    refused += 1
                    #expect(!error.diagnostics.isEmpty)
                    for diagnostic in error.diagnostics {
                        #expect(
                            diagnostic.file == name && !diagnostic.message.isEmpty
                                && (!diagnostic.path.isEmpty || diagnostic.location != nil
                                    || diagnostic.message.contains("bytes")),
                            "\(diagnostic.description)")
                    }
                }
            }
        }
        // Both outcomes occur: the generator is neither too gentle nor too harsh to test anything.
        #expect(cases >= 1000 && valid >= 50 && refused >= 500, "\(cases) cases: \(valid) valid, \(refused) refused")
        print(
            "mutation test: \(cases) cases from \(files.count) corpus files: \(valid) valid, \(refused) refused cleanly"
        )
    }
}
