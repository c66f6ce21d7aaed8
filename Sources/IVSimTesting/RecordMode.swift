import Foundation

/// Whether assertions write baselines.
///
/// An assertion given no mode reads the environment variable `IVSIM_RECORD` (`never`, `missing`
/// or `all`), so that a developer records with `IVSIM_RECORD=missing swift test` and CI, which
/// does not set it, only checks.
public enum RecordMode: String, Sendable {
    /// Only compare; never write a baseline (CI).
    case never
    /// Record the variants that have no baseline; compare the rest.
    case missing
    /// Record every variant whose pixels or numbers changed.
    case all

    /// `IVSIM_RECORD`, else `.never`. An unknown value is `.never` (a typo must not record).
    public static var fromEnvironment: RecordMode {
        ProcessInfo.processInfo.environment["IVSIM_RECORD"].flatMap(RecordMode.init(rawValue:)) ?? .never
    }
}
