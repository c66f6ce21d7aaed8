import AssetCatalogs
import ImageViews
import Raster
import Syntax

/// The checks that need every variant laid out, run when a scenario loads: each variant's scene
/// is built once, and both the Auto Layout check (conflicts, ambiguity, negative sizes) and the
/// image warnings read it. Errors and warnings go to `d`.
struct VariantChecks {
    let scenario: Scenario
    /// Subviews' JSON nodes and the warning kinds each acknowledges.
    let viewNodes: ViewNodes
    let autoLayout: AutoLayoutCheck
    /// Where a refusal by the `render-pixels` limit is reported (the variants, else the document).
    let limitNode: JSONNode
    /// Each snapshot image's node, by name, where a snapshot that cannot be made is reported.
    var snapshotNodes: [String: JSONNode] = [:]
    /// Work units the scenario's images took to draw (PixelBudget.drawingWork): the variants'
    /// preserved vectors drawn afresh get what is left of the `drawing-work` limit, each charged
    /// twice (drawn now, to check the variants, and again to render them).
    var drawingWork = 0

    init(
        scenario: Scenario, viewNodes: [(treePath: [Int], node: JSONNode, acknowledged: [String])], limitNode: JSONNode,
        autoLayout: AutoLayoutCheck
    ) {
        self.scenario = scenario
        self.viewNodes = ViewNodes(viewNodes)
        self.limitNode = limitNode
        self.autoLayout = autoLayout
    }

    func run(_ d: Diagnostics) {
        let variants = scenario.variants()
        var findings = VariantFindings(variantCount: variants.count)
        var renderWork = 0
        var drawingWork = self.drawingWork
        for variant in variants {
            var allowance = scenario.redraws
            allowance.work = (d.limits.drawingWork - drawingWork) / 2
            let (scene, snapshots, redraws) =
                scenario.snapshots.isEmpty
                ? {
                    let scene = scenario.scene(for: variant, redraws: allowance); return (scene, [], scene.redraws)
                }()
                : scenario.sceneWithSnapshots(for: variant, redraws: allowance)
            drawingWork += 2 * redraws.work
            if let refusal = redraws.refusal {
                let node = viewNodes[refusal.view]?.node
                let what =
                    "in variant \(variant.name)\(node == nil ? ", in \(refusal.view)" : ""), drawing \"\(refusal.image)\" "
                    + (refusal.multicolor
                        ? "in this view's tint (a multicolor symbol, \(refusal.width) × \(refusal.height) pixels) takes "
                        : "afresh at the \(refusal.width) × \(refusal.height) pixels this view shows it (preserves-vector-representation) takes ")
                d.error(
                    node ?? limitNode,
                    refusal.work
                        ? what
                            + "the scenario's drawings past the \(d.limits.drawingWork) units of work one scenario may spend drawing (\(drawingWork) "
                            + "spent with this variant's): show fewer sizes of preserved vectors, or split the scenario"
                            + ScenarioLimits.raise("drawing-work")
                        : what
                            + "the drawings made for one variant past \(scenario.redraws.pixels) pixels (docs/LIMITS.md, preserved "
                            + "vectors and multicolor symbols): show fewer sizes of preserved vectors or tints of multicolor "
                            + "symbols in one variant, or split the scenario")
                return
            }
            for outcome in snapshots {
                switch outcome {
                case let .refused(name, reason):
                    d.error(
                        snapshotNodes[name] ?? limitNode, "snapshot \"\(name)\" in variant \(variant.name): \(reason)")
                case let .made(_, _, _, work):
                    renderWork = renderWork &+ work  // drawn when the scenario loads and again to render
                }
            }
            let layout = scene.layout
            // The pixels rendering will take, refused before anything is rendered.
            renderWork =
                renderWork &+ scene.displayList.renderWork(width: layout.pixelWidth, height: layout.pixelHeight)
            if renderWork > d.limits.renderPixels || renderWork < 0 {
                d.error(
                    limitNode,
                    "rendering the variants up to \(variant.name) takes more than the \(d.limits.renderPixels) pixel "
                        + "operations one scenario may ask for (canvases, fills, images, tiles, clips, borders and groups, "
                        + "docs/LIMITS.md): fewer variants, a smaller canvas or fewer layers, or split the scenario"
                        + ScenarioLimits.raise("render-pixels"))
                return
            }
            let masks = scene.displayList.preparedMaskBytes(width: layout.pixelWidth, height: layout.pixelHeight)
            if masks > DisplayList.maxPreparedMaskBytes {
                d.error(
                    limitNode,
                    "variant \(variant.name) would hold \(masks) bytes of border and rounded-corner masks, more than the "
                        + "\(DisplayList.maxPreparedMaskBytes) one variant may (a byte a pixel of each bordered view's rectangle "
                        + "on the canvas and of each rounded clip's corners, docs/LIMITS.md): fewer or smaller bordered views, "
                        + "or a smaller canvas")
                return
            }
            if let report = layout.autoLayout {
                autoLayout.inspect(report, variant: variant.name, views: viewNodes, into: &findings)
                // A layout too large to solve is as large in every variant: once is enough.
                if report.failure?.termsWhenGivenUp != nil { break }
            }
            ImageWarningCheck.inspect(
                layout, file: scenario.file, variant: variant.name, views: viewNodes, into: &findings)
            FrameRangeCheck.inspect(
                layout, file: scenario.file, variant: variant.name, views: viewNodes, into: &findings)
        }
        for diagnostic in findings.diagnostics {
            if diagnostic.severity == .warning { d.append(warnings: [diagnostic]) } else { d.append([diagnostic]) }
        }
    }
}

/// Subviews' JSON nodes and acknowledged warning kinds, in pre-order — the order of a layout's
/// views after the root, so that `layout.views[i]` is `self[layoutIndex: i]` without building
/// 100,000 path strings. By path name ("root.subviews[1].subviews[0]") for the few findings
/// that name a view so.
struct ViewNodes {
    private let entries: [(treePath: [Int], node: JSONNode, acknowledged: [String])]

    init(_ nodes: [(treePath: [Int], node: JSONNode, acknowledged: [String])]) {
        entries = nodes
    }

    /// The subview at `index` of a layout's views (0 is the root, which has none).
    subscript(layoutIndex index: Int) -> (node: JSONNode, acknowledged: [String])? {
        index >= 1 && index <= entries.count ? (entries[index - 1].node, entries[index - 1].acknowledged) : nil
    }

    /// Pre-order lists index paths in lexicographic order, so a path is found by binary search.
    subscript(path: String) -> (node: JSONNode, acknowledged: [String])? {
        guard path.hasPrefix("root") else { return nil }
        let treePath = path.dropFirst(4).split(separator: "]").compactMap { Int($0.drop { !$0.isNumber }) }
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].treePath.lexicographicallyPrecedes(treePath) { low = mid + 1 } else { high = mid }
        }
        guard low < entries.count, entries[low].treePath == treePath else { return nil }
        return (entries[low].node, entries[low].acknowledged)
    }
}
