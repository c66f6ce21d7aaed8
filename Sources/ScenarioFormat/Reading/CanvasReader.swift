import ImageViews
import Syntax

/// Reads the canvas (docs/SCENARIOS.md §Canvas): a `size` and optional `safeAreaInsets`, or a
/// `device` (DevicePresets) with an `orientation`; and a `background`. A device's traits and
/// canvas apply per variant (Scenario.variants), so the variant matrix may vary devices too.
struct CanvasReader {
    let d: Diagnostics

    struct Canvas {
        var size = Size(width: 1, height: 1)
        var safeAreaInsets = EdgeInsets.zero
        var device: String?
        var orientation = DeviceOrientation.portrait
        /// The canvas object, for the background (read once colours can be).
        var node: ObjectReader?
    }

    /// The canvas's size, safe area and device. `matrixHasDevices`: the variant matrix varies
    /// devices, which then give the size.
    func read(_ object: ObjectReader, matrixHasDevices: Bool) -> Canvas {
        var result = Canvas()
        guard
            let node = object.required(
                "canvas", d, hint: " (e.g. \"canvas\": {\"size\": [390, 844]} or {\"device\": \"iPhone 15 Pro\"})"),
            let canvas = ObjectReader(node, allowed: ScenarioKeys.canvas, what: "the canvas", d)
        else { return result }
        result.node = canvas
        if let deviceNode = canvas["device"] {
            if let name = Read.name(deviceNode, d, among: DevicePresets.names, what: "device") { result.device = name }
            for key in ["size", "safeAreaInsets"] where canvas.has(key) {
                d.error(
                    canvas.at(key),
                    "the device sets the canvas's \(key == "size" ? "size" : "safe area insets"): remove \"\(key)\"")
            }
        }
        if let orientationNode = canvas["orientation"] {
            if result.device == nil && !matrixHasDevices && !canvas.has("device") {
                d.error(
                    orientationNode,
                    "an orientation needs a device: add \"device\" (one of: \(DevicePresets.names.joined(separator: ", ")))"
                )
            } else if let orientation: DeviceOrientation = Read.value(
                orientationNode, d, among: DeviceOrientation.allCases.map(\.rawValue), what: "orientation")
            {
                result.orientation = orientation
            }
        }
        guard !canvas.has("device") && !matrixHasDevices else {
            if matrixHasDevices && canvas.has("size") {
                d.error(
                    canvas.at("size"), "the variant matrix varies devices, which set the canvas size: remove \"size\"")
            }
            return result
        }
        if let sizeNode = canvas.required("size", d, hint: " ([width, height] in points, or a \"device\")"),
            let v = Read.numbers(
                sizeNode, d, count: 2, in: ScenarioLimits.canvas, integer: true,
                what: "[width, height] in whole points",
                names: ["the width", "the height"])
        {
            result.size = Size(width: v[0], height: v[1])
        }
        if let node = canvas["safeAreaInsets"], let insets = ImageReader.insets(node, d, minimum: 0) {
            if insets.left + insets.right > result.size.width || insets.top + insets.bottom > result.size.height {
                d.error(
                    node,
                    "the safe area insets leave no safe area: left + right must be at most the canvas width "
                        + "(\(labelNumber(result.size.width))) and top + bottom at most its height (\(labelNumber(result.size.height)))"
                )
            } else {
                result.safeAreaInsets = insets
            }
        }
        return result
    }
}
