import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks a folder with readdir: every file and folder under it as a path relative to it (none if
/// it cannot be read), folders entered when `enter` says so, links to folders never — what
/// FileManager's enumerator and subpathsOfDirectory list, at a fraction of their cost (they make a
/// URL or trim a prefix for each path: a tenth of a one-scenario `check`). In no particular order.
public enum DirectoryWalk {
    public struct Item: Sendable, Equatable {
        /// The path relative to the folder walked.
        public var path: String
        public var isDirectory: Bool
    }

    public static func items(under folder: String, enter: (_ relativePath: String) -> Bool = { _ in true }) -> [Item] {
        var items: [Item] = []
        func walk(_ directory: String, _ prefix: String) {
            guard let handle = opendir(directory) else { return }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let relative = prefix.isEmpty ? name : prefix + "/" + name
                var isDirectory = Int32(entry.pointee.d_type) == Int32(DT_DIR)
                if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                    var status = stat()
                    isDirectory = lstat(directory + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
                }
                items.append(Item(path: relative, isDirectory: isDirectory))
                if isDirectory && enter(relative) { walk(directory + "/" + name, relative) }
            }
        }
        walk(folder, "")
        return items
    }
}
