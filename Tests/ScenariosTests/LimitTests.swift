import Foundation
import Testing
import TestSupport
@testable import Scenarios

private let fixture = Fixture()

/// The limits that keep hostile or runaway scenarios from exhausting memory or time
/// (docs/LIMITS.md): each refusal names the limit and comes before the work it refuses.
@Suite struct LimitTests {
    static func errors(_ text: String) -> [String] {
        do {
            _ = try ScenarioLoader.parse(Array(text.utf8), folder: fixture.directory, displayName: "l.json", name: "l")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func generatedImagesPastTheBudgetAreRefusedBeforeAnyIsMade() {
        // 64 solids of 4096 × 4096 (4 GiB): refused at the ninth (8 × 64 MiB is the 512 MiB budget),
        // before a pixel is made — this test allocates none of it.
        let images = (0..<64).map { "\"s\($0)\": { \"generate\": { \"solid\": { \"size\": [4096, 4096], \"color\": \"#FF0000\" } } }" }
        let text = "{ \"canvas\": { \"size\": [10, 10] }, \"images\": { \(images.joined(separator: ", ")) }, \"root\": {} }"
        let found = Self.errors(text)
        #expect(found.count == 1)
        #expect(found.first?.contains("$.images.s8: the generated images up to this one need 576 MiB of pixels, more than the 512 MiB") == true)
    }

    @Test func theVariantProductIsCapped() {
        // 2 × 3 × 2 trait combinations × (1 + 400 states) = 4,812 variants > 4,096.
        let states = (0..<400).map { "{ \"name\": \"s\($0)\", \"set\": { \"v.alpha\": 0.5 } }" }
        let text = """
        { "canvas": { "size": [10, 10] }, "root": { "subviews": [ { "id": "v", "frame": [0, 0, 1, 1] } ] },
          "variants": { "matrix": { "displayScale": [1, 2, 3], "userInterfaceStyle": ["light", "dark"], "layoutDirection": ["leftToRight", "rightToLeft"] },
                        "states": [\(states.joined(separator: ", "))] } }
        """
        #expect(Self.errors(text).first?.contains("12 trait combinations × (1 + 400 states) = 4812 variants, more than the 4096") == true)
    }

    @Test func anObjectWrittenMemberByMemberIsTheWholeObjectsText() {
        let members: [(String, JSONOutput)] = [("a", .object([("x", .number(1)), ("y", .array([.number(1), .string("z")]))])),
                                               ("b\"", .string("q")), ("c", .object([]))]
        let streamed = "{\n" + members.map { JSONOutput.memberText($0.0, $0.1) }.joined(separator: ",\n") + "\n}\n"
        #expect(streamed == JSONOutput.object(members).text())
    }
}
