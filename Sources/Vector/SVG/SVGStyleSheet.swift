// `<style>` sheets as design tools export them (docs/SVG.md §Style sheets): rules whose selectors
// are simple — an element name, `.class`, `#id`, `*`, or one element name followed by classes
// (`path.cls-1`) — in comma lists; declarations of the properties SVGStyle reads. Rules apply over
// presentation attributes and under the `style` attribute, by specificity (id, then classes, then
// element names) and then document order (CSS 2.1 §6.4.3). Combinators, attribute selectors,
// pseudo-classes and @-rules other than a `@charset` are refused: they are not simple to match.

struct SVGStyleSheet: Sendable {
    struct Rule: Sendable {
        var element: String?
        var classes: [String]
        var id: String?
        var declarations: [(String, String)]
        /// (ids, classes, element names), then the rule's place in the document.
        var specificity: (Int, Int, Int)
        var order: Int

        /// Whether the rule matches an element with this name, id and classes.
        func matches(name: String, id elementID: String?, classes own: Set<Substring>) -> Bool {
            if let element, element != name { return false }
            if let id, elementID != id { return false }
            return classes.allSatisfy { own.contains(Substring($0)) }
        }
    }

    var rules: [Rule] = []
    /// Rules read, those without a declaration of a property ivsim reads included (they match
    /// but change nothing, so they are not kept): what the 10,000-rule limit counts.
    private var read = 0
    /// Every property a rule's declaration may set: the styles' (SVGStyle), a stop's, a clip child's.
    static let properties = Set(
        SVGStyle.inherited + SVGStyle.own + SVGStyle.refused + ["stop-color", "stop-opacity", "offset", "clip-rule"])
    /// The rules by what an element needs for them to match (docs/SVG.md §Style sheets): a rule
    /// with an id under its id, else one with classes under its first class, else one with an
    /// element name under the name; the rest match any element. An element's candidates are the
    /// lists of its id, of each of its classes and of its name, and the universal one: each rule
    /// is in one list, so matching costs the rules that could match, not every rule (9,999 rules
    /// against an element of 9,999 classes took over 30 s before).
    private var byID: [String: [Int]] = [:]
    private var byClass: [String: [Int]] = [:]
    private var byName: [String: [Int]] = [:]
    private var universal: [Int] = []
    /// Whether some rule names a class (an element's classes are read only then).
    private var namesClasses = false

    init() {}

    /// The work of reading the sheet: a step per selector and per class in it (what matching
    /// an element against the rule would cost again), counted against `maxSteps`.
    private(set) var steps = 0
    private var maxSteps = Int.max

    /// The sheet of every `<style>` element in `root`, in document order, read within `maxSteps`
    /// (SVGDefinitions.maxMatching).
    init(_ root: XMLElement, maxSteps: Int = .max) throws(SVGError) {
        self.maxSteps = maxSteps
        var stack = [root]
        while let element = stack.popLast() {
            if element.name == "style" { try add(element) }
            stack += element.children.reversed()
        }
    }

