import Raster

// Basic shapes as paths (SVG 1.1 §9, https://www.w3.org/TR/SVG11/shapes.html), in user space.
// A shape with a size of 0 draws nothing (its path is empty); negative sizes are errors.

enum SVGShapes {
    /// The path of a shape element, nil for an element that is not one.
    static func path(of element: XMLElement) throws(SVGError) -> ShapePath? {
        func value(_ name: String, default fallback: Double = 0) throws(SVGError) -> Double {
            try length(element, name) ?? fallback
        }
        switch element.name {
        case "path":
            guard let d = element["d"] else { return ShapePath() }
            do throws(PathData.Failure) {
                return try PathData(d).shapePath
            } catch {
                throw SVGError(element: element, message: "d, at character \(error.offset + 1): \(error.message)")
            }
        case "rect":
            let x = try value("x"), y = try value("y"), w = try value("width"), h = try value("height")
            guard w >= 0, h >= 0 else { throw SVGError(element: element, message: "a negative width or height") }
            if w == 0 || h == 0 { return ShapePath() }
            var rx = try length(element, "rx"), ry = try length(element, "ry")
            if let r = rx, r < 0 { throw SVGError(element: element, message: "a negative rx") }
            if let r = ry, r < 0 { throw SVGError(element: element, message: "a negative ry") }
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            let cx = min(rx ?? 0, w / 2), cy = min(ry ?? 0, h / 2)
            if cx == 0 || cy == 0 { return .rectangle(x: x, y: y, width: w, height: h) }
            return roundedRectangle(x: x, y: y, w: w, h: h, rx: cx, ry: cy)
        case "circle":
            let r = try value("r")
            guard r >= 0 else { throw SVGError(element: element, message: "a negative r") }
            if r == 0 { return ShapePath() }
            let cx = try value("cx"), cy = try value("cy")
            return .ellipse(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)
        case "ellipse":
            let rx = try value("rx"), ry = try value("ry")
            guard rx >= 0, ry >= 0 else { throw SVGError(element: element, message: "a negative rx or ry") }
            if rx == 0 || ry == 0 { return ShapePath() }
            let cx = try value("cx"), cy = try value("cy")
            return .ellipse(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry)
        case "line":
            return ShapePath([
                .move(Point2(try value("x1"), try value("y1"))), .line(Point2(try value("x2"), try value("y2")))
            ])
        case "polyline", "polygon":
            guard let text = element["points"] else { return ShapePath() }
            var numbers: [Double]
            switch SVGValues.numberList(text) {
            case let .values(values): numbers = values
            case .invalid: throw SVGError(element: element, message: "points=\"…\": expected pairs of numbers")
            case let .outOfRange(reason): throw SVGError(element: element, message: "points=\"…\": \(reason)")
            case .tooMany:
                throw SVGError(
                    element: element,
                    message: "points=\"…\": more than \(SVGValues.maxNumbers) numbers "
                        + "(\(SVGValues.maxNumbers / 2) points), the most one list may hold (docs/LIMITS.md): split the shape"
                )
            }
            if numbers.count % 2 == 1 { numbers.removeLast() }  // SVG 1.1 §9.7.1: draw up to the odd coordinate
            guard numbers.count >= 2 else { return ShapePath() }
            var path = ShapePath([.move(Point2(numbers[0], numbers[1]))])
            for k in stride(from: 2, to: numbers.count, by: 2) {
                path.elements.append(.line(Point2(numbers[k], numbers[k + 1])))
            }
            if element.name == "polygon" { path.elements.append(.close) }
            return path
        default:
            return nil
        }
    }

    /// A rectangle with elliptical corners, clockwise from the top edge (SVG 1.1 §9.2's outline).
    static func roundedRectangle(x: Double, y: Double, w: Double, h: Double, rx: Double, ry: Double) -> ShapePath {
        let kx = rx * ShapePath.quarterCircleHandle, ky = ry * ShapePath.quarterCircleHandle
        let (x1, y1) = (x + w, y + h)
        return ShapePath([
            .move(Point2(x + rx, y)), .line(Point2(x1 - rx, y)),
            .cubic(Point2(x1 - rx + kx, y), Point2(x1, y + ry - ky), Point2(x1, y + ry)), .line(Point2(x1, y1 - ry)),
            .cubic(Point2(x1, y1 - ry + ky), Point2(x1 - rx + kx, y1), Point2(x1 - rx, y1)), .line(Point2(x + rx, y1)),
            .cubic(Point2(x + rx - kx, y1), Point2(x, y1 - ry + ky), Point2(x, y1 - ry)), .line(Point2(x, y + ry)),
            .cubic(Point2(x, y + ry - ky), Point2(x + rx - kx, y), Point2(x + rx, y)), .close
        ])
    }

    /// A length attribute in px; nil when absent.
    static func length(_ element: XMLElement, _ name: String) throws(SVGError) -> Double? {
        guard let text = element[name] else { return nil }
        guard let value = SVGValues.length(text), abs(value) <= 1e9 else {
            throw SVGError(
                element: element,
                message: SVGValues.lengthRefusal(name, text, expected: "a length in px of at most 10^9 either way"))
        }
        return value
    }
}
