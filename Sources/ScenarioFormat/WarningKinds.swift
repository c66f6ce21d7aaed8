import AssetCatalogs
import ImageViews

/// The kinds of warning a scenario can acknowledge in `acknowledgedWarnings` (docs/SCENARIOS.md
/// §Warnings): each warning carries its kind, and an acknowledged one is not printed and not an
/// error with --strict (image warnings stay in the layout report).
enum WarningKinds {
    /// Auto Layout: a frame the constraints do not determine.
    static let ambiguous = "ambiguous"
    /// Auto Layout: a frame that required constraints make negative.
    static let negativeSize = "negativeSize"
    /// Asset catalogs: a name in two catalogs, or of two sets of one kind in one catalog.
    static let duplicateName = AssetWarnings.duplicateName
    /// Asset catalogs: slicing wider or taller than its file (its caps scaled down to fit).
    static let slicingTooLarge = AssetWarnings.slicingTooLarge
    /// Image files: an embedded colour profile ivsim does not convert from (pixels taken as sRGB).
    static let colorProfile = AssetWarnings.colorProfile
    /// Symbols: a system symbol drawn as ivsim's stand-in (`symbolStandIns`).
    static let symbolStandIn = AssetWarnings.symbolStandIn

    /// Views: isOpaque true without an opaque background (UIKit: "the results are unpredictable").
    static let opaque = "opaque"

    /// Kinds a view can acknowledge: its image's, its Auto Layout frame's and its opacity hint's.
    static let view = ImageWarning.kinds + [ambiguous, negativeSize, opaque]
    /// Kinds the scenario can acknowledge (for every view, and its names).
    static let scenario = view + [duplicateName, slicingTooLarge, colorProfile, symbolStandIn]
}
