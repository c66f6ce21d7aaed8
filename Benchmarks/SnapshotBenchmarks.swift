import Foundation
import PNGCodec
import Snapshots

/// `check` against its own costs: one full-screen @3x scenario against decoding its baseline,
/// and the whole corpus on 1 and 2 threads. Run from the repository root.
func snapshotBenchmarks() -> [Benchmark] {
    let scenarios = URL(fileURLWithPath: "Scenarios"), snapshots = URL(fileURLWithPath: "Snapshots")
    let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("ivsim-bench-artifacts")
    guard FileManager.default.fileExists(atPath: scenarios.path) else { return [] }
    func options(_ filters: [String], jobs: Int) -> SnapshotOptions {
        SnapshotOptions(scenariosFolder: scenarios, scenariosDisplay: "Scenarios", snapshotsFolder: snapshots,
                        artifactsFolder: artifacts, filters: filters, jobs: jobs)
    }
    let fullScreen = "image-files/full-screen-3x"
    let baseline = (try? [UInt8](Data(contentsOf: snapshots.appendingPathComponent(fullScreen + "/scale3.png")))) ?? []
    final class Outcome: @unchecked Sendable { var text = "" }
    let outcome = Outcome()
    var list: [Benchmark] = [
        Benchmark(name: "check \(fullScreen) (1170x2532, 1 thread)", pixels: 1170 * 2532,
                  run: {
                      let report = SnapshotRunner.check(options([fullScreen], jobs: 1))
                      outcome.text = report.lines.last ?? ""
                  }, output: { outcome.text }),
        Benchmark(name: "decode its baseline PNG (\(baseline.count) B)", bytes: 1170 * 2532 * 4,
                  run: { _ = try? PNGDecoder().decode(baseline) }),
    ]
    for jobs in [1, 2] {
        list.append(Benchmark(name: "check the corpus, \(jobs) thread\(jobs == 1 ? "" : "s")",
                              run: {
                                  let report = SnapshotRunner.check(options([], jobs: jobs))
                                  outcome.text = report.lines.last ?? ""
                              }, output: { outcome.text }))
    }
    return list
}
