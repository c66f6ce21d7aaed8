import Raster

// linearGradient and radialGradient (SVG 1.1 §13.2, https://www.w3.org/TR/SVG11/pservers.html):
// attributes and stops inherited through href, gradientUnits (objectBoundingBox by default),
// gradientTransform, spreadMethod pad (reflect and repeat are refused), stops with offset,
// stop-color and stop-opacity. Drawn as Core Graphics gradients extended at both ends; a radial
// gradient is the circles from (fx, fy, 0) to (cx, cy, r), its focus moved onto the circle when
// outside it (SVG 1.1's rule).

struct SVGGradient: Sendable {
    var radial: Bool
    var boundingBoxUnits: Bool
    var transform: AffineTransform
    /// x1, y1, x2, y2 or cx, cy, r, fx, fy as given, read when the document is read.
    var values: [String: Coordinate]
    var stops: [Stop]

    /// A coordinate as written: a number (a user length, or a fraction of the box in
    /// bounding-box units) or a percentage (of the box, or of the viewport's side or diagonal).
    enum Coordinate: Sendable, Equatable {
        case number(Double)
        case percentage(Double)

        /// `text` read as SVGValues.numberOrPercentage reads it; nil when it is neither.
        init?(_ text: String) {
            let t = text.trimmingSpaces
            if t.hasSuffix("%") {
                guard let n = SVGValues.number(String(t.dropLast())) else { return nil }
                self = .percentage(n)
            } else {
                guard let v = SVGValues.length(t) else { return nil }
                self = .number(v)
            }
        }

        /// The value, a percentage taken of `base`.
        func resolved(percentOf base: Double) -> Double {
            switch self {
            case let .number(v): v
            case let .percentage(p): p / 100 * base
            }
        }
    }

    static let linearKeys = ["x1", "y1", "x2", "y2"]
    static let radialKeys = ["cx", "cy", "r", "fx", "fy"]

    /// Every gradient of the document by id, its href chain resolved.
    static func all(_ definitions: SVGDefinitions) throws(SVGError) -> [String: SVGGradient] {
        var result: [String: SVGGradient] = [:]
        var stops: [StopsKey: [Stop]] = [:]
        for id in definitions.order {
            if let element = definitions.elements[id],
                element.name == "linearGradient" || element.name == "radialGradient"
            {
                result[id] = try resolve(element, definitions, stops: &stops)
            }
        }
        return result
    }

    typealias Stop = (offset: Double, r: UInt8, g: UInt8, b: UInt8, a: Double)

    /// What a gradient's stops depend on: the gradient that holds them, and the `color` of the
    /// one that refers to it (for currentColor). Stops are read once per key, however many
    /// gradients refer to the same ones (10,000 gradients sharing 20,000 stops were 2 × 10^8).
    struct StopsKey: Hashable {
        let owner: Int
        let color: String?
    }

    static func resolve(_ element: XMLElement, _ definitions: SVGDefinitions, stops cache: inout [StopsKey: [Stop]])
        throws(SVGError) -> SVGGradient
    {
        // The chain: this gradient, then the ones it refers to (at most 16, no cycles).
        var chain = [element]
        var last = element
        while let href = last["href"] ?? last["xlink:href"], href.hasPrefix("#"),
            let next = definitions.elements[String(href.dropFirst())], next.name.hasSuffix("Gradient")
        {
            guard chain.count < 16, !chain.contains(where: { $0.offset == next.offset }) else {
                throw SVGError(
                    element: element, message: "gradients refer to each other in a cycle (or more than 16 deep)")
            }
            chain.append(next)
            last = next
        }
        func attribute(_ name: String) -> String? { chain.lazy.compactMap { $0[name] }.first }
        let radial = element.name == "radialGradient"
        var gradient = SVGGradient(
            radial: radial, boundingBoxUnits: attribute("gradientUnits") != "userSpaceOnUse",
            transform: .identity, values: [:], stops: [])
        if let units = attribute("gradientUnits"), units != "userSpaceOnUse" && units != "objectBoundingBox" {
            throw SVGError(
                element: element, message: "gradientUnits=\"\(units)\": expected userSpaceOnUse or objectBoundingBox")
        }
        if let spread = attribute("spreadMethod"), spread != "pad" {
            throw SVGError(element: element, message: "spreadMethod=\"\(spread)\" is not drawn (only pad, the default)")
        }
        if let text = attribute("gradientTransform") {
            guard let t = SVGValues.transform(text) else {
                throw SVGError(element: element, message: "gradientTransform=\"\(text)\": expected a transform list")
            }
            gradient.transform = t
        }
        for key in radial ? radialKeys : linearKeys {
            if let value = attribute(key) {
                guard let coordinate = Coordinate(value) else {
                    throw SVGError(element: element, message: "\(key)=\"\(value)\": expected a number or a percentage")
                }
                gradient.values[key] = coordinate
            }
        }
        let stopsOwner = chain.first { $0.children.contains { $0.name == "stop" } }
        let key = StopsKey(owner: stopsOwner?.offset ?? -1, color: element["color"])
        if let known = cache[key] {
            gradient.stops = known
            return gradient
        }
        gradient.stops = try stops(owner: stopsOwner, element: element, definitions)
        cache[key] = gradient.stops
        return gradient
    }

