import AssetCatalogs
import Foundation
import ScenarioFormat
import Syntax
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files through a temporary file in the same folder and a rename, so that a reader never
/// sees a partial file, a failed write leaves the previous file intact, and a process killed at
/// any moment leaves the old file or the new one (docs/RELIABILITY.md §Writes). The temporary
/// file is written with POSIX calls (Foundation's own atomic writes add a temporary of their
/// own, which a kill would leave behind under a name nothing recognises). A kill between the
/// two steps leaves the temporary: `strays(in:among:)` finds those, `record` removes them.
public enum FileOutput {
    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): cannot write (\(reason))" }
    }

    /// The marker in temporary file names: `.<name>.ivsim-tmp.<pid>.<random>`.
    static let temporaryMarker = ".ivsim-tmp."

    /// Fault injection for the kill test (Tests/ivsimTests/KillTests.swift): with
    /// IVSIM_WRITE_PAUSE_US set, each file is written in two halves with that pause between
    /// them, so that a kill lands inside writes rather than between them. Unset: no pause.
    private static let pauseBetweenHalves: useconds_t = {
        ProcessInfo.processInfo.environment["IVSIM_WRITE_PAUSE_US"].flatMap { useconds_t($0) } ?? 0
    }()

    public static func writeAtomically(_ bytes: [UInt8], to url: URL) throws(Failure) {
        // Only a regular file is replaced: the rename would turn a device (/dev/null), a FIFO or a
        // symbolic link into a plain file (run as root, `--junit /dev/full` replaced the device).
        var status = stat()
        if lstat(url.path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
            let kind: String
            switch status.st_mode & S_IFMT {
            case S_IFDIR: kind = "a folder"
            case S_IFLNK: kind = "a symbolic link"
            case S_IFCHR, S_IFBLK: kind = "a device"
            case S_IFIFO: kind = "a FIFO"
            case S_IFSOCK: kind = "a socket"
            default: kind = "not a regular file"
            }
            throw Failure(
                path: url.path,
                reason: "it is \(kind), and ivsim replaces only regular files: name a file (a report can go to "
                    + "standard output with -)")
        }
        let folder = url.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw Failure(path: url.path, reason: "\(folder.path) is a file, not a folder")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: url.path, reason: "cannot create \(folder.path)")
        }
        let temporary = folder.appendingPathComponent(
            "." + url.lastPathComponent + temporaryMarker + "\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        ).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw Failure(
                path: url.path,
                reason: "cannot create a temporary file in \(folder.path): \(String(cString: strerror(errno)))")
        }
        var written = 0
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            let half = pauseBetweenHalves > 0 ? buffer.count / 2 : buffer.count
            var paused = pauseBetweenHalves == 0
            while written < buffer.count {
                if written >= half && !paused {
                    usleep(pauseBetweenHalves)
                    paused = true
                }
                let end = paused ? buffer.count : half
                let result = write(descriptor, buffer.baseAddress! + written, end - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
        if close(descriptor) != 0 || failure != nil {
            let code = failure ?? errno
            unlink(temporary)
            throw Failure(path: url.path, reason: String(cString: strerror(code)))
        }
        if rename(temporary, url.path) != 0 {
            let code = errno
            unlink(temporary)
            throw Failure(path: url.path, reason: String(cString: strerror(code)))
        }
    }

    /// The real path of `url` (RealPath.of).
    public static func realPath(_ url: URL) -> String { RealPath.of(url) }

    /// Whether `inner` is `outer` or lies inside it, links resolved.
    static func isInside(_ inner: URL, _ outer: URL) -> Bool {
        let base = RealPath.of(outer), path = RealPath.of(inner)
        return path == base || path.hasPrefix(base.hasSuffix("/") ? base : base + "/")
    }

    public static func writeAtomically(_ text: String, to url: URL) throws(Failure) {
        try writeAtomically(Array(text.utf8), to: url)
    }

    /// Every file and folder under `folder`, as paths relative to it (none if it cannot be read):
    /// DirectoryWalk's, what FileManager.subpathsOfDirectory lists — folders are entered, links to
    /// folders are not. In no particular order.
    public static func listing(of folder: URL) -> [String] { DirectoryWalk.items(under: folder.path).map(\.path) }

    /// Temporary files among `files`, a listing of `folder` (paths relative to it; one walk of a
    /// run's baselines serves this and the stale baselines), sorted, that an interrupted write
    /// left: ivsim's own whose process is gone — or older than `staleAfter`, since process ids
    /// are reused and no write takes that long between creating its temporary and renaming it —
    /// and Foundation's (`.dat.nosync…`, from earlier versions of ivsim).
    static func strays(in folder: URL, among files: [String]) -> [String] {
        files.filter { path in
            guard isHidden(path) else { return false }  // most files: one byte looked at
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix(".dat.nosync") { return true }
            guard name.hasPrefix("."), let marker = name.range(of: temporaryMarker) else { return false }
            let pid = name[marker.upperBound...].prefix { $0.isNumber }
            guard let process = Int32(pid) else { return true }
            if kill(process, 0) != 0 && errno == ESRCH { return true }  // its writer is gone
            let modified =
                (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path))?[
                    .modificationDate] as? Date
            return modified.map { Date().timeIntervalSince($0) > staleAfter } ?? false
        }.sorted()
    }

    /// Whether the last component of `path` starts with a dot (temporary files and `.dat.nosync`
    /// ones all do).
    static func isHidden(_ path: String) -> Bool {
        let bytes = path.utf8
        let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        return start < bytes.endIndex && bytes[start] == UInt8(ascii: ".")
    }

    /// Seconds after which a temporary file is a stray whatever its process id says: 10 minutes.
    static let staleAfter: TimeInterval = 600
}
