// Apple's Visual Format Language: `[H:|V:] [|] [connection] [view] (connection [view])* [connection |]`.
// Horizontal formats use leading, trailing and width; vertical ones top, bottom and height. Each
// connection yields one constraint per predicate (`[a]-8-[b]` → `b.leading == a.trailing + 8`,
// `[a]-20-|` → `superview.trailing == a.trailing + 20`), each view predicate one size constraint,
// in the order of the string. Spaces between tokens are skipped (Apple's parser is stricter).

import ImageViews
import Syntax

/// Parses one VFL string into its constraints, or the first error with its offset.
struct VisualFormatParser {
    /// UIKit's standard spacing, in points: "-" between siblings, and between a view and its superview.
    static let standardSibling = 8.0
    static let standardSuperview = 20.0

    /// One end of a connection: the superview's bar or a view, with the offset of the bar or name.
    private enum Endpoint {
        case superview(offset: Int)
        case view(name: String, offset: Int)
    }

    /// What joins two endpoints: nothing (0), "-" (standard spacing) or "-predicates-".
    private enum Connection {
        case empty
        case standard
        case spacings([Predicate])
    }

    /// What a predicate compares with: a number or metric, or (in a view) another view's size.
    private enum Object {
        case constant(Double)
        case view(name: String, offset: Int)
    }

    /// `[relation] object ['@' priority]`.
    private struct Predicate {
        var relation: LayoutRelation
        var object: Object
        var priority: Double = LayoutPriority.required
    }

    private var tokens: ConstraintTokenizer
    private let metrics: [String: Double]
    /// The names inside "[…]" anywhere in the string, to tell a view misused as a spacing from an
    /// unknown metric. Only asked for membership, never iterated.
    private let viewNames: Set<String>
    private var leading = LayoutAttribute.leading
    private var trailing = LayoutAttribute.trailing
    private var size = LayoutAttribute.width
    private var constraints: [ParsedConstraint] = []

    /// A parser for `text`; `metrics` gives the values of metric names (spacings, sizes, priorities).
    init(_ text: String, metrics: [String: Double]) {
        tokens = ConstraintTokenizer(text)
        self.metrics = metrics
        var names = Set<String>()
        var scan = tokens
        while let character = scan.current {
            scan.advance()
            if character == "[" {
                scan.skipSpaces()
                names.insert(scan.read(while: \.isWordCharacter))
            }
        }
        viewNames = names
    }

    /// Parses the whole string.
    mutating func parse() throws(ConstraintSyntaxError) -> [ParsedConstraint] {
        tokens.skipSpaces()
        try orientation()
        tokens.skipSpaces()
        var previous: Endpoint?
        if tokens.current == "|" {
            previous = .superview(offset: tokens.offset)
            tokens.advance()
        }
        while true {
            let connection = previous == nil ? Connection.empty : try self.connection()
            tokens.skipSpaces()
            let offset = tokens.offset
            switch tokens.current {
            case "[":
                let next = try view()
                if let previous { emit(connection, from: previous, to: next.endpoint) }
                for predicate in next.predicates { emitSize(predicate, of: next.endpoint) }
                previous = next.endpoint
            case "|":
                tokens.advance()
                try expectEnd(afterBarAt: offset)
                guard let previous, case .view = previous else { throw Self.noView(at: offset) }
                emit(connection, from: previous, to: .superview(offset: offset))
                return constraints
            case nil:
                guard let previous, case .view = previous else { throw Self.noView(at: offset) }
                guard case .empty = connection else { throw tokens.expected("\"[\" to start a view", at: offset) }
                return constraints
            default:
                throw tokens.expected("\"[\" to start a view", at: offset)
            }
        }
    }

    private static func noView(at offset: Int) -> ConstraintSyntaxError {
        ConstraintSyntaxError(offset: offset, message: "a visual format needs at least one view, such as \"[icon]\"")
    }

    // MARK: Syntax

    /// `H:` or `V:` (default H), choosing the attributes.
    private mutating func orientation() throws(ConstraintSyntaxError) {
        guard tokens.current?.isASCIILetter == true else { return }
        let start = tokens.offset
        let name = tokens.read(while: \.isASCIILetter)
        tokens.skipSpaces()
        guard tokens.take(":") else {
            throw tokens.expected("\"H:\", \"V:\", \"|\" or \"[\" to start a visual format", at: start)
        }
        switch name {
        case "H": break
        case "V": (leading, trailing, size) = (.top, .bottom, .height)
        default:
            var suggestion = Suggestions.didYouMean(name + ":", among: ["H:", "V:"])
            if suggestion.isEmpty { suggestion = " (expected \"H:\" or \"V:\")" }
            throw ConstraintSyntaxError(offset: start, message: "unknown orientation \"\(name):\"" + suggestion)
        }
    }

