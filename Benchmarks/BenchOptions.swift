import Foundation

/// Command-line options of ivsim-bench.
struct BenchOptions {
    var dataDirectory: String
    var referencePath: String
    /// kiwi_bench.py's printed output, for kiwisolver's medians beside the Cassowary rows.
    var kiwiPath = ""
    var rounds = 3
    var filters: [String] = []

    init<Arguments: Sequence>(_ arguments: Arguments) where Arguments.Element == String {
        let environment = ProcessInfo.processInfo.environment
        dataDirectory =
            environment["ANCHORS_DATA"]
            ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("anchors-data")
        referencePath = ""
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--data": dataDirectory = iterator.next() ?? dataDirectory
            case "--reference": referencePath = iterator.next() ?? ""
            case "--kiwi": kiwiPath = iterator.next() ?? ""
            case "--rounds": rounds = max(1, Int(iterator.next() ?? "") ?? rounds)
            default: filters.append(argument)
            }
        }
        if referencePath.isEmpty {
            referencePath = (dataDirectory as NSString).appendingPathComponent("results.json")
        }
    }

    func selects(_ name: String) -> Bool {
        filters.isEmpty || filters.contains { name.contains($0) }
    }
}

/// The anchor inputs: PNG files as Pillow wrote them (level 6) and raw straight RGBA.
struct Anchors {
    static let sizes = ["ui": (1170, 2532), "photo": (1024, 1024), "icon": (180, 180), "noise": (1024, 1024)]
    static let names = ["ui", "photo", "icon", "noise"]
    let directory: String

    var isComplete: Bool {
        Anchors.names.allSatisfy {
            FileManager.default.fileExists(atPath: path($0 + ".png"))
                && FileManager.default.fileExists(atPath: path($0 + ".rgba"))
        }
    }

    func path(_ file: String) -> String { (directory as NSString).appendingPathComponent(file) }

    func bytes(_ file: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path(file))))) ?? []
    }
}

/// Medians that bench.py recorded for the mature libraries (its results.json).
struct ReferenceResults {
    struct Row {
        let op: String
        let lib: String
        let medianMilliseconds: Double
        let bytes: Int?
    }

    var rows: [Row]
    let source: String

    init(path: String) {
        source = path
        guard let data = FileManager.default.contents(atPath: path),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let list = json["rows"] as? [[String: Any]]
        else {
            rows = []
            return
        }
        rows = list.compactMap { row in
            guard let op = row["op"] as? String, let lib = row["lib"] as? String,
                let median = row["median_ms"] as? Double
            else { return nil }
            return Row(op: op, lib: lib, medianMilliseconds: median, bytes: row["bytes"] as? Int)
        }
    }

    func find(_ key: ReferenceKey?) -> Row? {
        guard let key else { return nil }
        // An exact operation name first: "… of 1000 views" is also a prefix of "… of 1000 views, sizes last".
        return rows.first { $0.op == key.operationPrefix && $0.lib.hasPrefix(key.library) }
            ?? rows.first { $0.op.hasPrefix(key.operationPrefix) && $0.lib.hasPrefix(key.library) }
    }
}

/// Which bench.py row an ivsim operation compares with.
struct ReferenceKey {
    let operationPrefix: String
    let library: String
}
