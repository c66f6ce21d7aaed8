/// The kinds of the warnings named assets and image files give (docs/SCENARIOS.md §Warnings): a
/// scenario acknowledges them by these names (WarningKinds, in the scenario format, lists every
/// kind).
package enum AssetWarnings {
    /// Asset catalogs: a name in two catalogs.
    package static let duplicateName = "duplicateName"
    /// Image files: an embedded colour profile ivsim does not convert from (pixels taken as sRGB).
    package static let colorProfile = "colorProfile"
    /// Symbols: a system symbol drawn as ivsim's stand-in because its template was not found.
    package static let symbolStandIn = "symbolStandIn"
}
