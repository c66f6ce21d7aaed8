import AssetCatalogs
import Foundation
import PNGCodec
import Raster
import ScenarioFormat
import Syntax

/// Reading baseline files: bounded, and only regular files (a baseline replaced by a 3 GB file, a
/// FIFO or a device is treated as not there, and the check says the baseline is missing).
enum Baseline {
    /// The largest baseline PNG read: 288 MiB (a 6,144-pixel square canvas is 151 MB raw).
    static let maxPNGBytes = (1 << 28) + (1 << 25)
    /// The largest layout report read: 512 MiB (100,000 views make about 150 MB).
    static let maxLayoutBytes = 1 << 29

    static func read(_ url: URL, limit: Int) -> [UInt8]? {
        if case let .success(bytes) = BoundedFile.read(url, limit: limit) { return bytes }
        return nil
    }
}

/// Failure artifacts of one variant: `<variant>.actual.png`, `.expected.png`, `.diff.png`,
/// `.actual.layout.json`, `.expected.layout.json` in the scenario's artifacts folder.
struct Artifacts {
    let folder: URL
    let variant: String
    /// The run's artifacts folder: nothing is written, or removed, through a symbolic link in it
    /// that leads elsewhere (a committed `.ivsim/failures/<group>` linked into Snapshots/).
    let root: URL

    /// Whether this variant's folder is really inside the artifacts folder.
    private var isInsideRoot: Bool { FileOutput.isInside(folder, root) }

    private static let suffixes = [
        ".actual.png", ".expected.png", ".diff.png", ".actual.layout.json", ".expected.layout.json"
    ]

    private func url(_ suffix: String) -> URL { folder.appendingPathComponent(variant + suffix) }

    /// Removes this variant's files from an earlier run.
    func removeOld() {
        // Usually the scenario has no artifacts folder (no earlier failure): one look, and no path
        // resolved (resolving both paths was 4 % of a corpus check that passes).
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue,
            isInsideRoot
        else { return }
        for suffix in Artifacts.suffixes where FileManager.default.fileExists(atPath: url(suffix).path) {
            try? FileManager.default.removeItem(at: url(suffix))
        }
    }

    /// Writes the files; a file that cannot be written is an error (CI that uploads the folder
    /// must not get nothing in silence).
    func write(
        actual: Bitmap, actualLayout: JSONOutput, expectedPNG: [UInt8]?, expectedLayout: [UInt8]?,
        diff: RGBAImage?
    ) throws(FileOutput.Failure) {
        guard isInsideRoot else {
            throw FileOutput.Failure(
                path: folder.path,
                reason: "it leads out of the artifacts folder (to \(RealPath.of(folder))) through a "
                    + "symbolic link: replace the link with a folder")
        }
        removeOld()
        let image = actual.rgbaImage
        try FileOutput.writeAtomically(PNGEncoder(level: .fast).encode(image), to: url(".actual.png"))
        try FileOutput.writeAtomically(actualLayout.text(), to: url(".actual.layout.json"))
        if let expectedPNG { try FileOutput.writeAtomically(expectedPNG, to: url(".expected.png")) }
        if let expectedLayout { try FileOutput.writeAtomically(expectedLayout, to: url(".expected.layout.json")) }
        if let diff { try FileOutput.writeAtomically(PNGEncoder(level: .fast).encode(diff), to: url(".diff.png")) }
    }

    /// Writes the files and says where they are, or why they are not there.
    func writeAndDescribe(
        actual: Bitmap, actualLayout: JSONOutput, expectedPNG: [UInt8]?, expectedLayout: [UInt8]?,
        diff: RGBAImage?
    ) -> (artifacts: String?, problem: String?) {
        do {
            try write(
                actual: actual, actualLayout: actualLayout, expectedPNG: expectedPNG, expectedLayout: expectedLayout,
                diff: diff)
            return (describe(), nil)
        } catch {
            return (nil, "artifacts not written: \(error)")
        }
    }

    func describe() -> String {
        folder.appendingPathComponent(variant).path + ".*"
    }
}
