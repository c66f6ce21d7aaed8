import Dispatch
import Foundation
import PNGCodec
import Baselines

/// `check` against its own costs: one full-screen @3x scenario against decoding its baseline,
/// and the whole corpus on 1 and 2 threads. Run from the repository root.
func snapshotBenchmarks() -> [Benchmark] {
    let scenarios = URL(fileURLWithPath: "Scenarios"), snapshots = URL(fileURLWithPath: "Snapshots")
    let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-bench-artifacts")
    guard FileManager.default.fileExists(atPath: scenarios.path) else { return [] }
    func options(_ filters: [String], jobs: Int) -> RunSettings {
        RunSettings(
            scenariosFolder: scenarios, scenariosDisplay: "Scenarios", baselinesFolder: snapshots,
            artifactsFolder: artifacts, selection: Selection(arguments: filters), jobs: jobs)
    }
    let fullScreen = "image-files/full-screen-3x"
    let baseline = (try? [UInt8](Data(contentsOf: snapshots.appendingPathComponent(fullScreen + "/scale3.png")))) ?? []
    final class Outcome: @unchecked Sendable { var text = "" }
    let outcome = Outcome()
    let checks = [(1, "1 thread"), (2, "2 threads: its bands")].map { jobs, label in
        Benchmark(
            name: "check \(fullScreen) (1170x2532, \(label))", pixels: 1170 * 2532,
            run: {
                let report = BaselineRunner.check(options([fullScreen], jobs: jobs))
                outcome.text = report.lines.last ?? ""
            }, output: { outcome.text })
    }
    return checks + [
        Benchmark(
            name: "decode its baseline PNG (\(baseline.count) B)", bytes: 1170 * 2532 * 4,
            run: { _ = try? PNGDecoder().decode(baseline) })
    ]
}

/// The corpus `check` on 1 and on 2 threads, measured in alternation (1, 2, 1, 2, …) so that a
/// slow spell of the shared machine hits both alike; the speed-up is the ratio of the medians.
func corpusScaling(pairs: Int) -> [BenchRow] {
    let options = { (jobs: Int) in
        RunSettings(
            scenariosFolder: URL(fileURLWithPath: "Scenarios"), scenariosDisplay: "Scenarios",
            baselinesFolder: URL(fileURLWithPath: "Snapshots"),
            artifactsFolder: FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-bench-artifacts"),
            jobs: jobs)
    }
    guard FileManager.default.fileExists(atPath: "Scenarios") else { return [] }
    var times: [Int: [Double]] = [1: [], 2: []]
    var last = ""
    for pair in 0...pairs {
        for jobs in [1, 2] {
            let start = DispatchTime.now().uptimeNanoseconds
            let report = BaselineRunner.check(options(jobs))
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            last = report.lines.last ?? ""
            if pair > 0 { times[jobs]!.append(seconds) }  // pair 0 warms up
        }
    }
    return [1, 2].map { jobs in
        BenchRow(
            name: "check the corpus, \(jobs) thread\(jobs == 1 ? "" : "s") (alternating)", times: times[jobs]!,
            bytes: 0, pixels: 0, output: last, reference: nil)
    }
}
