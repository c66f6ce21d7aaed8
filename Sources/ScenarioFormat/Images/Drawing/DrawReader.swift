import ImageViews
import Raster
import Syntax
import Vector

/// Reads a `draw` image source into a `DrawingRecipe`, every error at its JSON path.
struct DrawReader {
    let colors: ColorReader
    let d: Diagnostics

    func read(_ node: JSONNode) -> DrawingRecipe? {
        guard
            let object = ObjectReader(node, allowed: DrawKeys.renderer, what: "a drawing (UIGraphicsImageRenderer)", d)
        else { return nil }
        var bounds: (Double, Double, Double, Double)
        switch (object["size"], object["bounds"]) {
        case let (size?, nil):
            guard let v = Read.numbers(size, d, count: 2, in: 0.001...4096, what: "[width, height] in points") else {
                return nil
            }
            bounds = (0, 0, v[0], v[1])
        case let (nil, rect?):
            guard let v = rectangle(rect, positive: true) else { return nil }
            bounds = (v[0], v[1], v[2], v[3])
        case (nil, nil):
            d.error(
                node,
                "a drawing needs \"size\" ([width, height] in points) or \"bounds\" ([x, y, width, height], init(bounds:))"
            )
            return nil
        default:
            d.error(object.at("bounds"), "give \"size\" or \"bounds\", not both (init(size:) or init(bounds:))")
            return nil
        }
        var recipe = DrawingRecipe(bounds: bounds, scale: nil, opaque: false, operations: [])
        if let n = object["scale"] {
            guard let scale = Read.number(n, d, in: ScenarioLimits.imageScale, what: "a scale (pixels per point)")
            else { return nil }
            recipe.scale = scale
        }
        let largest = (recipe.scale ?? 3)
        let (w, h) = recipe.pixelSize(scale: largest)
        guard w <= Int(ScenarioLimits.generatedPixels.upperBound), h <= Int(ScenarioLimits.generatedPixels.upperBound)
        else {
            d.error(
                object["size"] ?? object.at("bounds"),
                "the drawing is \(w) × \(h) pixels at scale \(JSONOutput.format(largest)), more than "
                    + "\(Int(ScenarioLimits.generatedPixels.upperBound)) a side (docs/LIMITS.md): draw a smaller image")
            return nil
        }
        if let n = object["opaque"] { guard let opaque = Read.bool(n, d) else { return nil }; recipe.opaque = opaque }
        if let n = object["preferredRange"] {
            guard let range = Read.name(n, d, among: ["standard", "automatic", "extended"], what: "range") else {
                return nil
            }
            guard range == "standard" || range == "automatic" else {
                d.error(
                    n,
                    "\"extended\" range (more than 8 bits per channel) is not drawn: ivsim's images are 8-bit sRGB; use \"standard\""
                )
                return nil
            }
        }
        guard let operationsNode = object.required("operations", d, hint: " (the drawing's steps, in order)"),
            let items = Read.array(operationsNode, d, what: "drawing operations", allowEmpty: true)
        else { return nil }
        guard items.count <= DrawKeys.maxOperations else {
            d.error(
                operationsNode,
                "\(items.count) operations, more than the \(DrawKeys.maxOperations) a drawing may have (docs/LIMITS.md)"
            )
            return nil
        }
        var ok = true
        var depth = 0
        var layers: [(JSONNode, Int)] = []  // open transparency layers and the save depth at each
        for item in items {
            guard let operation = readOperation(item) else { ok = false; continue }
            switch operation {
            case .save:
                depth += 1
                if depth > DrawingContext.maxSaved {
                    d.error(
                        item,
                        "more than \(DrawingContext.maxSaved) \"save\" open at once (each may hold a clip the size of the image; docs/LIMITS.md): restore before saving again"
                    )
                    ok = false
                }
            case .restore:
                guard depth > 0 else {
                    d.error(
                        item,
                        "\"restore\" without a \"save\" before it (CGContext would log an error and ignore it): remove it or add a \"save\""
                    )
                    ok = false
                    continue
                }
                depth -= 1
            case .beginLayer:
                layers.append((item, depth))
                if layers.count > DrawingContext.maxLayers {
                    d.error(
                        item,
                        "more than \(DrawingContext.maxLayers) transparency layers open at once (each holds a bitmap the size of the image; docs/LIMITS.md)"
                    )
                    ok = false
                }
            case .endLayer:
                guard let (_, savedDepth) = layers.popLast() else {
                    d.error(
                        item,
                        "\"endTransparencyLayer\" without a \"beginTransparencyLayer\" before it: remove it or begin a layer"
                    )
                    ok = false
                    continue
                }
                guard savedDepth == depth else {
                    d.error(
                        item,
                        "the transparency layer ends with \(depth - savedDepth) \"save\" not restored inside it: CGContext needs them "
                            + "balanced within a layer (add \"restore\" before this)")
                    ok = false
                    continue
                }
            case .currentImage where !layers.isEmpty:
                d.error(
                    item,
                    "\"drawCurrentImage\" inside a transparency layer is not read (Core Graphics makes currentImage from the "
                        + "context's bitmap, without the open layer): take it after \"endTransparencyLayer\"")
                ok = false
                continue
            default: break
            }
            recipe.operations.append(operation)
            recipe.operationNodes.append(item)
        }
        if let (node, _) = layers.last {
            d.error(node, "this transparency layer never ends: add \"endTransparencyLayer\" after its operations")
            ok = false
        }
        return ok ? recipe : nil
    }

