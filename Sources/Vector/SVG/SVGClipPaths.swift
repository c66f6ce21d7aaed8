import Raster

// clipPath (SVG 1.1 §14.3, https://www.w3.org/TR/SVG11/masking.html#ClippingPaths): the union of
// its child shapes, each filled by its `clip-rule` (and its own transform), in the user space of
// the element that refers to it (its transform included), or in fractions of that element's
// bounding box with clipPathUnits="objectBoundingBox" (shapes only). The clip's coverage
// multiplies everything the element draws (RENDERING.md §11.11), and ends with the element.

struct SVGClip: Sendable {
    var paths: [(ShapePath, FillRule)]
    var boundingBoxUnits: Bool

    static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

    /// The clipPath with `id`, referred to by `element`.
    static func resolve(_ id: String, for element: XMLElement, _ definitions: SVGDefinitions) throws(SVGError)
        -> SVGClip
    {
        guard let clip = definitions.elements[id], clip.name == "clipPath" else {
            throw SVGError(element: element, message: "clip-path=\"url(#\(id))\": no <clipPath> has that id")
        }
        let units = clip["clipPathUnits"] ?? "userSpaceOnUse"
        guard units == "userSpaceOnUse" || units == "objectBoundingBox" else {
            throw SVGError(
                element: clip, message: "clipPathUnits=\"\(units)\": expected userSpaceOnUse or objectBoundingBox")
        }
        let outer = try SVGValues.transform(of: clip)
        let inherited = rule(clip, .nonZero, definitions)
        var paths: [(ShapePath, FillRule)] = []
        for child in clip.children where !["title", "desc"].contains(child.name) && !child.name.contains(":") {
            guard shapes.contains(child.name), let path = try SVGShapes.path(of: child) else {
                throw SVGError(
                    element: child,
                    message: "only shapes are read inside a <clipPath> (paths, rects, circles, ellipses, lines, "
                        + "polylines, polygons)")
            }
            let declarations = try definitions.declarations(of: child)
            var style = SVGStyle()
            style.apply(SVGDeclaration.read(declarations))
            guard style.displayed, style.visible else { continue }
            paths.append(
                (
                    path.applying(outer.prepending(try SVGValues.transform(of: child))),
                    rule(child, inherited, definitions)
                ))
        }
        return SVGClip(paths: paths, boundingBoxUnits: units == "objectBoundingBox")
    }

    /// The element's clip-rule (attribute, style sheet, then style), else `inherited`.
    static func rule(_ element: XMLElement, _ inherited: FillRule, _ definitions: SVGDefinitions) -> FillRule {
        var rule = inherited
        var declarations = element.attributes.filter { $0.name == "clip-rule" }.map { ($0.name, $0.value) }
        declarations += definitions.rules(for: element).filter { $0.0 == "clip-rule" }
        declarations += SVGStyle.parse(element["style"] ?? "") { $0 == "clip-rule" }
        for (_, value) in declarations {
            if value.trimmingSpaces == "evenodd" {
                rule = .evenOdd
            } else if value.trimmingSpaces == "nonzero" {
                rule = .nonZero
            }
        }
        return rule
    }
}
