import Testing
import TestSupport
@testable import Baselines

/// FILTER arguments and shards (docs/CLI.md §Selecting).
@Suite struct SelectionTests {
    @Test func globsMatchWholeNamesAndStarStaysInAFolder() {
        #expect(Glob.matches("content-modes/*", "content-modes/bottom"))
        #expect(!Glob.matches("content-modes/*", "content-modes/sub/bottom"))
        #expect(Glob.matches("content-modes/**", "content-modes/sub/bottom"))
        #expect(Glob.matches("**/bottom", "content-modes/sub/bottom"))
        #expect(Glob.matches("*/b?ttom", "content-modes/bottom"))
        #expect(!Glob.matches("*/b?ttom", "content-modes/bttom"))
        #expect(Glob.matches("scale[12]", "scale2") && !Glob.matches("scale[12]", "scale3"))
        #expect(Glob.matches("scale[!1]", "scale3") && !Glob.matches("scale[!1]", "scale1"))
        #expect(Glob.matches("scale[1-2]-*", "scale2-dark"))
        #expect(Glob.matches("a[b", "a[b"))  // an unclosed set is literal
        #expect(!Glob.matches("bottom", "content-modes/bottom"))  // a glob matches the whole name
        #expect(Glob.matches("*", "") && !Glob.matches("?", ""))
    }

    @Test func globMatchingAgreesWithABacktrackingMatcher() {
        // An independent matcher (plain recursion over the pattern) on seeded random cases.
        func reference(_ p: [Character], _ t: [Character]) -> Bool {
            guard let first = p.first else { return t.isEmpty }
            if first == "*" {
                let globstar = p.count > 1 && p[1] == "*"
                let rest = Array(p.dropFirst(globstar ? 2 : 1))
                for k in 0...t.count {
                    if !globstar && t[..<k].contains("/") { break }
                    if reference(rest, Array(t[k...])) { return true }
                }
                return false
            }
            guard let c = t.first else { return false }
            if first == "?" { return c != "/" && reference(Array(p.dropFirst()), Array(t.dropFirst())) }
            return c == first && reference(Array(p.dropFirst()), Array(t.dropFirst()))
        }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        let patternAlphabet: [Character] = ["a", "b", "/", "*", "?"], textAlphabet: [Character] = ["a", "b", "/"]
        for _ in 0..<4000 {
            let pattern = (0..<(next() % 7)).map { _ in patternAlphabet[next() % patternAlphabet.count] }
            let text = (0..<(next() % 8)).map { _ in textAlphabet[next() % textAlphabet.count] }
            #expect(
                Glob.matches(String(pattern), String(text)) == reference(pattern, text),
                "\(String(pattern)) \(String(text))")
        }
    }

    @Test func setsAndUnclosedBrackets() {
        #expect(Glob.matches("[]a]", "]") && Glob.matches("[]a]", "a") && !Glob.matches("[]a]", "b"))
        #expect(Glob.matches("[!]a]", "b") && !Glob.matches("[!]a]", "]"))
        #expect(Glob.matches("x[", "x[") && Glob.matches("[!", "[!") && Glob.matches("[a-", "[a-"))
        // 20,000 unclosed "[" (each scanned to the end before: quadratic): read in one pass, literal.
        let brackets = String(repeating: "[", count: 20_000)
        #expect(Glob.matches(brackets, brackets) && !Glob.matches(brackets, "["))
        #expect(Selection(arguments: [brackets]).includes(scenario: "a") == false)
    }

    @Test func filtersSelectScenariosAndVariants() {
        let selection = Selection(arguments: ["content-modes/*:scale1", "nested", "hello:scale2-*"])
        #expect(selection.includes(scenario: "content-modes/bottom"))
        #expect(selection.includes(variant: "scale1", of: "content-modes/bottom"))
        // a plain variant part is exact
        #expect(!selection.includes(variant: "scale1-clipped", of: "content-modes/bottom"))
        #expect(
            selection.includes(scenario: "clipping/nested-clips")
                && selection.includesEveryVariant(of: "clipping/nested-clips"))
        #expect(
            selection.includes(variant: "scale2-fill", of: "demo/hello")
                && !selection.includes(variant: "scale2", of: "demo/hello"))
        #expect(!selection.includes(scenario: "placement/odd"))
        #expect(Selection.all.includes(scenario: "anything") && Selection.all.isEverything)
        #expect(!selection.isEverything)
    }

    @Test func aPlainScenarioPartIsFoundAmongTheNamesBytes() {
        // Against a second computation: every start position of the name's bytes tried.
        func model(_ name: String, _ part: String) -> Bool {
            let text = Array(name.utf8), bytes = Array(part.utf8)
            return (0...max(0, text.count - bytes.count)).contains { start in
                start + bytes.count <= text.count && Array(text[start..<(start + bytes.count)]) == bytes
            }
        }
        var random = SeededGenerator(seed: 7)
        let letters: [String] = ["a", "b", "/", "-", "é", "e\u{301}", "ab"]
        for _ in 0..<2_000 {
            let name = (0..<Int(random.next() % 9)).map { _ in letters[Int(random.next() % 7)] }.joined()
            let part = (1..<(2 + Int(random.next() % 3))).map { _ in letters[Int(random.next() % 7)] }.joined()
            #expect(
                Selection(arguments: [part]).includes(scenario: name) == model(name, part), "\(name) \(part)")
        }
        // Bytes, not characters: a decomposed é is not the composed one.
        #expect(!Selection(arguments: ["é"]).includes(scenario: "cafe\u{301}"))
        #expect(Selection(arguments: ["-dark"]).includes(scenario: "modes/scale2-dark"))
    }

    @Test func shardsSplitByNameStablyAndCompletely() {
        let names = (0..<500).map { "folder\($0 % 7)/scenario-\($0)" }
        var counts = [0, 0, 0, 0]
        for name in names {
            let holders = (1...4).filter { Selection.Shard(index: $0, count: 4).includes(name) }
            #expect(holders.count == 1)
            counts[holders[0] - 1] += 1
        }
        #expect(counts.allSatisfy { $0 > 90 }, "\(counts)")
        // FNV-1a 64 of "a" is 0xAF63DC4C8601EC8C (the published test vector): shard 0x…8C % 4 = 0.
        #expect(Selection.Shard(index: 1, count: 4).includes("a"))
        #expect(Selection.Shard("2/4") == Selection.Shard(index: 2, count: 4))
        for bad in ["0/4", "5/4", "4", "a/b", "1/0", "-1/3", "1/10001"] {
            #expect(Selection.Shard(bad) == nil, "\(bad)")
        }
    }
}