    private func readOperation(_ node: JSONNode) -> DrawOperation? {
        if case let .string(word) = node.value {
            guard let name = Read.name(node, d, among: DrawKeys.words, what: "operation word") else { return nil }
            _ = word
            return name == "save" ? .save : name == "restore" ? .restore : .endLayer
        }
        guard case let .object(members) = node.value else {
            d.error(
                node,
                "expected an operation (an object such as {\"fill\": {\"rect\": [0, 0, 10, 10]}, \"color\": \"red\"}, or a word: \"save\", \"restore\", \"endTransparencyLayer\"), "
                    + "found \(node.value.kindDescription)")
            return nil
        }
        let kinds = DrawKeys.operationKinds.filter { key in members.contains { $0.key == key } }
        guard kinds.count == 1, let kind = kinds.first else {
            d.error(
                node,
                kinds.isEmpty
                    ? "an operation needs one of: \(DrawKeys.operationKinds.joined(separator: ", ")) (or one of the words \(DrawKeys.words.map { "\"\($0)\"" }.joined(separator: ", ")))"
                    : "an operation does one thing: found \(kinds.map { "\"\($0)\"" }.joined(separator: " and ")); split it into \(kinds.count) operations"
            )
            return nil
        }
        let allowed: [String] =
            switch kind {
            case "fill": DrawKeys.fill
            case "stroke": DrawKeys.stroke
            case "draw": DrawKeys.drawImage
            case "drawCGImage": DrawKeys.drawCGImage
            case "drawCurrentImage": DrawKeys.drawCurrentImage
            case "clip": DrawKeys.clip
            case "clipToMask": DrawKeys.clipToMask
            case "drawAsPattern": DrawKeys.drawAsPattern
            case "linearGradient": DrawKeys.linearGradient
            case "radialGradient": DrawKeys.radialGradient
            case "beginTransparencyLayer": DrawKeys.transparencyLayer
            default: [kind]
            }
        guard let object = ObjectReader(node, allowed: allowed, what: "a \"\(kind)\" operation", d) else { return nil }
        let body = object.at(kind)
        switch kind {
        case "fill":
            guard let shape = shape(body), let color = color(object), let c = compositing(object) else { return nil }
            return .fill(shape, color, c)
        case "stroke":
            guard let shape = shape(body), let color = color(object), let style = strokeStyle(object),
                let c = compositing(object)
            else { return nil }
            return .stroke(shape, style, color, c)
        case "draw", "drawCGImage":
            guard let name = Read.string(body, d, what: "an image name"), let c = compositing(object) else {
                return nil
            }
            let placement: ImagePlacementSpec
            if kind == "drawCGImage" {
                guard
                    let n = object.required(
                        "in", d, hint: " (CGContext.draw(_:in:) takes a rectangle [x, y, width, height])"),
                    let r = rectangle(n, positive: false)
                else { return nil }
                placement = .rect(r[0], r[1], r[2], r[3])
            } else {
                guard let drawn = imagePlacement(object, node: node, kind: kind) else { return nil }
                placement = drawn
            }
            return .image(name: name, placement: placement, cgImage: kind == "drawCGImage", c)
        case "drawCurrentImage":
            guard let on = Read.bool(body, d) else { return nil }
            guard on else {
                d.error(body, "\"drawCurrentImage\": false does nothing: leave the operation out")
                return nil
            }
            guard let placement = imagePlacement(object, node: node, kind: kind), let c = compositing(object) else {
                return nil
            }
            return .currentImage(placement: placement, c)
        case "clip":
            // UIBezierPath.addClip() clips with the context's flatness, not the path's.
            if case let .object(members) = body.value, let member = members.first(where: { $0.key == "flatness" }) {
                d.error(
                    member.value,
                    "\"flatness\" has no effect on a clip: addClip() flattens with the context's flatness, as Core "
                        + "Graphics' own paths (docs/DRAWING.md §Shapes)")
                return nil
            }
            return shape(body).map { .clip($0) }
        case "clipToMask":
            guard let name = Read.string(body, d, what: "an image name"),
                let n = object.required(
                    "in", d, hint: " (clip(to:mask:) maps the mask into a rectangle [x, y, width, height])"),
                let r = rectangle(n, positive: false)
            else { return nil }
            return .clipToMask(name: name, rect: (r[0], r[1], r[2], r[3]))
        case "drawAsPattern":
            guard let name = Read.string(body, d, what: "an image name"),
                let n = object.required("in", d, hint: " (drawAsPattern(in:) fills a rectangle [x, y, width, height])"),
                let r = rectangle(n, positive: false)
            else { return nil }
            return .drawAsPattern(name: name, rect: (r[0], r[1], r[2], r[3]))
        case "linearGradient", "radialGradient":
            guard let gradient = gradient(body, radial: kind == "radialGradient"), let c = compositing(object) else {
                return nil
            }
            return .gradient(gradient, c)
        case "beginTransparencyLayer":
            guard ObjectReader(body, allowed: [], what: "a transparency layer (an empty object: {})", d) != nil,
                let c = compositing(object)
            else { return nil }
            return .beginLayer(c)
        case "interpolationQuality":
            guard let name = Read.name(body, d, among: DrawKeys.interpolationQualities, what: "interpolation quality")
            else { return nil }
            // medium and high draw as default does (docs/RENDERING.md §11.8.1).
            return .interpolation(name == "none" ? .nearest : name == "low" ? .bilinear : .filtered)
        case "setShadow":
            if body.value == .null { return .shadow(nil) }
            guard let shadow = ObjectReader(body, allowed: DrawKeys.shadowBody, what: "a shadow", d),
                let offsetNode = shadow.required(
                    "offset", d, hint: " ([width, height] in points, positive down and right)"),
                let offset = Read.numbers(
                    offsetNode, d, count: 2, in: -10_000...10_000, what: "[width, height] in points")
            else { return nil }
            var blur = 0.0
            if let n = shadow["blur"] {
                guard let value = Read.number(n, d, in: 0...1_000, what: "a blur in points (σ is half of it)") else {
                    return nil
                }
                blur = value
            }
            // CGContext.setShadow(offset:blur:): black at a third of full alpha [Apple].
            var color = RGBA(r: 0, g: 0, b: 0, a: 85)
            if let n = shadow["color"] {
                guard let c = colors.read(n, allowDynamic: false) else { return nil }
                color = c.resolved(Traits())
            }
            return .shadow((offset: (offset[0], offset[1]), blur: blur, color: color))
        case "setShouldAntialias":
            return Read.bool(body, d).map { .antialias($0) }
        case "translate":
            guard let v = Read.numbers(body, d, count: 2, in: ScenarioLimits.coordinate, what: "[x, y] in points")
            else { return nil }
            return .transform(.translation(v[0], v[1]))
        case "scale":
            guard let v = Read.numbers(body, d, count: 2, in: -1000...1000, what: "[sx, sy]") else { return nil }
            return .transform(.scale(v[0], v[1]))
        default:  // rotate
            guard
                let degrees = Read.number(
                    body, d, in: -360_000...360_000, what: "an angle in degrees (positive turns clockwise on screen)")
            else { return nil }
            return .transform(.rotation(degrees: degrees))
        }
    }

    /// Where draw(at:) or draw(in:) puts an image: `"at": [x, y]` or `"in": [x, y, width, height]`.
    private func imagePlacement(_ object: ObjectReader, node: JSONNode, kind: String) -> ImagePlacementSpec? {
        switch (object["at"], object["in"]) {
        case let (at?, nil):
            guard let p = point(at) else { return nil }
            return .at(p.x, p.y)
        case let (nil, rect?):
            guard let r = rectangle(rect, positive: false) else { return nil }
            return .rect(r[0], r[1], r[2], r[3])
        case (nil, nil):
            d.error(
                node,
                "\"\(kind)\" needs \"at\" ([x, y]: draw(at:), the image's size) or \"in\" ([x, y, width, height]: draw(in:))"
            )
            return nil
        default:
            d.error(object.at("in"), "give \"at\" or \"in\", not both")
            return nil
        }
    }

    /// A shape with its UIBezierPath `flatness` (docs/DRAWING.md §Shapes): 0.6 unless given.
    private func shape(_ node: JSONNode) -> DrawShape? {
        guard let object = ObjectReader(node, allowed: DrawKeys.shape, what: "a shape", d),
            var shape = unflattenedShape(node, object)
        else { return nil }
        var flatness = CurveFlattening.bezierPathDefault
        if let n = object["flatness"] {
            guard
                let value = Read.number(
                    n, d, in: 0.01...100, what: "a flatness in device pixels (UIBezierPath's default 0.6)")
            else { return nil }
            flatness = value
        }
        shape.path.flattening = .flatness(flatness)
        return shape
    }

    private func unflattenedShape(_ node: JSONNode, _ object: ObjectReader) -> DrawShape? {
        let kinds = DrawKeys.shapes.filter(object.has)
        guard kinds.count == 1, let kind = kinds.first else {
            d.error(
                node,
                "a shape is one of: rect, roundedRect, ellipse or path"
                    + (kinds.isEmpty ? "" : ", not \(kinds.joined(separator: " and "))"))
            return nil
        }
        for extra in ["cornerRadius", "corners"] where kind != "roundedRect" && object.has(extra) {
            d.error(object.at(extra), "\"\(extra)\" belongs to a \"roundedRect\"")
            return nil
        }
        var rule = FillRule.nonZero
        if let n = object["fillRule"] {
            guard kind == "path" else {
                d.error(
                    n, "\"fillRule\" belongs to a \"path\" (rectangles and ellipses have no self-overlap to decide)")
                return nil
            }
            guard let value: FillRule = Read.value(n, d, among: ScenarioKeys.fillRules, what: "fill rule") else {
                return nil
            }
            rule = value
        }
        switch kind {
        case "rect":
            guard let r = rectangle(object.at("rect"), positive: false) else { return nil }
            return DrawShape(path: .rectangle(x: r[0], y: r[1], width: r[2], height: r[3]), rule: rule)
        case "ellipse":
            guard let r = rectangle(object.at("ellipse"), positive: false) else { return nil }
            return DrawShape(path: .ellipse(x: r[0], y: r[1], width: r[2], height: r[3]), rule: rule)
        case "roundedRect":
            guard let r = rectangle(object.at("roundedRect"), positive: true) else { return nil }
            guard let radiusNode = object.required("cornerRadius", d, hint: " (points)"),
                let radius = Read.number(radiusNode, d, in: 0...100_000, what: "a corner radius in points")
            else { return nil }
            // UIBezierPath(roundedRect:cornerRadius:), and byRoundingCorners:cornerRadii: of the
            // corners listed: continuous corners, as UIKit draws both (ContinuousCorners.swift,
            // docs/DRAWING.md).
            var corners = RectCorners.all
            if let n = object["corners"] {
                guard let items = Read.array(n, d, what: "corners") else { return nil }
                corners = []
                for item in items {
                    guard let name = Read.name(item, d, among: DrawKeys.corners, what: "corner"),
                        let index = DrawKeys.corners.firstIndex(of: name)
                    else { return nil }
                    corners.insert([RectCorners.topLeft, .topRight, .bottomLeft, .bottomRight][index])
                }
            }
            return DrawShape(
                path: .continuousRoundedRectangle(
                    x: r[0], y: r[1], width: r[2], height: r[3], radius: radius, corners: corners),
                rule: rule)
        default:
            let n = object.at("path")
            guard let text = Read.string(n, d, what: "SVG path data") else { return nil }
            do throws(PathData.Failure) {
                return DrawShape(path: try PathData(text).shapePath, rule: rule)
            } catch {
                d.error(n, "path data, at character \(error.offset + 1): \(error.message)")
                return nil
            }
        }
    }

    /// A fill's or stroke's `color`: a fixed colour, or `{"pattern": name}` (UIColor(patternImage:)).
    private func color(_ object: ObjectReader) -> DrawPaint? {
        guard let n = object.required("color", d) else { return nil }
        if PropertyReader.isPattern(n) {
            guard let pattern = ObjectReader(n, allowed: ["pattern"], what: "a pattern colour", d),
                let name = Read.string(pattern.at("pattern"), d, what: "an image name (UIColor(patternImage:))")
            else { return nil }
            return .pattern(name)
        }
        guard let c = colors.read(n, allowDynamic: false) else { return nil }
        return .color(c.resolved(Traits()))
    }

    private func compositing(_ object: ObjectReader) -> Compositing? {
        var c = Compositing()
        if let n = object["blendMode"] {
            guard let value: BlendMode = Read.value(n, d, among: DrawKeys.blendModes, what: "blend mode") else {
                return nil
            }
            c.blendMode = value
        }
        if let n = object["alpha"] {
            guard let alpha = Read.number(n, d, in: 0...1, what: "an alpha from 0 to 1") else { return nil }
            c.alpha = UInt8((alpha * 255).rounded(.toNearestOrEven))
        }
        return c
    }

    private func strokeStyle(_ object: ObjectReader) -> StrokeStyle? {
        var style = StrokeStyle()
        if let n = object["lineWidth"] {
            guard let w = Read.number(n, d, in: 0...10_000, what: "a line width in points") else { return nil }
            style.width = w
        }
        if let n = object["lineCap"] {
            guard let value: LineCap = Read.value(n, d, among: DrawKeys.lineCaps, what: "line cap") else { return nil }
            style.cap = value
        }
        if let n = object["lineJoin"] {
            guard let value: LineJoin = Read.value(n, d, among: DrawKeys.lineJoins, what: "line join") else {
                return nil
            }
            style.join = value
        }
        if let n = object["miterLimit"] {
            guard let m = Read.number(n, d, in: 0...10_000, what: "a miter limit") else { return nil }
            style.miterLimit = m
        }
        if let n = object["dash"] {
            guard let items = Read.array(n, d, what: "dash lengths in points", allowEmpty: true) else { return nil }
            guard items.count <= DrawKeys.maxDashes else {
                d.error(n, "\(items.count) dash lengths, more than \(DrawKeys.maxDashes)")
                return nil
            }
            let lengths = items.compactMap { Read.number($0, d, in: 0...100_000, what: "a dash length in points") }
            guard lengths.count == items.count else { return nil }
            guard lengths.isEmpty || lengths.contains(where: { $0 > 0 }) else {
                d.error(
                    n,
                    "every dash length is 0, so nothing would be painted: give a positive length, or leave \"dash\" out for a solid line"
                )
                return nil
            }
            // Dashes shorter than the tolerance would make millions of pieces: bounded by the
            // stroke's line limit when drawn.
            style.dashes = lengths
        }
        if let n = object["dashPhase"] {
            guard let phase = Read.number(n, d, in: -100_000...100_000, what: "a dash phase in points") else {
                return nil
            }
            style.dashPhase = phase
        }
        return style
    }

    private func gradient(_ node: JSONNode, radial: Bool) -> Gradient? {
        let keys = radial ? DrawKeys.radialGradientBody : DrawKeys.linearGradientBody
        guard
            let object = ObjectReader(node, allowed: keys, what: radial ? "a radial gradient" : "a linear gradient", d),
            let colorsNode = object.required("colors", d, hint: " (two or more colours)"),
            let items = Read.array(colorsNode, d, what: "gradient colours")
        else { return nil }
        guard items.count >= 2 else {
            d.error(colorsNode, "a gradient needs at least two colours, found \(items.count)")
            return nil
        }
        let list = items.compactMap { colors.read($0, allowDynamic: false)?.resolved(Traits()) }
        guard list.count == items.count else { return nil }
        var locations = (0..<list.count).map { Double($0) / Double(list.count - 1) }
        if let n = object["locations"] {
            guard
                let v = Read.numbers(
                    n, d, count: list.count, in: 0...1, what: "\(list.count) locations from 0 to 1, one per colour")
            else { return nil }
            guard zip(v, v.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                d.error(n, "gradient locations must not decrease")
                return nil
            }
            locations = v
        }
        let stops = zip(locations, list).map { GradientStop(location: $0, r: $1.r, g: $1.g, b: $1.b, a: $1.a) }
        var extendsStart = false, extendsEnd = false
        if let n = object["drawsBeforeStart"] { guard let b = Read.bool(n, d) else { return nil }; extendsStart = b }
        if let n = object["drawsAfterEnd"] { guard let b = Read.bool(n, d) else { return nil }; extendsEnd = b }
        let shape: GradientShape
        if radial {
            guard let c0 = object.required("startCenter", d).flatMap(point),
                let c1 = object.required("endCenter", d).flatMap(point),
                let r0 = object.required("startRadius", d).flatMap({
                    Read.number($0, d, in: 0...100_000, what: "a radius in points")
                }),
                let r1 = object.required("endRadius", d).flatMap({
                    Read.number($0, d, in: 0...100_000, what: "a radius in points")
                })
            else { return nil }
            shape = .radial(startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1)
        } else {
            guard let p0 = object.required("start", d).flatMap(point), let p1 = object.required("end", d).flatMap(point)
            else { return nil }
            shape = .axial(start: p0, end: p1)
        }
        return Gradient(shape: shape, stops: stops, extendsStart: extendsStart, extendsEnd: extendsEnd)
    }

    private func point(_ node: JSONNode) -> Point2? {
        Read.numbers(node, d, count: 2, in: ScenarioLimits.coordinate, what: "[x, y] in points").map {
            Point2($0[0], $0[1])
        }
    }

    /// [x, y, width, height]; `positive`: sizes at least 0.
    private func rectangle(_ node: JSONNode, positive: Bool) -> [Double]? {
        guard
            let v = Read.numbers(
                node, d, count: 4, in: ScenarioLimits.coordinate, what: "[x, y, width, height] in points")
        else { return nil }
        if positive && (v[2] < 0 || v[3] < 0) {
            d.error(node, "a width or height below 0: expected [x, y, width, height] with sizes of 0 or more")
            return nil
        }
        return v
    }
}
