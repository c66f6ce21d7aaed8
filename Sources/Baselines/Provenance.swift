import ScenarioFormat
import Syntax

/// What made a baseline: the ivsim version and the version of the rendering rules (docs/BASELINES.md
/// §Provenance). Every layout report carries both under `provenance`.
public struct Provenance: Sendable, Equatable {
    /// This build's version (semantic versioning; CHANGELOG.md lists each).
    public static let ivsimVersion = "0.2.0"
    /// The version of the rules that decide layout numbers and pixels (docs/RENDERING.md,
    /// docs/LAYOUT.md). It goes up by one with every release that changes the output of some
    /// scenario on purpose, and CHANGELOG.md says what changed; a release that changes no output
    /// keeps it.
    public static let renderingRules = 14

    /// This build's provenance.
    public static let current = Provenance(ivsim: ivsimVersion, renderingRules: renderingRules)

    public var ivsim: String
    public var renderingRules: Int

    public init(ivsim: String, renderingRules: Int) {
        self.ivsim = ivsim
        self.renderingRules = renderingRules
    }

    /// `ivsim --version`.
    public static var versionLine: String { "ivsim \(ivsimVersion) (rendering rules \(renderingRules))" }

    var json: JSONOutput { .object([("ivsim", .string(ivsim)), ("renderingRules", .number(Double(renderingRules)))]) }

    /// The provenance a recorded layout report states; nil for reports made before ivsim recorded
    /// it (rendering rules 0).
    static func recorded(in layout: JSONNode?) -> Provenance? {
        guard case let .object(members)? = layout?.value,
            let object = members.first(where: { $0.key == "provenance" })?.value
        else { return nil }
        return read(object)
    }

    /// A provenance object's two fields.
    private static func read(_ object: JSONNode) -> Provenance? {
        guard case let .object(fields) = object.value,
            case let .string(version)? = fields.first(where: { $0.key == "ivsim" })?.value.value,
            case let .number(rules)? = fields.first(where: { $0.key == "renderingRules" })?.value.value,
            let whole = Int(exactly: rules)
        else { return nil }
        return Provenance(ivsim: version, renderingRules: whole)
    }

    /// The provenance a layout report as ivsim writes it states, found without parsing the whole
    /// report: the object after the top-level `"provenance": ` member (two spaces in, as
    /// `JSONOutput` indents it). Nil when there is none or it is not in that form. Only a guess to
    /// try: `check` uses it to make the report it compares byte for byte, so a wrong guess can
    /// only send a variant to the full comparison, never pass one.
    static func stated(inReport bytes: [UInt8]) -> Provenance? {
        let key = Array("\n  \"provenance\": {".utf8)
        guard let start = bytes.withUnsafeBufferPointer({ ByteSearch.firstIndex(of: key, in: $0) }) else { return nil }
        let open = start + key.count - 1
        guard let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")),
            let object = try? JSONParser.parse(Array(bytes[open...close]))
        else { return nil }
        return read(object)
    }

    /// Why a difference may be the rules' and not the scenario's, when the baseline is older.
    static func olderNote(_ recorded: Provenance?) -> String? {
        let rules = recorded?.renderingRules ?? 0
        guard rules < renderingRules else { return nil }
        let made =
            recorded.map { "ivsim \($0.ivsim), rendering rules \($0.renderingRules)" }
            ?? "an ivsim that did not record its version"
        return "baseline made by an older rendering version (\(made); this is ivsim \(ivsimVersion), rendering rules "
            + "\(renderingRules): see CHANGELOG.md, and re-record if the change is the rules')"
    }
}