    /// The sheet's text without its comments (each one a space), scanned as bytes: a sheet of
    /// many megabytes is read in its own size, not sixteen bytes a character.
    static func uncommented(_ style: XMLElement) throws(SVGError) -> String {
        let bytes = Array(style.text.utf8)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "/") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*") {
                var j = i + 2
                while j + 1 < bytes.count && !(bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/")) {
                    j += 1
                }
                guard j + 1 < bytes.count else {
                    throw SVGError(element: style, message: "a comment in the style sheet never ends")
                }
                kept.append(UInt8(ascii: " "))
                i = j + 2
            } else {
                kept.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    mutating func add(_ style: XMLElement) throws(SVGError) {
        if let type = style["type"], type != "text/css" {
            throw SVGError(element: style, message: "a style sheet of type \"\(type)\" is not read (only text/css)")
        }
        var text = Substring(try Self.uncommented(style))
        while true {
            text = text.drop { " \t\n\r".contains($0) }
            if text.isEmpty { return }
            if text.hasPrefix("@charset") {
                guard let semicolon = text.firstIndex(of: ";") else { return }
                text = text[text.index(after: semicolon)...]
                continue
            }
            guard let open = text.firstIndex(of: "{"), let close = text[open...].firstIndex(of: "}") else {
                throw SVGError(element: style, message: "a style sheet rule without { … }")
            }
            // The block is charged as a `style` attribute is (a step for 8 bytes) before it is
            // read, and only the properties ivsim reads are kept: one rule of 16 million empty
            // declarations held 1.2 GB when all were read first (attack round 18).
            let block = text[text.index(after: open)..<close]
            steps += block.utf8.count / 8
            guard steps <= maxSteps else { throw SVGStyleSheet.tooMuchWork(at: style, maxSteps) }
            let declarations = SVGStyle.parse(block) { Self.properties.contains($0) }
            // The selectors one at a time, counted as they are met: a list of 16 million took
            // 1.2 GB when it was split whole before the first was counted (attack round 18).
            var selectors = text[..<open]
            while !selectors.isEmpty {
                let comma = selectors.firstIndex(of: ",") ?? selectors.endIndex
                let selector = selectors[..<comma]
                selectors =
                    comma == selectors.endIndex ? selectors[comma...] : selectors[selectors.index(after: comma)...]
                if selector.isEmpty { continue }  // "a,,b" names a and b
                read += 1
                guard read <= 10_000 else {
                    throw SVGError(element: style, message: "more than 10,000 style sheet rules (docs/LIMITS.md)")
                }
                // A step per class and per id in it too (a selector of 30 million "#a" took 10 s
                // when only classes counted, attack round 19).
                steps +=
                    1 + selector.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ".") || $1 == UInt8(ascii: "#") ? 1 : 0) }
                guard steps <= maxSteps else { throw SVGStyleSheet.tooMuchWork(at: style, maxSteps) }
                let rule = try Self.rule(
                    selector.trimmingCharacters(in: " \t\n\r"), declarations, order: rules.count, in: style)
                guard !declarations.isEmpty else { continue }
                rules.append(rule)
                if !rule.classes.isEmpty { namesClasses = true }
                if let id = rule.id {
                    byID[id, default: []].append(rules.count - 1)
                } else if let first = rule.classes.first {
                    byClass[first, default: []].append(rules.count - 1)
                } else if let name = rule.element {
                    byName[name, default: []].append(rules.count - 1)
                } else {
                    universal.append(rules.count - 1)
                }
            }
            text = text[text.index(after: close)...]
        }
    }

    /// The error for a document whose rules and declarations take more than `maxSteps` to read.
    static func tooMuchWork(at element: XMLElement, _ maxSteps: Int) -> SVGError {
        SVGError(
            element: element,
            message: "the document's style rules and declarations take more than \(maxSteps) steps to read "
                + "(docs/LIMITS.md): use fewer rules, fewer classes in a selector or an element, or shorter style attributes and rules"
        )
    }

    static func rule(_ selector: String, _ declarations: [(String, String)], order: Int, in style: XMLElement)
        throws(SVGError) -> Rule
    {
        let refused = Set(" >+~[:()".map { $0 })
        guard !selector.isEmpty, !selector.contains(where: refused.contains) else {
            throw SVGError(
                element: style,
                message: "the selector \"\(selector)\" is not read: ivsim matches element names, .classes and "
                    + "#ids (export with presentation attributes to avoid style sheets)")
        }
        var element: String?, classes: [String] = [], id: String?
        var rest = Substring(selector)
        if rest.first != "." && rest.first != "#" {
            let end = rest.firstIndex { $0 == "." || $0 == "#" } ?? rest.endIndex
            let name = String(rest[..<end])
            element = name == "*" ? nil : name
            rest = rest[end...]
        }
        while let first = rest.first {
            rest = rest.dropFirst()
            let end = rest.firstIndex { $0 == "." || $0 == "#" } ?? rest.endIndex
            let name = String(rest[..<end])
            guard !name.isEmpty else {
                throw SVGError(element: style, message: "the selector \"\(selector)\" has an empty name")
            }
            if first == "." { classes.append(name) } else { id = name }
            rest = rest[end...]
        }
        return Rule(
            element: element, classes: classes, id: id, declarations: declarations,
            specificity: (id == nil ? 0 : 1, classes.count, element == nil ? 0 : 1), order: order)
    }

    /// The declarations of the rules that match `element`, lowest precedence first, and the
    /// steps matching took: each of the element's classes one, each rule tried one plus its
    /// classes (a selector of 500 classes is 500 set lookups). Nil as soon as the steps would
    /// pass `budget`: they are counted before the rules are tried.
    func declarations(for element: XMLElement, within budget: Int) -> (declarations: [(String, String)], tried: Int)? {
        guard !rules.isEmpty else { return ([], 0) }
        let id = element["id"]
        let tokens = !namesClasses ? [] : (element["class"] ?? "").split(whereSeparator: { " \t\n\r".contains($0) })
        var tried = tokens.count
        guard tried <= budget else { return nil }
        var candidates: [Int] = []
        func consider(_ list: [Int]) -> Bool {
            for index in list {
                tried += 1 + rules[index].classes.count
                if tried > budget { return false }
            }
            candidates += list
            return true
        }
        guard consider(universal) else { return nil }
        if let id, let list = byID[id] { guard consider(list) else { return nil } }
        let classes = Set(tokens)
        // The set's order varies from run to run; neither the total (refused or not) nor the
        // result (each rule is in one list, and the matches are sorted) depends on it.
        for name in classes {
            if let list = byClass[String(name)] { guard consider(list) else { return nil } }
        }
        if let list = byName[element.name] { guard consider(list) else { return nil } }
        let matched: [Rule] = candidates.map { rules[$0] }.filter {
            $0.matches(name: element.name, id: id, classes: classes)
        }
        let ordered = matched.sorted { (a: Rule, b: Rule) -> Bool in
            a.specificity != b.specificity ? a.specificity < b.specificity : a.order < b.order
        }
        return (ordered.flatMap(\.declarations), tried)
    }
}
