// Optional content (ISO 32000-1 §8.11): the document's default configuration (/OCProperties /D)
// says which groups are off (/BaseState /OFF makes all off but those in /ON; else those in /OFF);
// membership dictionaries (/OCMD) are visible by their /P policy over their /OCGs (AnyOn by
// default; /VE expressions are not read: the policy decides). Content marked `/OC /name BDC …
// EMC`, and forms and images with /OC, draw nothing while their group is off; graphics state
// operators still run (§8.11.3.2), and so do clips.

struct PDFOptionalContent {
    /// Groups that are off, by object number.
    private var off: Set<Int> = []
    /// All groups are off unless listed as on.
    private var baseOff = false
    private var on: Set<Int> = []

    init() {}

    init(catalog: [String: PDFObject], file: PDFFile) throws(PDFError) {
        guard let properties = try file.value(catalog, "OCProperties")?.dictionary,
            let config = try file.value(properties, "D")?.dictionary
        else { return }
        baseOff = try file.value(config, "BaseState")?.name == "OFF"
        off = Set(Self.numbers(try file.value(config, "OFF")?.array ?? []))
        on = Set(Self.numbers(try file.value(config, "ON")?.array ?? []))
    }

    private static func numbers(_ items: [PDFObject]) -> [Int] { items.compactMap(\.referenceNumber) }

    private func groupVisible(_ number: Int) -> Bool {
        baseOff ? on.contains(number) : !off.contains(number)
    }

    /// Whether content belonging to `object` (a reference to an OCG or OCMD) is drawn.
    func visible(_ object: PDFObject, file: PDFFile) throws(PDFError) -> Bool {
        guard case let .reference(number, _) = object else { return true }
        guard let d = try file.object(number).dictionary else { return true }
        switch d["Type"]?.name {
        case "OCG"?: return groupVisible(number)
        case "OCMD"?:
            // /OCGs: one group or an array of them.
            let raw = d["OCGs"]
            let groups: [Int]
            if let n = raw?.referenceNumber, try file.object(n).dictionary?["Type"]?.name == "OCG" {
                groups = [n]
            } else {
                groups = Self.numbers(try file.value(d, "OCGs")?.array ?? [])
            }
            guard groups.count <= 1024 else { throw PDFError("a membership dictionary lists more than 1,024 groups") }
            let states = groups.map(groupVisible)
            guard !states.isEmpty else { return true }
            switch try file.value(d, "P")?.name ?? "AnyOn" {
            case "AllOn": return states.allSatisfy { $0 }
            case "AnyOff": return states.contains(false)
            case "AllOff": return states.allSatisfy { !$0 }
            default: return states.contains(true)
            }
        default:
            return true
        }
    }
}
