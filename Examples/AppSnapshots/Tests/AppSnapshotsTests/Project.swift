import Foundation

/// The example's folders, found from this file.
enum Project {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scenarios = root.appendingPathComponent("UITests/Scenarios")
    static let baselines = root.appendingPathComponent("UITests/Snapshots")
    static let assetRoots = [root.appendingPathComponent("App/Assets.xcassets")]
    /// Failure artifacts: actual, expected and diff images of what failed.
    static let artifacts = root.appendingPathComponent(".ivsim/failures")
}
