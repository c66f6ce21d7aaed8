import Raster
import Synchronization

/// A vector image that an image view draws afresh at the size it shows it, as UIKit does for an
/// asset whose `preserves-vector-representation` is set (docs/SVG.md §Image sets): `draw` makes
/// the pixels for a size in pixels within a budget of work units, and says what they took.
/// Drawings are made once per size and shared by every view and variant, on any thread.
///
/// Whether a size can be drawn within a budget is a fact about the size alone (its drawing's
/// work is the same every time), so every answer is the same whatever was asked before and on
/// whichever thread: a kept drawing is returned only when its work fits the budget asked with,
/// and a size known to need more than a budget is refused at once for that budget or a smaller one.
public final class VectorRedraw: Sendable {
    /// What drawing a size gave: its pixels and work, or the failure.
    public typealias Draw =
        @Sendable (_ width: Int, _ height: Int, _ work: Int) -> Result<(Bitmap, Int), DrawingFailure>

    private enum Outcome {
        case drawn(SourceImage, work: Int)
        /// Needs more work than this budget.
        case over(Int)
        /// Cannot be drawn at this size, whatever the budget.
        case failed
    }

    private let draw: Draw
    private let made = Mutex<[Int: Outcome]>([:])
    /// The largest drawing, in pixels (2048 × 2048: a preserved vector filling an iPad's screen at
    /// 2x); larger sizes show the bitmap.
    public static let maxPixels = 1 << 22
    /// Drawings kept for later views and variants: at most `maxKept` sizes per image and
    /// `maxKeptPixels` pixels of all images together, for the whole run (2^24: 192 MiB at 12
    /// bytes a pixel), whichever comes first; others are drawn again when asked for. Outcomes
    /// that are not drawings (a size over a budget) are kept up to `maxOutcomes` per image.
    public static let maxKept = 64
    public static let maxKeptPixels = 1 << 24
    static let maxOutcomes = 4_096
    /// Pixels kept by every VectorRedraw of the process (20 preserved vectors each keeping its
    /// own 2^24 held 3.8 GB).
    private static let keptEverywhere = Mutex(0)

    /// Reserves `pixels` of the run's kept drawings; false when they would pass `maxKeptPixels`.
    private static func reserveKept(_ pixels: Int) -> Bool {
        keptEverywhere.withLock { kept in
            guard kept + pixels <= maxKeptPixels else { return false }
            kept += pixels
            return true
        }
    }

    public init(_ draw: @escaping Draw) {
        self.draw = draw
    }

    deinit {
        let pixels = made.withLock { outcomes in
            outcomes.values.reduce(0) {
                if case let .drawn(image, _) = $1 { $0 + image.width * image.height } else { $0 }
            }
        }
        Self.keptEverywhere.withLock { $0 -= pixels }
    }

    /// What asking for a size within a budget gives.
    public enum Answer {
        /// The pixels, and the work drawing them took.
        case drawn(SourceImage, work: Int)
        /// Drawing the size takes more work than the budget.
        case overBudget
        /// The size cannot be drawn (a limit of one operation, or of the pixels): the bitmap is shown.
        case failed
    }

    /// The vector drawn to `width` × `height` pixels within `work` units.
    public func pixels(width: Int, height: Int, work: Int) -> Answer {
        guard work > 0 else { return .overBudget }
        let key = width << 32 | height
        switch made.withLock({ $0[key] }) {
        case let .drawn(image, spent)?: return spent <= work ? .drawn(image, work: spent) : .overBudget
        case let .over(budget)? where work <= budget: return .overBudget
        case .failed?: return .failed
        default: break
        }
        let outcome: Outcome
        switch draw(width, height, work) {
        case let .success((bitmap, spent)): outcome = .drawn(SourceImage(bitmap, opaque: false), work: spent)
        case .failure(.tooMuchWork): outcome = .over(work)
        case .failure: outcome = .failed
        }
        return made.withLock { outcomes in
            switch (outcomes[key], outcome) {
            case let (.drawn(image, spent)?, _): return spent <= work ? .drawn(image, work: spent) : .overBudget
            case let (_, .drawn(image, spent)):
                if outcomes.count < Self.maxOutcomes,
                    outcomes.values.count(where: { if case .drawn = $0 { true } else { false } }) < Self.maxKept,
                    Self.reserveKept(width * height)
                {
                    outcomes[key] = outcome
                }
                return .drawn(image, work: spent)
            case let (.over(known)?, .over(budget)):
                outcomes[key] = .over(max(known, budget))
                return .overBudget
            case (.failed?, _), (_, .failed):
                if outcomes.count < Self.maxOutcomes { outcomes[key] = .failed }
                return .failed
            default:
                if outcomes.count < Self.maxOutcomes { outcomes[key] = outcome }
                return .overBudget
            }
        }
    }
}