    /// After a closing "|": the end of the text, else an error (a bar inside the format, or garbage).
    private mutating func expectEnd(afterBarAt bar: Int) throws(ConstraintSyntaxError) {
        tokens.skipSpaces()
        guard let character = tokens.current else { return }
        if character == "-" || character == "[" || character == "|" {
            throw ConstraintSyntaxError(offset: bar, message: "a superview bar \"|\" may only start or end a format")
        }
        throw ConstraintSyntaxError(offset: tokens.offset, message: "unexpected \(tokens.found(at: tokens.offset))")
    }

    /// `'' | '-' | '-' predicateList '-'`.
    private mutating func connection() throws(ConstraintSyntaxError) -> Connection {
        tokens.skipSpaces()
        guard tokens.take("-") else { return .empty }
        tokens.skipSpaces()
        if tokens.isAtEnd || tokens.current == "[" || tokens.current == "|" { return .standard }
        let spacings = try spacingList()
        tokens.skipSpaces()
        guard tokens.take("-") else { throw tokens.expected("\"-\" after the spacing", at: tokens.offset) }
        return .spacings(spacings)
    }

    /// `simplePredicate | '(' predicate (',' predicate)* ')'` between two "-".
    private mutating func spacingList() throws(ConstraintSyntaxError) -> [Predicate] {
        if tokens.take("(") { return try predicateList(inView: false) }
        let start = tokens.offset
        try rejectNegativeNumber()
        if let number = try tokens.readNumber() { return [Predicate(relation: .equal, object: .constant(number))] }
        if tokens.current?.isIdentifierStart == true {
            let name = tokens.read(while: \.isWordCharacter)
            return [Predicate(relation: .equal, object: .constant(try spacing(named: name, at: start)))]
        }
        throw tokens.expected("a spacing after \"-\" (a number, a metric or a list in parentheses)", at: start)
    }

    /// The predicates after "(" up to and including ")".
    private mutating func predicateList(inView: Bool) throws(ConstraintSyntaxError) -> [Predicate] {
        var list: [Predicate] = []
        while true {
            list.append(try predicate(inView: inView))
            tokens.skipSpaces()
            if tokens.take(")") { return list }
            guard tokens.take(",") else { throw tokens.expected("\",\" or \")\" after a predicate", at: tokens.offset) }
        }
    }

    /// `[relation] (number | metric | viewName) ['@' priority]`; view names only inside a view.
    private mutating func predicate(inView: Bool) throws(ConstraintSyntaxError) -> Predicate {
        tokens.skipSpaces()
        var relation = LayoutRelation.equal
        if tokens.current?.isRelationCharacter == true { relation = try tokens.readRelation() }
        tokens.skipSpaces()
        let start = tokens.offset
        if !inView { try rejectNegativeNumber() }
        let object: Object
        if let number = try tokens.readNumber() {
            object = .constant(number)
        } else if tokens.current?.isIdentifierStart == true {
            let name = tokens.read(while: \.isWordCharacter)
            if let value = metrics[name] {
                object = .constant(value)
            } else if inView {
                try rejectDash(afterViewNameAt: start)
                object = .view(name: name, offset: start)
            } else {
                object = .constant(try spacing(named: name, at: start))
            }
        } else {
            throw tokens.expected(
                inView ? "a size (a number, a metric or a view name)" : "a spacing (a number or a metric)", at: start)
        }
        tokens.skipSpaces()
        var predicate = Predicate(relation: relation, object: object)
        if tokens.take("@") { predicate.priority = try tokens.readPriority(metrics: metrics) }
        return predicate
    }

