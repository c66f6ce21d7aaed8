import Foundation

/// One timed operation.
struct Benchmark {
    let name: String
    /// Bytes processed per run (for MB/s), or 0.
    var bytes = 0
    /// Pixels produced per run (for MP/s), or 0.
    var pixels = 0
    var reference: ReferenceKey?
    /// Called once per run, untimed, before `run`.
    var setUp: () -> Void = {}
    let run: () -> Void
    /// A short description of the last run's result (size, check).
    var output: () -> String = { "" }

    func measure() -> [Double] {
        setUp()
        run()
        var times: [Double] = []
        var total = 0.0
        while times.count < 3 || (total < 0.35 && times.count < 35) {
            setUp()
            let start = DispatchTime.now().uptimeNanoseconds
            run()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            times.append(seconds)
            total += seconds
        }
        return times
    }
}

/// A row of the report: all runs of one operation pooled over rounds.
struct BenchRow {
    let name: String
    var times: [Double]
    let bytes: Int
    let pixels: Int
    let output: String
    let reference: ReferenceKey?

    static let header =
        "operation".padding(toLength: 46, withPad: " ", startingAt: 0)
        + "   median ms  (min-max)        n   throughput     reference ms  ratio  output"

    var median: Double {
        let sorted = times.sorted()
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    func line(reference: ReferenceResults) -> String {
        let ms = median * 1e3
        var throughput = ""
        if bytes > 0 { throughput = String(format: "%8.1f MB/s", Double(bytes) / median / 1e6) }
        if pixels > 0 { throughput = String(format: "%8.1f MP/s", Double(pixels) / median / 1e6) }
        var comparison = String(repeating: " ", count: 20)
        if let row = reference.find(self.reference) {
            comparison = String(format: "%10.2f  %5.2f×", row.medianMilliseconds, row.medianMilliseconds / ms)
        }
        let name = self.name.padding(toLength: 46, withPad: " ", startingAt: 0)
        return String(
            format: "%@ %10.2f  (%.2f-%.2f) %4d  %@  %@  %@", name, ms, (times.min() ?? 0) * 1e3,
            (times.max() ?? 0) * 1e3, times.count, throughput.padding(toLength: 13, withPad: " ", startingAt: 0),
            comparison, output)
    }
}

func merge(_ rows: inout [BenchRow], _ row: BenchRow) {
    if let index = rows.firstIndex(where: { $0.name == row.name }) {
        rows[index].times += row.times
    } else {
        rows.append(row)
    }
}
