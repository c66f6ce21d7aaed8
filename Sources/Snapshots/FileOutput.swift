import Foundation

/// Writes files through a temporary file in the same folder and a rename, so that a reader never
/// sees a partial file and a failed write leaves the previous file intact.
public enum FileOutput {
    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): cannot write (\(reason))" }
    }

    public static func writeAtomically(_ bytes: [UInt8], to url: URL) throws(Failure) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: url.path, reason: "cannot create \(folder.path)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else {
            throw Failure(path: url.path, reason: "cannot create a temporary file in \(folder.path)")
        }
        if rename(temporary.path, url.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(path: url.path, reason: String(cString: strerror(code)))
        }
    }

    public static func writeAtomically(_ text: String, to url: URL) throws(Failure) {
        try writeAtomically(Array(text.utf8), to: url)
    }
}