    /// The stops `owner` holds, for the gradient `element`.
    static func stops(owner stopsOwner: XMLElement?, element: XMLElement, _ definitions: SVGDefinitions)
        throws(SVGError) -> [Stop]
    {
        var stops: [Stop] = []
        var previous = 0.0
        for stop in stopsOwner?.children.filter({ $0.name == "stop" }) ?? [] {
            var properties: [String: String] = [:]
            for (name, value) in stop.attributes { properties[name] = value }
            for (name, value) in definitions.rules(for: stop) { properties[name] = value }  // rules over attributes
            for (name, value) in SVGStyle.parse(stop["style"] ?? "") { properties[name] = value }
            guard let offset = SVGValues.numberOrPercentage(properties["offset"] ?? "0") else {
                throw SVGError(
                    element: stop,
                    message: "offset=\"\(properties["offset"] ?? "")\": expected a number or a percentage")
            }
            var colorText = properties["stop-color"] ?? "black"
            if colorText.trimmingSpaces == "currentColor" {
                // The `color` of the stop, else of its gradient (SVG's inheritance for a stop).
                colorText = properties["color"] ?? stopsOwner?["color"] ?? element["color"] ?? "black"
            }
            guard let color = SVGColor.parse(colorText) else {
                throw SVGError(element: stop, message: "stop-color=\"\(colorText)\": expected a colour")
            }
            guard let opacity = SVGValues.numberOrPercentage(properties["stop-opacity"] ?? "1") else {
                throw SVGError(element: stop, message: "stop-opacity: expected a number from 0 to 1")
            }
            // Offsets are clamped to 0…1 and never decrease (SVG 1.1 §13.2.4).
            previous = max(previous, min(1, max(0, offset)))
            stops.append((previous, color.r, color.g, color.b, Double(color.a) / 255 * min(1, max(0, opacity))))
        }
        return stops
    }

    /// The paint for a shape whose user-space bounding box is `box`, at `opacity`; nil when it
    /// paints nothing (no stops, or an empty box with bounding-box units).
    func paint(box: (x: Double, y: Double, width: Double, height: Double), viewport: (Double, Double), opacity: Double)
        -> Paint?
    {
        guard !stops.isEmpty else { return nil }
        if boundingBoxUnits && (box.width <= 0 || box.height <= 0) { return nil }
        // Bounding-box units are taken ×256 (and the transform divides by 256), so that §11's
        // 1/256-unit quantisation is 1/65536 of the box, not 1/256 of it.
        let unit = boundingBoxUnits ? 256.0 : 1
        func value(_ key: String, _ fallback: Coordinate, along: Double) -> Double {
            (values[key] ?? fallback).resolved(percentOf: boundingBoxUnits ? 1 : along) * unit
        }
        let (vw, vh) = viewport
        let diagonal = ((vw * vw + vh * vh) / 2).squareRoot()
        let gradientStops = stops.map { stop in
            GradientStop(
                location: stop.offset, r: stop.r, g: stop.g, b: stop.b, a: UInt8((stop.a * opacity * 255).rounded()))
        }
        let shape: GradientShape
        if radial {
            let cx = value("cx", .percentage(50), along: vw), cy = value("cy", .percentage(50), along: vh),
                r = value("r", .percentage(50), along: diagonal)
            guard r > 0 else {
                // r = 0: the area is painted with the last stop's colour (SVG 1.1 §13.2.3).
                let last = gradientStops[gradientStops.count - 1]
                return .color(
                    PremultipliedColor(straightR: last.color.r, g: last.color.g, b: last.color.b, a: last.color.a))
            }
            var fx = values["fx"] == nil ? cx : value("fx", .percentage(50), along: vw),
                fy = values["fy"] == nil ? cy : value("fy", .percentage(50), along: vh)
            let dx = fx - cx, dy = fy - cy, distance = (dx * dx + dy * dy).squareRoot()
            if distance > r {
                fx = cx + dx * (r / distance)
                fy = cy + dy * (r / distance)
            }
            shape = .radial(startCenter: Point2(fx, fy), startRadius: 0, endCenter: Point2(cx, cy), endRadius: r)
        } else {
            shape = .axial(
                start: Point2(value("x1", .percentage(0), along: vw), value("y1", .percentage(0), along: vh)),
                end: Point2(value("x2", .percentage(100), along: vw), value("y2", .percentage(0), along: vh)))
        }
        var toUser = transform.prepending(.scale(1 / unit, 1 / unit))
        if boundingBoxUnits {
            toUser = AffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.x, ty: box.y).prepending(toUser)
        }
        return .gradient(Gradient(shape: shape, stops: gradientStops, extendsStart: true, extendsEnd: true), toUser)
    }
}
