import AssetCatalogs
import ImageViews
import Syntax

// An `asset` image source: a UIImageAsset whose images are registered with trait collections
// (register(_:with:)), so that a scenario builds a light/dark pair, or a per-scale or per-idiom
// set, without an asset catalog (docs/SCENARIOS.md §Images, docs/ASSETS.md §Registered images).
// The registrations become the image's variants, picked by the catalog matching rules; where no
// registration's traits hold, the first registered image is shown.

/// One `{ "image": name, "traits": { … } }` of an `asset` source.
struct ImageAssetRegistration {
    var image: String
    var imageNode: JSONNode
    /// The traits the image is registered with, as asset conditions (traits left out are open;
    /// the display scale is 1 unless given, as UIKit assigns).
    var conditions: AssetConditions
    var node: JSONNode

    /// The traits a registration may name: those the matching rules know. The interface level and
    /// the content size category are not (asset catalogs have no slot for them, and ivsim matches
    /// registrations the same way).
    static let traitKeys = TraitDimension.keys.filter {
        $0 != "userInterfaceLevel" && $0 != "preferredContentSizeCategory"
    }

    /// Reads an `asset` value: a non-empty list of registrations; nil if invalid (reported).
    static func read(_ node: JSONNode, _ d: Diagnostics) -> [ImageAssetRegistration]? {
        guard let items = Read.array(node, d, what: "image registrations ({\"image\": name, \"traits\": {…}})") else {
            return nil
        }
        var registrations: [ImageAssetRegistration] = []
        for item in items {
            guard
                let object = ObjectReader(
                    item, allowed: ScenarioKeys.assetRegistration, what: "an image registration", d),
                let imageNode = object.required("image", d, hint: " (the name of an image of \"images\")"),
                let image = Read.string(imageNode, d, what: "an image name")
            else { return nil }
            var test = TraitTest()
            if let traitsNode = object["traits"] {
                guard
                    let traits = ObjectReader(
                        traitsNode, allowed: TraitDimension.keys, what: "a registration's traits", d)
                else { return nil }
                for dimension in TraitDimension.all {
                    guard let valueNode = traits[dimension.key] else { continue }
                    guard traitKeys.contains(dimension.key) else {
                        d.error(
                            valueNode,
                            "an image asset is not matched by \"\(dimension.key)\" in ivsim (asset catalogs have no slot for it); "
                                + "register with \(traitKeys.map { "\"\($0)\"" }.joined(separator: ", "))")
                        return nil
                    }
                    guard let value = dimension.read(valueNode, d) else { return nil }
                    test.set(dimension.key, value)
                }
            }
            let conditions = AssetConditions(test, scale: 1)
            if let earlier = registrations.first(where: { $0.conditions == conditions }) {
                d.error(
                    item,
                    "these traits equal those of the registration at \(earlier.node.path): UIKit would replace that image "
                        + "with this one; give the two different traits (a \"displayScale\" when they differ in scale)")
                return nil
            }
            registrations.append(
                ImageAssetRegistration(image: image, imageNode: imageNode, conditions: conditions, node: item))
        }
        return registrations
    }

    /// The asset's image called `name`: the registered images as its variants, the first one shown
    /// where no registration holds. A registered image must be one image: one with variants of its
    /// own (a named image, a file with @2x siblings, another asset) is refused.
    static func image(name: String, _ registered: [(ImageAssetRegistration, Image)], _ d: Diagnostics) -> Image? {
        var variants: [AssetVariant<Image>] = []
        for (registration, image) in registered {
            if image.variants.count > 1 {
                d.error(
                    registration.imageNode,
                    "\"\(registration.image)\" has variants of its own (\(image.variants.count)); UIImageAsset "
                        + "registers one image per trait collection: register a single image (a generated one, a file without @2x/@3x or "
                        + "~iphone/~ipad siblings, or one with \"scale\")")
                return nil
            }
            var value = image.variants.first?.value ?? image
            value.variants = []
            value.rename(name)
            variants.append(
                AssetVariant(
                    conditions: registration.conditions, value: value,
                    source: image.source ?? "\"\(registration.image)\""))
        }
        var result = variants[0].value
        result.variants = variants
        return result
    }
}
