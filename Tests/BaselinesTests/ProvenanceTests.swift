import Foundation
import Syntax
import Testing

@testable import Baselines

/// The provenance `check` reads without parsing a report, against the parsed one.
@Suite struct ProvenanceTests {
    @Test func theStatedProvenanceIsTheParsedOneForEveryBaseline() throws {
        let snapshots = BaselinesTests.repository.appendingPathComponent("Snapshots")
        let reports = try FileManager.default.subpathsOfDirectory(atPath: snapshots.path)
            .filter { $0.hasSuffix(".layout.json") }.sorted()
        #expect(reports.count >= 400)
        var versions = Set<Int>()
        for path in reports {
            let bytes = [UInt8](try Data(contentsOf: snapshots.appendingPathComponent(path)))
            let parsed = Provenance.recorded(in: try JSONParser.parse(bytes))
            #expect(Provenance.stated(inReport: bytes) == parsed, "\(path)")
            versions.insert(parsed?.renderingRules ?? -1)
        }
        #expect(versions.count >= 3, "the corpus's baselines come from several rule versions: \(versions)")
    }

    @Test func reportsNotInIvsimsFormGiveNothing() {
        for text in [
            "", "{}", "{\n  \"provenance\": {", "{\n  \"provenance\": { \"ivsim\": 1 }\n}",
            "{\n    \"provenance\": {\n      \"ivsim\": \"0.2.0\",\n      \"renderingRules\": 12\n    }\n}",
            "{\n  \"provenance\": {\n    \"ivsim\": \"0.2.0\",\n    \"renderingRules\": 12.5\n  }\n}"
        ] {
            #expect(Provenance.stated(inReport: Array(text.utf8)) == nil, "\(text)")
        }
        let good = "{\n  \"provenance\": {\n    \"ivsim\": \"0.1.0\",\n    \"renderingRules\": 7\n  },\n  \"x\": 1\n}"
        #expect(Provenance.stated(inReport: Array(good.utf8)) == Provenance(ivsim: "0.1.0", renderingRules: 7))
    }
}
