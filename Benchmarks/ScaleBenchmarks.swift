import Foundation
import ScenarioFormat
import Syntax

// Loading at scale (docs/LIMITS.md, docs/PERFORMANCE.md §Scale): scenario text made in memory and
// loaded as `validate` loads it (JSON, reading, checks, Auto Layout with ambiguity probes).
//   siblings: N views in all, the root and N − 1 plain views with a frame and a colour under it
//   (100,000 views is 7.1 MB, the views limit exactly);
//   optional chain: N views in a row, each left edge tied to the previous right edge at 750,
//   tops, widths and heights required (the Cassowary row of the same name, as a scenario).

enum ScaleScenarios {
    static func siblings(_ n: Int) -> [UInt8] {
        var text = #"{"canvas": {"size": [100, 100]}, "root": {"subviews": ["#
        for i in 0..<(n - 1) {
            if i > 0 { text += ", " }
            text +=
                ##"{"id": "v\##(i)", "frame": [\##(i % 100), \##(i / 100 % 100), 1, 1], "backgroundColor": "#FF0000"}"##
        }
        return Array((text + "]}}").utf8)
    }

    /// With `sizesLast`, every link comes first and the tops, widths and heights after them (the
    /// order that made fill-in cubic before the solver order of docs/LAYOUT.md §Solver order).
    static func optionalChain(_ n: Int, sizesLast: Bool = false) -> [UInt8] {
        var views: [String] = []
        var links: [String] = [#""v0.leading == superview.leading""#]
        var sizes: [String] = []
        var constraints: [String] = []
        for i in 0..<n {
            views.append(##"{"id": "v\##(i)", "backgroundColor": "#FF0000"}"##)
            if i > 0 { links.append(#""v\#(i).leading == v\#(i - 1).trailing @750""#) }
            let own = [#""v\#(i).top == superview.top""#, #""v\#(i).width == 1""#, #""v\#(i).height == 1""#]
            if sizesLast {
                sizes += own
            } else {
                constraints += [links.removeLast()] + own
            }
        }
        constraints += links + sizes
        let root =
            #"{"subviews": [\#(views.joined(separator: ", "))], "constraints": [\#(constraints.joined(separator: ", "))]}"#
        return Array(#"{"canvas": {"size": [100, 100]}, "root": \#(root)}"#.utf8)
    }
}

func scaleBenchmarks() -> [Benchmark] {
    final class Outcome { var text = "" }
    func load(_ name: String, _ bytes: [UInt8], kiwi: String? = nil) -> Benchmark {
        let outcome = Outcome()
        return Benchmark(
            name: name, bytes: bytes.count,
            reference: kiwi.map { ReferenceKey(operationPrefix: $0, library: "kiwisolver") },
            run: {
                do throws(ScenarioErrors) {
                    let scenario = try ScenarioLoader.parse(
                        bytes, folder: URL(fileURLWithPath: "."), displayName: "bench.json", name: "bench")
                    outcome.text = "\(scenario.warnings.count) warnings"
                } catch {
                    outcome.text = "\(error.diagnostics.count) errors"
                }
            }, output: { outcome.text })
    }
    return [1000, 100_000].map { load("load \($0) views, siblings under the root", ScaleScenarios.siblings($0)) }
        + [1000, 2000].map {
            load(
                "load optional chain of \($0) views", ScaleScenarios.optionalChain($0),
                kiwi: "build+solve optional chain of \($0) views")
        }
        + [1000, 2000].map {
            load(
                "load optional chain of \($0) views, sizes last", ScaleScenarios.optionalChain($0, sizesLast: true),
                kiwi: "build+solve optional chain of \($0) views, sizes last")
        }
}
