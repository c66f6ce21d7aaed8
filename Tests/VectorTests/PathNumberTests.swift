import TestSupport
import Testing

@testable import Vector

/// Path data's numbers: the fast conversion (an integer significand and an exact power of ten)
/// against `Double(String)` on the same characters, bit for bit, over numbers of every shape.
struct PathNumberTests {
    /// The number the scanner reads from `text`, and where it stopped.
    static func scan(_ text: String) -> (value: Double?, end: Int) {
        var scanner = Scanner(Array(text.unicodeScalars))
        let value = try? scanner.number()
        return (value, scanner.offset)
    }

    /// What the conversion must give: the characters the scanner took, converted by Double(String),
    /// or a refusal where that is not finite or beyond 10^9.
    static func expected(_ text: String, taking end: Int) -> Double? {
        let taken = String(String.UnicodeScalarView(Array(text.unicodeScalars)[0..<end]))
        guard let value = Double(taken), value.isFinite, abs(value) <= 1e9 else { return nil }
        return value
    }

    @Test func everyShapeOfNumberConvertsAsDoubleStringDoes() {
        var rng = SeededGenerator(seed: 53)
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
        }
        var cases = [
            "0", "-0", "+0", "0.0", "-0.0", ".5", "5.", "-.5", "+.5", "1e3", "1E3", "1e+3", "1e-3", "1.5e-7", "1e",
            "1e+",
            "1e-", "9007199254740993", "9007199254740992", "900719925474099.3", "0.1", "0.2", "0.3",
            "123456789012345678",
            "1.7976931348623157e308", "1e999", "1e-400", "4.9e-324", "999999999.99999999", "1000000000", "1000000000.1",
            "1e9", "1e22", "1e23", "1e-22", "1e-23", "0.000000000000000000000000001", "00000000000000000000001.5",
            "1.00000000000000000000000000001", "3.14159265358979323846264338327950288", "1.5.5", "1-2", "7e1000000000"
        ]
        for _ in 0..<40_000 {
            var text = ["", "-", "+"][Int.random(in: 0...2, using: &rng)]
            text += digits(Int.random(in: 0...12, using: &rng))
            if Bool.random(using: &rng) { text += "." + digits(Int.random(in: 0...14, using: &rng)) }
            if Int.random(in: 0...3, using: &rng) == 0 {
                text +=
                    ["e", "E"][Int.random(in: 0...1, using: &rng)] + ["", "-", "+"][Int.random(in: 0...2, using: &rng)]
                text += digits(Int.random(in: 0...3, using: &rng))
            }
            cases.append(text + [" ", ",", "L", ".7", "e", ""][Int.random(in: 0...5, using: &rng)])
        }
        for text in cases {
            let (value, end) = Self.scan(text)
            let want = end > 0 ? Self.expected(text, taking: end) : nil
            let same = value.map { v in want.map { $0.bitPattern == v.bitPattern } ?? false } ?? (want == nil)
            #expect(
                same, "\"\(text)\": \(String(describing: value)) where Double(String) gives \(String(describing: want))"
            )
        }
    }

    @Test func theScannerStopsWhereTheGrammarDoes() {
        #expect(Self.scan("1.5.5").end == 3)
        #expect(Self.scan("1e").end == 1)
        #expect(Self.scan("1e+").end == 1)
        #expect(Self.scan("-2e-3,4").end == 5)
        #expect(Self.scan("  7 ").end == 3)
        #expect(Self.scan(".").value == nil && Self.scan("-").value == nil)
    }
}
