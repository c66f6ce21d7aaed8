// The names IVSimKit had before "snapshot" kept one meaning (a view's image as snapshotView and
// drawHierarchy make it; CHANGELOG, 2026-11-29): the layout values are "laid out", the recorded
// files are baselines. The old names still compile, with a warning that names the new one.

@available(*, deprecated, renamed: "VariantLayout")
public typealias LayoutSnapshot = VariantLayout
@available(*, deprecated, renamed: "LaidOutView")
public typealias ViewSnapshot = LaidOutView
@available(*, deprecated, renamed: "LaidOutImageView")
public typealias ImageViewSnapshot = LaidOutImageView
@available(*, deprecated, renamed: "SolvedConstraint")
public typealias ConstraintSnapshot = SolvedConstraint
@available(*, deprecated, renamed: "LaidOutGuide")
public typealias LayoutGuideSnapshot = LaidOutGuide
@available(*, deprecated, renamed: "EdgeInsets")
public typealias InsetsSnapshot = EdgeInsets
