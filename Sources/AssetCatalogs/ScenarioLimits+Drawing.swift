import ImageViews
import Raster
import Syntax

// The limits of a scenario that concern drawing (docs/LIMITS.md §Drawing work): what a drawing's
// refusal tells the reader to do, and the budgets handed to the drawing context and to preserved
// vectors drawn afresh. The limits themselves are ScenarioLimits, in Syntax.

extension ScenarioLimits {
    /// How to get past a drawing's refusal: the work budget is a run limit; the others are fixed.
    package static func raise(_ failure: DrawingFailure) -> String {
        switch failure {
        case .tooMuchWork: raise("drawing-work")
        case .tooComplex: " (docs/LIMITS.md)"  // each says what to do
        case .tooManyPixels: " (docs/LIMITS.md): draw it smaller"
        }
    }

    /// The limits of one drawing (an SVG or PDF file at a scale, a drawn image, a preserved
    /// vector drawn afresh): per operation `pathLines` and `pathSteps`, at most `assetPixels`, and
    /// `drawingWork` units of work (PixelBudget gives each drawing what the scenario has left).
    package var drawing: DrawingLimits {
        DrawingLimits(lines: Self.pathLines, steps: Self.pathSteps, pixels: Self.assetPixels, work: drawingWork)
    }

    /// What drawing preserved vectors afresh may take per variant: `drawingWork`, and
    /// `redrawPixels` or RedrawAllowance's 2^24 pixels.
    package var redraws: RedrawAllowance {
        RedrawAllowance(work: drawingWork, pixels: redrawPixels ?? RedrawAllowance.default.pixels)
    }
}
