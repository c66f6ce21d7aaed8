import Raster

// mask (SVG 1.1 §14.4, https://www.w3.org/TR/SVG11/masking.html#Masking): the mask's children are
// drawn into a transparency layer, in the user space of the element that refers to it
// (maskContentUnits="userSpaceOnUse"), clipped to the mask's region (x, y, width, height; in
// maskUnits, objectBoundingBox by default: −10 %, −10 %, 120 %, 120 % of the element's box). Each
// pixel's luminance, with the spec's coefficients on the premultiplied sRGB values,
// ⌊(2125·r + 7154·g + 721·b + 5000) / 10000⌋, is a coverage mask that multiplies the clip while
// the element is drawn (docs/SVG.md §Masks). `color-interpolation: linearRGB` is not applied (as
// resvg does not), and maskContentUnits="objectBoundingBox" is refused.

struct SVGMask: Sendable {
    var content: [SVGNode]
    /// The mask element's own style, which its children inherit (Figma puts fill="black" there).
    var style: SVGStyle
    var boundingBoxUnits: Bool
    /// x, y, width, height as given (fractions of the box, or user units).
    var region: [Double]

    static func resolve(_ id: String, for element: XMLElement, compiler: inout SVGCompiler) throws(SVGError) -> SVGMask
    {
        guard let mask = compiler.definitions.elements[id], mask.name == "mask" else {
            throw SVGError(element: element, message: "mask=\"url(#\(id))\": no <mask> has that id")
        }
        if let units = mask["maskContentUnits"], units != "userSpaceOnUse" {
            throw SVGError(
                element: mask, message: "maskContentUnits=\"\(units)\" is not read (only userSpaceOnUse, the default)")
        }
        let units = mask["maskUnits"] ?? "objectBoundingBox"
        guard units == "userSpaceOnUse" || units == "objectBoundingBox" else {
            throw SVGError(
                element: mask, message: "maskUnits=\"\(units)\": expected userSpaceOnUse or objectBoundingBox")
        }
        let box = units == "objectBoundingBox"
        var region: [Double] = []
        for (key, fallback) in [("x", "-10%"), ("y", "-10%"), ("width", "120%"), ("height", "120%")] {
            let text = mask[key] ?? fallback
            guard let value = box ? SVGValues.numberOrPercentage(text) : SVGValues.length(text) else {
                throw SVGError(
                    element: mask, message: "\(key)=\"\(text)\": expected a number, a percentage or a length")
            }
            region.append(value)
        }
        var style = SVGStyle()
        style.apply(try compiler.declarations(of: mask).list)
        return SVGMask(
            content: try compiler.children(of: mask), style: style.inheritedByChild, boundingBoxUnits: box,
            region: region)
    }

    /// Luminance × alpha of premultiplied pixels over `box` (elsewhere the layer is transparent,
    /// so 0), as a clip mask.
    static func luminance(_ bitmap: Bitmap, over box: PixelRect) -> ClipMask {
        var alpha = [UInt8](repeating: 0, count: box.area)
        for row in 0..<box.height {
            for column in 0..<box.width {
                let p = bitmap.pixels[(box.y + row) * bitmap.width + box.x + column]
                let r = Int(p & 0xFF), g = Int((p >> 8) & 0xFF), b = Int((p >> 16) & 0xFF)
                alpha[row * box.width + column] = UInt8(min(255, (2125 * r + 7154 * g + 721 * b + 5000) / 10000))
            }
        }
        return ClipMask(box: box, alpha: alpha)
    }
}
