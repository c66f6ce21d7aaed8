import Raster

// filter (Filter Effects Module Level 1, https://www.w3.org/TR/filter-effects-1/): the subset
// design tools export for shadows and blurs (docs/SVG.md §Filters) — feFlood, feColorMatrix,
// feOffset, feGaussianBlur, feComposite, feBlend and feMerge, with inputs SourceGraphic,
// SourceAlpha and named results, in the filter region (x, y, width, height; filterUnits
// userSpaceOnUse, or objectBoundingBox on shapes), with color-interpolation-filters="sRGB".
// Other primitives, inputs and settings are refused by name.

struct SVGFilter: Sendable {
    enum Input: Equatable, Sendable {
        case sourceGraphic, sourceAlpha, previous
        case result(String)
    }

    enum Operation: Sendable {
        case flood(PremultipliedColor)
        case colorMatrix([Double])
        case offset(dx: Double, dy: Double)
        case blur(x: Double, y: Double)
        case composite(CompositeOperator)
        case blend(BlendMode)
        case merge([Input])
    }

    struct Primitive: Sendable {
        var operation: Operation
        var input: Input
        var input2: Input
        var result: String?
    }

    var primitives: [Primitive]
    var boundingBoxUnits: Bool
    /// x, y, width, height as given (fractions of the box, or user units).
    var region: [Double]

    /// Primitives a filter may have, each merge input counted as one.
    static let maxPrimitives = 64

    /// What a pixel of the region costs beyond the image each step makes (docs/LIMITS.md §Drawing
    /// work): a colour matrix 32 more, an arithmetic composite 80, another composite 4, a blend
    /// what compositing under its mode adds. Measured in attack round 15 at 16 units a step,
    /// these took 2.5–5.3 ns a unit (a 6 KB file of arithmetic filters ran 21 s within the budget).
    var extraUnitsPerPixel: Int {
        primitives.reduce(0) { total, primitive in
            switch primitive.operation {
            case .colorMatrix: total + 32
            case let .composite(op):
                total + (op == .over || op == .in || op == .out || op == .atop || op == .xor ? 4 : 80)
            case let .blend(mode): total + DrawingCost.blend(mode)
            case .flood, .offset, .blur, .merge: total
            }
        }
    }

    /// The images the filter makes: one a primitive, one more a merge input.
    var steps: Int {
        primitives.reduce(0) { count, primitive in
            if case let .merge(inputs) = primitive.operation { count + 1 + inputs.count } else { count + 1 }
        }
    }

    static func resolve(_ id: String, for element: XMLElement, compiler: inout SVGCompiler) throws(SVGError)
        -> SVGFilter
    {
        guard let filter = compiler.definitions.elements[id], filter.name == "filter" else {
            throw SVGError(element: element, message: "filter=\"url(#\(id))\": no <filter> has that id")
        }
        if let space = filter["color-interpolation-filters"], space != "sRGB" {
            throw SVGError(
                element: filter,
                message: "color-interpolation-filters=\"\(space)\" is not read: export the filter with \"sRGB\"")
        }
        if filter["color-interpolation-filters"] == nil {
            throw SVGError(
                element: filter,
                message: "a filter without color-interpolation-filters works in linearRGB, which ivsim does not "
                    + "read: export it with color-interpolation-filters=\"sRGB\" (design tools do)")
        }
        if let units = filter["primitiveUnits"], units != "userSpaceOnUse" {
            throw SVGError(element: filter, message: "primitiveUnits=\"\(units)\" is not read (userSpaceOnUse only)")
        }
        let units = filter["filterUnits"] ?? "objectBoundingBox"
        guard units == "userSpaceOnUse" || units == "objectBoundingBox" else {
            throw SVGError(
                element: filter, message: "filterUnits=\"\(units)\": expected userSpaceOnUse or objectBoundingBox")
        }
        let box = units == "objectBoundingBox"
        var region: [Double] = []
        for (key, fallback) in [("x", "-10%"), ("y", "-10%"), ("width", "120%"), ("height", "120%")] {
            if !box, filter[key] == nil {
                throw SVGError(
                    element: filter,
                    message: "a filter in userSpaceOnUse units needs its \(key) (its default is a share of the "
                        + "viewport, which ivsim does not read): give x, y, width and height in user units")
            }
            let text = filter[key] ?? fallback
            guard let value = box ? SVGValues.numberOrPercentage(text) : SVGValues.length(text), value.isFinite else {
                throw SVGError(
                    element: filter,
                    message:
                        "\(key)=\"\(text)\": expected \(box ? "a number or a percentage" : "a length in user units")")
            }
            region.append(value)
        }
        guard region[2] > 0, region[3] > 0 else {
            throw SVGError(element: filter, message: "a filter region of width or height 0 draws nothing")
        }
        var primitives: [Primitive] = []
        for e in filter.children {
            guard primitives.count < maxPrimitives else {
                throw SVGError(
                    element: e, message: "a filter has more than \(maxPrimitives) primitives (docs/LIMITS.md)")
            }
            primitives.append(try primitive(e))
            guard SVGFilter(primitives: primitives, boundingBoxUnits: box, region: region).steps <= maxPrimitives
            else {
                throw SVGError(
                    element: e,
                    message: "a filter has more than \(maxPrimitives) primitives and merge inputs (docs/LIMITS.md)")
            }
        }
        return SVGFilter(primitives: primitives, boundingBoxUnits: box, region: region)
    }

