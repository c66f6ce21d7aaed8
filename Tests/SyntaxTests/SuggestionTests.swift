import Foundation
import Testing
import TestSupport
@testable import Syntax

/// "Did you mean" (Suggestions): the bounded search gives the answer of the plain one, and its
/// work stays bounded on hostile input (docs/LIMITS.md).
@Suite struct SuggestionTests {
    /// The rule as first written: every candidate's full Levenshtein distance.
    static func plainNearest(_ word: String, among candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let distance =
                Suggestions.editDistance(word.lowercased(), candidate.lowercased()) * 2 + (word == candidate ? 0 : 1)
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let (candidate, score) = best else { return nil }
        if score <= max(2, min(word.count, candidate.count) / 3) * 2 + 1 { return candidate }
        let lower = word.lowercased()
        guard lower.count >= 3 else { return nil }
        for matches in [
            { (c: String) in c.lowercased().contains(lower) }, { (c: String) in Suggestions.initials(c) == lower }
        ] {
            let found = candidates.filter(matches)
            if found.count == 1 { return found[0] }
        }
        return nil
    }

    @Test func theBoundedSearchAgreesWithThePlainOne() {
        var random = SeededGenerator(seed: 0x5EED_0F_7790)
        let alphabet = Array("abcdeABCDE-_xyz")
        func word(_ length: Int) -> String {
            String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        var suggested = 0
        for _ in 0..<3000 {
            let candidates = (0..<Int(random.next() % 12)).map { _ in word(1 + Int(random.next() % 14)) }
            // Often a near miss of a candidate: one to four random edits.
            var target =
                candidates.isEmpty || random.next() % 4 == 0
                ? word(1 + Int(random.next() % 14)) : candidates[Int(random.next() % UInt64(candidates.count))]
            for _ in 0..<Int(random.next() % 5) {
                var letters = Array(target)
                let position = letters.isEmpty ? 0 : Int(random.next() % UInt64(letters.count))
                switch random.next() % 3 {
                case 0: letters.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: position)
                case 1: if !letters.isEmpty { letters.remove(at: position) }
                default:
                    if !letters.isEmpty { letters[position] = alphabet[Int(random.next() % UInt64(alphabet.count))] }
                }
                target = String(letters)
            }
            let expected = Self.plainNearest(target, among: candidates)
            #expect(Suggestions.nearest(target, among: candidates) == expected, "\(target) among \(candidates)")
            if expected != nil { suggested += 1 }
        }
        #expect(suggested > 1000, "\(suggested) suggestions: the cases should exercise the rule")
    }

    @Test func hostileInputIsAnsweredWithoutTheFullWork() {
        // A 1,000,000-character unknown name among 1,000 long names: no suggestion, at once (the
        // plain search would fill 10^11 cells).
        let long = String(repeating: "a", count: 1_000_000)
        let names = (0..<1000).map { String(repeating: "b", count: 5_000) + "\($0)" }
        #expect(Suggestions.nearest(long, among: names) == nil)
        // A name within reach among long ones is still found; a far one is given up early.
        #expect(Suggestions.nearest("heroImagee", among: names + ["heroImage"]) == "heroImage")
        // no part-of search in long names
        #expect(Suggestions.nearest(String(repeating: "q", count: 60), among: names) == nil)
        #expect(Suggestions.editDistance(Array("abcdefgh"), Array("zzzzzzzz"), atMost: 2) == nil)
        #expect(Suggestions.editDistance(Array("kitten"), Array("sitting"), atMost: 3) == 3)
    }
}
