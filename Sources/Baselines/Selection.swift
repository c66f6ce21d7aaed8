/// Which scenarios and variants a run takes: FILTER arguments and `--shard i/n` (docs/CLI.md
/// §Selecting).
///
/// A filter is `SCENARIO` or `SCENARIO:VARIANT`. The scenario part matches a scenario's name (its
/// path under the scenarios folder without ".json"): as a glob when it holds `*`, `?` or `[`
/// (`*` and `?` stay inside one path segment, `**` crosses them), else when the name contains
/// it (as UTF-8 bytes, as the shard reads names). The variant part matches a variant's name: as a glob when it holds one of those
/// characters, else exactly (`scale2` is not `scale2-dark`). Several filters select the union;
/// none selects everything.
public struct Selection: Sendable, Equatable {
    /// One FILTER argument.
    public struct Filter: Sendable, Equatable {
        public let scenario: String
        /// nil: every variant of the matching scenarios.
        public let variant: String?
        /// Both parts are names, compared exactly (no glob, no part of a name): for callers that
        /// name variants, such as the test assertions recording the missing ones.
        public let exact: Bool
        /// The parts as globs, read once (nil: not a glob).
        private let scenarioGlob: Glob?
        private let variantGlob: Glob?
        private let scenarioBytes: [UInt8]

        public init(scenario: String, variant: String?, exact: Bool = false) {
            self.scenario = scenario
            self.variant = variant
            self.exact = exact
            scenarioGlob = !exact && Glob.isPattern(scenario) ? Glob(scenario) : nil
            variantGlob = !exact ? variant.flatMap { Glob.isPattern($0) ? Glob($0) : nil } : nil
            scenarioBytes = Array(scenario.utf8)
        }

        /// Reads `SCENARIO[:VARIANT]`.
        public init(_ text: String) {
            if let colon = text.lastIndex(of: ":") {
                self.init(scenario: String(text[..<colon]), variant: String(text[text.index(after: colon)...]))
            } else {
                self.init(scenario: text, variant: nil)
            }
        }

        public static func == (a: Filter, b: Filter) -> Bool {
            a.scenario == b.scenario && a.variant == b.variant && a.exact == b.exact
        }

        func matches(scenario name: String) -> Bool {
            if exact { return name == scenario }
            if scenario.isEmpty { return true }
            return scenarioGlob.map { $0.matches(name) } ?? Self.bytes(of: name, contain: scenarioBytes)
        }

        /// Whether `name`'s UTF-8 bytes hold `part` (not empty). Foundation's `contains` compared
        /// by characters through NSString, and took 4 % of a one-scenario check.
        static func bytes(of name: String, contain part: [UInt8]) -> Bool {
            var name = name
            return name.withUTF8 { ByteSearch.firstIndex(of: part, in: $0) != nil }
        }

        func matches(variant name: String) -> Bool {
            guard let variant, !variant.isEmpty else { return true }
            if exact { return name == variant }
            return variantGlob.map { $0.matches(name) } ?? (name == variant)
        }
    }

    /// `--shard i/n`: the i-th of n parts (1-based), split by scenario.
    public struct Shard: Sendable, Equatable {
        public var index: Int
        public var count: Int

        /// Reads `i/n` with 1 ≤ i ≤ n ≤ 10,000; nil for anything else.
        public init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), (1...10_000).contains(n),
                (1...n).contains(i)
            else {
                return nil
            }
            index = i
            count = n
        }

        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }

        /// Whether the scenario named `name` falls in this shard: FNV-1a (64-bit) of its UTF-8
        /// name, modulo the count. A scenario keeps its shard when others are added or removed.
        public func includes(_ name: String) -> Bool {
            Self.part(of: name, count: count) == index - 1
        }

        static func part(of name: String, count: Int) -> Int {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in name.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            return Int(hash % UInt64(count))
        }
    }

    public var filters: [Filter]
    public var shard: Shard?

    public init(filters: [Filter] = [], shard: Shard? = nil) {
        self.filters = filters
        self.shard = shard
    }

    /// Filters read from the command line's FILTER arguments.
    public init(arguments: [String], shard: Shard? = nil) {
        self.init(filters: arguments.map(Filter.init), shard: shard)
    }

    /// Every scenario, every variant.
    public static let all = Selection()

    /// Whether nothing narrows the run (stale baselines are looked for everywhere only then).
    public var isEverything: Bool { filters.isEmpty && (shard?.count ?? 1) == 1 }

    /// Whether some filter selects the scenario and the shard holds it.
    public func includes(scenario name: String) -> Bool {
        if let shard, !shard.includes(name) { return false }
        return filters.isEmpty || filters.contains { $0.matches(scenario: name) }
    }

    /// Whether the variant of a selected scenario is selected.
    public func includes(variant: String, of scenario: String) -> Bool {
        filters.isEmpty || filters.contains { $0.matches(scenario: scenario) && $0.matches(variant: variant) }
    }

    /// Whether every variant of the scenario is selected (no filter that picks it names a variant).
    public func includesEveryVariant(of scenario: String) -> Bool {
        filters.isEmpty || filters.contains { $0.matches(scenario: scenario) && ($0.variant ?? "").isEmpty }
    }
}
