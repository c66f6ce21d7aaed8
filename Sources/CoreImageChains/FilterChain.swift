// A chain as a scenario describes it (docs/COREIMAGE.md §Chains): an input image and filters
// applied in order, each one's output the next one's inputImage; image parameters (a mask, a
// background) are themselves images of the scenario or chains. Values are checked against the
// filter's parameters when the chain is read; images are only looked up when it is rendered.

import Raster

/// An image parameter's value: CIImage(image:) of an image of the scenario, or another chain's output.
public indirect enum ImageInput: Sendable, Equatable {
    case named(String)
    case chain(FilterChain)
}

/// A CIColor: sRGB-encoded components and straight alpha, as CIColor(red:green:blue:alpha:) takes them.
public struct ColorValue: Sendable, Equatable {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    var working: WorkingPixel { WorkingSpace.color(red: red, green: green, blue: blue, alpha: alpha) }
}

/// A parameter's value in the type the filter's key takes.
public enum ParameterValue: Sendable, Equatable {
    /// An NSNumber.
    case number(Double)
    /// A CIVector (points, offsets, rectangles as [x, y, width, height]).
    case vector([Double])
    case color(ColorValue)
    case image(ImageInput)
    /// A CGAffineTransform [a, b, c, d, tx, ty].
    case transform([Double])
}

/// One filter of a chain with the values given for its keys (the others take their defaults).
public struct FilterStep: Sendable, Equatable {
    public let filter: FilterDefinition
    public var values: [String: ParameterValue]

    public init(filter: FilterDefinition, values: [String: ParameterValue]) {
        self.filter = filter
        self.values = values
    }

    public static func == (a: FilterStep, b: FilterStep) -> Bool {
        a.filter.name == b.filter.name && a.values == b.values
    }
}

/// An input and the filters applied to it in order.
public struct FilterChain: Sendable, Equatable {
    /// The first filter's inputImage, unless that filter is a generator.
    public var input: ImageInput?
    public var steps: [FilterStep]

    public init(input: ImageInput?, steps: [FilterStep]) {
        self.input = input
        self.steps = steps
    }

    /// The chain's output as a recipe, its named images taken from `images`.
    func recipe(_ images: [String: Bitmap]) throws(ChainFailure) -> Recipe {
        var current: Recipe? = try input.map { input throws(ChainFailure) in try input.recipe(images) }
        for step in steps {
            var arguments = FilterArguments(step: step, images: images)
            if let current, step.filter.takesInputImage { arguments.previous = current }
            current = try step.filter.make(&arguments)
        }
        return current ?? .empty
    }
}

extension ImageInput {
    func recipe(_ images: [String: Bitmap]) throws(ChainFailure) -> Recipe {
        switch self {
        case let .named(name):
            guard let bitmap = images[name] else { throw .missingImage(name) }
            return .bitmap(bitmap)
        case let .chain(chain):
            return try chain.recipe(images)
        }
    }
}
