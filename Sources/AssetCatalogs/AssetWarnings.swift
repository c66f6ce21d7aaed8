/// The kinds of the warnings named assets and image files give (docs/SCENARIOS.md §Warnings): a
/// scenario acknowledges them by these names (WarningKinds, in the scenario format, lists every
/// kind).
package enum AssetWarnings {
    /// Asset catalogs: a name in two catalogs, or of two sets of one kind in one catalog.
    package static let duplicateName = "duplicateName"
    /// Image files: an embedded colour profile ivsim does not convert from (pixels taken as sRGB).
    package static let colorProfile = "colorProfile"
    /// Asset catalogs: slicing wider or taller than its file, its caps scaled down to fit.
    package static let slicingTooLarge = "slicingTooLarge"
    /// Symbols: a system symbol drawn as ivsim's stand-in because its template was not found.
    package static let symbolStandIn = "symbolStandIn"
}
