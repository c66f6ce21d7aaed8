import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif

/// Files read whole, bounded: the file is opened (symbolic links followed) and must be a regular
/// file, its size is taken from the open file (not from the path: a link's own size says nothing
/// of its target's), a file over `limit` bytes is refused before a byte is read, and no more than
/// `limit` bytes are read even if the file grows meanwhile. FIFOs and devices are refused without
/// blocking (`O_NONBLOCK` on open).
public enum BoundedFile {
    public enum Failure: Error, Equatable {
        case missing
        /// A folder, FIFO, device or socket.
        case notARegularFile(String)
        case tooLarge(Int)
        case unreadable(String)

        /// A sentence for messages, with `limit` the size allowed and `what` the kind of file.
        public func message(limit: Int, what: String) -> String {
            switch self {
            case .missing: "no such file"
            case let .notARegularFile(kind): "it is \(kind), not a file"
            case let .tooLarge(size): "the file is \(size) bytes, more than the \(limit) \(what) may be"
            case let .unreadable(reason): "cannot read the file (\(reason))"
            }
        }
    }

    /// The size of the regular file a path leads to (symbolic links followed), or nil when there
    /// is none: reading it reports why.
    public static func size(_ url: URL) -> Int? {
        var status = stat()
        guard stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// The whole file, or why not.
    public static func read(_ url: URL, limit: Int) -> Result<[UInt8], Failure> {
        read(url, upTo: limit, wholeFile: true)
    }

    /// The first `count` bytes (fewer if the file is shorter); the size limit does not apply.
    public static func prefix(_ url: URL, count: Int) -> Result<[UInt8], Failure> {
        read(url, upTo: count, wholeFile: false)
    }

    private static func read(_ url: URL, upTo limit: Int, wholeFile: Bool) -> Result<[UInt8], Failure> {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(
                errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.notARegularFile("a folder"))
        case S_IFIFO: return .failure(.notARegularFile("a FIFO"))
        case S_IFCHR, S_IFBLK: return .failure(.notARegularFile("a device"))
        default: return .failure(.notARegularFile("not a regular file"))
        }
        let size = Int(status.st_size)
        if wholeFile && size > limit { return .failure(.tooLarge(size)) }
        let capacity = min(size, limit) + 1  // one byte more shows a file that grew past the limit
        var bytes = [UInt8](repeating: 0, count: capacity)
        var count = 0
        while count < capacity {
            let result = bytes.withUnsafeMutableBytes {
                systemRead(descriptor, $0.baseAddress! + count, capacity - count)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if result == 0 { break }
            count += result
        }
        if count > limit {
            if wholeFile { return .failure(.tooLarge(count)) }
            count = limit
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }
}
