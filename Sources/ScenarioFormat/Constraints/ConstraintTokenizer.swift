// Lexing shared by the equation and VFL parsers. The two grammars lex differently — "-" may sit
// inside a view id in an equation but joins views in VFL, and "hero-2.width" is an anchor while
// "20-4" is arithmetic — so there is no separate token stream: this is a cursor over the string's
// Characters offering the lexing steps each parser calls where its grammar expects them.
// Offsets are Character indices, the unit of ParsedAnchor.offset and ConstraintSyntaxError.offset.

import ImageViews

/// A cursor over a constraint string with the token readers both grammars share (numbers,
/// relations, priorities) and the "found …" description of whatever sits at an offset.
struct ConstraintTokenizer {
    let characters: [Character]
    /// The cursor: index of the next Character to read.
    var offset = 0

    init(_ text: String) {
        characters = Array(text)
    }

    var isAtEnd: Bool { offset >= characters.count }

    /// The Character under the cursor, nil at the end.
    var current: Character? { peek() }

    /// The Character `ahead` places after the cursor, nil past the end.
    func peek(_ ahead: Int = 0) -> Character? {
        let index = offset + ahead
        return index < characters.count ? characters[index] : nil
    }

    mutating func advance(_ count: Int = 1) {
        offset = min(offset + count, characters.count)
    }

    mutating func skipSpaces() {
        while let character = current, character.isWhitespace { offset += 1 }
    }

    /// Consumes `character` if it is under the cursor.
    mutating func take(_ character: Character) -> Bool {
        guard current == character else { return false }
        offset += 1
        return true
    }

    /// How many Characters from `start` on satisfy `predicate`.
    func runLength(from start: Int, while predicate: (Character) -> Bool) -> Int {
        var end = start
        while end < characters.count, predicate(characters[end]) { end += 1 }
        return end - start
    }

    /// Consumes and returns the run of Characters satisfying `predicate` (possibly empty).
    mutating func read(while predicate: (Character) -> Bool) -> String {
        let length = runLength(from: offset, while: predicate)
        defer { offset += length }
        return String(characters[offset..<offset + length])
    }

    /// What the text holds at `position`, for "found …" in messages: `end of text`, or the token
    /// there in quotes — a number, a word, a run of relation characters, or one Character.
    func found(at position: Int) -> String {
        guard position < characters.count else { return "end of text" }
        let character = characters[position]
        var length = 1
        if character.isASCIIDigit {
            length = runLength(from: position, while: \.isASCIIDigit)
            let dot = position + length
            if dot + 1 < characters.count, characters[dot] == ".", characters[dot + 1].isASCIIDigit {
                length += 1 + runLength(from: dot + 1, while: \.isASCIIDigit)
            }
        } else if character.isWordCharacter {
            length = runLength(from: position, while: \.isWordCharacter)
        } else if character.isRelationCharacter {
            length = runLength(from: position, while: \.isRelationCharacter)
        }
        return "\"" + String(characters[position..<position + length]) + "\""
    }

    /// An error at `position` whose message ends with what was found there.
    func expected(_ what: String, at position: Int) -> ConstraintSyntaxError {
        ConstraintSyntaxError(offset: position, message: "expected \(what), found \(found(at: position))")
    }

    /// Reads a plain decimal (digits with an optional fraction) if one starts at the cursor.
    mutating func readNumber() throws(ConstraintSyntaxError) -> Double? {
        guard current?.isASCIIDigit == true else { return nil }
        let start = offset
        var text = read(while: \.isASCIIDigit)
        if current == ".", peek(1)?.isASCIIDigit == true {
            advance()
            text += "." + read(while: \.isASCIIDigit)
        }
        guard let value = Double(text), value.isFinite else {
            throw ConstraintSyntaxError(offset: start, message: "the number is too large")
        }
        return value
    }

    /// Reads "==", "<=" or ">=". Anything else made of "=<>!" is an error that names the relation
    /// it most likely meant ("=" → "==", "=>" → ">=").
    mutating func readRelation() throws(ConstraintSyntaxError) -> LayoutRelation {
        let start = offset
        let text = read(while: \.isRelationCharacter)
        if let relation = LayoutRelation(rawValue: text) { return relation }
        let meant = ["=": "==", "===": "==", "<": "<=", "=<": "<=", ">": ">=", "=>": ">="][text]
        var error = expected("\"==\", \"<=\" or \">=\"", at: start)
        if let meant { error.message += " (did you mean \"\(meant)\"?)" }
        offset = start
        throw error
    }

    /// Reads the priority after "@": a number, a metric (VFL) or a LayoutPriority name, in 1…1000.
    mutating func readPriority(metrics: [String: Double]) throws(ConstraintSyntaxError) -> Double {
        skipSpaces()
        let start = offset
        let value: Double
        if let number = try readNumber() {
            value = number
        } else if current?.isIdentifierStart == true {
            let name = read(while: \.isWordCharacter)
            if let metric = metrics[name] {
                value = metric
            } else if let named = LayoutPriority.names.first(where: { $0.name == name }) {
                value = named.value
            } else {
                let candidates = LayoutPriority.names.map(\.name) + metrics.keys.sorted()
                throw ConstraintSyntaxError(
                    offset: start,
                    message: "unknown priority \"\(name)\""
                        + ConstraintParser.didYouMean(name, among: candidates))
            }
        } else {
            let names = LayoutPriority.names.map(\.name).joined(separator: ", ")
            throw expected("a priority after \"@\" (a number 1…1000 or \(names))", at: start)
        }
        guard (1...1000).contains(value) else {
            throw ConstraintSyntaxError(offset: start, message: "priority must be 1…1000 (1000 = required)")
        }
        return value
    }
}

extension Character {
    /// A–Z or a–z (view ids and attributes are ASCII).
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }

    var isASCIIDigit: Bool { ("0"..."9").contains(self) }

    /// A letter, a digit or "_".
    var isWordCharacter: Bool { isASCIILetter || isASCIIDigit || self == "_" }

    /// A letter or "_": what may start a VFL view name, a metric or a priority name.
    var isIdentifierStart: Bool { isASCIILetter || self == "_" }

    /// A Character of a relation operator, or of a mistyped one ("=", "=>", "!=").
    var isRelationCharacter: Bool { self == "=" || self == "<" || self == ">" || self == "!" }
}
