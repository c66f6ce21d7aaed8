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
}
