// A filter as Core Image defines it: its name, its category, each input key with its type and
// default (the Core Image Filter Reference's), and how ivsim makes its output (docs/COREIMAGE.md
// §Filters). `evidence` says whether Apple defines the filter by a formula or only describes it.

import Raster

/// The type a key takes.
public enum ParameterType: Sendable, Equatable {
    case number
    /// A CIVector of this many components (2 for points and offsets, 4 for rectangles and vectors).
    case vector(Int)
    case color
    case image
    case transform

    /// How a scenario writes it, for messages and the schema.
    public var spelled: String {
        switch self {
        case .number: "a number"
        case let .vector(n): n == 2 ? "a vector [x, y]" : "a vector of \(n) numbers"
        case .color: "a colour [red, green, blue] or [red, green, blue, alpha] (sRGB, 0 to 1) or \"#RRGGBB\""
        case .image: "an image: a name of the scenario's images, or a chain {\"input\": …, \"filters\": […]}"
        case .transform: "an affine transform [a, b, c, d, tx, ty]"
        }
    }
}

/// One input key of a filter.
public struct ParameterSpec: Sendable {
    public let key: String
    public let type: ParameterType
    /// The value Core Image uses when the key is not set. nil: a key a scenario must give (where no
    /// evidence of Core Image's default was found, and inputMaskImage, without which Core Image's
    /// output is nil); an optional image key (inputBackgroundImage) is then empty, and inputImage
    /// takes the chain's previous output.
    public let defaultValue: ParameterValue?
    /// The slider range Core Image's attributes give, when it gives one (values outside it are
    /// accepted, as Core Image accepts them).
    public let sliderRange: ClosedRange<Double>?

    init(
        _ key: String, _ type: ParameterType, _ defaultValue: ParameterValue? = nil, slider: ClosedRange<Double>? = nil
    ) {
        self.key = key
        self.type = type
        self.defaultValue = defaultValue
        self.sliderRange = slider
    }
}

/// How Apple defines a filter.
public enum Evidence: Sendable {
    /// A formula in Apple's documentation (or a specification it cites).
    case formula(String)
    /// A description only: ivsim's reading is stated in docs/COREIMAGE.md.
    case description(String)
}

public enum FilterCategory: String, Sendable, CaseIterable {
    case generator, compositing, color, geometry, blur, stylize
}

/// A Core Image filter ivsim renders.
public struct FilterDefinition: Sendable {
    public let name: String
    public let category: FilterCategory
    public let parameters: [ParameterSpec]
    public let evidence: Evidence
    let make: @Sendable (inout FilterArguments) throws(ChainFailure) -> Recipe

    init(
        _ name: String, _ category: FilterCategory, _ parameters: [ParameterSpec], _ evidence: Evidence,
        make: @escaping @Sendable (inout FilterArguments) throws(ChainFailure) -> Recipe
    ) {
        self.name = name
        self.category = category
        self.parameters = parameters
        self.evidence = evidence
        self.make = make
    }

    /// Whether the filter has an inputImage (every filter but the generators).
    public var takesInputImage: Bool { parameters.contains { $0.key == "inputImage" } }

    public func parameter(_ key: String) -> ParameterSpec? { parameters.first { $0.key == key } }

    /// The keys a scenario must give: those without a default but inputImage (the chain's) and
    /// inputBackgroundImage (empty when not given).
    public var requiredKeys: [String] {
        parameters.filter { $0.defaultValue == nil && $0.key != "inputImage" && $0.key != "inputBackgroundImage" }.map(
            \.key)
    }
}

/// A step's values with the defaults filled in, as a filter's `make` reads them.
struct FilterArguments {
    let step: FilterStep
    let images: [String: Bitmap]
    /// The previous filter's output: inputImage when the step does not set it.
    var previous: Recipe?

    private func value(_ key: String) -> ParameterValue? {
        step.values[key] ?? step.filter.parameter(key)?.defaultValue
    }

    func number(_ key: String) -> Float {
        if case let .number(v)? = value(key) { return Float(v) }
        return 0
    }

    func vector(_ key: String) -> [Float] {
        if case let .vector(v)? = value(key) { return v.map(Float.init) }
        return []
    }

    func point(_ key: String) -> SIMD2<Float> {
        let v = vector(key)
        return v.count >= 2 ? SIMD2(v[0], v[1]) : .zero
    }

    func vector4(_ key: String) -> SIMD4<Float> {
        let v = vector(key)
        return v.count >= 4 ? SIMD4(v[0], v[1], v[2], v[3]) : .zero
    }

    func doubles(_ key: String) -> [Double] {
        switch value(key) {
        case let .vector(v)?, let .transform(v)?: v
        default: []
        }
    }

    func color(_ key: String) -> WorkingPixel {
        if case let .color(c)? = value(key) { return c.working }
        return .zero
    }

    /// The image `key` names, the previous output for an unset inputImage, or empty.
    func image(_ key: String) throws(ChainFailure) -> Recipe {
        if case let .image(input)? = step.values[key] { return try input.recipe(images) }
        if key == "inputImage", let previous { return previous }
        return .empty
    }
}
