import CoreImageChains
import Syntax

// The JSON Schema of a `coreImage` image source (docs/SCENARIOS.md §Core Image).
extension ScenarioSchema {
    static func coreImageDefinitions() -> [(String, JSONOutput)] {
        let imageValue = JSONOutput.object([
            (
                "description",
                .string("CIImage(image:) of an image of the scenario (its name), or a chain of its own")
            ),
            ("oneOf", .array([.object([("type", .string("string"))]), ref("coreImageChain")]))
        ])
        let chainKeys: [String: JSONOutput] = [
            "input": imageValue,
            "filters": .object([
                ("type", .string("array")), ("maxItems", .number(Double(CoreImageKeys.maxFilters))),
                ("items", ref("coreImageFilter"))
            ])
        ]
        return [
            (
                "coreImage",
                closedObject(
                    CoreImageKeys.source,
                    chainKeys.merging([
                        "render": enumeration(
                            CoreImageRecipe.Route.allCases.map(\.rawValue),
                            description:
                                "cgImage (default): CIContext.createCGImage(_:from:) then UIImage(cgImage:); ciImage: "
                                + "UIImage(ciImage:), whose cgImage is nil"),
                        "rect": numbers(
                            4,
                            description: "createCGImage's rectangle [x, y, width, height] in Core Image's space (y up)"),
                        "scale": .object([
                            ("type", .string("number")),
                            ("minimum", .number(ScenarioLimits.imageScale.lowerBound)),
                            ("maximum", .number(ScenarioLimits.imageScale.upperBound)),
                            ("description", .string("The UIImage's scale; default 1"))
                        ])
                    ]) { a, _ in a },
                    description:
                        "A chain of Core Image filters and how its output becomes a UIImage (docs/COREIMAGE.md)")
            ),
            (
                "coreImageChain",
                closedObject(CoreImageKeys.chain, chainKeys, description: "An input and filters in order")
            ),
            (
                "coreImageFilter",
                .object([
                    ("type", .string("object")),
                    (
                        "description",
                        .string(
                            "A filter by its Core Image name with values for its input keys (docs/COREIMAGE.md lists each "
                                + "filter's keys)")
                    ),
                    ("required", .array([.string("filter")])),
                    ("properties", .object([("filter", enumeration(FilterCatalog.names))]))
                ])
            )
        ]
    }
}