    /// `'[' viewName ['(' predicate (',' predicate)* ')'] ']'`.
    private mutating func view() throws(ConstraintSyntaxError) -> (endpoint: Endpoint, predicates: [Predicate]) {
        tokens.advance()
        tokens.skipSpaces()
        let start = tokens.offset
        guard tokens.current?.isIdentifierStart == true else {
            throw tokens.expected(
                "a view name after \"[\" (a letter or \"_\", then letters, digits and \"_\")", at: start)
        }
        let name = tokens.read(while: \.isWordCharacter)
        try rejectDash(afterViewNameAt: start)
        tokens.skipSpaces()
        let predicates = tokens.take("(") ? try predicateList(inView: true) : []
        tokens.skipSpaces()
        guard tokens.take("]") else { throw tokens.expected("\"]\" to end the view \"\(name)\"", at: tokens.offset) }
        return (.view(name: name, offset: start), predicates)
    }

    /// Ids with "-" are fine in equations but "-" is a connection in VFL.
    private func rejectDash(afterViewNameAt start: Int) throws(ConstraintSyntaxError) {
        guard tokens.current == "-" else { return }
        throw ConstraintSyntaxError(
            offset: start,
            message:
                "view names in VFL are letters, digits and \"_\": write an equation for ids with \"-\"")
    }

    /// "-8" cannot be a spacing: in VFL "-" is a connection, so a negative literal does not parse.
    private func rejectNegativeNumber() throws(ConstraintSyntaxError) {
        guard tokens.current == "-", tokens.peek(1)?.isASCIIDigit == true else { return }
        throw ConstraintSyntaxError(
            offset: tokens.offset,
            message:
                "a spacing cannot be a negative number in VFL (\"-\" is a connection): use a metric with a negative value, or an equation"
        )
    }

    /// The value of the metric `name` used as a spacing; a view's name or an unknown metric is an error.
    private func spacing(named name: String, at offset: Int) throws(ConstraintSyntaxError) -> Double {
        if let value = metrics[name] { return value }
        if viewNames.contains(name) {
            throw ConstraintSyntaxError(offset: offset, message: "a spacing must be a number or a metric")
        }
        let suggestion =
            metrics.isEmpty ? " (no metrics are defined)" : Suggestions.didYouMean(name, among: metrics.keys.sorted())
        throw ConstraintSyntaxError(offset: offset, message: "unknown metric \"\(name)\"" + suggestion)
    }

    // MARK: Constraints

    /// The constraints of a connection: the far endpoint's leading edge (or the superview's
    /// trailing edge) relates to the near one's trailing edge (or the superview's leading edge).
    private mutating func emit(_ connection: Connection, from near: Endpoint, to far: Endpoint) {
        let predicates: [Predicate]
        switch connection {
        case .empty:
            predicates = [Predicate(relation: .equal, object: .constant(0))]
        case .standard:
            let toSuperview: Bool
            switch (near, far) {
            case (.superview, _), (_, .superview): toSuperview = true
            default: toSuperview = false
            }
            predicates = [
                Predicate(
                    relation: .equal, object: .constant(toSuperview ? Self.standardSuperview : Self.standardSibling))
            ]
        case .spacings(let list):
            predicates = list
        }
        let first: ParsedAnchor
        switch far {
        case .superview(let offset): first = ParsedAnchor(item: "superview", attribute: trailing, offset: offset)
        case .view(let name, let offset): first = ParsedAnchor(item: name, attribute: leading, offset: offset)
        }
        let second: ParsedAnchor
        switch near {
        case .superview(let offset): second = ParsedAnchor(item: "superview", attribute: leading, offset: offset)
        case .view(let name, let offset): second = ParsedAnchor(item: name, attribute: trailing, offset: offset)
        }
        for predicate in predicates {
            // Connections hold constants only: predicate(inView: false) rejects view names.
            guard case .constant(let constant) = predicate.object else { continue }
            constraints.append(
                ParsedConstraint(
                    first: first, relation: predicate.relation, second: second,
                    constant: constant, priority: predicate.priority))
        }
    }

    /// A view predicate: the view's size against a constant or another view's size.
    private mutating func emitSize(_ predicate: Predicate, of view: Endpoint) {
        guard case .view(let name, let offset) = view else { return }
        let first = ParsedAnchor(item: name, attribute: size, offset: offset)
        switch predicate.object {
        case .constant(let value):
            constraints.append(
                ParsedConstraint(
                    first: first, relation: predicate.relation, second: nil,
                    constant: value, priority: predicate.priority))
        case .view(let other, let otherOffset):
            constraints.append(
                ParsedConstraint(
                    first: first, relation: predicate.relation,
                    second: ParsedAnchor(item: other, attribute: size, offset: otherOffset),
                    priority: predicate.priority))
        }
    }
}
