import AssetCatalogs
import Foundation
import ScenarioFormat
import Syntax

/// How scenarios are read: strictness, the limits of docs/LIMITS.md and the folders outside a
/// scenario's own folder that it may read (the `assetRoots` of ivsim.json).
public struct LoadOptions: Sendable {
    /// Warnings (ambiguous layouts, resampled images, …; docs/SCENARIOS.md §Warnings) are errors.
    public var strict: Bool
    /// Folders scenarios may read images and asset catalogs from besides their own folder.
    public var assetRoots: [URL]
    /// Folders of symbol templates exported from the SF Symbols app, searched by every scenario's
    /// `systemName` after its own `symbolRoots` (docs/SYMBOLS.md).
    public var symbolRoots: [URL] = []
    /// Raised limits by name (`views`, `constraints`, `variants`, `image-bytes`, `file-bytes`,
    /// `layout-work`, `render-pixels`, `drawing-work`; docs/LIMITS.md);
    /// the others keep their defaults.
    public var limits: [String: Int]

    /// Options with the defaults of the command line.
    public init(strict: Bool = false, assetRoots: [URL] = [], limits: [String: Int] = [:]) {
        self.strict = strict
        self.assetRoots = assetRoots
        self.limits = limits
    }

    /// The limits as the loader takes them; an unknown name is an error naming the known ones.
    package func scenarioLimits() throws(IVSimError) -> ScenarioLimits {
        var result = ScenarioLimits.default
        for (name, value) in limits.sorted(by: { $0.key < $1.key }) {
            guard let limit = ScenarioLimits.named(name) else {
                throw IVSimError(messages: ["unknown limit \"\(name)\"" + ScenarioLimits.knownNames(after: name)])
            }
            result[keyPath: limit.keyPath] = max(1, value)
        }
        return result
    }

    /// The asset roots as an ivsim.json wrote them (the command line's project), shown so in messages.
    package var configuredRoots: [AssetRoot]?

    package var roots: [AssetRoot] {
        configuredRoots
            ?? assetRoots.map { AssetRoot(url: $0, written: $0.path) }
            // Named by their last component: symbol sources reach layout reports, which must not
            // carry a machine's paths.
            + symbolRoots.map { AssetRoot(url: $0, written: $0.lastPathComponent, holdsSymbols: true) }
    }
}
