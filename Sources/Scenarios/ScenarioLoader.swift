import Foundation
import ImageViews

/// Loads and validates scenario files.
public enum ScenarioLoader {
    /// Loads the scenario in `url`; `displayName` names the file in messages and `name` is its
    /// snapshot folder (path under the scenarios folder without ".json").
    public static func load(_ url: URL, displayName: String, name: String) throws(ScenarioErrors) -> Scenario {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw ScenarioErrors([ScenarioDiagnostic(file: displayName, location: nil, path: "",
                                                     message: exists ? "cannot read the file" : "no such file")])
        }
        return try parse([UInt8](data), folder: url.deletingLastPathComponent(), displayName: displayName, name: name)
    }

    /// Parses scenario text whose relative asset paths resolve against `folder`.
    public static func parse(_ bytes: [UInt8], folder: URL, displayName: String, name: String) throws(ScenarioErrors) -> Scenario {
        let d = Diagnostics(file: displayName)
        let document: JSONNode
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioErrors([ScenarioDiagnostic(file: displayName, location: error.location, path: "",
                                                     message: "invalid JSON: \(error.message)")])
        }
        guard let object = ObjectReader(document, allowed: ScenarioKeys.document, what: "a scenario", d) else {
            throw ScenarioErrors(d.sorted)
        }
        var description = ""
        if let node = object["description"], let text = Read.string(node, d, what: "a description") { description = text }
        if let node = object["$schema"] { _ = Read.string(node, d, what: "the schema's path or URL") }

        // Canvas.
        var canvasSize = Size(width: 1, height: 1)
        var background = Color.system("systemBackground")!
        if let node = object.required("canvas", d, hint: " (e.g. \"canvas\": {\"size\": [390, 844]})"),
           let canvas = ObjectReader(node, allowed: ScenarioKeys.canvas, what: "the canvas", d) {
            if let sizeNode = canvas.required("size", d, hint: " ([width, height] in points)"),
               let v = Read.numbers(sizeNode, d, count: 2, in: ScenarioLimits.canvas, integer: true, what: "[width, height] in whole points") {
                canvasSize = Size(width: v[0], height: v[1])
            }
            if let node = canvas["background"], let color = ColorReader.read(node, d) { background = color }
        }

        // Traits.
        var traits = Traits()
        if let node = object["traits"], let t = ObjectReader(node, allowed: ScenarioKeys.traits, what: "the traits", d) {
            if let n = t["displayScale"], let s = Read.number(n, d, in: 1...3, integer: true, what: "a display scale") {
                traits.displayScale = Int(s)
            }
            if let n = t["userInterfaceStyle"],
               let s = Read.name(n, d, among: UserInterfaceStyle.allCases.map(\.rawValue), what: "interface style") {
                traits.userInterfaceStyle = UserInterfaceStyle(rawValue: s)!
            }
            if let n = t["layoutDirection"],
               let s = Read.name(n, d, among: LayoutDirection.allCases.map(\.rawValue), what: "layout direction") {
                traits.layoutDirection = LayoutDirection(rawValue: s)!
            }
        }

        // Images, views, variants.
        var images = ImageReader(folder: folder, diagnostics: d)
        if let node = object["images"] { images.read(node) }
        var views = ViewReader(images: images, diagnostics: d)
        var root = View(frame: .zero)
        if let node = object.required("root", d, hint: " (the view tree: {\"subviews\": [...]})"), let view = views.readRoot(node) {
            root = view
        }
        var matrix = VariantMatrix()
        var states: [VariantState] = []
        if let node = object["variants"] {
            (matrix, states) = VariantReader(d: d, properties: PropertyReader(images: images, d: d), ids: views.ids).read(node)
        }
        if !d.isEmpty { throw ScenarioErrors(d.sorted) }
        return Scenario(file: displayName, name: name, description: description, canvasSize: canvasSize,
                        background: background, traits: traits, images: images.images, root: root,
                        matrix: matrix, states: states)
    }
}
