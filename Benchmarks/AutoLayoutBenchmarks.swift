import ImageViews
import Raster

// Auto Layout end to end (ImageViews.AutoLayout): kiwi_bench.py's chain as a view tree — N image
// views in a row, each with an image of intrinsic width 20 + (i × 37) mod 61 points and height 44,
// top == superview.top + 10, leading == previous.trailing + 8 (the first: superview.leading +
// 20), width >= 0, the last's trailing <= superview.trailing − 20, in a canvas 60 N + 100 wide —
// laid out from nothing: tree flattening, unknowns, the solver, frames; once without and once
// with the ambiguity probes that every scenario variant gets when it is loaded.

/// The chain of `n` image views and its constraints.
func autoLayoutChain(_ n: Int) -> (root: View, constraints: [LayoutConstraint]) {
    var images: [Int: Image] = [:]
    var subviews: [View] = []
    var constraints: [LayoutConstraint] = []
    func c(_ first: LayoutAnchor, _ relation: LayoutRelation, _ second: LayoutAnchor?, _ constant: Double)
        -> LayoutConstraint
    {
        LayoutConstraint(first: first, relation: relation, second: second, constant: constant, label: "")
    }
    for i in 0..<n {
        let width = 20 + (i * 37) % 61
        let image =
            images[width]
            ?? Image(
                name: "w\(width)",
                pixels: SourceImage(
                    Bitmap(
                        width: width, height: 44,
                        pixels: Array(repeating: 0xFF80_8080, count: width * 44)), opaque: false))
        images[width] = image
        subviews.append(View(id: "v\(i)", frame: .zero, imageView: ImageView(image: image), positioning: .constraints))
        let view = [i]
        constraints.append(
            c(LayoutAnchor(view: view, attribute: .top), .equal, LayoutAnchor(view: [], attribute: .top), 10))
        constraints.append(c(LayoutAnchor(view: view, attribute: .width), .greaterThanOrEqual, nil, 0))
        constraints.append(
            i == 0
                ? c(
                    LayoutAnchor(view: view, attribute: .leading), .equal, LayoutAnchor(view: [], attribute: .leading),
                    20)
                : c(
                    LayoutAnchor(view: view, attribute: .leading), .equal,
                    LayoutAnchor(view: [i - 1], attribute: .trailing), 8))
    }
    constraints.append(
        c(
            LayoutAnchor(view: [], attribute: .trailing), .greaterThanOrEqual,
            LayoutAnchor(view: [n - 1], attribute: .trailing), 20))
    return (View(frame: Rect(x: 0, y: 0, width: 60 * Double(n) + 100, height: 200), subviews: subviews), constraints)
}

func autoLayoutBenchmarks() -> [Benchmark] {
    var list: [Benchmark] = []
    for n in [100, 1000] {
        let (root, constraints) = autoLayoutChain(n)
        for probes in [false, true] {
            final class Result { var root = View(frame: .zero) }
            let result = Result()
            list.append(
                Benchmark(
                    name: "autolayout chain of \(n) image views" + (probes ? " with ambiguity probes" : ""),
                    run: {
                        var laidOut = root
                        _ = AutoLayout.layout(
                            &laidOut, constraints: constraints, traits: Traits(displayScale: 2), checkAmbiguity: probes)
                        result.root = laidOut
                    },
                    output: { "last frame \(result.root.subviews.last?.frame.origin.x ?? -1)" }))
        }
    }
    return list
}