    static func input(_ text: String?, _ element: XMLElement) throws(SVGError) -> Input {
        guard let text else { return .previous }
        switch text {
        case "SourceGraphic": return .sourceGraphic
        case "SourceAlpha": return .sourceAlpha
        case "BackgroundImage", "BackgroundAlpha", "FillPaint", "StrokePaint":
            throw SVGError(
                element: element, message: "in=\"\(text)\" is not read (SourceGraphic, SourceAlpha or a result)")
        default: return .result(text)
        }
    }

    static func primitive(_ e: XMLElement) throws(SVGError) -> Primitive {
        for key in ["x", "y", "width", "height"] where e[key] != nil {
            throw SVGError(element: e, message: "a primitive's own \(key) (its subregion) is not read")
        }
        func number(_ key: String, _ fallback: Double) throws(SVGError) -> Double {
            guard let text = e[key] else { return fallback }
            guard let value = SVGValues.number(text), value.isFinite else {
                throw SVGError(element: e, message: "\(key)=\"\(text)\": expected a number")
            }
            return value
        }
        let operation: Operation
        switch e.name {
        case "feFlood":
            let text = e["flood-color"] ?? "black"
            guard let c = SVGColor.parse(text) else {
                throw SVGError(element: e, message: "flood-color=\"\(text)\": expected a colour")
            }
            let opacity = min(max(try number("flood-opacity", 1), 0), 1)
            let a = UInt8((Double(c.a) * opacity).rounded(.toNearestOrEven))
            operation = .flood(PremultipliedColor(straightR: c.r, g: c.g, b: c.b, a: a))
        case "feColorMatrix":
            let type = e["type"] ?? "matrix"
            switch type {
            case "matrix":
                let values = e["values"].flatMap(SVGValues.numbers) ?? Self.identity
                guard values.count == 20, values.allSatisfy(\.isFinite) else {
                    throw SVGError(element: e, message: "feColorMatrix values: expected 20 numbers")
                }
                operation = .colorMatrix(values)
            case "saturate":
                operation = .colorMatrix(Self.saturate(min(max(try number("values", 1), 0), 1)))
            case "luminanceToAlpha":
                operation = .colorMatrix(
                    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2125, 0.7154, 0.0721, 0, 0])
            default:
                throw SVGError(
                    element: e,
                    message: "feColorMatrix type=\"\(type)\" is not read (matrix, saturate, luminanceToAlpha)")
            }
        case "feOffset":
            operation = .offset(dx: try number("dx", 0), dy: try number("dy", 0))
        case "feGaussianBlur":
            let values = (e["stdDeviation"]).flatMap(SVGValues.numbers) ?? [0]
            guard (1...2).contains(values.count), values.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                throw SVGError(element: e, message: "stdDeviation: expected one or two numbers, not negative")
            }
            if let mode = e["edgeMode"], mode != "none" {
                throw SVGError(element: e, message: "edgeMode=\"\(mode)\" is not read (none only)")
            }
            operation = .blur(x: values[0], y: values.count == 2 ? values[1] : values[0])
        case "feComposite":
            let name = e["operator"] ?? "over"
            let op: CompositeOperator
            switch name {
            case "over": op = .over
            case "in": op = .in
            case "out": op = .out
            case "atop": op = .atop
            case "xor": op = .xor
            case "arithmetic":
                op = .arithmetic(try number("k1", 0), try number("k2", 0), try number("k3", 0), try number("k4", 0))
            default:
                throw SVGError(element: e, message: "feComposite operator=\"\(name)\" is not read")
            }
            operation = .composite(op)
        case "feBlend":
            let name = e["mode"] ?? "normal"
            guard let mode = SVGStyle.blendModes[name] else {
                throw SVGError(element: e, message: "feBlend mode=\"\(name)\" is not a blend mode")
            }
            operation = .blend(mode)
        case "feMerge":
            var inputs: [Input] = []
            for node in e.children where node.name == "feMergeNode" {
                inputs.append(try input(node["in"], node))
            }
            operation = .merge(inputs)
        default:
            throw SVGError(
                element: e,
                message: "<\(e.name)> is not drawn (ivsim reads feFlood, feColorMatrix, feOffset, feGaussianBlur, "
                    + "feComposite, feBlend and feMerge): flatten the effect in the export")
        }
        return Primitive(
            operation: operation, input: try input(e["in"], e), input2: try input(e["in2"], e), result: e["result"])
    }

    static let identity: [Double] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]

    /// The saturate matrix of Filter Effects §9.6.
    static func saturate(_ s: Double) -> [Double] {
        [
            0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0,
            0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0,
            0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0,
            0, 0, 0, 1, 0
        ]
    }

    /// The filter run over `source` (the element drawn, over the region's pixels), with `scale`
    /// pixels a user unit along x and y (the CTM's, which keeps the axes apart).
    func apply(_ source: FilterImage, scaleX: Double, scaleY: Double) -> FilterImage {
        var results: [String: FilterImage] = [:]
        var previous = source
        func image(_ input: Input) -> FilterImage {
            switch input {
            case .sourceGraphic: source
            case .sourceAlpha: source.alphaOnly
            case .previous: previous
            case let .result(name): results[name] ?? previous  // an unknown name: the previous result
            }
        }
        for primitive in primitives {
            let a = image(primitive.input)
            let made: FilterImage
            switch primitive.operation {
            case let .flood(color): made = .flood(color, box: source.box)
            case let .colorMatrix(matrix): made = a.colorMatrix(matrix)
            case let .offset(dx, dy):
                made = a.offset(dx: Self.whole(dx * scaleX), dy: Self.whole(dy * scaleY))
            case let .blur(x, y):
                made = a.gaussianBlur(
                    dx: FilterImage.boxSize(x * abs(scaleX)), dy: FilterImage.boxSize(y * abs(scaleY)))
            case let .composite(op): made = a.composite(image(primitive.input2), op)
            case let .blend(mode): made = a.blend(over: image(primitive.input2), mode)
            case let .merge(inputs):
                var merged = FilterImage(transparent: source.box)
                for input in inputs { merged = image(input).composite(merged, .over) }
                made = merged
            }
            if let name = primitive.result { results[name] = made }
            previous = made
        }
        return previous
    }

    /// A device offset rounded to whole pixels (half away from zero), held within ±2^20.
    static func whole(_ v: Double) -> Int {
        guard v.isFinite else { return 0 }
        return Int(min(max(v, -1_048_576), 1_048_576).rounded(.toNearestOrAwayFromZero))
    }
}
