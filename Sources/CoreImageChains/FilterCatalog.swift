// Every filter ivsim renders, by its Core Image name (docs/COREIMAGE.md §Filters lists them with
// their keys, defaults and evidence).

public enum FilterCatalog {
    /// The filters, sorted by name.
    public static let all: [FilterDefinition] =
        (GeneratorFilters.all + CompositingFilters.all + ColorFilters.all + GeometryFilters.all + BlurFilters.all)
        .sorted {
            $0.name < $1.name
        }

    private static let byName: [String: FilterDefinition] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The filter CIFilter(name:) would make, or nil when ivsim does not have it.
    public static func filter(named name: String) -> FilterDefinition? { byName[name] }

    public static var names: [String] { all.map(\.name) }

    /// Why ivsim does not render a Core Image filter it knows of (docs/COREIMAGE.md), or nil.
    public static func refusal(for name: String) -> String? {
        photoEffects.contains(name)
            ? "Core Image draws the photo effects through colour-cube tables bundled inside CoreImage.framework, which "
                + "Apple does not publish, so ivsim has no answer to give (docs/COREIMAGE.md §Colour); draw the look "
                + "with the colour filters ivsim renders, or show an image exported from a device"
            : nil
    }

    /// The CIPhotoEffect family, each a CIColorCubeWithColorSpace over an unpublished table.
    static let photoEffects: Set<String> = [
        "CIPhotoEffectChrome", "CIPhotoEffectFade", "CIPhotoEffectInstant", "CIPhotoEffectMono", "CIPhotoEffectNoir",
        "CIPhotoEffectProcess", "CIPhotoEffectTonal", "CIPhotoEffectTransfer"
    ]
}
