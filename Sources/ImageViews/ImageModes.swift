// How UIImage draws: as itself or as a template, and how a resizable image fills its middle.

/// UIImage.RenderingMode.
public enum RenderingMode: String, CaseIterable, Sendable {
    case automatic
    case alwaysOriginal
    case alwaysTemplate
}

/// UIImage.ResizingMode.
public enum ResizingMode: String, CaseIterable, Sendable {
    case tile
    case stretch
}
