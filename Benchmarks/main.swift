import Deflate
import Foundation

func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }
func time(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var ts: [Double] = []
    for _ in 0..<runs {
        let t0 = DispatchTime.now().uptimeNanoseconds
        try body()
        ts.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
    }
    return median(ts)
}
let levels = CommandLine.arguments.count > 1 ? CommandLine.arguments[1].split(separator: ",").map { Int($0)! } : [1, 6]
for name in ["ui", "photo", "icon", "noise"] {
    let raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/tmp/\(name).filtered")))
    for level in levels {
        var z: [UInt8] = []
        let ms = time(5) { z = Deflater.compress(raw, level: CompressionLevel(level)) }
        let back = try Inflater.decompress(z)
        try Data(z).write(to: URL(fileURLWithPath: "/tmp/\(name).ours\(level).zz"))
        print(name, "level", level, z.count, String(format: "%.2f%%  %.2f ms  %.1f MB/s ok=%@", Double(z.count) * 100 / Double(raw.count), ms, Double(raw.count) / ms / 1e3, back == raw ? "yes" : "NO"))
    }
}
